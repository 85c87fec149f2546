import { dayScores, rankOf } from './hot';
import { TIMETABLE } from '../../../src/contract/market-session';
import { auctionShareOf, barAsOf, dailyBar, jumpPlanAt } from './prices';
import { mix, round, tri, unit } from './random';
import { type MarketClock } from './session';
import { allStocks, priceLimit, type Stock } from './universe';
import { tradingDayAt } from './calendar';

/**
 * Opening call auction of a trading day: the matched price is the day's open and the matched volume a
 * seeded share (2-6%) of the day's volume. During 09:15-09:25 the indicative price walks from near the
 * previous close to the final price; a few stocks a day (thin order books) have no crossing orders for the
 * first minutes, and until then there is no indicative figure at all (`matched: false`: the service sends
 * null for every auction number, never zero).
 */

export interface AuctionQuote {
  stock: Stock;
  price: number;
  /** Percent value against the reference price. */
  pct: number;
  /** Lots of 100 shares. */
  lots: number;
  amount: number;
  unmatched: number;
  turnoverPct: number;
  yesterdayRatioPct: number;
  volumeRatio: number;
  preClose: number;
  open: number;
  last: number;
  floatCap: number;
  /** Whether the orders have crossed yet (always after 09:25); the figures above mean nothing if not. */
  matched: boolean;
}

/** Share of stocks a day whose auction orders first cross only some minutes after 09:15. */
const LATE_MATCH_SHARE = 0.03;

/**
 * Seconds after 09:15 at which a stock's auction orders first cross on a trading index: at once for
 * most; between 30 s and 8 min for a seeded few (LATE_MATCH_SHARE), always before the 09:25 match.
 */
export function firstCrossSecond(stock: Stock, index: number): number {
  const u = unit(mix(stock.seed ^ 0x5bd1e995, index));
  return u < LATE_MATCH_SHARE ? Math.round(30 + (u / LATE_MATCH_SHARE) * 450) : 0;
}

function auctionLots(stock: Stock, index: number): number {
  const bar = dailyBar(stock, index);
  return bar ? Math.round((bar.volume * auctionShareOf(stock, index)) / 100) : 0;
}

/**
 * Auction of a trading index as seen by `clock`. `live` asks for the indicative state while the auction
 * runs (09:15-09:25 of that day); otherwise the final match.
 */
export function auctionQuote(
  stock: Stock,
  index: number,
  clock: MarketClock,
  live: boolean,
): AuctionQuote | null {
  const bar = dailyBar(stock, index);
  if (!bar) return null;
  const running = live && index === clock.todayIndex && clock.auctionRunning;
  const elapsed = clock.secondOfDay - TIMETABLE.openingAuction;
  const progress = running ? elapsed / (TIMETABLE.openingMatch - TIMETABLE.openingAuction) : 1;
  const finalLots = Math.round((bar.volume * auctionShareOf(stock, index)) / 100);
  let price = bar.open;
  let lots = finalLots;
  if (running) {
    const minute = Math.floor(clock.nowMs / 60000);
    const wobble = 0.01 * (1 - progress) * tri(mix(stock.seed, minute));
    const move = Math.log(bar.open / bar.ref) * (0.3 + 0.7 * progress) + wobble;
    price = Math.min(bar.limitUp, Math.max(bar.limitDown, round(bar.ref * Math.exp(move), 2)));
    lots = Math.max(1, Math.round(finalLots * (0.2 + 0.8 * progress)));
  }
  const current = running ? null : barAsOf(stock, index, clock);
  const last = current ? current.close : price;
  const yesterday = dailyBar(stock, index - 1);
  const priorLots = [1, 2, 3, 4, 5].map((k) => auctionLots(stock, index - k)).filter((v) => v > 0);
  const averageLots = priorLots.length ? priorLots.reduce((a, b) => a + b, 0) / priorLots.length : lots;
  const unmatchedShare = 0.02 + 0.3 * Math.abs(tri(mix(stock.seed ^ 0x3f, index)));
  return {
    stock,
    price,
    pct: round((price / bar.ref - 1) * 100, 2),
    lots,
    amount: round(price * lots * 100, 2),
    unmatched: Math.round(lots * unmatchedShare) * (price >= bar.ref ? 1 : -1),
    turnoverPct: round(((lots * 100) / bar.floatShares) * 100, 4),
    yesterdayRatioPct: yesterday ? round(((lots * 100) / yesterday.volume) * 100, 2) : 0,
    volumeRatio: round(lots / Math.max(1, averageLots), 2),
    preClose: bar.ref,
    open: running ? price : bar.open,
    last,
    floatCap: round(bar.floatShares * last, 2),
    matched: !running || elapsed >= firstCrossSecond(stock, index),
  };
}

export interface BenchmarkItem {
  quote: AuctionQuote;
  tags: string[];
}

/** Consecutive limit-up closes ending at a trading index (0 when it did not close at the limit). */
export function limitUpStreak(stock: Stock, index: number): number {
  const plan = jumpPlanAt(stock, index);
  if (!plan) return 0;
  let n = 0;
  for (let t = index; t >= plan.start; t--) {
    const i = t - plan.start;
    if (i >= plan.targets.length || !(plan.atLimit[i] ?? false) || (plan.targets[i] ?? 0) <= 0) break;
    n++;
  }
  return n;
}

/** Short-term benchmark of a trading day: yesterday's limit-up stocks with today's auction and tags. */
export function benchmark(index: number, clock: MarketClock): BenchmarkItem[] {
  const day = tradingDayAt(index);
  const scores = dayScores(day);
  const out: BenchmarkItem[] = [];
  for (const stock of allStocks()) {
    if (stock.listDay >= day) continue;
    const streak = limitUpStreak(stock, index - 1);
    if (streak === 0) continue;
    const quote = auctionQuote(stock, index, clock, false);
    if (!quote) continue;
    const tags = [streak >= 2 ? `${streak}连板` : '首板'];
    const limitPct = priceLimit(stock, day) * 100;
    if (quote.pct >= limitPct - 0.1) tags.push('竞价涨停');
    else if (quote.pct >= 3) tags.push('高开');
    else if (quote.pct <= -3) tags.push('低开');
    const rank = rankOf(scores, stock.index);
    if (rank !== null && rank <= 100) tags.push('人气股');
    out.push({ quote, tags });
  }
  return out
    .sort((a, b) => b.quote.pct - a.quote.pct || a.quote.stock.index - b.quote.stock.index)
    .slice(0, 30);
}
