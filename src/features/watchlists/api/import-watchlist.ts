import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  watchlistClient,
  watchlistKeys,
  writes,
  type NewItemInput,
  type Watchlist,
  type WatchlistClient,
} from '../../../api/watchlists';
import { storeCommitted, type MutationConfig } from './mutation-config';

/**
 * Saving an import (a CSV file or a shared link) as a new list: create it, then add every accepted
 * item in one batch. A batch the server refuses takes the empty list back, so nothing half-made is
 * left behind.
 */

export interface ImportWatchlistInput {
  name: string;
  items: readonly NewItemInput[];
}

export async function importWatchlist(
  { name, items }: ImportWatchlistInput,
  client: WatchlistClient = watchlistClient,
): Promise<Watchlist> {
  const list = await client.create(name.trim());
  try {
    return await client.send(writes.addItems(list.id, items, list.version));
  } catch (error) {
    await client.remove(list.id, list.version).catch(() => undefined);
    throw error;
  }
}

export function useImportWatchlist({
  client = watchlistClient,
  mutationConfig,
}: { client?: WatchlistClient; mutationConfig?: MutationConfig<Watchlist, ImportWatchlistInput> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      storeCommitted(queryClient, args[0]);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.index() });
      await onError?.(...args);
    },
    ...restConfig,
    mutationFn: (input: ImportWatchlistInput) => importWatchlist(input, client),
  });
}
