import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { watchlistQuery } from '../api/watchlists';
import type { SortingState } from '../components/DataTable';
import { WatchlistSkeleton, WatchlistView } from '../features/watchlists/WatchlistView';
import { listSearchSchema, parseListId, sortParam, sortingOf } from '../features/watchlists/url-state';

/** One watchlist. The column sort is in the URL; a malformed id never reaches the server. */
export const Route = createFileRoute('/watchlists/$id')({
  validateSearch: listSearchSchema,
  loader: ({ context, params }) => {
    const id = parseListId(params.id);
    // A missing list (404) is the page's to explain, not the router's error page.
    if (id !== null) return context.queryClient.prefetchQuery(watchlistQuery(id));
  },
  pendingComponent: WatchlistSkeleton,
  component: WatchlistRoute,
});

function WatchlistRoute() {
  const { id } = Route.useParams();
  const { sort, panel } = Route.useSearch();
  const navigate = Route.useNavigate();
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  // Sorting replaces the history entry: Back leaves the list instead of stepping through sorts.
  const onSortingChange = useCallback(
    (next: SortingState) =>
      void navigate({ search: (prev) => ({ ...prev, sort: sortParam(next) }), replace: true }),
    [navigate],
  );
  const onPanelChange = useCallback(
    (next: 'history' | undefined) => void navigate({ search: (prev) => ({ ...prev, panel: next }) }),
    [navigate],
  );
  return (
    <WatchlistView
      rawId={id}
      sorting={sorting}
      onSortingChange={onSortingChange}
      panel={panel}
      onPanelChange={onPanelChange}
    />
  );
}
