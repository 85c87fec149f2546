import { disclosedPeriods, findPeriod, type Period } from './financials';
import { round } from './random';
import type { Stock } from './universe';

/**
 * The five valuation ratios of a stock at a price, from the statements disclosed by that moment:
 * market value = price × total shares over
 * - pe_ttm: parent net profit of the last four quarters (cumulative year to date + last annual − the
 *   same period of last year);
 * - pe_mrq: parent net profit of the most recent single quarter, annualised (× 4);
 * - pb_mrq: equity of the most recent balance sheet;
 * - ps_ttm: operating income of the last four quarters;
 * - pcf_ttm: operating cash flow of the last four quarters.
 * Banks have no PCF. A missing figure (undisclosed, or a zero denominator) gives null; losses give negative ratios, never
 * absolute values or zeros.
 */

export interface Valuation {
  pe_ttm: number | null;
  pe_mrq: number | null;
  pb_mrq: number | null;
  ps_ttm: number | null;
  pcf_ttm: number | null;
}

type Pick = (p: Period) => number | null;

const parentProfit: Pick = (p) => p.income.parent_holder_net_profit;
const revenue: Pick = (p) => p.income.operating_income;
const operatingCash: Pick = (p) => p.cashFlow.act_cash_flow_net;

/** Trailing twelve months of a cumulative (year-to-date) figure, from the latest disclosed period. */
export function trailing(stock: Stock, latest: Period, pick: Pick): number | null {
  const now = pick(latest);
  if (now === null) return null;
  if (latest.quarter === 4) return now;
  const annual = findPeriod(stock, latest.year - 1, 4);
  const same = findPeriod(stock, latest.year - 1, latest.quarter);
  const a = annual ? pick(annual) : null;
  const s = same ? pick(same) : null;
  return a === null || s === null ? null : now + a - s;
}

/** The single quarter of a cumulative figure. */
function singleQuarter(stock: Stock, latest: Period, pick: Pick): number | null {
  const now = pick(latest);
  if (now === null) return null;
  if (latest.quarter === 1) return now;
  const before = findPeriod(stock, latest.year, latest.quarter === 2 ? 1 : latest.quarter === 3 ? 2 : 3);
  const b = before ? pick(before) : null;
  return b === null ? null : now - b;
}

const ratio = (cap: number, x: number | null) => (x === null || x === 0 ? null : round(cap / x, 4));

/** Ratios at `price` with the statements disclosed by `nowMs`; all null before the first report. */
export function valuationOf(stock: Stock, price: number, nowMs: number): Valuation {
  const latest = disclosedPeriods(stock, nowMs, false)[0];
  if (!latest) return { pe_ttm: null, pe_mrq: null, pb_mrq: null, ps_ttm: null, pcf_ttm: null };
  const cap = price * stock.totalShares;
  const quarter = singleQuarter(stock, latest, parentProfit);
  return {
    pe_ttm: ratio(cap, trailing(stock, latest, parentProfit)),
    pe_mrq: ratio(cap, quarter === null ? null : quarter * 4),
    pb_mrq: ratio(cap, latest.balance.holder_equity_total),
    ps_ttm: ratio(cap, trailing(stock, latest, revenue)),
    // Operating cash flow says little about a bank, and the source leaves its PCF empty.
    pcf_ttm: stock.isBank ? null : ratio(cap, trailing(stock, latest, operatingCash)),
  };
}
