import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DragonTigerSkeleton, DragonTigerView } from '../features/dragon-tiger/DragonTigerView';
import { loadDragonTiger } from '../features/dragon-tiger/loader';
import { DRAGON_TIGER_SEARCH_DEFAULTS, dragonTigerSearchSchema } from '../features/dragon-tiger/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * The dragon-tiger list. The whole view state is in the search parameters (validated with fallbacks,
 * defaults left out of the URL); the loader fetches the list and the open detail.
 */
export const Route = createFileRoute('/dragon-tiger')({
  validateSearch: dragonTigerSearchSchema,
  search: { middlewares: [stripSearchParams(DRAGON_TIGER_SEARCH_DEFAULTS)] },
  // Sorting is the table's business: it never asks the service again.
  loaderDeps: ({ search }) => ({ date: search.date, board: search.board, code: search.code }),
  loader: ({ context, deps, cause }) =>
    loadDragonTiger(context.queryClient, deps, { wait: cause !== 'stay' }),
  pendingComponent: DragonTigerSkeleton,
  component: DragonTigerRoute,
});

function DragonTigerRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <DragonTigerView search={search} onSearch={onSearch} />;
}
