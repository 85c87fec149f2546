/**
 * Technical indicators of a bar series, as pure functions of the bars (oldest first). A value is `null`
 * until the indicator's window is full, never a made-up number: the chart fetches warm-up bars before the
 * visible range, so every visible bar has its value.
 *
 * - MACD(12, 26, 9): DIF = EMA12 − EMA26 of the close, DEA = EMA9 of DIF, histogram = 2 × (DIF − DEA)
 *   (the factor 2 is the convention of Chinese terminals).
 * - KDJ(9, 3, 3): RSV = (close − lowest low of 9) / (highest high of 9 − lowest low of 9) × 100 (50 when
 *   the nine bars have no range), K = ⅔ K′ + ⅓ RSV, D = ⅔ D′ + ⅓ K with K′ = D′ = 50 before the first
 *   value, J = 3K − 2D.
 * - BOLL(20, 2): middle = 20-bar mean of the close, bands = middle ± 2 population standard deviations.
 *
 * An EMA of period N weighs α = 2 / (N + 1) and starts from the mean of its first N inputs.
 */

export const MACD_DEFAULTS = { fast: 12, slow: 26, signal: 9 } as const;
export const KDJ_DEFAULTS = { n: 9, m1: 3, m2: 3 } as const;
export const BOLL_DEFAULTS = { n: 20, k: 2 } as const;

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError('period must be a positive integer');
}

/**
 * Exponential moving average over the non-null values; an input `null` (a warm-up gap of an upstream
 * indicator) gives `null` and is skipped, so an EMA of DIF starts where DIF does.
 */
export function ema(values: readonly (number | null)[], period: number): (number | null)[] {
  checkPeriod(period);
  const alpha = 2 / (period + 1);
  const out: (number | null)[] = [];
  let seen = 0;
  let seedSum = 0;
  let prev: number | null = null;
  for (const value of values) {
    if (value === null) {
      out.push(null);
      continue;
    }
    seen += 1;
    if (prev === null) {
      seedSum += value;
      if (seen === period) prev = seedSum / period;
      out.push(prev);
    } else {
      prev = alpha * value + (1 - alpha) * prev;
      out.push(prev);
    }
  }
  return out;
}

export interface MacdPoint {
  dif: number | null;
  dea: number | null;
  hist: number | null;
}

export function macd(
  closes: readonly number[],
  { fast, slow, signal }: { fast: number; slow: number; signal: number } = MACD_DEFAULTS,
): MacdPoint[] {
  const fastEma = ema(closes, fast);
  const slowEma = ema(closes, slow);
  const dif = closes.map((_, i) => {
    const f = fastEma[i] ?? null;
    const s = slowEma[i] ?? null;
    return f === null || s === null ? null : f - s;
  });
  const dea = ema(dif, signal);
  return dif.map((d, i) => {
    const e = dea[i] ?? null;
    return { dif: d, dea: e, hist: d === null || e === null ? null : 2 * (d - e) };
  });
}

export interface HlcBar {
  high_price: number;
  low_price: number;
  close_price: number;
}

export interface KdjPoint {
  k: number | null;
  d: number | null;
  j: number | null;
}

export function kdj(
  bars: readonly HlcBar[],
  { n, m1, m2 }: { n: number; m1: number; m2: number } = KDJ_DEFAULTS,
): KdjPoint[] {
  checkPeriod(n);
  checkPeriod(m1);
  checkPeriod(m2);
  let k = 50;
  let d = 50;
  return bars.map((bar, i) => {
    if (i < n - 1) return { k: null, d: null, j: null };
    const window = bars.slice(i - n + 1, i + 1);
    const high = Math.max(...window.map((b) => b.high_price));
    const low = Math.min(...window.map((b) => b.low_price));
    const rsv = high === low ? 50 : ((bar.close_price - low) / (high - low)) * 100;
    k = ((m1 - 1) * k + rsv) / m1;
    d = ((m2 - 1) * d + k) / m2;
    return { k, d, j: 3 * k - 2 * d };
  });
}

export interface BollPoint {
  mid: number | null;
  upper: number | null;
  lower: number | null;
}

export function boll(
  closes: readonly number[],
  { n, k }: { n: number; k: number } = BOLL_DEFAULTS,
): BollPoint[] {
  checkPeriod(n);
  return closes.map((_, i) => {
    if (i < n - 1) return { mid: null, upper: null, lower: null };
    const window = closes.slice(i - n + 1, i + 1);
    const mid = window.reduce((s, v) => s + v, 0) / n;
    const sd = Math.sqrt(window.reduce((s, v) => s + (v - mid) ** 2, 0) / n);
    return { mid, upper: mid + k * sd, lower: mid - k * sd };
  });
}
