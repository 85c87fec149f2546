import { dayOfMs, tradingIndexOnOrBefore } from './calendar';
import { jumpPlanAt, type JumpPlan } from './prices';
import { mix, tri } from './random';
import { allStocks, type Stock } from './universe';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';

/**
 * Attention on stocks. A stock's score for a calendar day combines its fame, its usual turnover and the
 * size of its recent moves (jump days draw crowds), with daily noise. Hourly scores vary smoothly around
 * the day's score. The "24-hour" list blends yesterday's and today's scores by the hour, so ranks drift
 * slowly; the skyrocket lists rank the rise of a score against the period before.
 * Weekends and holidays have scores too (attention does not stop), built on the latest trading day.
 */

const SALT_DAY = 0x2f1a7c3d;
const SALT_HOUR = 0x4b9e21f5;
const HOUR_MS = 3600 * 1000;
/** Scales a score to the heat numbers of the real lists (rank 1 around 7e7 on the 24-hour list). */
const HEAT_SCALE = 1.9e6;
const SKY_SCALE = 6.5e4;

const dayCache = new Map<number, Float32Array>();

function baseAttention(s: Stock): number {
  return s.fame ** 0.9 * Math.sqrt(s.turnoverRate / 0.02) * (s.st ? 0.5 : 1);
}

/** Slow swings of interest over weeks, plus day-to-day noise. */
function mood(s: Stock, day: number): number {
  const wave = Math.sin((2 * Math.PI * day) / (30 + (s.seed % 40)) + (s.seed % 628) / 100);
  return Math.exp(0.35 * wave + 0.35 * tri(mix(s.seed ^ SALT_DAY, day)));
}

/**
 * Target change of a streak day of a plan (0 outside the streak). Streaks sit in the first quarter of
 * their block, so a day of the previous block is never a streak day and one plan answers for t and t-1.
 */
function targetOf(plan: JumpPlan, t: number): number {
  const i = t - plan.start;
  return i >= 0 && i < plan.targets.length ? (plan.targets[i] ?? 0) : 0;
}

/** Scores of every stock of the universe for a calendar day; -1 for stocks not listed yet. */
export function dayScores(day: number): Float32Array {
  const hit = dayCache.get(day);
  if (hit) return hit;
  const stocks = allStocks();
  const t = tradingIndexOnOrBefore(day);
  const out = new Float32Array(stocks.length);
  for (const s of stocks) {
    if (s.listDay > day) {
      out[s.index] = -1;
      continue;
    }
    const plan = jumpPlanAt(s, t);
    const moves = plan ? 1 + 14 * Math.abs(targetOf(plan, t)) + 6 * Math.abs(targetOf(plan, t - 1)) : 1;
    out[s.index] = baseAttention(s) * moves * mood(s, day);
  }
  if (dayCache.size >= 500) {
    const oldest = dayCache.keys().next();
    if (!oldest.done) dayCache.delete(oldest.value);
  }
  dayCache.set(day, out);
  return out;
}

/** Smooth hourly factor: noise knots every 4 hours, linearly interpolated. */
function hourFactor(s: Stock, hour: number): number {
  const k = Math.floor(hour / 4);
  const f = (hour - 4 * k) / 4;
  const a = tri(mix(s.seed ^ SALT_HOUR, k));
  const b = tri(mix(s.seed ^ SALT_HOUR, k + 1));
  return Math.exp(0.5 * (a + (b - a) * f));
}

/** 24-hour attention at an instant: yesterday's and today's scores blended by the time of day. */
export function rollingScores(ms: number): Float32Array {
  const day = dayOfMs(ms);
  const f = ((((ms + SHANGHAI_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / DAY_MS;
  const today = dayScores(day);
  const yesterday = dayScores(day - 1);
  const out = new Float32Array(today.length);
  for (let i = 0; i < out.length; i++) {
    const a = today[i] ?? -1;
    out[i] = a < 0 ? -1 : (1 - f) * Math.max(0, yesterday[i] ?? 0) + f * a;
  }
  return out;
}

/**
 * The scores that rank a calendar day as seen at `now`: the live 24-hour list for today (the same ranks
 * as the list shows at that moment), the day's final scores for an earlier day, none for a later one.
 */
export function dayRankScores(day: number, now: number): Float32Array | null {
  const today = dayOfMs(now);
  if (day > today) return null;
  return day === today ? rollingScores(now) : dayScores(day);
}

/** Attention within one clock hour (hours since the epoch). */
export function hourScores(hour: number): Float32Array {
  const day = dayOfMs(hour * HOUR_MS);
  const base = dayScores(day);
  const stocks = allStocks();
  const out = new Float32Array(base.length);
  for (const s of stocks) {
    const b = base[s.index] ?? -1;
    out[s.index] = b < 0 ? -1 : b * hourFactor(s, hour);
  }
  return out;
}

/** Rise of attention against an earlier score set, weighted so that big names do not always win. */
export function riseScores(cur: Float32Array, prev: Float32Array): Float32Array {
  const out = new Float32Array(cur.length);
  for (let i = 0; i < cur.length; i++) {
    const c = cur[i] ?? -1;
    const p = prev[i] ?? -1;
    out[i] = c < 0 ? -1 : p <= 0 ? 0 : Math.max(0, c / p - 1) * Math.sqrt(c);
  }
  return out;
}

/** Indices of the `n` highest scores, best first (ties: lower index first). */
export function topIndices(scores: Float32Array, n: number): number[] {
  // One pass keeping the best n in order: a short list never sorts the whole universe.
  const better = (a: number, b: number) => {
    const x = scores[a] ?? 0;
    const y = scores[b] ?? 0;
    return x > y || (x === y && a < b);
  };
  const top: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if ((scores[i] ?? -1) < 0) continue;
    const last = top[top.length - 1];
    if (top.length >= n && (last === undefined || !better(i, last))) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(top[mid] ?? 0, i)) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, i);
    if (top.length > n) top.pop();
  }
  return top;
}

/** 1-based rank of one stock in a score set (null when it is not ranked). */
export function rankOf(scores: Float32Array, index: number): number | null {
  const own = scores[index] ?? -1;
  if (own < 0) return null;
  let rank = 1;
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] ?? -1;
    if (v > own || (v === own && i < index)) rank++;
  }
  return rank;
}

/** Heat of the 24-hour list as an integer string, like the real service ("75616216"). */
export function dayHeat(score: number): string {
  return String(Math.round(score * HEAT_SCALE));
}

/** Heat in Java float notation ("1.4874021E7", "2168046.0"), as the real hourly and skyrocket lists send it. */
export function javaFloat(value: number): string {
  const f = Math.fround(value);
  if (f === 0) return '0.0';
  const abs = Math.abs(f);
  if (abs >= 1e-3 && abs < 1e7) {
    const text = String(Number(f.toPrecision(8)));
    return text.includes('.') ? text : `${text}.0`;
  }
  const exp = Math.floor(Math.log10(abs));
  const mantissa = String(Number((f / 10 ** exp).toPrecision(8)));
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exp}`;
}

export function hourHeat(score: number): string {
  return javaFloat(Math.round(score * HEAT_SCALE * 0.2));
}

export function skyHeat(rise: number, hourly: boolean): string {
  return javaFloat(Math.round(rise * SKY_SCALE * (hourly ? 4 : 1) * 2) / 2);
}

export const HOUR = HOUR_MS;
