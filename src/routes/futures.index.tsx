import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FuturesListView } from '../features/futures/FuturesListView';
import { FuturesListSkeleton } from '../features/futures/Skeletons';
import { loadFuturesListView } from '../features/futures/loader';
import { FUTURES_LIST_DEFAULTS, futuresListSchema } from '../features/futures/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * Futures: the latest basis of every main-continuous contract and the varieties by exchange and plate.
 * The filter, the exchange and the table's sorting are in the search parameters (defaults left out).
 */
export const Route = createFileRoute('/futures/')({
  validateSearch: futuresListSchema,
  search: { middlewares: [stripSearchParams(FUTURES_LIST_DEFAULTS)] },
  loader: ({ context, cause }) => loadFuturesListView(context.queryClient, { wait: cause !== 'stay' }),
  pendingComponent: FuturesListSkeleton,
  component: FuturesListRoute,
});

function FuturesListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <FuturesListView search={search} onSearch={onSearch} />;
}
