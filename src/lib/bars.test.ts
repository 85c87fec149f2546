import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalog } from '../contract/catalog';
import { shanghaiMidnight } from '../contract/time';
import { TRADING_MORNING, fetchData, simAt } from '../../server/simulator/testkit';
import { aggregateBars, periodKey, weekStart, type OhlcvBar } from './bars';

const DAY = 86_400_000;
const EIGHT_HOURS = 8 * 3_600_000;

/**
 * Reference grouping written independently of the code under test: the Shanghai day number counted
 * from the epoch (1970-01-01 was a Thursday, so day 4 is the first Monday), and the month of the
 * shifted UTC date.
 */
function shanghaiDayNumber(ms: number): number {
  return Math.floor((ms + EIGHT_HOURS) / DAY);
}
function referenceWeek(ms: number): number {
  return Math.floor((shanghaiDayNumber(ms) - 4) / 7);
}
function referenceMonth(ms: number): number {
  const d = new Date(ms + EIGHT_HOURS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function referenceBars(daily: readonly OhlcvBar[], group: (ms: number) => number) {
  const groups = new Map<number, OhlcvBar[]>();
  for (const bar of daily) {
    const key = group(bar.date_ms);
    groups.set(key, [...(groups.get(key) ?? []), bar]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, bars]) => {
      const ordered = [...bars].sort((a, b) => a.date_ms - b.date_ms);
      const first = ordered[0];
      const last = ordered[ordered.length - 1];
      if (!first || !last) throw new Error('empty group');
      return {
        date_ms: first.date_ms,
        last_ms: last.date_ms,
        days: ordered.length,
        open_price: first.open_price,
        high_price: Math.max(...ordered.map((b) => b.high_price)),
        low_price: Math.min(...ordered.map((b) => b.low_price)),
        close_price: last.close_price,
        volume: ordered.reduce((s, b) => s + b.volume, 0),
        turnover: ordered.reduce((s, b) => s + b.turnover, 0),
      };
    });
}

function bar(date: string, close: number, extra: Partial<OhlcvBar> = {}): OhlcvBar {
  return {
    date_ms: shanghaiMidnight(date),
    open_price: close,
    high_price: close,
    low_price: close,
    close_price: close,
    volume: 100,
    turnover: 1000,
    ...extra,
  };
}

describe('Shanghai periods', () => {
  it('starts weeks on Monday and keys months by Shanghai calendar month', () => {
    expect(weekStart('2026-07-15')).toBe('2026-07-13');
    expect(weekStart('2026-07-13')).toBe('2026-07-13');
    expect(weekStart('2026-07-19')).toBe('2026-07-13');
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    // A Monday bar is stamped Sunday 16:00 UTC: still Monday's week in Shanghai.
    expect(periodKey(shanghaiMidnight('2026-07-13'), 'week')).toBe('2026-07-13');
    expect(periodKey(shanghaiMidnight('2026-08-01'), 'month')).toBe('2026-08');
    expect(periodKey(shanghaiMidnight('2026-08-01'), 'day')).toBe('2026-08-01');
  });

  it('aggregates an unordered series and leaves an empty one empty', () => {
    expect(aggregateBars([], 'week')).toEqual([]);
    const bars = [
      bar('2026-07-14', 11, { high_price: 12, low_price: 10.5, volume: 300 }),
      bar('2026-07-13', 10, { open_price: 9.8, low_price: 9.5 }),
      bar('2026-07-20', 13),
    ];
    const weeks = aggregateBars(bars, 'week');
    expect(weeks).toHaveLength(2);
    expect(weeks[0]).toMatchObject({
      date_ms: shanghaiMidnight('2026-07-13'),
      last_ms: shanghaiMidnight('2026-07-14'),
      days: 2,
      open_price: 9.8,
      high_price: 12,
      low_price: 9.5,
      close_price: 11,
      volume: 400,
      turnover: 2000,
    });
    expect(aggregateBars(bars, 'month')).toHaveLength(1);
    expect(aggregateBars(bars, 'day')).toHaveLength(3);
  });
});

describe("weekly and monthly bars of the simulator's daily bars", () => {
  let sim: FastifyInstance;
  let daily: OhlcvBar[];

  beforeAll(async () => {
    sim = simAt(TRADING_MORNING);
    // Two years with the 2025 National Day week, Spring Festival 2026 and today's partial bar.
    const data = await fetchData(sim, catalog['a-share/prices/historical'], {
      thscode: '600519.SH',
      start: String(shanghaiMidnight('2024-07-01')),
      end: String(shanghaiMidnight('2026-07-15')),
      adjust: 'forward',
    });
    daily = data.item;
  });
  afterAll(() => sim.close());

  it('has one weekly bar per Shanghai week, each the aggregate of that week’s daily bars', () => {
    expect(daily.length).toBeGreaterThan(450);
    const weekly = aggregateBars(daily, 'week');
    const reference = referenceBars(daily, referenceWeek);
    expect(weekly).toHaveLength(reference.length);
    weekly.forEach((week, i) => {
      const ref = reference[i];
      expect(week).toMatchObject({ ...ref, volume: expect.any(Number), turnover: expect.any(Number) });
      expect(week.volume).toBe(ref?.volume);
      expect(week.turnover).toBeCloseTo(ref?.turnover ?? Number.NaN, 2);
      expect(week.days).toBeLessThanOrEqual(5);
    });
    // Holidays make short weeks: 2025-10-01 to 10-08 closed, so the week of 09-29 has two days.
    const nationalDay = weekly.find((w) => w.date_ms === shanghaiMidnight('2025-09-29'));
    expect(nationalDay?.days).toBe(2);
    // The current week holds Monday to today (Wednesday) so far.
    expect(weekly.at(-1)).toMatchObject({
      date_ms: shanghaiMidnight('2026-07-13'),
      last_ms: shanghaiMidnight('2026-07-15'),
      days: 3,
    });
  });

  it('has one monthly bar per Shanghai month, each the aggregate of that month’s daily bars', () => {
    const monthly = aggregateBars(daily, 'month');
    const reference = referenceBars(daily, referenceMonth);
    expect(monthly).toHaveLength(reference.length);
    expect(monthly).toHaveLength(25);
    monthly.forEach((month, i) => {
      const ref = reference[i];
      expect(month.date_ms).toBe(ref?.date_ms);
      expect(month.last_ms).toBe(ref?.last_ms);
      expect(month.open_price).toBe(ref?.open_price);
      expect(month.high_price).toBe(ref?.high_price);
      expect(month.low_price).toBe(ref?.low_price);
      expect(month.close_price).toBe(ref?.close_price);
      expect(month.volume).toBe(ref?.volume);
      expect(month.turnover).toBeCloseTo(ref?.turnover ?? Number.NaN, 2);
    });
  });
});
