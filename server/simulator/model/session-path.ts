import { mix, round, tri } from './random';

/**
 * How a day's bar grows during the session, shared by stocks, indices and ETFs. The day is a track of
 * one price per minute of continuous trading (240 minutes; minute 0 is the opening auction's match):
 * the price travels from the open to a first extreme (at share t1 of the session), to the other extreme
 * (at t2) and to the close, with seeded wiggles around those legs that never leave the day's range. The
 * high and the low of any moment are the track's extremes up to that moment, so the partial bar lies
 * inside the complete bar, grows only outwards and ends on it. Volume comes in every minute, more near
 * the open and the close and more in the minutes that move the price; the value traded so far is that
 * volume at the track's prices.
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
  /** The price stays where it is after t2 (a limit sealed until the close): no wiggles there. */
  readonly calmTail?: boolean;
}

/** Where a kind of instrument may place its extremes: t1 in [gap, gap + spread), t2 in [t1 + gap, end). */
export interface PathTiming {
  readonly gap: number;
  readonly spread: number;
  readonly end: number;
}

/** Stocks and ETFs: extremes anywhere but in the first and the last 8-10% of the session. */
export const STOCK_TIMING: PathTiming = { gap: 0.08, spread: 0.4, end: 0.9 };

/** Minutes of continuous trading (09:30-11:30 and 13:00-15:00). */
export const SESSION_MINUTES = 240;

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

/** Swing of the continuous volume's intensity over the session: busier at the open and the close. */
const VOLUME_SWING = 0.35;
/** Each minute's volume intensity: the swing over the session, the same every day. */
const INTENSITY = Float64Array.from(
  { length: SESSION_MINUTES + 1 },
  (_, m) => 1 + VOLUME_SWING * Math.cos((2 * Math.PI * (m - 0.5)) / SESSION_MINUTES),
);
/** Scratch for a leg's walk and the minutes' volume weights (a track is built synchronously). */
const WALK = new Float64Array(SESSION_MINUTES + 1);
const WEIGHTS = new Float64Array(SESSION_MINUTES + 1);
/** Size of the wiggles against the day's range. */
const WIGGLE = 0.6;

/** A day's minute track: the price, the cumulative volume share and the cumulative value share. */
export interface SessionTrack {
  /** Price at the end of each minute (index 0: the open), rounded to the instrument's tick. */
  readonly prices: Float64Array;
  /** Share of the day's volume traded by the end of each minute (index 0: the auction's share). */
  readonly volume: Float64Array;
  /** Share of the day's traded value by the end of each minute. */
  readonly value: Float64Array;
  /** Highest and lowest price from the open to the end of each minute. */
  readonly highs: Float64Array;
  readonly lows: Float64Array;
}

/**
 * The track of a day: `seed` draws the wiggles and the minute volumes, `digits` is the tick,
 * `auctionShare` the share of the volume matched in the opening auction.
 */
