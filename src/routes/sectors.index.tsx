import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SectorsSkeleton, SectorsView } from '../features/sectors/SectorsView';
import { loadSectorsView } from '../features/sectors/loader';
import { SECTORS_SEARCH_DEFAULTS, sectorsSearchSchema } from '../features/sectors/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * The sector groups: heat map and ranking of the chosen group, and the main indices. The whole view state
 * is in the search parameters; sorting is the table's business and never asks the service again.
 */
export const Route = createFileRoute('/sectors/')({
  validateSearch: sectorsSearchSchema,
  search: { middlewares: [stripSearchParams(SECTORS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps, cause }) =>
    loadSectorsView(context.queryClient, deps, { wait: cause !== 'stay' }),
  pendingComponent: SectorsSkeleton,
  component: SectorsRoute,
});

function SectorsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <SectorsView search={search} onSearch={onSearch} />;
}
