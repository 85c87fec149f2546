import { tradingDayAt, tradingIndexOnOrBefore } from './calendar';
import type { Fund } from './funds';
import { navSeries, type FundDividend } from './funds-nav';

/**
 * Dividend records of a fund: the ex-dates of the net-value model with the dates around them. Listed
 * funds register holders the trading day before the ex-date; off-exchange funds register on the ex-date
 * and reinvest at that day's net value.
 */

export interface DividendRecord {
  readonly dividend: FundDividend;
  readonly exDay: number;
  readonly publishDay: number;
  readonly registrationDay: number;
  readonly paymentDay: number;
  readonly reinvestmentDay: number | null;
  readonly profitBaseDay: number;
  readonly inDividendDay: number | null;
  /** Ex-date reached. */
  readonly done: boolean;
}

export function dividendRecords(fund: Fund, today: number): DividendRecord[] {
  const listed = fund.fundType !== 'otc';
  const out: DividendRecord[] = [];
  for (const d of navSeries(fund).dividends) {
    const publishDay = tradingDayAt(d.index - 4);
    if (publishDay > today) continue;
    out.push({
      dividend: d,
      exDay: d.day,
      publishDay,
      registrationDay: listed ? tradingDayAt(d.index - 1) : d.day,
      paymentDay: tradingDayAt(d.index + (listed ? 3 : 2)),
      reinvestmentDay: listed ? null : d.day,
      profitBaseDay: tradingDayAt(tradingIndexOnOrBefore(publishDay - 14)),
      inDividendDay: listed ? null : tradingDayAt(d.index + 1),
      done: d.day <= today,
    });
  }
  return out.reverse();
}