export function sessionTrack(
  full: DayPrices,
  path: SessionPath,
  seed: number,
  digits: number,
  auctionShare: number,
): SessionTrack {
  const n = SESSION_MINUTES;
  const m1 = Math.min(n - 2, Math.max(1, Math.round(path.t1 * n)));
  const m2 = Math.min(n - 1, Math.max(m1 + 1, Math.round(path.t2 * n)));
  const knots: readonly (readonly [number, number])[] = [
    [0, full.open],
    [m1, path.highFirst ? full.high : full.low],
    [m2, path.highFirst ? full.low : full.high],
    [n, full.close],
  ];
  const range = full.high - full.low;
  const step = (WIGGLE * range) / Math.sqrt(n / 4);
  const prices = new Float64Array(n + 1);
  prices[0] = full.open;
  for (let s = 1; s < knots.length; s++) {
    const [ma, pa] = knots[s - 1] ?? [0, full.open];
    const [mb, pb] = knots[s] ?? [n, full.close];
    const length = mb - ma;
    const calm = path.calmTail === true && s === knots.length - 1;
    // A bridge: a seeded walk pulled back to zero at both knots.
    const walk = WALK;
    walk[0] = 0;
    for (let k = 1; k <= length; k++) walk[k] = (walk[k - 1] ?? 0) + tri(mix(seed, ma + k));
    const end = walk[length] ?? 0;
    for (let k = 1; k <= length; k++) {
      const line = pa + ((pb - pa) * k) / length;
      const wiggle = calm || k === length ? 0 : step * ((walk[k] ?? 0) - (end * k) / length);
      prices[ma + k] = round(Math.min(full.high, Math.max(full.low, line + wiggle)), digits);
    }
  }
  const volume = new Float64Array(n + 1);
  const value = new Float64Array(n + 1);
  const weights = WEIGHTS;
  let totalWeight = 0;
  let totalValue = 0;
  const typical = range > 0 ? range / 40 : 1;
  for (let m = 1; m <= n; m++) {
    const intensity = INTENSITY[m] ?? 1;
    const move = Math.abs((prices[m] ?? 0) - (prices[m - 1] ?? 0)) / typical;
    const w = intensity * Math.exp(0.3 * tri(mix(seed ^ 0x5bd1e995, m))) * (0.55 + 0.45 * Math.min(3, move));
    weights[m] = w;
    totalWeight += w;
    totalValue += w * (prices[m] ?? 0);
  }
  const auctionValue = auctionShare * full.open;
  const continuousValue = totalWeight > 0 ? (1 - auctionShare) * (totalValue / totalWeight) : 0;
  const wholeValue = auctionValue + continuousValue;
  let runningWeight = 0;
  let runningValue = 0;
  volume[0] = totalWeight > 0 ? auctionShare : 1;
  value[0] = wholeValue > 0 ? auctionValue / wholeValue : 1;
  for (let m = 1; m <= n; m++) {
    const w = weights[m] ?? 0;
    runningWeight += w;
    runningValue += w * (prices[m] ?? 0);
    volume[m] = m === n ? 1 : auctionShare + ((1 - auctionShare) * runningWeight) / totalWeight;
    value[m] = m === n ? 1 : (auctionValue + ((1 - auctionShare) * runningValue) / totalWeight) / wholeValue;
  }
  const highs = new Float64Array(n + 1);
  const lows = new Float64Array(n + 1);
  let high = full.open;
  let low = full.open;
  for (let m = 0; m <= n; m++) {
    const p = prices[m] ?? full.open;
    if (p > high) high = p;
    if (p < low) low = p;
    highs[m] = high;
    lows[m] = low;
  }
  return { prices, volume, value, highs, lows };
}

/** Where a day's track stands after a share `progress` (0..1) of the session. */
export interface TrackPoint {
  /** Last price, rounded to the tick. */
  readonly price: number;
  /** Extremes of the track up to now (the open included). */
  readonly high: number;
  readonly low: number;
  /** Shares of the day's volume and value traded so far. */
  readonly volumeShare: number;
  readonly valueShare: number;
}

export function trackAt(track: SessionTrack, progress: number, digits: number): TrackPoint {
  const x = Math.min(1, Math.max(0, progress)) * SESSION_MINUTES;
  const m = Math.min(SESSION_MINUTES, Math.floor(x));
  const f = x - m;
  const at = (a: Float64Array, i: number) => a[Math.min(SESSION_MINUTES, i)] ?? 0;
  const p0 = at(track.prices, m);
  const price = f > 0 ? round(p0 + (at(track.prices, m + 1) - p0) * f, digits) : p0;
  const high = Math.max(price, at(track.highs, m));
  const low = Math.min(price, at(track.lows, m));
  const v0 = at(track.volume, m);
  const w0 = at(track.value, m);
  return {
    price,
    high,
    low,
    volumeShare: v0 + (at(track.volume, m + 1) - v0) * f,
    valueShare: w0 + (at(track.value, m + 1) - w0) * f,
  };
}
