import type { QueryClient } from '@tanstack/react-query';
import { flashPagesQuery, noticeQuery, stockNamesQuery } from './queries';
import type { NewsSearch } from './url-state';

/**
 * The flash page's first screen from the URL alone: the column's first page. The code table (which
 * stocks an item names) is started alongside and not waited for: links appear when it is in.
 */
export async function loadNewsView(
  queryClient: QueryClient,
  search: NewsSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  void queryClient.prefetchQuery(stockNamesQuery());
  const first = queryClient.ensureInfiniteQueryData(flashPagesQuery(search.tag));
  // Settled either way: a failure is shown by the page, never an unhandled rejection.
  const settled = Promise.allSettled([first]);
  if (wait) await settled;
}

/** The announcement reader: its interpretation. */
export async function loadNoticeView(queryClient: QueryClient, seq: string): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(noticeQuery(seq))]);
}
