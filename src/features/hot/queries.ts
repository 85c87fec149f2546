import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchOperation } from '../../api/client';
import { modeQuery, operationKey, operationQuery } from '../../api/query';
import { serverOffsetMs } from '../../api/live';
import type { DataOf } from '../../contract/catalog';
import type { ApiError } from '../../contract/envelope';
import { shanghaiDate } from '../../contract/time';
import type { HotList, HotPeriod, MonitorState } from './search';

/**
 * One `queryOptions` factory per use of an operation on the hot-list page. The route loader and the
 * components build the same options from the same inputs, so the loader's prefetch is what they read.
 * Live refresh intervals are added by the components (they depend on the market session).
 */

const MINUTE = 60_000;
/** A past day's top 30 and rank series are fixed; today's last point moves slowly. */
const DAILY_STALE_MS = 5 * MINUTE;
/** Lists move every minute at most (the service stamps them by the minute). */
const LIST_STALE_MS = 30_000;

export type RankingData = DataOf<'a-share/special-data/hot-stock-list'>;
export type RankingItem = RankingData['item'][number];
export type HistoryItem = DataOf<'a-share/special-data/hot-stock-list-history'>['item'][number];
export type TrendPoint = DataOf<'a-share/special-data/hot-stock-rank-trend'>['item'][number];
export type MonitorData = DataOf<'a-share/special-data/abnormal-monitor-list'>;
export type MonitorItem = MonitorData['item'][number];

const LIST_OPERATIONS = {
  hot: 'a-share/special-data/hot-stock-list',
  skyrocket: 'a-share/special-data/skyrocket-list',
} as const;

/** Either list under the operation's own key (`['op', id, params]`), so other pages share the answer. */
export function rankingQuery(list: HotList, period: HotPeriod, limit: number) {
  const id = LIST_OPERATIONS[list];
  const params = { period, limit };
  return queryOptions<RankingData, ApiError>({
    queryKey: operationKey(id, params),
    queryFn: ({ signal }) =>
      // Two calls rather than one with a union id: each keeps its operation's types.
      list === 'hot'
        ? fetchOperation(LIST_OPERATIONS.hot, params, { signal })
        : fetchOperation(LIST_OPERATIONS.skyrocket, params, { signal }),
    staleTime: LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function historyQuery(date: string) {
  return operationQuery(
    'a-share/special-data/hot-stock-list-history',
    { date },
    { staleTime: DAILY_STALE_MS, keepPrevious: true },
  );
}

export function rankTrendQuery(thscode: string, startDate: string, endDate: string) {
  return operationQuery(
    'a-share/special-data/hot-stock-rank-trend',
    { thscode, start_date: startDate, end_date: endDate },
    { staleTime: DAILY_STALE_MS },
  );
}

export function monitorQuery(state: MonitorState, page: number, size: number) {
  return operationQuery(
    'a-share/special-data/abnormal-monitor-list',
    { state, page, size },
    // Paging keeps the current page on screen until the next one has arrived.
    { staleTime: LIST_STALE_MS, keepPrevious: true },
  );
}

/**
 * The server's Shanghai day, for loaders (components use `useServerClock`): the mode answer carries the
 * server clock, and the time since it arrived is added, as the hook does.
 */
export async function serverToday(queryClient: QueryClient): Promise<string> {
  const options = modeQuery();
  const mode = await queryClient.ensureQueryData(options);
  const receivedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
  return shanghaiDate(Date.now() + serverOffsetMs(mode.now, receivedAt));
}
