import { midnightMs, tradingDayAt } from './calendar';
import { TIMETABLE } from '../../../src/contract/market-session';
import { indexBarAsOf } from './indices';
import { minutePath, type MinutePoint } from './limit-pools';
import { barAsOf } from './prices';
import { Rng, mix, mixAll, tri } from './random';
import { marketClock, type MarketClock } from './session';
import { indexSeed, type IndexDef } from './ths-indices';
import type { Stock } from './universe';

/**
 * The restricted high-frequency and capital-flow series, derived from the same minute path as the
 * snapshot (prices.ts for stocks, indices.ts for indices).
 *
 * Capital flow: each minute's traded amount (volume change × price) is split into four order-size
 * buckets, and each bucket into inflow (active buying) and outflow (active selling); large orders lean
 * with the minute's move, small ones against it. A day is the sum of its minutes, so daily and minute
 * series agree. Beijing stocks have no order-size split at the source: their amounts are null, never 0.
 *
 * High-frequency direction is a number in [-1, 1] with full float precision (a minute's or a day's
 * net buying pressure); participation (daily stocks only) is the share of the float traded by
 * high-frequency accounts, a fraction of one.
 */

export const BUCKETS = ['super_large', 'large', 'medium', 'small'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface FlowAmounts {
  inflow: number;
  outflow: number;
}
export type FlowRow = Record<Bucket, FlowAmounts>;

export interface MinuteFlow {
  second: number;
  flow: FlowRow;
}

/** Whether the source has an order-size split for this stock. */
export function hasFlow(stock: Stock): boolean {
  return stock.exchange !== 'BJ';
}

/** Bucket weights of a stock: big caps see more super-large orders. */
function weights(stock: Stock): Record<Bucket, number> {
  const cap = stock.floatShares * stock.refPrice;
  const big = Math.min(1, Math.max(0, Math.log10(cap / 2e9) / 2));
  const superLarge = 0.12 + 0.18 * big;
  const large = 0.2 + 0.06 * big;
  const medium = 0.3 - 0.04 * big;
  return { super_large: superLarge, large, medium, small: 1 - superLarge - large - medium };
}

/** How each bucket leans with a move (positive: buys into strength). */
const LEAN: Record<Bucket, number> = { super_large: 1.6, large: 1.1, medium: 0.2, small: -0.6 };

/** A row built bucket by bucket. */
function flowRow(f: (b: Bucket, k: number) => FlowAmounts): FlowRow {
  return {
    super_large: f('super_large', 0),
    large: f('large', 1),
    medium: f('medium', 2),
    small: f('small', 3),
  };
}

const cents = (x: number) => Math.round(x * 100) / 100;

function split(stock: Stock, amount: number, move: number, seed: number): FlowRow {
  const w = weights(stock);
  return flowRow((b, k) => {
    const share = Math.min(0.85, Math.max(0.15, 0.5 + LEAN[b] * 12 * move + 0.08 * tri(mix(seed, k))));
    const total = amount * w[b];
    const inflow = cents(total * share);
    return { inflow, outflow: cents(total - inflow) };
  });
}

/** Continuous-trading minutes of a day (the auction match is part of the first minute). */
function isTradingMinute(second: number): boolean {
  return (
    (second > TIMETABLE.morningOpen && second <= TIMETABLE.lunchBreak) ||
    (second > TIMETABLE.afternoonOpen && second <= TIMETABLE.close)
  );
}

const dayCache = new Map<string, MinuteFlow[]>();

/** Capital flow of each minute of a trading day up to the clock (minutes without trades are absent). */
export function minuteFlows(stock: Stock, t: number, clock: MarketClock): MinuteFlow[] {
  if (!hasFlow(stock)) return [];
  const complete = t < clock.barIndex || (t === clock.barIndex && clock.barProgress >= 1);
  const key = `${stock.index}@${t}`;
  const hit = complete ? dayCache.get(key) : undefined;
  if (hit) return hit;
  const path = minutePath(stock, t, clock);
  const out: MinuteFlow[] = [];
  let prev: MinutePoint | null = null;
  let carried = 0;
  for (const p of path) {
    const traded = (p.volume - (prev?.volume ?? 0)) * p.price;
    if (!isTradingMinute(p.second)) {
      // The auction match is carried into the first minute of trading.
      carried += traded;
      prev = p;
      continue;
    }
    const amount = traded + carried;
    carried = 0;
    const move = prev ? p.price / prev.price - 1 : 0;
    prev = p;
    if (amount <= 0) continue;
    out.push({ second: p.second, flow: split(stock, amount, move, mixAll(stock.seed, t, p.second)) });
  }
  if (complete) {
    if (dayCache.size >= 2000) dayCache.clear();
    dayCache.set(key, out);
  }
  return out;
}

/** Sum of minute flows (a day, or the day so far). */
export function sumFlows(rows: readonly MinuteFlow[]): FlowRow {
  return flowRow((b) => {
    let inflow = 0;
    let outflow = 0;
    for (const r of rows) {
      inflow += r.flow[b].inflow;
      outflow += r.flow[b].outflow;
    }
    return { inflow: cents(inflow), outflow: cents(outflow) };
  });
}

// ---------------------------------------------------------------------------------------------------
// High-frequency direction

export type HfSubject = { kind: 'stock'; stock: Stock } | { kind: 'index'; index: IndexDef };

function subjectSeed(s: HfSubject): number {
  return s.kind === 'stock' ? s.stock.seed : indexSeed(s.index.thscode);
}

/** Daily point: direction follows the day's change; participation (stocks only) the turnover rate. */
export function hfDaily(
  s: HfSubject,
  t: number,
  clock: MarketClock,
): { direction: number; participation: number | null } | null {
  const seed = mixAll(subjectSeed(s), 0x4df1, t);
  if (s.kind === 'stock') {
    const bar = barAsOf(s.stock, t, clock);
    if (!bar) return null;
    const change = bar.close / bar.ref - 1;
    const rate = bar.volume / bar.floatShares;
    const rng = new Rng(seed);
    return {
      direction: Math.tanh(9 * change + 0.35 * rng.normal()),
      participation: Math.min(0.95, Math.max(0.01, (0.08 + 6 * rate) * rng.logNormal(1, 0.2))),
    };
  }
  const bar = indexBarAsOf(s.index, t, clock);
  if (!bar) return null;
  return {
    direction: Math.tanh(25 * (bar.close / bar.prevClose - 1) + 0.3 * new Rng(seed).normal()),
    participation: null,
  };
}

/** Minute points of a day up to the clock: direction follows each minute's move. */
export function hfMinutes(
  s: HfSubject,
  t: number,
  clock: MarketClock,
): { second: number; direction: number }[] {
  if (t > clock.barIndex) return [];
  const midnight = midnightMs(tradingDayAt(t));
  const limit = t === clock.todayIndex ? clock.secondOfDay : TIMETABLE.close;
  const prices: { second: number; price: number }[] = [];
  if (s.kind === 'stock') {
    for (const p of minutePath(s.stock, t, clock)) prices.push({ second: p.second, price: p.price });
  } else {
    for (let second = TIMETABLE.morningOpen; second <= Math.min(limit, TIMETABLE.close); second += 60) {
      if (second > TIMETABLE.lunchBreak && second <= TIMETABLE.afternoonOpen) continue;
      const bar = indexBarAsOf(
        s.index,
        t,
        marketClock(midnight + Math.min(second, TIMETABLE.close - 1) * 1000),
      );
      if (bar) prices.push({ second, price: bar.close });
    }
  }
  const out: { second: number; direction: number }[] = [];
  let smooth = 0;
  for (let i = 1; i < prices.length; i++) {
    const a = prices[i - 1];
    const b = prices[i];
    if (!a || !b || !isTradingMinute(b.second)) continue;
    const noise = tri(mixAll(subjectSeed(s), t, b.second));
    smooth = 0.7 * smooth + 0.3 * Math.tanh(150 * (b.price / a.price - 1) + 0.6 * noise);
    out.push({ second: b.second, direction: smooth });
  }
  return out;
}
