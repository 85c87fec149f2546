import { useState } from 'react';
import {
  isWatchlistApiError,
  watchlistClient,
  type WatchlistClient,
  type WatchlistSummary,
} from '../../api/watchlists';
import { useDeleteWatchlist } from './api/delete-watchlist';
import { useWatchlistText } from './messages';

/**
 * Deleting a list, asked for against the version the reader saw. When the list changed meanwhile (a
 * 409), it is NOT deleted: the reader is shown its new size and asked again, so nobody deletes items a
 * colleague has just added without seeing them.
 */

export interface DeleteState {
  /** The list waiting for confirmation, at the version the confirmation is for. */
  target: WatchlistSummary | null;
  /** Replaces the question after a conflict. */
  message: string | undefined;
  error: string | null;
  busy: boolean;
}

export function useDeleteList(
  onDeleted: (list: WatchlistSummary) => void,
  client: WatchlistClient = watchlistClient,
) {
  const { t } = useWatchlistText();
  const { mutateAsync } = useDeleteWatchlist({ client });
  const [state, setState] = useState<DeleteState>({
    target: null,
    message: undefined,
    error: null,
    busy: false,
  });

  const ask = (list: WatchlistSummary) =>
    setState({ target: list, message: undefined, error: null, busy: false });
  const cancel = () => setState({ target: null, message: undefined, error: null, busy: false });

  async function confirm() {
    const list = state.target;
    if (list === null) return;
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      await mutateAsync({ id: list.id, version: list.version });
    } catch (error) {
      if (isWatchlistApiError(error) && error.conflict && error.current) {
        const current = error.current;
        setState({
          target: current,
          message: t('delete.changed', { name: current.name, count: current.items.length }),
          error: null,
          busy: false,
        });
        return;
      }
      setState((s) => ({
        ...s,
        busy: false,
        error: error instanceof Error ? error.message : String(error),
      }));
      return;
    }
    cancel();
    onDeleted(list);
  }

  return { state, ask, cancel, confirm };
}
