import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  runEdit,
  watchlistClient,
  watchlistKeys,
  watchlistQuery,
  type EditOutcome,
  type Watchlist,
  type WatchlistClient,
  type WatchlistEdit,
} from '../../../api/watchlists';
import { storeCommitted, type MutationConfig } from './mutation-config';

/**
 * Editing a list through TanStack Query: the edit (an intent, `WatchlistEdit`) is planned on a version
 * of the list and sent by `runEdit`, which re-plans it once on the newer list a 409 carries; the list
 * as committed goes into the query cache and the index is read again.
 */

export interface EditWatchlistInput {
  id: number;
  edit: WatchlistEdit;
  /** The list to plan on; without it, the newest the page knows when the edit's turn comes. */
  base?: Watchlist;
}

/** The newest list known: the cache (which holds the answers of the edits before), else the server. */
async function newestList(queryClient: QueryClient, id: number, client: WatchlistClient): Promise<Watchlist> {
  return (
    queryClient.getQueryData(watchlistKeys.detail(id)) ??
    (await queryClient.fetchQuery(watchlistQuery(id, client)))
  );
}

export async function editWatchlist(
  { id, edit, base }: EditWatchlistInput,
  queryClient: QueryClient,
  client: WatchlistClient = watchlistClient,
): Promise<EditOutcome> {
  return runEdit(client, base ?? (await newestList(queryClient, id, client)), edit);
}

/** The list an edit ended with goes into the cache (or is read again); the index is read again. */
export async function storeOutcome(
  queryClient: QueryClient,
  id: number,
  outcome: EditOutcome,
): Promise<void> {
  const key = watchlistKeys.detail(id);
  // A reload started before this write must not put the older list back.
  await queryClient.cancelQueries({ queryKey: key });
  if (outcome.list) storeCommitted(queryClient, outcome.list);
  else {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: watchlistKeys.index() });
  }
}

/**
 * `serialFor`: edits of this list run one after the other, each planned on the list the one before
 * left (quick keystrokes never conflict with each other).
 */
export function useEditWatchlist({
  serialFor,
  client = watchlistClient,
  mutationConfig,
}: {
  serialFor?: number;
  client?: WatchlistClient;
  mutationConfig?: MutationConfig<EditOutcome, EditWatchlistInput>;
} = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      const [outcome, { id }] = args;
      await storeOutcome(queryClient, id, outcome);
      await onSuccess?.(...args);
    },
    onError: async (...args) => {
      const [, { id }] = args;
      void queryClient.invalidateQueries({ queryKey: watchlistKeys.detail(id) });
      await onError?.(...args);
    },
    ...restConfig,
    mutationKey: [...watchlistKeys.all, 'edit'],
    ...(serialFor === undefined ? {} : { scope: { id: `watchlist-edit-${serialFor}` } }),
    mutationFn: (input: EditWatchlistInput) => editWatchlist(input, queryClient, client),
  });
}
