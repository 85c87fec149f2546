import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  watchlistClient,
  writes,
  type Watchlist,
  type WatchlistClient,
  type WatchlistVisibility,
} from '../../../api/watchlists';
import { storeCommitted } from './mutation-config';

/** The owner shows a list to the team (read-only for them) or keeps it private. */

export interface SetVisibilityInput {
  list: Pick<Watchlist, 'id' | 'version'>;
  visibility: WatchlistVisibility;
}

export function useSetVisibility({ client = watchlistClient }: { client?: WatchlistClient } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, visibility }: SetVisibilityInput) =>
      client.send(writes.visibility(list.id, visibility, list.version)),
    onSuccess: (list) => storeCommitted(queryClient, list),
  });
}
