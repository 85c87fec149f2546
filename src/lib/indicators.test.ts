import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalog } from '../contract/catalog';
import { shanghaiMidnight } from '../contract/time';
import { TRADING_MORNING, fetchData, simAt } from '../../server/simulator/testkit';
import { aggregateBars } from './bars';
import { boll, ema, kdj, macd, type HlcBar } from './indicators';

/*
 * Reference values are computed here without the code under test, in closed form where the recursive
 * definitions allow it: an EMA seeded with the mean of its first N inputs is, N − 1 + m inputs later,
 * (1 − α)^m × seed + α Σ (1 − α)^(m − i) × x_i. KDJ unrolls the same way around its start value of 50.
 */

function referenceEma(values: readonly number[], period: number): (number | null)[] {
  const alpha = 2 / (period + 1);
  return values.map((_, t) => {
    if (t < period - 1) return null;
    let seed = 0;
    for (let i = 0; i < period; i++) seed += values[i] ?? Number.NaN;
    seed /= period;
    const m = t - (period - 1);
    let sum = (1 - alpha) ** m * seed;
    for (let i = period; i <= t; i++) sum += alpha * (1 - alpha) ** (t - i) * (values[i] ?? Number.NaN);
    return sum;
  });
}

function referenceMacd(closes: readonly number[]) {
  const fast = referenceEma(closes, 12);
  const slow = referenceEma(closes, 26);
  const dif: number[] = [];
  for (let t = 25; t < closes.length; t++) dif.push((fast[t] ?? Number.NaN) - (slow[t] ?? Number.NaN));
  const dea = referenceEma(dif, 9);
  return closes.map((_, t) => {
    if (t < 25) return { dif: null, dea: null, hist: null };
    const d = dif[t - 25] ?? Number.NaN;
    const e = dea[t - 25] ?? null;
    return { dif: d, dea: e, hist: e === null ? null : 2 * (d - e) };
  });
}

function referenceKdj(bars: readonly HlcBar[]) {
  const rsv: number[] = [];
  for (let t = 8; t < bars.length; t++) {
    let high = -Infinity;
    let low = Infinity;
    for (let i = t - 8; i <= t; i++) {
      high = Math.max(high, bars[i]?.high_price ?? Number.NaN);
      low = Math.min(low, bars[i]?.low_price ?? Number.NaN);
    }
    const close = bars[t]?.close_price ?? Number.NaN;
    rsv.push(high === low ? 50 : (100 * (close - low)) / (high - low));
  }
  // K_m = (2/3)^(m+1) × 50 + Σ (1/3)(2/3)^(m−i) RSV_i; D the same over K.
  const unroll = (xs: readonly number[]) =>
    xs.map((_, m) => {
      let sum = (2 / 3) ** (m + 1) * 50;
      for (let i = 0; i <= m; i++) sum += (1 / 3) * (2 / 3) ** (m - i) * (xs[i] ?? Number.NaN);
      return sum;
    });
  const k = unroll(rsv);
  const d = unroll(k);
  return bars.map((_, t) => {
    if (t < 8) return { k: null, d: null, j: null };
    const kt = k[t - 8] ?? Number.NaN;
    const dt = d[t - 8] ?? Number.NaN;
    return { k: kt, d: dt, j: 3 * kt - 2 * dt };
  });
}

function referenceBoll(closes: readonly number[]) {
  return closes.map((_, t) => {
    if (t < 19) return { mid: null, upper: null, lower: null };
    let sum = 0;
    let squares = 0;
    for (let i = t - 19; i <= t; i++) {
      const v = closes[i] ?? Number.NaN;
      sum += v;
      squares += v * v;
    }
    const mid = sum / 20;
    const sd = Math.sqrt(Math.max(0, squares / 20 - mid * mid));
    return { mid, upper: mid + 2 * sd, lower: mid - 2 * sd };
  });
}

/** Equal where both are null, close (relative to the price level) where both are numbers. */
function expectSeries<K extends string>(
  got: readonly Readonly<Record<K, number | null>>[],
  want: readonly Readonly<Record<K, number | null>>[],
  keys: readonly K[],
  scale: number,
) {
  expect(got).toHaveLength(want.length);
  got.forEach((point, i) => {
    const ref = want[i];
    if (!ref) throw new Error(`no reference at ${i}`);
    for (const key of keys) {
      const a = point[key];
      const b = ref[key];
      if (b === null) expect(a, `${key}[${i}]`).toBeNull();
      else {
        expect(a, `${key}[${i}]`).not.toBeNull();
        expect(Math.abs((a ?? Number.NaN) - b), `${key}[${i}]`).toBeLessThan(1e-6 * scale);
      }
    }
  });
}

