import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { watchlistKeys, type Watchlist } from '../../../api/watchlists';

/** What a caller may add to a watchlist mutation: its own callbacks and options, not its function. */
export type MutationConfig<TData, TInput> = Omit<
  UseMutationOptions<TData, Error, TInput>,
  'mutationFn' | 'mutationKey' | 'scope'
>;

/** A list as the server committed it goes into the cache; the index (sizes, versions) is read again. */
export function storeCommitted(queryClient: QueryClient, list: Watchlist): void {
  queryClient.setQueryData(watchlistKeys.detail(list.id), list);
  void queryClient.invalidateQueries({ queryKey: watchlistKeys.index() });
  void queryClient.invalidateQueries({ queryKey: watchlistKeys.history(list.id) });
  void queryClient.invalidateQueries({ queryKey: watchlistKeys.deleted() });
}
