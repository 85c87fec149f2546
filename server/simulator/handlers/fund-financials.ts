import { catalog } from '../../../src/contract/catalog';
import { defineHandler } from '../route';
import { clockOf } from './common';
import { requireFund } from './fund-common';
import { midnightMs } from '../model/calendar';
import type { MarketClock } from '../model/session';
import type { FundType } from '../model/funds';
import { publishedReports, type Report } from '../model/funds-portfolio';
import { financialsOf, type FundFinancials } from '../model/funds-reports';

/** Financial statements come with the semi-annual and annual reports: the latest ten, newest first. */
function statements(thscode: string, clock: MarketClock, fundType?: FundType): FundFinancials[] {
  const fund = requireFund(thscode, clock, fundType);
  const reports: Report[] = [
    ...publishedReports(fund, 'semi', clock.today, 5),
    ...publishedReports(fund, 'annual', clock.today, 5),
  ].sort((a, b) => b.endDay - a.endDay);
  return reports.slice(0, 10).map((r) => financialsOf(fund, r));
}

function period(f: FundFinancials) {
  return {
    start_date_ms: midnightMs(f.report.startDay),
    end_date_ms: midnightMs(f.report.endDay),
    publish_date_ms: midnightMs(f.report.publishDay),
  };
}

function timestampOf(list: readonly FundFinancials[], clock: MarketClock): number {
  const newest = list[0];
  return newest ? midnightMs(newest.report.publishDay) : midnightMs(clock.today);
}

export const fundFinancialRoutes = [
  defineHandler(catalog['fund/financials/indicators'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const list = statements(params.thscode, clock, params.fund_type);
    return {
      timestamp: timestampOf(list, clock),
      item: list.map((f) => ({ ...period(f), ...f.indicators })),
    };
  }),
  defineHandler(catalog['fund/financials/income-statements'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const list = statements(params.thscode, clock, params.fund_type);
    return { timestamp: timestampOf(list, clock), item: list.map((f) => ({ ...period(f), ...f.income })) };
  }),
  defineHandler(catalog['fund/financials/balance-sheets'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const list = statements(params.thscode, clock, params.fund_type);
    return { timestamp: timestampOf(list, clock), item: list.map((f) => ({ ...period(f), ...f.balance })) };
  }),
];
