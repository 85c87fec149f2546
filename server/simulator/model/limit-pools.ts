import { midnightMs, tradingDayAt } from './calendar';
import { TIMETABLE } from '../../../src/contract/market-session';
import { CONCEPTS } from './names';
import { barAsOf, closeAt, firstBarIndex, jumpTargetOn, type DayBar } from './prices';
import { Rng, mixAll, round } from './random';
import { marketClock, type MarketClock } from './session';
import { allStocks, type Stock } from './universe';

/**
 * Limit moves of a trading day, read off the price model so that every pool agrees with the snapshot and
 * the daily bars: a stock is in the limit-up pool when its price (the close, or the latest price during
 * the session) equals the up-limit price, in the limit-down pool at the down-limit, and in the break pool
 * when it touched the up-limit and is below it now. Times come from the minute path of the day's bar
 * (the same path the snapshot follows), sampled at the auction match and every minute of trading.
 *
 * Only the streak days of the price model's jump events can reach a limit (other days move less than
 * about 7% including the intraday high), so the scan looks at those and nothing else.
 */

export interface MinutePoint {
  /** Seconds since Shanghai midnight. */
  second: number;
  price: number;
  high: number;
  low: number;
  /** Cumulative volume of the day (shares). */
  volume: number;
}

export interface LimitScan {
  stock: Stock;
  /** The bar as seen by the clock (partial during the session). */
  bar: DayBar;
  sealedUp: boolean;
  sealedDown: boolean;
  /** Touched the up-limit and is below it now. */
  broke: boolean;
  firstUp: number | null;
  firstDown: number | null;
  /** Start of the latest run at the down-limit. */
  lastDownStart: number | null;
  /** How many times the up-limit opened after being reached. */
  openTimes: number;
  /** First second of a 5-minute rise (or fall) of 2% or more. */
  rapidRally: number | null;
  rapidDecline: number | null;
  /** First second at which the change reached +7% (or -7%). */
  sharpRise: number | null;
  sharpFall: number | null;
}

const RAPID = 0.02;
const SHARP = 0.07;
const RAPID_MINUTES = 5;

/** Auction match, then every minute of continuous trading. */
const SESSION_SECONDS: readonly number[] = (() => {
  const out = [TIMETABLE.openingMatch];
  for (let s = TIMETABLE.morningOpen + 60; s <= TIMETABLE.lunchBreak; s += 60) out.push(s);
  for (let s = TIMETABLE.afternoonOpen + 60; s <= TIMETABLE.close; s += 60) out.push(s);
  return out;
})();

