import { describe, expect, it } from 'vitest';
import { shanghaiMidnight } from '../../contract/time';
import {
  amplitudePct,
  floatShares,
  priceLimitOf,
  range52Weeks,
  turnoverRatePct,
  volumeRatio,
  type DailyBarLike,
} from './header-figures';

const at = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

function day(date: string, volume: number, high = 10, low = 9): DailyBarLike {
  return { date_ms: shanghaiMidnight(date), volume, high_price: high, low_price: low };
}

/** Monday 07-06 to Friday 07-10 at 2,400 shares a day (10 a minute), then today's partial bar. */
const week = [
  day('2026-07-06', 2400),
  day('2026-07-07', 2400),
  day('2026-07-08', 2400),
  day('2026-07-09', 2400),
  day('2026-07-10', 2400),
  day('2026-07-13', 999),
];

describe('volume ratio', () => {
  it('compares volume per minute traded with the previous five days', () => {
    // 10:10 is 40 minutes into the session: 800 shares is 20 a minute, twice the usual 10.
    expect(volumeRatio(800, at('2026-07-13', '10:10:00'), week)).toBeCloseTo(2, 10);
    // Over lunch the minutes stop at 120.
    expect(volumeRatio(1200, at('2026-07-13', '12:00:00'), week)).toBeCloseTo(1, 10);
    // After the close a whole day counts: today's bar itself never joins the average.
    expect(volumeRatio(4800, at('2026-07-13', '15:00:00'), week)).toBeCloseTo(2, 10);
  });

  it('has no value before 09:30 or without five earlier days', () => {
    expect(volumeRatio(500, at('2026-07-13', '09:26:00'), week)).toBeNull();
    expect(volumeRatio(800, at('2026-07-10', '10:10:00'), week)).toBeNull();
    expect(volumeRatio(800, at('2026-07-13', '10:10:00'), [])).toBeNull();
  });
});

describe('quote figures', () => {
  it('gives amplitude against the previous close and turnover against float shares', () => {
    expect(amplitudePct({ high_price: 11, low_price: 10, prev_price: 10 })).toBeCloseTo(10, 10);
    expect(amplitudePct({ high_price: 11, low_price: 10, prev_price: 0 })).toBeNull();
    // 1.57 trillion at 1,252.34 is about 1.256 billion shares.
    const shares = floatShares({ float_market_cap: 1_252_340_000_000, last_price: 1252.34 });
    expect(shares).toBeCloseTo(1e9, 3);
    expect(turnoverRatePct(5_000_000, shares)).toBeCloseTo(0.5, 10);
    expect(floatShares(undefined)).toBeNull();
    expect(floatShares({ float_market_cap: 1e9, last_price: 0 })).toBeNull();
    // The auction documents null for every figure before it is ready.
    expect(floatShares({ float_market_cap: null, last_price: 10 })).toBeNull();
    expect(floatShares({ float_market_cap: 1e9, last_price: null })).toBeNull();
    expect(turnoverRatePct(100, null)).toBeNull();
  });

  it('takes the 52-week range of the bars and today’s quote, nothing older', () => {
    const bars = [day('2025-07-15', 1, 99, 1), day('2025-07-16', 1, 20, 8), day('2026-07-14', 1, 12, 9)];
    expect(range52Weeks(bars, at('2026-07-15', '10:10:00'), { high_price: 25, low_price: 10 })).toEqual({
      high: 25,
      low: 8,
    });
    expect(range52Weeks(bars, at('2026-07-15', '10:10:00'))).toEqual({ high: 20, low: 8 });
    expect(range52Weeks([], at('2026-07-15', '10:10:00'))).toBeNull();
  });

  it('applies the board rules of the contract to the limit prices', () => {
    expect(priceLimitOf('600519.SH', '贵州茅台', 1240.39, at('2026-07-15', '10:10:00'))).toEqual({
      board: 'main',
      st: false,
      pct: 10,
      up: 1364.43,
      down: 1116.35,
    });
    expect(priceLimitOf('300033.SZ', '同花顺', 217.69, at('2026-07-15', '10:10:00'))).toMatchObject({
      pct: 20,
      up: 261.23,
      down: 174.15,
    });
    expect(priceLimitOf('920001.BJ', '北交样本', 10, at('2026-07-15', '10:10:00'))).toMatchObject({
      pct: 30,
      up: 13,
      down: 7,
    });
    // A main-board ST stock had 5 % before 2025-07-07.
    expect(priceLimitOf('600001.SH', '*ST样本', 3.33, at('2025-07-04', '10:00:00'))).toMatchObject({
      st: true,
      pct: 5,
      up: 3.5,
      down: 3.16,
    });
    expect(priceLimitOf('600001.SH', '*ST样本', 3.33, at('2025-07-07', '10:00:00'))?.pct).toBe(10);
    expect(priceLimitOf('000300.TI', '沪深300', 4000, at('2026-07-15', '10:00:00'))).toBeNull();
  });
});
