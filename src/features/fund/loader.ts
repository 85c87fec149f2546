import type { QueryClient } from '@tanstack/react-query';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { serverToday } from '../../api/live';
import { FUND_CODE_RE, fundTypeOf } from '../../contract/operations/fund-common';
import { managerRangeFor, rangeWindow } from './dates';
import {
  assetAllocationQuery,
  diagnosticsQuery,
  dividendsQuery,
  drawdownsQuery,
  etfBarsQuery,
  etfQuoteQuery,
  holdersQuery,
  holdingsQuery,
  indicatorHistoryQuery,
  latestNavQuery,
  managerPerformanceQuery,
  navQuery,
  profileQuery,
  reportDatesQuery,
  returnsQuery,
  statementQuery,
  topHoldersQuery,
  type FundRef,
} from './queries';
import { compareCodes, type CompareSearch, type FundSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';

/** How the page locates a fund: its code and the `fund_type` of its search record's asset type. */
export function fundRefOf(record: InstrumentRecord): FundRef | null {
  const fundType = fundTypeOf(record.asset_type);
  return fundType === null ? null : { thscode: record.thscode, fundType };
}

/** Funds traded on an exchange (ETF, LOF, REIT): the page offers their exchange quote and candles. */
export function isListed(record: InstrumentRecord): boolean {
  return record.asset_type !== 'fund-otc';
}

/** The fund a search answer holds for a code, or null. */
export function fundRecordOf(
  data: { item: readonly InstrumentRecord[] } | undefined,
  thscode: string,
): { record: InstrumentRecord; ref: FundRef } | null {
  const record = findInstrument(data, thscode);
  const ref = record ? fundRefOf(record) : null;
  return record && ref ? { record, ref } : null;
}

/**
 * Everything the first screen shows, fetched before the route renders: the search record (its asset
 * type gives the `fund_type` of every other call), then in parallel the profile, the newest net values,
 * the chart of the URL's view and range, the exchange quote of a listed fund and the open tab's data.
 * Failures stay in the cache for the components, which show the service's code where the data belongs.
 *
 * `wait: false` (a change of view state on the open page) only starts the requests.
 */
export async function loadFundView(
  queryClient: QueryClient,
  rawCode: string,
  search: FundSearch,
  { wait = true }: { wait?: boolean } = {},
) {
  const thscode = canonicalCode(rawCode);
  // A malformed code never reaches the service.
  if (!FUND_CODE_RE.test(thscode)) return;
  const [lookup, today] = await Promise.all([
    queryClient.ensureQueryData(instrumentQuery(thscode)).catch(() => undefined),
    serverToday(queryClient),
  ]);
  const found = fundRecordOf(lookup, thscode);
  if (!found) return;
  const { record, ref } = found;
  const window = rangeWindow(today, search.range);
  const critical: Promise<unknown>[] = [
    queryClient.ensureQueryData(profileQuery(ref)),
    queryClient.ensureQueryData(latestNavQuery(ref)),
  ];
  if (isListed(record)) void queryClient.prefetchQuery(etfQuoteQuery(thscode));
  switch (search.tab) {
    case 'overview':
      if (search.chart === 'market' && isListed(record)) {
        critical.push(queryClient.ensureQueryData(etfBarsQuery(thscode, window.start, window.end)));
      } else {
        critical.push(queryClient.ensureQueryData(navQuery(ref, search.range)));
      }
      if (search.chart === 'return') {
        // The manager's id is in the profile: his lines follow it without waiting for the page.
        void queryClient.ensureQueryData(profileQuery(ref)).then(
          (data) => {
            const id = data.item[0]?.manager_info?.[0]?.manager_id;
            if (id)
              void queryClient.prefetchQuery(managerPerformanceQuery(id, managerRangeFor(search.range)));
          },
          () => undefined,
        );
      }
      void queryClient.prefetchQuery(dividendsQuery(ref));
      break;
    case 'performance':
      void queryClient.prefetchQuery(returnsQuery(ref));
      void queryClient.prefetchQuery(drawdownsQuery(ref));
      void queryClient.prefetchQuery(indicatorHistoryQuery(ref, window.start, window.end));
      void queryClient.prefetchQuery(diagnosticsQuery(ref));
      break;
    case 'portfolio':
      void queryClient.prefetchQuery(holdingsQuery(ref));
      void queryClient.prefetchQuery(reportDatesQuery(ref, 'stock'));
      void queryClient.prefetchQuery(reportDatesQuery(ref, 'bond'));
      void queryClient.prefetchQuery(assetAllocationQuery(ref));
      break;
    case 'holders':
      void queryClient.prefetchQuery(holdersQuery(ref));
      void queryClient.prefetchQuery(topHoldersQuery(ref));
      break;
    case 'financials':
      void queryClient.prefetchQuery(statementQuery(ref, search.statement));
      break;
    case 'tools':
      break;
  }
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(critical);
  if (wait) await settled;
}

/** The comparison's first screen: each fund's search record, then its net values over the range. */
export async function loadFundCompare(
  queryClient: QueryClient,
  search: CompareSearch,
  { wait = true }: { wait?: boolean } = {},
) {
  const codes = compareCodes(search);
  const loads = codes.map(async (thscode) => {
    const lookup = await queryClient.ensureQueryData(instrumentQuery(thscode)).catch(() => undefined);
    const found = fundRecordOf(lookup, thscode);
    if (!found) return;
    void queryClient.prefetchQuery(returnsQuery(found.ref));
    void queryClient.prefetchQuery(drawdownsQuery(found.ref));
    void queryClient.prefetchQuery(holdingsQuery(found.ref));
    await queryClient.ensureQueryData(navQuery(found.ref, search.range));
  });
  const settled = Promise.allSettled(loads);
  if (wait) await settled;
}
