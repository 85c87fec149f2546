import { createFileRoute } from '@tanstack/react-router';
import { watchlistIndexQuery } from '../api/watchlists';
import { WatchlistIndexView } from '../features/watchlists/WatchlistIndexView';

/** Every watchlist; the loader fetches the index so the page opens with it. */
export const Route = createFileRoute('/watchlists/')({
  // A failure is left in the cache: the page shows it with a retry instead of the route's error page.
  loader: ({ context }) => context.queryClient.prefetchQuery(watchlistIndexQuery()),
  component: WatchlistIndexView,
});
