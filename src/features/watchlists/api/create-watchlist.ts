import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchlistClient, type Watchlist, type WatchlistClient } from '../../../api/watchlists';
import { storeCommitted, type MutationConfig } from './mutation-config';

/** Creating a list: the new list goes into the cache, and the index is read again. */

export function useCreateWatchlist({
  client = watchlistClient,
  mutationConfig,
}: { client?: WatchlistClient; mutationConfig?: MutationConfig<Watchlist, string> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      storeCommitted(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    ...restConfig,
    /** `name` as the reader typed it, trimmed (the server trims too). */
    mutationFn: (name: string) => client.create(name.trim()),
  });
}
