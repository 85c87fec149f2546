import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import { shanghaiMidnight } from '../../contract/time';
import { TRADING_MORNING, fetchData, simAt } from '../../../server/simulator/testkit';
import {
  adjustmentFactor,
  barBefore,
  chartBars,
  deriveFactors,
  movingAverage,
  trailingDividendYield,
  rebaseComparison,
  type OhlcBar,
} from './analytics';

describe('moving averages', () => {
  it('averages the last N closes and has no value before a full window', () => {
    expect(movingAverage([1, 2, 3, 4, 5, 6], 3)).toEqual([null, null, 2, 3, 4, 5]);
    expect(movingAverage([7], 1)).toEqual([7]);
    expect(movingAverage([1, 2], 5)).toEqual([null, null]);
    expect(() => movingAverage([1], 0)).toThrow(RangeError);
  });

  it('matches a plain window sum for any series and period', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 5000, noNaN: true }), { maxLength: 200 }),
        fc.integer({ min: 1, max: 60 }),
        (values, period) => {
          const got = movingAverage(values, period);
          values.forEach((_, i) => {
            if (i < period - 1) return expect(got[i]).toBeNull();
            const window = values.slice(i - period + 1, i + 1);
            expect(got[i]).toBeCloseTo(window.reduce((a, b) => a + b, 0) / period, 6);
          });
        },
      ),
    );
  });

  it('computes MA60 of the first visible bar from warm-up bars before the range', () => {
    const day = 86_400_000;
    const bars = Array.from({ length: 80 }, (_, i) => ({
      date_ms: i * day,
      open_price: i,
      high_price: i,
      low_price: i,
      close_price: i + 1,
      volume: 1,
      turnover: 1,
    }));
    const shown = chartBars(bars, 70 * day);
    expect(shown).toHaveLength(10);
    expect(shown[0]?.date_ms).toBe(70 * day);
    // Closes 12..71 average to 41.5.
    expect(shown[0]?.ma[60]).toBeCloseTo(41.5, 10);
    expect(shown[0]?.changePct).toBeCloseTo((71 / 70 - 1) * 100, 10);
    expect(chartBars(bars, 0)[0]?.changePct).toBeNull();
  });
});

function dayBar(date: string, close: number): OhlcBar {
  return {
    date_ms: shanghaiMidnight(date),
    open_price: close,
    high_price: close,
    low_price: close,
    close_price: close,
    volume: 10,
    turnover: 100,
  };
}

describe('weekly chart bars', () => {
  it('shows a week that ends inside the range whole, with its change against the previous week', () => {
    const bars = [
      dayBar('2026-06-29', 10),
      dayBar('2026-07-03', 11),
      dayBar('2026-07-06', 12),
      dayBar('2026-07-08', 13),
      dayBar('2026-07-13', 14),
    ];
    const weeks = chartBars(bars, shanghaiMidnight('2026-07-07'), 'week');
    expect(weeks.map((w) => w.date_ms)).toEqual([
      shanghaiMidnight('2026-07-06'),
      shanghaiMidnight('2026-07-13'),
    ]);
    expect(weeks[0]?.open_price).toBe(12);
    expect(weeks[0]?.close_price).toBe(13);
    expect(weeks[0]?.volume).toBe(20);
    expect(weeks[0]?.changePct).toBeCloseTo((13 / 11 - 1) * 100, 10);
    // Too few bars for any indicator: nulls, not numbers.
    expect(weeks[1]?.macd).toEqual({ dif: null, dea: null, hist: null });
    expect(weeks[1]?.boll.mid).toBeNull();
  });
});

describe('compare overlay', () => {
  const main = chartBars(
    [dayBar('2026-07-06', 20), dayBar('2026-07-07', 22), dayBar('2026-07-08', 21), dayBar('2026-07-09', 24)],
    0,
  );

  it('starts both lines together at the first common bar and keeps the other line’s moves', () => {
    // The index has no bar on 07-06: the first common bar is 07-07.
    const index = [dayBar('2026-07-07', 4000), dayBar('2026-07-08', 4100), dayBar('2026-07-09', 3900)];
    const { baseMs, points } = rebaseComparison(main, index, 'day');
    expect(baseMs).toBe(shanghaiMidnight('2026-07-07'));
    expect(points.map((p) => p.time)).toEqual(main.slice(1).map((b) => b.date_ms));
    expect(points[0]?.value).toBeCloseTo(22, 10);
    expect(points[1]?.value).toBeCloseTo(22 * (4100 / 4000), 10);
    expect(points[2]?.changePct).toBeCloseTo((3900 / 4000 - 1) * 100, 10);
    expect(points[0]?.changePct).toBe(0);
  });

  it('matches weeks by their Shanghai week and gives nothing without common bars', () => {
    const weeklyMain = chartBars([dayBar('2026-07-06', 20), dayBar('2026-07-13', 30)], 0, 'week');
    // The other stock traded on Tuesday and Friday of the same weeks.
    const other = [dayBar('2026-07-07', 5), dayBar('2026-07-17', 6)];
    const weekly = rebaseComparison(weeklyMain, other, 'week');
    expect(weekly.points.map((p) => p.value)).toEqual([20, 24]);
    expect(rebaseComparison(main, [dayBar('2025-01-02', 1)], 'day')).toEqual({ baseMs: null, points: [] });
    expect(rebaseComparison([], [], 'month')).toEqual({ baseMs: null, points: [] });
  });
});

