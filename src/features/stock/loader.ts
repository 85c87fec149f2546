import { prefetchIntraday } from '../../components/intraday/url-state';
import type { QueryClient } from '@tanstack/react-query';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { calendarQuery, serverToday } from '../../api/live';
import { valuationChunks, valuationQuery } from '../../api/valuations';
import { A_SHARE_CODE_RE } from '../../contract/params';
import { tradingDaySet } from '../../contract/market-session';
import { addYearsToDate, shanghaiMidnight } from '../../contract/time';
import { barWindow, dragonTigerDateProblem, windowStart } from './dates';
import {
  adjustmentEventsQuery,
  auctionFloatQuery,
  barsQuery,
  dragonTigerQuery,
  hfIntradayQuery,
  indexBarsQuery,
  indicatorsQuery,
  latestReportQuery,
  rankTrendQuery,
  snapshotQuery,
  statementQuery,
  type StatementColumn,
} from './queries';
import { LIMIT_MAX, type StockSearch } from './url-state';
import { yoyExtraPeriods } from './statements';
import { canonicalCode } from '../../contract/params-terms';

/**
 * From view state to operation parameters. The route loader and the components both go through these
 * functions, so a prefetch lands exactly on the key a component reads.
 */

/** Instruments the compare overlay can draw: A-shares and indices (the ones with daily bars). */
export function isComparable(record: Pick<InstrumentRecord, 'asset_type'>): boolean {
  return record.asset_type === 'a-share' || record.asset_type === 'a-share-index';
}

/** The header's year of daily bars (52-week range, volume ratio): the default chart's own request. */
export function headerBarsQuery(thscode: string, today: string) {
  const span = barWindow(today, '1y', 'day');
  return barsQuery(thscode, 'forward', span.start, span.end);
}

/** Years shown by default in range mode. */
const DEFAULT_RANGE_YEARS = 5;

export interface StatementWindow {
  from: string;
  to: string;
}

/** Range mode bounds: the URL's, or the last five years. */
export function statementWindow(search: StockSearch, today: string): StatementWindow {
  if (search.from !== undefined && search.to !== undefined) return { from: search.from, to: search.to };
  return { from: addYearsToDate(today, -DEFAULT_RANGE_YEARS), to: today };
}

/**
 * The statement request of the view: the periods shown plus those a year before them (four quarters or
 * one year more), so that even the oldest column shown has its year-on-year change. Within the
 * service's limits: at most 20 periods, a range of at most ten years.
 */
export function statementParams(thscode: string, search: StockSearch, today: string) {
  if (search.mode === 'range') {
    const { from, to } = statementWindow(search, today);
    const start = Math.max(
      shanghaiMidnight(addYearsToDate(from, -1)),
      shanghaiMidnight(addYearsToDate(to, -10)),
    );
    return { thscode, period: search.period, start, end: shanghaiMidnight(to) };
  }
  return {
    thscode,
    period: search.period,
    limit: Math.min(LIMIT_MAX, search.limit + yoyExtraPeriods(search.period)),
  };
}

/** The columns the table shows out of those fetched (newest first): the N asked for, or the range. */
export function shownColumns(
  columns: readonly StatementColumn[],
  search: StockSearch,
  today: string,
): StatementColumn[] {
  if (search.mode === 'range') {
    const fromMs = shanghaiMidnight(statementWindow(search, today).from);
    return columns.filter((c) => c.periodEndMs >= fromMs);
  }
  return columns.slice(0, search.limit);
}

/** `yyyy-q` of a statement's fiscal period (FY counts as the fourth quarter). */
export function reportOf(fiscalYear: number, fiscalPeriod: string): string | null {
  const quarter = fiscalPeriod === 'FY' ? 4 : Number(fiscalPeriod.replace(/^Q/, ''));
  return quarter >= 1 && quarter <= 4 ? `${fiscalYear}-${quarter}` : null;
}

/** The trading calendar (`yyyy-MM-dd`; the shell reads it too), empty when it cannot be read. */
async function tradingDays(queryClient: QueryClient): Promise<string[]> {
  const data = await queryClient.ensureQueryData(calendarQuery()).catch(() => undefined);
  return [...tradingDaySet(data?.item.map((d) => d.date) ?? [])].sort();
}

