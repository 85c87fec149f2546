import { queryOptions } from '@tanstack/react-query';
import { fetchOperation } from '../../api/client';
import { freshnessOf, operationKey, operationQuery } from '../../api/query';
import type { DataOf, ParamsIn } from '../../contract/catalog';
import type { ApiError } from '../../contract/envelope';
import { STATEMENT_FIELDS, type StatementField } from './fields';
import type { Adjust, StatementKind } from './url-state';

/**
 * One `queryOptions` factory per use of an operation on the stock page. Route loaders and components
 * build the same options from the same inputs, so the loader's prefetch is what the component reads.
 */

export type SnapshotItem = DataOf<'a-share/prices/snapshot'>['item'][number];
export type Bar = DataOf<'a-share/prices/historical'>['item'][number];
export type AdjustmentEvent = DataOf<'a-share/corporate-actions/adjustment-factors'>['item'][number];

export function snapshotQuery(thscode: string) {
  return operationQuery('a-share/prices/snapshot', { thscodes: [thscode] });
}

export function barsQuery(thscode: string, adjust: Adjust, start: number, end: number) {
  return operationQuery(
    'a-share/prices/historical',
    { thscode, interval: '1d', start, end, adjust },
    // The old range stays on screen while the next one loads: the chart does not blank out.
    { keepPrevious: true },
  );
}

/** Daily bars of an index (indices are never adjusted), for the compare overlay. */
export function indexBarsQuery(thscode: string, start: number, end: number) {
  return operationQuery(
    'a-share-index/prices/historical',
    { thscode, interval: '1d', start, end },
    { keepPrevious: true },
  );
}

/**
 * The opening-auction result of one stock: the only operation that carries its float market cap (and
 * so its float shares, cap ÷ price), which the header needs for the turnover rate.
 */
export function auctionFloatQuery(thscode: string) {
  return operationQuery('a-share/auction/snapshot', { thscodes: [thscode], stage: 'final' });
}

export function adjustmentEventsQuery(thscode: string) {
  return operationQuery('a-share/corporate-actions/adjustment-factors', { thscode });
}

/** Unadjusted bars of one ten-year chunk, for the previous closes of corporate actions. */
export function unadjustedBarsQuery(thscode: string, start: number, end: number) {
  return operationQuery('a-share/prices/historical', { thscode, interval: '1d', start, end, adjust: 'none' });
}

const STATEMENT_OPERATIONS = {
  income: 'a-share/financials/income-statements',
  balance: 'a-share/financials/balance-sheets',
  cashflow: 'a-share/financials/cash-flow-statements',
} as const;

type StatementParams = ParamsIn<'a-share/financials/income-statements'>;

/** One reporting period of a statement: a column of the table. */
export interface StatementColumn {
  fiscalYear: number;
  /** FY, Q1 … Q4. */
  fiscalPeriod: string;
  periodEndMs: number;
  reportDateMs: number;
  /** Every field of the statement by name; null when not disclosed (shown as a dash, never 0). */
  values: Readonly<Record<string, number | null>>;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function toColumn(item: Record<string, unknown>, fields: readonly StatementField[]): StatementColumn {
  const fiscalPeriod = item['fiscal_period'];
  return {
    fiscalYear: numberOrNull(item['fiscal_year']) ?? 0,
    fiscalPeriod: typeof fiscalPeriod === 'string' ? fiscalPeriod : '',
    periodEndMs: numberOrNull(item['period_end_ms']) ?? 0,
    reportDateMs: numberOrNull(item['report_date_ms']) ?? 0,
    values: Object.fromEntries(fields.map((field) => [field, numberOrNull(item[field])])),
  };
}

async function fetchStatement(
  kind: StatementKind,
  params: StatementParams,
  signal: AbortSignal,
): Promise<StatementColumn[]> {
  const fields = STATEMENT_FIELDS[kind];
  let items: readonly Record<string, unknown>[];
  if (kind === 'income') {
    items = (await fetchOperation(STATEMENT_OPERATIONS.income, params, { signal })).item;
  } else if (kind === 'balance') {
    items = (await fetchOperation(STATEMENT_OPERATIONS.balance, params, { signal })).item;
  } else {
    items = (await fetchOperation(STATEMENT_OPERATIONS.cashflow, params, { signal })).item;
  }
  // Newest first, as the service orders them (sorted again: the order is the table's column order).
  return items.map((item) => toColumn(item, fields)).sort((a, b) => b.periodEndMs - a.periodEndMs);
}

/**
 * Statement periods as table columns. The key extends the operation's own key, so invalidating an
 * operation (`['op', id]`) covers it, while the raw answer's key stays free for other users.
 */
export function statementQuery(kind: StatementKind, params: StatementParams) {
  const id = STATEMENT_OPERATIONS[kind];
  return queryOptions<StatementColumn[], ApiError>({
    queryKey: [...operationKey(id, params), 'columns'],
    queryFn: ({ signal }) => fetchStatement(kind, params, signal),
    staleTime: freshnessOf(id),
    // While other periods of the same statement load, its previous table stays (no jump); another
    // statement's rows would be wrong, so a change of kind shows the skeleton instead.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });
}

/** The newest disclosed quarter, to default the indicators' report period. */
export function latestReportQuery(thscode: string) {
  return operationQuery('a-share/financials/income-statements', { thscode, period: 'quarterly', limit: 1 });
}

export function indicatorsQuery(thscode: string, report: string) {
  return operationQuery('a-share/financials/indicators', { thscode, report });
}

export function dragonTigerQuery(thscode: string, date: string | undefined) {
  return operationQuery(
    'a-share/special-data/dragon-tiger-stock-institution',
    date === undefined ? { thscode } : { thscode, date },
  );
}

export function rankTrendQuery(thscode: string, startDate: string, endDate: string) {
  return operationQuery(
    'a-share/special-data/hot-stock-rank-trend',
    { thscode, start_date: startDate, end_date: endDate },
    { keepPrevious: true },
  );
}

/** The high-frequency direction of one day by minute (restricted: 2003 unless the key allows it). */
export function hfIntradayQuery(thscode: string, date: string | undefined) {
  return operationQuery(
    'a-share/high-frequency/intraday',
    date === undefined ? { thscode } : { thscode, date },
    { keepPrevious: true },
  );
}

/** The latest inflow and outflow by order size (restricted). */
export function capitalFlowSnapshotQuery(thscode: string) {
  return operationQuery('a-share/capital-flow/snapshot', { thscode });
}

/** One day's capital flow by minute, midnight to midnight (restricted). */
export function capitalFlowMinutesQuery(thscode: string, dayStartMs: number) {
  return operationQuery(
    'a-share/capital-flow/historical',
    { thscode, interval: '1m', start: dayStartMs, end: dayStartMs + 24 * 3600 * 1000 - 1 },
    { keepPrevious: true },
  );
}
