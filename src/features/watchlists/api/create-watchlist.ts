import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import {
  watchlistClient,
  watchlistKeys,
  type Watchlist,
  type WatchlistClient,
} from '../../../api/watchlists';

/** Creating a list: the new list goes into the cache, and the index is read again. */

type CreateMutationConfig = Omit<UseMutationOptions<Watchlist, Error, string>, 'mutationFn'>;

export function useCreateWatchlist({
  client = watchlistClient,
  mutationConfig,
}: { client?: WatchlistClient; mutationConfig?: CreateMutationConfig } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      const [list] = args;
      queryClient.setQueryData(watchlistKeys.detail(list.id), list);
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.index() });
      await onSuccess?.(...args);
    },
    ...restConfig,
    /** `name` as the reader typed it, trimmed (the server trims too). */
    mutationFn: (name: string) => client.create(name.trim()),
  });
}