describe('adjustment factor of a corporate action', () => {
  it('is prev close / ((prev close − dividend) / (1 + bonus))', () => {
    expect(adjustmentFactor(10, 1, 0)).toBeCloseTo(10 / 9, 12);
    expect(adjustmentFactor(10, 0, 0.5)).toBeCloseTo(1.5, 12);
    expect(adjustmentFactor(12, 2, 0.25)).toBeCloseTo(12 / (10 / 1.25), 12);
    // A dividend as large as the price has no meaningful factor.
    expect(adjustmentFactor(1, 1, 0)).toBeNull();
  });

  it('uses the close of the bar before the ex-date, not the ex-date itself', () => {
    const bars = [
      { date_ms: 100, close_price: 10 },
      { date_ms: 200, close_price: 20 },
      { date_ms: 300, close_price: 30 },
    ];
    expect(barBefore(bars, 300)?.close_price).toBe(20);
    expect(barBefore(bars, 250)?.close_price).toBe(20);
    expect(barBefore(bars, 100)).toBeUndefined();
    const [newest, oldest] = deriveFactors(
      [
        { exDateMs: 200, dividend: 1, bonus: 0 },
        { exDateMs: 300, dividend: 0, bonus: 1 },
      ],
      bars,
    );
    expect(newest?.exDateMs).toBe(300);
    expect(newest?.prevClose).toBe(20);
    expect(newest?.exRightsPrice).toBe(10);
    expect(newest?.factor).toBeCloseTo(2, 12);
    expect(oldest?.factor).toBeCloseTo(10 / 9, 12);
    // The cumulative factor multiplies from the oldest event forward.
    expect(newest?.cumulative).toBeCloseTo(20 / 9, 12);
  });

  it('leaves the factor unknown (never 1 or 0) when no earlier bar is known', () => {
    const [event] = deriveFactors(
      [{ exDateMs: 50, dividend: 1, bonus: 0 }],
      [{ date_ms: 100, close_price: 10 }],
    );
    expect(event?.prevClose).toBeNull();
    expect(event?.factor).toBeNull();
    expect(event?.cumulative).toBeNull();
  });
});

describe('derived factors against the simulated service', () => {
  const sim = simAt(TRADING_MORNING);
  afterAll(() => sim.close());

  it('reproduce the backward-adjusted prices of 600519.SH from its events and unadjusted bars', async () => {
    const thscode = '600519.SH';
    const events = await fetchData(sim, catalog['a-share/corporate-actions/adjustment-factors'], { thscode });
    expect(events.item.length).toBeGreaterThan(2);
    const start = shanghaiMidnight('2016-07-16');
    const end = shanghaiMidnight('2026-07-15');
    const bars = async (adjust: string) =>
      (
        await fetchData(sim, catalog['a-share/prices/historical'], {
          thscode,
          start: String(start),
          end: String(end),
          adjust,
        })
      ).item;
    const [raw, backward] = await Promise.all([bars('none'), bars('backward')]);
    const inWindow = events.item.filter((e) => e.ex_date_ms > start);
    const derived = deriveFactors(
      inWindow.map((e) => ({
        exDateMs: e.ex_date_ms,
        dividend: e.dividend_per_share,
        bonus: e.per_share_bonus,
      })),
      raw,
    );
    const last = raw.at(-1);
    const lastBackward = backward.at(-1);
    const firstRaw = raw[0];
    const firstBackward = backward[0];
    if (!last || !lastBackward || !firstRaw || !firstBackward) throw new Error('no bars');
    // Backward adjustment multiplies by every factor since the start: the ratio of adjusted to raw
    // prices grows by exactly the product of the derived factors in the window.
    const growth =
      lastBackward.close_price / last.close_price / (firstBackward.close_price / firstRaw.close_price);
    const product = derived.reduce((acc, e) => acc * (e.factor ?? Number.NaN), 1);
    expect(product).toBeGreaterThan(1);
    expect(growth / product).toBeCloseTo(1, 4);
  });
});

describe('trailing dividend yield', () => {
  const now = Date.parse('2026-07-15T10:00:00+08:00');
  const day = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
  it('sums the cash that went ex within the last year over the price', () => {
    const events = [
      { ex_date_ms: day('2026-06-20'), dividend_per_share: 24.1 },
      { ex_date_ms: day('2025-12-20'), dividend_per_share: 6 },
      // A year and a day back, and a bonus-only event: neither counts.
      { ex_date_ms: day('2025-07-14'), dividend_per_share: 30 },
      { ex_date_ms: day('2026-01-10'), dividend_per_share: 0 },
    ];
    expect(trailingDividendYield(events, 1204, now)).toBeCloseTo(2.5, 6);
  });
  it('is 0 without dividends and unknown without a price or events', () => {
    expect(trailingDividendYield([], 10, now)).toBe(0);
    expect(trailingDividendYield(undefined, 10, now)).toBeNull();
    expect(trailingDividendYield([], undefined, now)).toBeNull();
  });
});
