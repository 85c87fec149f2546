import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isWatchlistApiError,
  watchlistClient,
  watchlistKeys,
  type WatchlistClient,
} from '../../../api/watchlists';
import { storeCommitted, type MutationConfig } from './mutation-config';

/**
 * Deleting a list at the version the reader saw. A list already gone (deleted in another tab) is what
 * the reader wanted. A list changed meanwhile is NOT deleted: the 409 carries it, it goes into the
 * cache, and the caller asks the reader again.
 */

export interface DeleteWatchlistInput {
  id: number;
  version: number;
}

export function useDeleteWatchlist({
  client = watchlistClient,
  mutationConfig,
}: { client?: WatchlistClient; mutationConfig?: MutationConfig<void, DeleteWatchlistInput> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      queryClient.removeQueries({ queryKey: watchlistKeys.detail(args[1].id) });
      await queryClient.invalidateQueries({ queryKey: watchlistKeys.index() });
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.deleted() });
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      const [error] = args;
      if (isWatchlistApiError(error) && error.conflict && error.current) {
        storeCommitted(queryClient, error.current);
      }
      await onError?.(...args);
    },
    ...restConfig,
    mutationFn: async ({ id, version }: DeleteWatchlistInput) => {
      try {
        await client.remove(id, version);
      } catch (error) {
        if (isWatchlistApiError(error) && error.status === 404) return;
        throw error;
      }
    },
  });
}
