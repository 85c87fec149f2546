import { ErrorCode } from '../../../src/contract/envelope';
import { SimError } from '../route';
import type { MarketClock } from '../model/session';
import { fundByCode, type Fund, type FundType } from '../model/funds';
import { latestNavIndex, navSeries, type NavSeries } from '../model/funds-nav';

/**
 * A fund that exists today, or 3001. When the caller names a `fund_type`, it must be the fund's own
 * (upstream-notes: a type that does not match the fund yields 1004).
 */
export function requireFund(thscode: string, clock: MarketClock, fundType?: FundType): Fund {
  const fund = fundByCode(thscode);
  if (!fund || fund.inceptionDay > clock.today) {
    throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Fund '${thscode}' does not exist`);
  }
  if (fundType !== undefined && fundType !== fund.fundType) {
    throw new SimError(
      ErrorCode.PARAM_CONFLICT,
      `Parameter 'fund_type' is '${fundType}' but ${thscode} is a '${fund.fundType}' fund`,
    );
  }
  return fund;
}

/** The fund's net values and the index of the newest published one, or 3002 before the first. */
export function publishedNav(fund: Fund, clock: MarketClock): { series: NavSeries; end: number } {
  const series = navSeries(fund);
  const end = latestNavIndex(clock);
  if (end < series.first) {
    throw new SimError(
      ErrorCode.DATA_NOT_READY,
      `The first net value of ${fund.thscode} is not published yet`,
    );
  }
  return { series, end };
}
