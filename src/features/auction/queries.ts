import { LIVE_INTERVAL_MS } from '../../contract/cache-policy';
import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
import type { SessionPhase } from '../../contract/market-session';

import type { AuctionStage } from './url-state';

/**
 * One `queryOptions` factory per use of an operation on the call-auction page; the route loader and
 * the components build the same options, so the loader's prefetch is what the components read.
 */

export type AuctionData = DataOf<'a-share/auction/snapshot'>;
export type AuctionItem = AuctionData['item'][number];
export type BenchmarkData = DataOf<'a-share/auction/short-term-benchmark'>;
export type BenchmarkItem = BenchmarkData['item'][number];

/** How many of the hot list's leaders "top of the hot list" takes. */
export const HOT_TOP_COUNT = 20;

export function snapshotQuery(codes: readonly string[], stage: AuctionStage) {
  return operationQuery(
    'a-share/auction/snapshot',
    { thscodes: codes, stage },
    // Another stage or list keeps the previous table on screen until the answer arrives.
    { keepPrevious: true },
  );
}

export function benchmarkQuery(date: string | undefined) {
  return operationQuery('a-share/auction/short-term-benchmark', date === undefined ? {} : { date }, {
    keepPrevious: true,
  });
}

/** The hot list's leaders, to fill the codes (the hot-list page's daily list with the service's default length). */
export function hotListQuery() {
  return operationQuery('a-share/special-data/hot-stock-list', { period: 'day', limit: 30 });
}

/**
 * The live stage refreshes while the opening call auction runs (09:15 to the 09:30 open, so the 09:25
 * match is picked up); the final stage refreshes then only until its data is ready. Outside the
 * auction nothing changes, so nothing polls.
 */
export function snapshotRefetchInterval(
  stage: AuctionStage,
  phase: SessionPhase,
  dataStatus: string | undefined,
): number | false {
  if (phase !== 'opening-auction') return false;
  if (stage === 'live' || dataStatus !== 'ready') return LIVE_INTERVAL_MS.quote;
  return false;
}