describe('exact cases', () => {
  it('MACD of a constant series is zero, of a straight line DIF = 7 and DEA = 7', () => {
    const flat = macd(Array.from({ length: 60 }, () => 12.3));
    expect(flat[24]).toEqual({ dif: null, dea: null, hist: null });
    expect(flat[25]?.dif).toBeCloseTo(0, 10);
    expect(flat[32]?.dea).toBeNull();
    expect(flat[33]?.hist).toBeCloseTo(0, 10);
    // EMA_N of x_t = t is t − (N − 1) / 2 from its first value: DIF = 12.5 − 5.5.
    const line = macd(Array.from({ length: 60 }, (_, t) => t));
    expect(line[25]?.dif).toBeCloseTo(7, 10);
    expect(line[33]?.dea).toBeCloseTo(7, 10);
    expect(line[59]?.hist).toBeCloseTo(0, 10);
  });

  it('KDJ of bars closing at their highs in a rising market', () => {
    const bars = Array.from({ length: 12 }, (_, t) => ({
      high_price: 10 + t,
      low_price: 9 + t,
      close_price: 10 + t,
    }));
    const out = kdj(bars);
    expect(out[7]).toEqual({ k: null, d: null, j: null });
    // RSV = 100: K = 50·⅔ + 100·⅓, D = 50·⅔ + K·⅓, J = 3K − 2D.
    expect(out[8]?.k).toBeCloseTo(200 / 3, 10);
    expect(out[8]?.d).toBeCloseTo(500 / 9, 10);
    expect(out[8]?.j).toBeCloseTo(800 / 9, 10);
    // Nine bars without a range give RSV 50, which keeps K and D at 50.
    const still = kdj(Array.from({ length: 9 }, () => ({ high_price: 5, low_price: 5, close_price: 5 })));
    expect(still[8]).toEqual({ k: 50, d: 50, j: 50 });
  });

  it('BOLL of 1 … 20 has mean 10.5 and the population deviation √33.25', () => {
    const out = boll(Array.from({ length: 20 }, (_, t) => t + 1));
    expect(out[18]).toEqual({ mid: null, upper: null, lower: null });
    expect(out[19]?.mid).toBeCloseTo(10.5, 10);
    expect(out[19]?.upper).toBeCloseTo(10.5 + 2 * Math.sqrt(33.25), 10);
    expect(out[19]?.lower).toBeCloseTo(10.5 - 2 * Math.sqrt(33.25), 10);
  });

  it('gives nulls only for series shorter than the window, and nothing for no bars', () => {
    expect(macd([])).toEqual([]);
    expect(kdj([])).toEqual([]);
    expect(boll([])).toEqual([]);
    expect(macd([1, 2, 3]).every((p) => p.dif === null && p.dea === null && p.hist === null)).toBe(true);
    // 26 closes give one DIF and no DEA yet.
    const short = macd(Array.from({ length: 30 }, (_, t) => 10 + Math.sin(t)));
    expect(short.filter((p) => p.dif !== null)).toHaveLength(5);
    expect(short.every((p) => p.dea === null && p.hist === null)).toBe(true);
    expect(boll([1, 2, 3]).every((p) => p.mid === null)).toBe(true);
    expect(kdj([{ high_price: 2, low_price: 1, close_price: 1.5 }])).toEqual([{ k: null, d: null, j: null }]);
  });

  it('skips null inputs of an EMA (a warm-up gap) and refuses a period that is not positive', () => {
    expect(ema([null, null, 1, 2, 3], 3)).toEqual([null, null, null, null, 2]);
    expect(ema([4], 1)).toEqual([4]);
    expect(() => ema([1], 0)).toThrow(RangeError);
    expect(() => kdj([], { n: 0, m1: 3, m2: 3 })).toThrow(RangeError);
    expect(() => boll([], { n: 1.5, k: 2 })).toThrow(RangeError);
  });
});

describe("indicators of the simulator's bars against references computed from the same bars", () => {
  let sim: FastifyInstance;
  const series = new Map<string, HlcBar[]>();

  beforeAll(async () => {
    sim = simAt(TRADING_MORNING);
    for (const thscode of ['600519.SH', '300033.SZ', '920001.BJ']) {
      const data = await fetchData(sim, catalog['a-share/prices/historical'], {
        thscode,
        start: String(shanghaiMidnight('2025-01-01')),
        end: String(shanghaiMidnight('2026-07-15')),
        adjust: 'forward',
      });
      series.set(thscode, data.item);
      series.set(`${thscode} weekly`, aggregateBars(data.item, 'week'));
    }
  });
  afterAll(() => sim.close());

  it('MACD(12, 26, 9), KDJ(9, 3, 3) and BOLL(20, 2) match on daily and weekly bars', () => {
    expect(series.size).toBe(6);
    for (const [name, bars] of series) {
      expect(bars.length, name).toBeGreaterThan(60);
      const closes = bars.map((b) => b.close_price);
      const scale = Math.max(...closes);
      expectSeries(macd(closes), referenceMacd(closes), ['dif', 'dea', 'hist'], scale);
      expectSeries(kdj(bars), referenceKdj(bars), ['k', 'd', 'j'], 100);
      expectSeries(boll(closes), referenceBoll(closes), ['mid', 'upper', 'lower'], scale);
    }
  });
});
