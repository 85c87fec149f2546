import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchOperation } from '../../api/client';
import { freshnessOf, operationKey, operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
import type { ApiError } from '../../contract/envelope';
import type { FundType } from '../../contract/operations/fund-common';
import type { IndicatorTimeType, QdiiQuotaTab } from '../../contract/operations/fund-tools-terms';
import type { BacktestState, BuyFilter, ManagerRange, NavRange, OfferState, Statement } from './url-state';

/**
 * One `queryOptions` factory per use of an operation on the fund pages. Every fund is located by its
 * code and its `fund_type` (derived from the search's asset type, see `fundRefOf`), which the page sends
 * on every operation that takes it; the market operations take the code alone.
 */

export interface FundRef {
  thscode: string;
  fundType: FundType;
}

const key = (ref: FundRef) => ({ thscode: ref.thscode, fund_type: ref.fundType });

export type FundProfile = DataOf<'fund/profile/detail'>['item'][number];
export type NavPoint = DataOf<'fund/performance/nav'>['item'][number];
export type EtfQuote = DataOf<'fund/market/snapshot'>['item'][number];
export type EtfBar = DataOf<'fund/market/historical'>['item'][number];
export type Dividend = DataOf<'fund/corporate-actions/dividends'>['item'][number];
export type Returns = DataOf<'fund/performance/returns'>['item'][number];
export type Drawdowns = DataOf<'fund/performance/drawdowns'>['item'][number];
export type IndicatorPoint = DataOf<'fund/performance/indicators-historical'>['item'][number];
export type Holding = DataOf<'fund/portfolio/holdings'>['item'][number];
export type HistoryHolding = DataOf<'fund/portfolio/stock-history'>['item'][number];
export type ReportDate = DataOf<'fund/portfolio/stock-report-dates'>['item'][number];
export type HolderStructure = DataOf<'fund/holders/detail'>['item'][number];
export type TopHolder = DataOf<'fund/holders/top'>['item'][number];
export type Article = DataOf<'fund/news/article-list'>['item'][number];
export type ManagerDetail = DataOf<'fund/managers/detail'>['item'][number];
export type ManagerPerformancePoint = DataOf<'fund/managers/performance'>['item'][number];
export type BacktestIndicator = DataOf<'fund/backtest/indicators'>[number];
export type BacktestResult = DataOf<'fund/backtest/result'>;

// ---- header and chart

export function profileQuery(ref: FundRef) {
  return operationQuery('fund/profile/detail', key(ref));
}

/** The latest week of net values: the newest one and the day before, for the header's daily change. */
export function latestNavQuery(ref: FundRef) {
  return operationQuery('fund/performance/nav', { ...key(ref), range: 'week' });
}

export function navQuery(ref: FundRef, range: NavRange) {
  return operationQuery(
    'fund/performance/nav',
    { ...key(ref), range, nav_type: 'unit,adj' },
    // The old range stays on screen while the next one loads: the chart does not blank out.
    { keepPrevious: true },
  );
}

export function etfQuoteQuery(thscode: string) {
  return operationQuery('fund/market/snapshot', { thscode });
}

export function etfBarsQuery(thscode: string, start: number, end: number) {
  return operationQuery('fund/market/historical', { thscode, start, end }, { keepPrevious: true });
}

export function dividendsQuery(ref: FundRef) {
  return operationQuery('fund/corporate-actions/dividends', key(ref));
}

export function newsQuery(ref: FundRef) {
  const params = key(ref);
  return infiniteQueryOptions<DataOf<'fund/news/article-list'>, ApiError>({
    queryKey: [...operationKey('fund/news/article-list', params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      fetchOperation(
        'fund/news/article-list',
        typeof pageParam === 'string'
          ? { ...params, limit: 10, offset: pageParam }
          : { ...params, limit: 10 },
        { signal },
      ),
    initialPageParam: null as string | null,
    // The cursor decides, never a row count: paging ends when the service says there is no more.
    getNextPageParam: (last) => (last.has_more && last.offset ? last.offset : null),
    staleTime: freshnessOf('fund/news/article-list'),
  });
}

// ---- performance

export function returnsQuery(ref: FundRef) {
  return operationQuery('fund/performance/returns', key(ref));
}

export function drawdownsQuery(ref: FundRef) {
  return operationQuery('fund/performance/drawdowns', key(ref));
}

export function indicatorHistoryQuery(ref: FundRef, start: number, end: number) {
  return operationQuery(
    'fund/performance/indicators-historical',
    { ...key(ref), start, end },
    { keepPrevious: true },
  );
}

export function diagnosticsQuery(ref: FundRef) {
  return operationQuery('fund/diagnostics/detail', key(ref));
}

// ---- portfolio

export function holdingsQuery(ref: FundRef) {
  return operationQuery('fund/portfolio/holdings', key(ref));
}

export type HoldingKind = 'stock' | 'bond';

type ReportDates = DataOf<'fund/portfolio/stock-report-dates'>;
type HoldingHistory = DataOf<'fund/portfolio/stock-history'>;

/** Stock and bond report dates are separate operations of one shape (never interchangeable). */
export function reportDatesQuery(ref: FundRef, kind: HoldingKind) {
  const id = kind === 'stock' ? 'fund/portfolio/stock-report-dates' : 'fund/portfolio/bond-report-dates';
  const params = key(ref);
  return queryOptions<ReportDates, ApiError>({
    queryKey: operationKey(id, params),
    queryFn: ({ signal }) => fetchOperation(id, params, { signal }),
    staleTime: freshnessOf(id),
  });
}

/** One report's stock or bond holdings; type and end date come from the matching report-date list. */
export function holdingHistoryQuery(ref: FundRef, kind: HoldingKind, reportType: string, endDate: string) {
  const id = kind === 'stock' ? 'fund/portfolio/stock-history' : 'fund/portfolio/bond-history';
  const params = { ...key(ref), report_type: reportType, end_date: endDate };
  return queryOptions<HoldingHistory, ApiError>({
    queryKey: operationKey(id, params),
    queryFn: ({ signal }) => fetchOperation(id, params, { signal }),
    staleTime: freshnessOf(id),
  });
}

export function industryQuery(ref: FundRef) {
  return operationQuery('fund/portfolio/industry-allocation', key(ref));
}

export function assetAllocationQuery(ref: FundRef) {
  return operationQuery('fund/portfolio/asset-allocation', key(ref));
}

// ---- holders, managers, company

export function holdersQuery(ref: FundRef) {
  return operationQuery('fund/holders/detail', { ...key(ref), merge_scope: 'all' });
}

export function topHoldersQuery(ref: FundRef) {
  return operationQuery('fund/holders/top', { ...key(ref), limit: 10 });
}

export function managerDetailQuery(managerId: string) {
  return operationQuery('fund/managers/detail', { manager_id: managerId });
}

export function managerStyleQuery(managerId: string) {
  return operationQuery('fund/managers/investment-style', { manager_id: managerId });
}

export function managerExperienceQuery(managerId: string) {
  return operationQuery('fund/managers/experience', { manager_id: managerId });
}

export function managerPerformanceQuery(managerId: string, range: ManagerRange) {
  return operationQuery(
    'fund/managers/performance',
    { manager_id: managerId, range },
    { keepPrevious: true },
  );
}

export function companyQuery(companyId: string) {
  return operationQuery('fund/companies/detail', { company_id: companyId });
}

// ---- financials

const STATEMENT_OPERATIONS = {
  indicators: 'fund/financials/indicators',
  income: 'fund/financials/income-statements',
  balance: 'fund/financials/balance-sheets',
} as const;

/** A statement's periods, newest first, as records of the figures the service sent (null: undisclosed). */
export interface StatementPeriod {
  startMs: number;
  endMs: number;
  publishMs: number;
  values: Readonly<Record<string, unknown>>;
}

export function statementQuery(ref: FundRef, statement: Statement) {
  const id = STATEMENT_OPERATIONS[statement];
  const params = key(ref);
  return queryOptions<StatementPeriod[], ApiError>({
    queryKey: [...operationKey(id, params), 'periods'],
    queryFn: async ({ signal }) => {
      const items: readonly Record<string, unknown>[] = (await fetchOperation(id, params, { signal })).item;
      return items
        .map((item) => ({
          startMs: Number(item['start_date_ms']),
          endMs: Number(item['end_date_ms']),
          publishMs: Number(item['publish_date_ms']),
          values: item,
        }))
        .sort((a, b) => b.endMs - a.endMs);
    },
    staleTime: freshnessOf(id),
    // Another statement's rows would be wrong: a change of statement shows the skeleton.
  });
}

// ---- tools

export function indicatorLineQuery(
  codes: readonly string[],
  ids: readonly string[],
  timeType: IndicatorTimeType,
  start: number,
  end: number,
) {
  return operationQuery(
    'fund/indicators/line',
    {
      indexes: JSON.stringify([{ thscodes: codes, index_info: ids.map((id) => ({ index_id: id })) }]),
      time_range: JSON.stringify({ time_type: timeType, start, end }),
    },
    { keepPrevious: true },
  );
}

/** Who the cross-section table lists: this fund's company, or every fund of its type. */
export type TableSelector = { kind: 'company'; companyId: string } | { kind: 'type'; fundType: FundType };

export const TABLE_PAGE_SIZE = 50;

export function indicatorTableQuery(scope: TableSelector, ids: readonly string[]) {
  const include =
    scope.kind === 'company'
      ? [{ type: 'fund_company', values: [scope.companyId] }]
      : [{ type: 'fund_type', values: [scope.fundType] }];
  return operationQuery(
    'fund/indicators/table',
    {
      code_selectors: JSON.stringify({ include }),
      indexes: JSON.stringify([{ index_id: 'fund_name' }, ...ids.map((id) => ({ index_id: id }))]),
      page_info: JSON.stringify({ page_begin: 0, page_size: TABLE_PAGE_SIZE }),
      // Largest first by the first chosen indicator (index 1: index 0 is the name).
      sort: JSON.stringify([{ idx: 1, type: 'desc' }]),
    },
    { keepPrevious: true },
  );
}

export function backtestIndicatorsQuery() {
  return operationQuery('fund/backtest/indicators', {});
}

const conditionJson = (list: BacktestState['buy']) =>
  JSON.stringify(list.map((c) => ({ indicator_code: c.i, operator: c.o, value: c.v })));

/** The back-test of a plan from the URL: conditions are built by the form, never typed as JSON. */
export function backtestQuery(ref: FundRef, plan: BacktestState) {
  return operationQuery('fund/backtest/result', {
    ...key(ref),
    buy_conditions: conditionJson(plan.buy),
    sell_conditions: conditionJson(plan.sell),
    buy_frequency_type: plan.f,
    max_buy_times: plan.n,
    per_buy_amount: plan.a,
  });
}

export function quotaSummaryQuery(tab: QdiiQuotaTab) {
  return operationQuery('fund/quota/summary', { tab: JSON.stringify([tab]) });
}

export function quotaListQuery(tab: QdiiQuotaTab, buy: BuyFilter) {
  const base = { tab: JSON.stringify([tab]) };
  return operationQuery('fund/quota/list', buy === 'all' ? base : { ...base, buy: buy === 'yes' });
}

export function offeringsQuery(state: OfferState) {
  return operationQuery('fund/offerings/list', { subscribe: state });
}
