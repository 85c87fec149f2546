import { ErrorCode } from '../../../src/contract/envelope';
import { SimError } from '../route';
import { dayOfMs, midnightMs, tradingIndexOnOrAfter, tradingIndexOnOrBefore } from '../model/calendar';
import { round } from '../model/random';
import { marketClock, type MarketClock } from '../model/session';
import { stockByCode, type Stock } from '../model/universe';

/** The market clock of a request. */
export function clockOf(now: number): MarketClock {
  return marketClock(now);
}

/** An A-share listed by today, or 3001 (well-formed but unknown code), as the real service does. */
export function requireStock(thscode: string, clock: MarketClock): Stock {
  const stock = stockByCode(thscode);
  if (!stock || stock.listDay > clock.today) {
    throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Instrument '${thscode}' does not exist`);
  }
  return stock;
}

/**
 * Trading indices of the daily bars within [startMs, endMs], kept within [first, last]. Bars are stamped
 * at midnight: a start later in a day excludes that day.
 */
export function barRange(startMs: number, endMs: number, first: number, last: number) {
  const startDay = dayOfMs(startMs) + (midnightMs(dayOfMs(startMs)) < startMs ? 1 : 0);
  return {
    from: Math.max(first, tradingIndexOnOrAfter(startDay)),
    to: Math.min(last, tradingIndexOnOrBefore(dayOfMs(endMs))),
  };
}

interface DailyBar {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: number;
}

/** Prices, volume and turnover of a historical bar; `price` adjusts and rounds (as published by default). */
export function barFields(bar: DailyBar, price: (p: number) => number = (p) => p) {
  return {
    open_price: price(bar.open),
    high_price: price(bar.high),
    low_price: price(bar.low),
    close_price: price(bar.close),
    volume: bar.volume,
    turnover: bar.turnover,
  };
}

/** The quote fields of a stock or index snapshot, against the previous close `prev`. */
export function quoteFields(bar: DailyBar, prev: number) {
  return {
    last_price: bar.close,
    open_price: bar.open,
    high_price: bar.high,
    low_price: bar.low,
    prev_price: prev,
    price_change: round(bar.close - prev, 2),
    price_change_ratio_pct: round((bar.close / prev - 1) * 100, 4),
    volume: bar.volume,
    turnover: bar.turnover,
  };
}