/**
 * Everything the first screen shows, fetched before the route renders. Failures are left in the cache
 * for the components, which show the service's code and a retry where the data belongs.
 *
 * `wait: false` (a change of view state on the open page) only starts the requests: the page stays
 * interactive and shows the previous data with a busy mark instead of waiting for the router, which
 * after a second would replace the whole page by its pending skeleton.
 */
export async function loadStockView(
  queryClient: QueryClient,
  rawCode: string,
  search: StockSearch,
  { wait = true }: { wait?: boolean } = {},
) {
  const thscode = canonicalCode(rawCode);
  // A malformed code never reaches the service.
  if (!A_SHARE_CODE_RE.test(thscode)) return;
  // Nothing here waits for the instrument search: the quote, the chart and the open tab start together,
  // from the URL and the server's day (the shell asks for the clock at start-up). Another instrument on
  // an A-share-shaped code (an ETF) is sent to its own page by the route, beside these requests.
  // Without the server's clock the components fall back to the browser's, and so does this.
  // The minute tape (the server's own, no upstream call) with the first requests when it will be shown.
  void prefetchIntraday(queryClient, thscode, search);
  const today = await serverToday(queryClient);
  const span = barWindow(today, search.range, search.interval);
  const critical: Promise<unknown>[] = [
    queryClient.ensureQueryData(snapshotQuery(thscode)),
    queryClient.ensureQueryData(barsQuery(thscode, search.adjust, span.start, span.end)),
  ];
  // The open tab's data is requested at once, right after the quote and the chart (each call checks its
  // parameters first, so what is asked for first leaves first); the page does not wait for it (it has
  // its own skeleton).
  switch (search.tab) {
    case 'financials':
      critical.push(
        queryClient.ensureQueryData(
          statementQuery(search.statement, statementParams(thscode, search, today)),
        ),
      );
      break;
    case 'indicators':
      if (search.report) void queryClient.prefetchQuery(indicatorsQuery(thscode, search.report));
      else void queryClient.prefetchQuery(latestReportQuery(thscode));
      break;
    case 'actions':
      void queryClient.prefetchQuery(adjustmentEventsQuery(thscode));
      break;
    case 'dragon-tiger':
      // Only a day the service can answer for: a parameter error would be a failed request.
      void (async () => {
        const days = search.dt === undefined ? [] : await tradingDays(queryClient);
        if (dragonTigerDateProblem(search.dt, today, days, null) === null) {
          await queryClient.prefetchQuery(dragonTigerQuery(thscode, search.dt));
        }
      })();
      break;
    case 'hot-rank':
      void queryClient.prefetchQuery(rankTrendQuery(thscode, windowStart(today, search.hot), today));
      break;
    case 'intraday':
      // Restricted operations: a 2003 answer stays in the cache for the tab to explain.
      void queryClient.prefetchQuery(hfIntradayQuery(thscode, search.iday));
      break;
  }
  if (search.cmp !== undefined && search.cmp !== thscode) {
    const cmp = search.cmp;
    void (async () => {
      const other = findInstrument(
        await queryClient.ensureQueryData(instrumentQuery(cmp)).catch(() => undefined),
        cmp,
      );
      // A stock in the page's adjustment, an index as it is (indices are never adjusted).
      if (other?.asset_type === 'a-share') {
        await queryClient.prefetchQuery(barsQuery(cmp, search.adjust, span.start, span.end));
      } else if (other?.asset_type === 'a-share-index') {
        await queryClient.prefetchQuery(indexBarsQuery(cmp, span.start, span.end));
      }
    })();
  }
  // The header's figures: float shares from the auction, the 52-week range and 5-day volumes.
  void queryClient.prefetchQuery(auctionFloatQuery(thscode));
  void queryClient.prefetchQuery(headerBarsQuery(thscode, today));
  void queryClient.prefetchQuery(adjustmentEventsQuery(thscode));
  for (const chunk of valuationChunks([thscode])) void queryClient.prefetchQuery(valuationQuery(chunk));
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(critical);
  if (wait) await settled;
}
