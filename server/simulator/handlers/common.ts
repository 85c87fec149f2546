import { ErrorCode } from '../../../src/contract/envelope';
import { SimError } from '../route';
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