/** `HH:MM` of seconds since midnight. */
export function clockText(second: number): string {
  const h = Math.floor(second / 3600);
  const m = Math.floor((second % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The price path of a day up to the clock (empty when the day has no bar yet). */
export function minutePath(stock: Stock, t: number, clock: MarketClock): MinutePoint[] {
  if (t > clock.barIndex) return [];
  const midnight = midnightMs(tradingDayAt(t));
  const prev = closeAt(stock, t - 1);
  const limit = t === clock.barIndex && clock.todayIndex === t ? clock.secondOfDay : TIMETABLE.close;
  const out: MinutePoint[] = [];
  for (const second of SESSION_SECONDS) {
    if (second > limit) break;
    const bar = barAsOf(stock, t, marketClock(midnight + second * 1000), prev);
    if (bar) out.push({ second, price: bar.close, high: bar.high, low: bar.low, volume: bar.volume });
  }
  return out;
}

function scanStock(stock: Stock, t: number, clock: MarketClock): LimitScan | null {
  if (t <= firstBarIndex(stock)) return null;
  const bar = barAsOf(stock, t, clock);
  if (!bar) return null;
  const sealedUp = bar.close >= bar.limitUp;
  const sealedDown = bar.close <= bar.limitDown;
  const path = minutePath(stock, t, clock);
  let firstUp: number | null = null;
  let firstDown: number | null = null;
  let lastDownStart: number | null = null;
  let openTimes = 0;
  let onUp = false;
  let onDown = false;
  let rapidRally: number | null = null;
  let rapidDecline: number | null = null;
  let touchedBefore = false;
  let sharpRise: number | null = null;
  let sharpFall: number | null = null;
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    if (!p) continue;
    const touched = p.high >= bar.limitUp;
    if (touched && firstUp === null) firstUp = p.second;
    if (p.price >= bar.limitUp) onUp = true;
    else if (onUp || (touched && !touchedBefore)) {
      // Sealed and opened again, or touched between two samples and already below.
      openTimes++;
      onUp = false;
    }
    touchedBefore = touched;
    const change = p.price / bar.ref - 1;
    if (change >= SHARP && sharpRise === null) sharpRise = p.second;
    if (change <= -SHARP && sharpFall === null) sharpFall = p.second;
    if (p.low <= bar.limitDown && firstDown === null) firstDown = p.second;
    if (p.price <= bar.limitDown) {
      if (!onDown) lastDownStart = p.second;
      onDown = true;
    } else onDown = false;
    const before = path[i - RAPID_MINUTES];
    if (before && i > RAPID_MINUTES) {
      const move = p.price / before.price - 1;
      if (move >= RAPID && rapidRally === null) rapidRally = p.second;
      if (move <= -RAPID && rapidDecline === null) rapidDecline = p.second;
    }
  }
  return {
    stock,
    bar,
    sealedUp,
    sealedDown,
    broke: firstUp !== null && !sealedUp,
    firstUp,
    firstDown,
    lastDownStart: sealedDown ? lastDownStart : null,
    openTimes,
    rapidRally,
    rapidDecline,
    sharpRise,
    sharpFall,
  };
}

const scanCache = new Map<string, LimitScan[]>();

/** Every stock of a trading day with a limit move or a fast move, as seen by the clock. */
export function scanDay(t: number, clock: MarketClock): readonly LimitScan[] {
  if (t > clock.barIndex || t < 0) return [];
  // A finished day never changes; today's scan moves with the minute.
  const key =
    t === clock.barIndex && clock.barProgress < 1 ? `${t}@${Math.floor(clock.nowMs / 60000)}` : `${t}`;
  const hit = scanCache.get(key);
  if (hit) return hit;
  const day = tradingDayAt(t);
  const out: LimitScan[] = [];
  for (const stock of allStocks()) {
    if (stock.listDay > day || jumpTargetOn(stock, t) === 0) continue;
    const scan = scanStock(stock, t, clock);
    if (scan) out.push(scan);
  }
  if (scanCache.size >= 48) {
    const oldest = scanCache.keys().next();
    if (!oldest.done) scanCache.delete(oldest.value);
  }
  scanCache.set(key, out);
  return out;
}

const sealedCache = new Map<string, readonly Stock[]>();

/** Stocks at the up-limit on a trading day as seen by the clock (no minute paths: cheap). */
export function sealedUpStocks(t: number, clock: MarketClock): readonly Stock[] {
  if (t > clock.barIndex || t < 0) return [];
  const key =
    t === clock.barIndex && clock.barProgress < 1 ? `${t}@${Math.floor(clock.nowMs / 60000)}` : `${t}`;
  const hit = sealedCache.get(key);
  if (hit) return hit;
  const day = tradingDayAt(t);
  const out = allStocks().filter((s) => s.listDay <= day && sealedUpOn(s, t, clock));
  if (sealedCache.size >= 96) {
    const oldest = sealedCache.keys().next();
    if (!oldest.done) sealedCache.delete(oldest.value);
  }
  sealedCache.set(key, out);
  return out;
}

/** Whether a stock closed (or stands, during the session) at its up-limit on a trading day. */
export function sealedUpOn(stock: Stock, t: number, clock: MarketClock): boolean {
  if (jumpTargetOn(stock, t) <= 0 || t <= firstBarIndex(stock)) return false;
  const bar = barAsOf(stock, t, clock);
  return bar !== null && bar.close >= bar.limitUp;
}

export interface BoardCount {
  /** Consecutive limit-up days ending on the day. */
  consecutive: number;
  /** Boards counted by the pool: the streak, or the boards within the last five days ("5天4板"). */
  boards: number;
  text: string;
}

/** Board count of a stock sealed at the up-limit on t. */
export function boardCount(stock: Stock, t: number, clock: MarketClock): BoardCount {
  let consecutive = 0;
  while (consecutive < 30 && sealedUpOn(stock, t - consecutive, clock)) consecutive++;
  if (consecutive >= 2) return { consecutive, boards: consecutive, text: `${consecutive}连板` };
  // A first board after a recent one reads "N天M板" (M boards within N days).
  let boards = consecutive;
  let span = 1;
  for (let k = 2; k <= 4; k++) {
    if (sealedUpOn(stock, t - k, clock)) {
      boards++;
      span = k + 1;
    }
  }
  return { consecutive, boards, text: boards > consecutive ? `${span}天${boards}板` : '首板' };
}

/** Two to four topics of a move, from the stock's concepts and a seeded theme of the day. */
export function topicsOf(stock: Stock, t: number): string[] {
  const rng = new Rng(mixAll(stock.seed, 0x51ed27, t));
  const topics = new Set<string>();
  if (rng.chance(0.3)) topics.add(rng.pick(['中报预增', '业绩预增', '并购重组', '国企改革', '回购']));
  for (const c of rng.shuffle(stock.concepts)) if (topics.size < rng.int(2, 4)) topics.add(c);
  if (topics.size < 2) topics.add(rng.pick(CONCEPTS));
  return [...topics];
}

/** The reason text of a limit-up, null for about a quarter of the stocks (empty upstream text). */
export function limitUpReason(stock: Stock, t: number): string | null {
  const rng = new Rng(mixAll(stock.seed, 0x7a11, t));
  if (rng.chance(0.23)) return null;
  return topicsOf(stock, t).join('+');
}

/** Sealing order amounts (CNY): the current one and the day's peak. */
export function sealMoney(scan: LimitScan, t: number): { seal: number; max: number } {
  const rng = new Rng(mixAll(scan.stock.seed, 0x5ea1, t));
  const seal = Math.max(1e6, scan.bar.turnover * rng.logNormal(0.45, 0.9));
  const share = Math.min(1, Math.max(0.01, rng.logNormal(0.6, 0.6)));
  return { seal: round(seal, 0), max: round(seal / share, 0) };
}

/** Turnover rate of the bar (percent of float shares). */
export function turnoverRatioPct(bar: DayBar): number {
  return round((bar.volume / bar.floatShares) * 100, 4);
}

/** Change against the reference price in percent, as in the snapshot. */
export function changePct(bar: DayBar): number {
  return round((bar.close / bar.ref - 1) * 100, 4);
}
