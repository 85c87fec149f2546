import { round } from './random';

/**
 * How a day's bar grows during the session, shared by stocks, indices and ETFs: the price travels in
 * straight lines from the open to a first extreme (at share t1 of the session), to the other extreme (at
 * t2) and to the close, so the partial bar of any moment lies inside the complete bar and ends on it.
 */

export interface DayPrices {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export interface SessionPath {
  /** Whether the high comes before the low. */
  readonly highFirst: boolean;
  /** Shares of the session (0..1) at which the first and the second extreme are reached. */
  readonly t1: number;
  readonly t2: number;
}

/** Where a kind of instrument may place its extremes: t1 in [gap, gap + spread), t2 in [t1 + gap, end). */
export interface PathTiming {
  readonly gap: number;
  readonly spread: number;
  readonly end: number;
}

/** Stocks and ETFs: extremes anywhere but in the first and the last 8-10% of the session. */
export const STOCK_TIMING: PathTiming = { gap: 0.08, spread: 0.4, end: 0.9 };

/**
 * A seeded path: `draw(k)` is a uniform draw in [0, 1) for k = 1, 2, 3. A day that closes up reaches its
 * low first more often (and the other way round).
 */
export function seededPath(draw: (k: number) => number, up: boolean, timing: PathTiming): SessionPath {
  const highFirst = draw(1) < (up ? 0.35 : 0.65);
  const t1 = timing.gap + timing.spread * draw(2);
  const t2 = t1 + timing.gap + (timing.end - t1 - timing.gap) * draw(3);
  return { highFirst, t1, t2 };
}

/**
 * The last price (rounded to `digits`) and the high and low reached after a share `progress` (0..1) of
 * the session, with 0 <= progress < 1.
 */
export function pathAt(
  full: DayPrices,
  path: SessionPath,
  progress: number,
  digits: number,
): { price: number; high: number; low: number } {
  const knots: readonly (readonly [number, number])[] = [
    [0, full.open],
    [path.t1, path.highFirst ? full.high : full.low],
    [path.t2, path.highFirst ? full.low : full.high],
    [1, full.close],
  ];
  let price = full.open;
  let high = full.open;
  let low = full.open;
  for (let i = 1; i < knots.length; i++) {
    const [ta, pa] = knots[i - 1] ?? [0, full.open];
    const [tb, pb] = knots[i] ?? [1, full.close];
    if (progress >= tb) {
      high = Math.max(high, pb);
      low = Math.min(low, pb);
      continue;
    }
    if (progress > ta) price = pa + ((pb - pa) * (progress - ta)) / (tb - ta);
    break;
  }
  price = round(price, digits);
  return { price, high: Math.max(high, price), low: Math.min(low, price) };
}

/** Swing of the continuous volume's intensity over the session (see `continuousVolumeShare`). */
const VOLUME_SWING = 0.35;

/**
 * Share of the continuous session's volume traded after `progress` (0..1): busier at the open and the
 * close than at midday.
 */
export function continuousVolumeShare(progress: number): number {
  return progress + (VOLUME_SWING * Math.sin(2 * Math.PI * progress)) / (2 * Math.PI);
}

/** ∫ (a + b·p) d(continuousVolumeShare(p)) from 0 to `p`, in closed form. */
function linearValue(a: number, b: number, p: number): number {
  const w = 2 * Math.PI;
  const s = Math.sin(w * p);
  const c = Math.cos(w * p);
  return a * p + (b * p * p) / 2 + VOLUME_SWING * ((a * s) / w + b * ((p * s) / w + (c - 1) / (w * w)));
}

/**
 * Share of the day's traded value (turnover) after a share `progress` (0..1) of the session: the opening
 * auction's `auctionShare` of the volume at the open, then the continuous volume at the path's price.
 * It only grows, so a day's cumulative turnover never falls from one minute to the next, and its ratio
 * to the volume share is the running average price relative to the day's.
 */
export function valueShareAt(
  full: DayPrices,
  path: SessionPath,
  progress: number,
  auctionShare: number,
): number {
  const knots: readonly (readonly [number, number])[] = [
    [0, full.open],
    [path.t1, path.highFirst ? full.high : full.low],
    [path.t2, path.highFirst ? full.low : full.high],
    [1, full.close],
  ];
  const value = (upTo: number) => {
    let total = 0;
    for (let i = 1; i < knots.length; i++) {
      const [ta, pa] = knots[i - 1] ?? [0, full.open];
      const [tb, pb] = knots[i] ?? [1, full.close];
      if (upTo <= ta || tb <= ta) continue;
      const end = Math.min(upTo, tb);
      const b = (pb - pa) / (tb - ta);
      const a = pa - b * ta;
      total += linearValue(a, b, end) - linearValue(a, b, ta);
    }
    return auctionShare * full.open + (1 - auctionShare) * total;
  };
  const whole = value(1);
  return whole > 0 ? Math.min(1, Math.max(0, value(Math.min(1, Math.max(0, progress))) / whole)) : 1;
}
