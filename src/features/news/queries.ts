import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchOperation } from '../../api/client';
import { operationQuery } from '../../api/query';
import { useLiveRefetchInterval } from '../../api/live';
import { FLASH_QUIET_REFRESH_MS } from '../../contract/operations/news-terms';
import {
  latestKnown,
  mergeIntoFirstPage,
  newIds,
  stockFinder,
  type FlashItem,
  type FlashPage,
} from './model';

/**
 * The news page's uses of the operations. The flash list of a column is one paged query (first screen
 * `seq=0`, then each page from the last item's seq, passed back unchanged). It is not refetched as a
 * whole: the refresh operation asks for what is newer than the latest known item and merges it into
 * the first page, so the pages already read stay as they are.
 */

export function flashPagesKey(tag: number) {
  return ['news', 'flash-pages', tag] as const;
}

export function flashPagesQuery(tag: number) {
  return infiniteQueryOptions({
    queryKey: flashPagesKey(tag),
    queryFn: ({ pageParam, signal }) =>
      fetchOperation('news/flash/list', { tag_id: tag, seq: pageParam }, { signal }),
    initialPageParam: '0',
    // An empty page is the end of what the service keeps.
    getNextPageParam: (last: FlashPage) => last.items.at(-1)?.seq,
    // New items come through the refresh operation; a remount after the cache let go starts afresh.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function allItems(data: { pages: readonly FlashPage[] } | undefined): FlashItem[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** Ids that arrived by refresh and have not been read yet, newest first. */
export interface RefreshState {
  unread: readonly string[];
}

const NOTHING_NEW: RefreshState = { unread: [] };

export function flashRefreshKey(tag: number) {
  return ['news', 'flash-refresh', tag] as const;
}

/**
 * One check for new items: the refresh operation with the latest known seq and creation time (whole
 * seconds, as the contract requires), its items merged into the first page without repeats, their ids
 * added to the unread ones. A column still empty asks for its first screen again instead.
 */
async function checkForNew(
  queryClient: QueryClient,
  tag: number,
  signal: AbortSignal,
): Promise<RefreshState> {
  const key = flashPagesKey(tag);
  const previous = () => queryClient.getQueryData<RefreshState>(flashRefreshKey(tag)) ?? NOTHING_NEW;
  const before = queryClient.getQueryData<InfiniteData<FlashPage, string>>(key);
  if (before === undefined) return previous();
  const latest = latestKnown(allItems(before));
  if (latest === null) {
    await queryClient.refetchQueries({ queryKey: key, exact: true });
    return previous();
  }
  const data = await fetchOperation(
    'news/flash/refresh',
    { tag_id: tag, seq: latest.seq, create_time_ms: latest.createTimeMs },
    { signal },
  );
  // Read again: a page may have arrived while the refresh was on its way.
  const current = queryClient.getQueryData<InfiniteData<FlashPage, string>>(key) ?? before;
  const added = newIds(allItems(current), data.items);
  queryClient.setQueryData(key, mergeIntoFirstPage(current, data.items));
  return { unread: [...added, ...previous().unread] };
}

/**
 * The check runs every `interval`; it counts as fresh for as long as the first screen it extends, so
 * opening the page does not ask twice, while returning to pages read a while ago checks at once.
 */
export function flashRefreshQuery(queryClient: QueryClient, tag: number, interval: number) {
  return queryOptions({
    queryKey: flashRefreshKey(tag),
    queryFn: ({ signal }) => checkForNew(queryClient, tag, signal),
    refetchInterval: interval,
    staleTime: interval,
    initialData: NOTHING_NEW,
    initialDataUpdatedAt: () => queryClient.getQueryState(flashPagesKey(tag))?.dataUpdatedAt ?? 0,
  });
}

/** Every minute while a session runs, every few minutes otherwise (news does not stop at the close). */
export function useFlashRefreshInterval(): number {
  const live = useLiveRefetchInterval('intraday');
  return live === false ? FLASH_QUIET_REFRESH_MS : live;
}

/**
 * Polls for new items of a column while `enabled` (its first screen is in), and tells which arrived
 * unread; `markRead` and `markAllRead` clear the marks.
 */
export function useFlashRefresh(tag: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const interval = useFlashRefreshInterval();
  const query = useQuery({ ...flashRefreshQuery(queryClient, tag, interval), enabled });
  const setUnread = useCallback(
    (update: (unread: readonly string[]) => readonly string[]) =>
      queryClient.setQueryData<RefreshState>(flashRefreshKey(tag), (state) => ({
        unread: update(state?.unread ?? []),
      })),
    [queryClient, tag],
  );
  const markRead = useCallback((id: string) => setUnread((ids) => ids.filter((x) => x !== id)), [setUnread]);
  const markAllRead = useCallback(() => setUnread(() => []), [setUnread]);
  return {
    unread: query.data?.unread ?? NOTHING_NEW.unread,
    checking: query.isFetching,
    error: query.error,
    checkNow: () => void query.refetch(),
    markRead,
    markAllRead,
    interval,
  };
}

export function noticeQuery(seq: string) {
  return operationQuery('news/notice/detail', { seq });
}

/** The code table's A-shares, to find the stocks a flash names (one call, kept for hours). */
export function stockNamesQuery() {
  return operationQuery('meta/tickers/list', {
    exchange: ['SH', 'SZ', 'BJ'],
    asset_type: ['a-share'],
    limit: 10_000,
  });
}

/** The stocks a flash names, once the code table is in (links are added then; nothing waits for it). */
export function useStockFinder() {
  const names = useQuery(stockNamesQuery());
  return useMemo(() => (names.data ? stockFinder(names.data.item) : undefined), [names.data]);
}
