import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import {
  disclosedPeriods,
  findPeriod,
  indicatorsOf,
  type BalanceFigures,
  type CashFlowFigures,
  type IncomeFigures,
  type Period,
  type Quarter,
} from '../model/financials';
import type { Stock } from '../model/universe';
import { SimError, defineHandler } from '../route';
import { clockOf, requireStock } from './common';

interface StatementParams {
  thscode: string;
  period: 'annual' | 'quarterly';
  limit?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

/** Latest-N (default 4) or range mode, newest period first, only what has been disclosed by now. */
function selectPeriods(stock: Stock, params: StatementParams, now: number): Period[] {
  const annual = params.period === 'annual';
  const periods = disclosedPeriods(stock, now, annual);
  const { start, end } = params;
  if (start !== undefined && end !== undefined) {
    return periods.filter((p) => p.periodEndMs >= start && p.periodEndMs <= end);
  }
  return periods.slice(0, params.limit ?? 4);
}

function common(stock: Stock, p: Period, period: 'annual' | 'quarterly') {
  return {
    thscode: stock.thscode,
    ticker: stock.ticker,
    period,
    fiscal_year: p.year,
    fiscal_period: period === 'annual' ? 'FY' : `Q${p.quarter}`,
    report_date_ms: p.reportDateMs,
    period_end_ms: p.periodEndMs,
    currency: 'CNY',
  };
}

function statement<F extends IncomeFigures | BalanceFigures | CashFlowFigures>(
  params: StatementParams,
  now: number,
  figures: (p: Period) => F,
) {
  const stock = requireStock(params.thscode, clockOf(now));
  const periods = selectPeriods(stock, params, now);
  const first = periods[0];
  return {
    timestamp: first ? first.periodEndMs : null,
    item: periods.map((p) => ({ ...common(stock, p, params.period), ...figures(p) })),
  };
}

export const financialRoutes = [
  defineHandler(catalog['a-share/financials/income-statements'], (params, ctx) =>
    statement(params, ctx.now, (p) => p.income),
  ),
  defineHandler(catalog['a-share/financials/balance-sheets'], (params, ctx) =>
    statement(params, ctx.now, (p) => p.balance),
  ),
  defineHandler(catalog['a-share/financials/cash-flow-statements'], (params, ctx) =>
    statement(params, ctx.now, (p) => p.cashFlow),
  ),

  defineHandler(catalog['a-share/financials/indicators'], (params, ctx) => {
    const stock = requireStock(params.thscode, clockOf(ctx.now));
    const [yearText, quarterText] = params.report.split('-');
    const quarter = Number(quarterText);
    const period =
      quarter === 1 || quarter === 2 || quarter === 3 || quarter === 4
        ? findPeriod(stock, Number(yearText), quarter satisfies Quarter)
        : undefined;
    if (!period || period.reportDateMs > ctx.now) {
      throw new SimError(
        ErrorCode.DATA_NOT_READY,
        `No indicators of ${stock.thscode} for report ${params.report} yet`,
      );
    }
    return { thscode: stock.thscode, report: params.report, abilities: indicatorsOf(stock, period) };
  }),
];
