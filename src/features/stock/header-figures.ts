import {
  TRADING_MINUTES_PER_DAY,
  msSinceShanghaiMidnight,
  tradedMinutes,
} from '../../contract/market-session';
import {
  boardOf,
  isRiskWarningName,
  limitPct,
  limitPrices,
  type Board,
  type LimitPrices,
} from '../../contract/price-limits';
import { addYearsToDate, shanghaiDate, shanghaiMidnight } from '../../contract/time';
import type { StockMessageKey } from './messages';

/**
 * The figures of the stock header beyond the quote itself, as pure functions of the quote, the daily
 * bars and the auction's float market cap. The header shows them as a list of cells (`HEADER_FIGURES`
 * gives their order, so the skeleton has the same slots): other figure groups (valuations) add their
 * own cells to the same list.
 */

/** Cells of the header, in reading order, with their label's message key. */
export const HEADER_FIGURES = [
  ['open', 'header.open'],
  ['high', 'header.high'],
  ['low', 'header.low'],
  ['prevClose', 'header.prevClose'],
  ['limitUp', 'header.limitUp'],
  ['limitDown', 'header.limitDown'],
  ['volume', 'header.volume'],
  ['turnover', 'header.turnover'],
  ['turnoverRate', 'header.turnoverRate'],
  ['volumeRatio', 'header.volumeRatio'],
  ['amplitude', 'header.amplitude'],
  ['floatCap', 'header.floatCap'],
  ['high52', 'header.high52'],
  ['low52', 'header.low52'],
  ['time', 'header.time'],
] as const satisfies readonly (readonly [string, StockMessageKey])[];

export type HeaderFigureId = (typeof HEADER_FIGURES)[number][0];

export interface QuoteLike {
  last_price: number;
  high_price: number;
  low_price: number;
  prev_price: number;
  volume: number;
}

export interface DailyBarLike {
  date_ms: number;
  high_price: number;
  low_price: number;
  volume: number;
}

/** (high − low) ÷ previous close, in percent; null without a previous close. */
export function amplitudePct(
  quote: Pick<QuoteLike, 'high_price' | 'low_price' | 'prev_price'>,
): number | null {
  return quote.prev_price > 0 ? ((quote.high_price - quote.low_price) / quote.prev_price) * 100 : null;
}

/** Days of history the volume ratio compares with. */
export const VOLUME_RATIO_DAYS = 5;

/**
 * 量比: today's volume per minute traded ÷ the average volume per minute of the previous five trading
 * days (240 minutes each). Null before 09:30 (no minute traded yet) or with fewer than five earlier bars.
 */
export function volumeRatio(volume: number, quoteMs: number, bars: readonly DailyBarLike[]): number | null {
  const day = shanghaiDate(quoteMs);
  const earlier = bars
    .filter((b) => shanghaiDate(b.date_ms) < day)
    .sort((a, b) => a.date_ms - b.date_ms)
    .slice(-VOLUME_RATIO_DAYS);
  const minutes = tradedMinutes(msSinceShanghaiMidnight(quoteMs) / 1000);
  if (earlier.length < VOLUME_RATIO_DAYS || minutes === 0) return null;
  const perMinuteBefore =
    earlier.reduce((sum, b) => sum + b.volume, 0) / VOLUME_RATIO_DAYS / TRADING_MINUTES_PER_DAY;
  return perMinuteBefore > 0 ? volume / minutes / perMinuteBefore : null;
}

/** Float shares from the auction's float market cap and the price it was valued at (both may be null). */
export function floatShares(
  auction: { float_market_cap: number | null; last_price: number | null } | undefined,
): number | null {
  const cap = auction?.float_market_cap ?? null;
  const price = auction?.last_price ?? null;
  if (cap === null || price === null || !(price > 0) || !(cap > 0)) return null;
  return cap / price;
}

/** 换手率: volume ÷ float shares, in percent. */
export function turnoverRatePct(volume: number, shares: number | null): number | null {
  return shares === null || shares <= 0 ? null : (volume / shares) * 100;
}

/**
 * Highest high and lowest low of the 52 weeks up to the quote's day, today's quote included (its bar may
 * not be in the daily series yet).
 */
export function range52Weeks(
  bars: readonly DailyBarLike[],
  quoteMs: number,
  quote?: Pick<QuoteLike, 'high_price' | 'low_price'>,
): { high: number; low: number } | null {
  const day = shanghaiDate(quoteMs);
  const from = shanghaiMidnight(addYearsToDate(day, -1));
  const to = shanghaiMidnight(day);
  const inRange = bars.filter((b) => b.date_ms > from && b.date_ms <= to);
  const highs = inRange.map((b) => b.high_price);
  const lows = inRange.map((b) => b.low_price);
  if (quote && quote.high_price > 0) highs.push(quote.high_price);
  if (quote && quote.low_price > 0) lows.push(quote.low_price);
  if (highs.length === 0 || lows.length === 0) return null;
  return { high: Math.max(...highs), low: Math.min(...lows) };
}

export interface PriceLimit extends LimitPrices {
  board: Board;
  st: boolean;
  pct: number;
}

/** The day's limit prices of a stock from its previous close (the exchange's reference price). */
export function priceLimitOf(
  thscode: string,
  name: string,
  prevClose: number,
  quoteMs: number,
): PriceLimit | null {
  const board = boardOf(thscode);
  if (board === null || !(prevClose > 0)) return null;
  const st = isRiskWarningName(name);
  const pct = limitPct(board, st, shanghaiDate(quoteMs));
  return { board, st, pct, ...limitPrices(prevClose, pct) };
}
