import { useMutation, useQueryClient } from '@tanstack/react-query';
import { watchlistClient, writes, type Watchlist, type WatchlistClient } from '../../../api/watchlists';
import { storeCommitted } from './mutation-config';

/**
 * Bringing things back: a deleted list from "recently deleted", or an older version of a list (as a new
 * version, so the one it replaces stays in the history too).
 */

export function useRestoreDeleted({ client = watchlistClient }: { client?: WatchlistClient } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.restore(id),
    onSuccess: (list) => storeCommitted(queryClient, list),
  });
}

export interface RestoreVersionInput {
  list: Pick<Watchlist, 'id' | 'version'>;
  version: number;
}

export function useRestoreVersion({ client = watchlistClient }: { client?: WatchlistClient } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, version }: RestoreVersionInput) =>
      client.send(writes.restoreVersion(list.id, version, list.version)),
    onSuccess: (list) => storeCommitted(queryClient, list),
  });
}
