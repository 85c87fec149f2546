import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchOperation } from '../../api/client';
import { operationKey, operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
import type { ApiError } from '../../contract/envelope';
import type { HomePeriod } from './search';

/**
 * The home page's calls. Each uses the parameters of the page its card links to, in the state the link
 * opens (`/hot` with its default limit and page size, `/dragon-tiger` for the latest day and all
 * boards), so the card and that page share one cache entry and show the same rows.
 */

/** `/hot`'s default list length and monitor page size. */
export const HOT_PAGE_LIMIT = 30;
export const MONITOR_PAGE_SIZE = 30;
/** How many entries a card shows of that answer. */
export const CARD_ROWS = 10;

const LIST_STALE_MS = 30_000;
const DAILY_STALE_MS = 5 * 60_000;

export type HomeList = 'hot' | 'skyrocket';
export type RankingData = DataOf<'a-share/special-data/hot-stock-list'>;
export type RankingItem = RankingData['item'][number];
export type MonitorItem = DataOf<'a-share/special-data/abnormal-monitor-list'>['item'][number];

const LIST_OPERATIONS = {
  hot: 'a-share/special-data/hot-stock-list',
  skyrocket: 'a-share/special-data/skyrocket-list',
} as const;

/** Either list under the operation's own key (`['op', id, params]`), which `/hot` reads as well. */
export function rankingQuery(list: HomeList, period: HomePeriod, refetchInterval: number | false = false) {
  const params = { period, limit: HOT_PAGE_LIMIT };
  return queryOptions<RankingData, ApiError>({
    queryKey: operationKey(LIST_OPERATIONS[list], params),
    queryFn: ({ signal }) =>
      // Two calls rather than one with a union id: each keeps its operation's types.
      list === 'hot'
        ? fetchOperation(LIST_OPERATIONS.hot, params, { signal })
        : fetchOperation(LIST_OPERATIONS.skyrocket, params, { signal }),
    staleTime: LIST_STALE_MS,
    refetchInterval,
  });
}

/** The latest completed day's list: no date, the service picks the day. */
export function latestDragonTigerQuery() {
  return operationQuery(
    'a-share/special-data/dragon-tiger-list',
    { board_type: 'all' },
    { staleTime: DAILY_STALE_MS },
  );
}

export function currentMonitorQuery(refetchInterval: number | false = false) {
  return operationQuery(
    'a-share/special-data/abnormal-monitor-list',
    { state: 'current', page: 1, size: MONITOR_PAGE_SIZE },
    { staleTime: LIST_STALE_MS, refetchInterval },
  );
}

/** Starts every card's request; the page does not wait (each card has its own skeleton). */
export function prefetchHome(queryClient: QueryClient, period: HomePeriod): void {
  void queryClient.prefetchQuery(rankingQuery('hot', period));
  void queryClient.prefetchQuery(rankingQuery('skyrocket', period));
  void queryClient.prefetchQuery(latestDragonTigerQuery());
  void queryClient.prefetchQuery(currentMonitorQuery());
}
