import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { HkIpoView } from '../features/hk-ipo/HkIpoView';
import { HkIpoSkeleton } from '../features/hk-ipo/Skeletons';
import { loadHkIpoView } from '../features/hk-ipo/loader';
import { HK_IPO_SEARCH_DEFAULTS, hkIpoSearchSchema } from '../features/hk-ipo/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * The Hong Kong IPO calendar: list or month grid, status and name filters, the open issue and the page
 * of applications, all in the search parameters (validated with fallbacks, defaults left out).
 */
export const Route = createFileRoute('/hk-ipo')({
  validateSearch: hkIpoSearchSchema,
  search: { middlewares: [stripSearchParams(HK_IPO_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadHkIpoView(context.queryClient, deps.search, { wait: cause !== 'stay' }),
  pendingComponent: HkIpoSkeleton,
  component: HkIpoRoute,
});

function HkIpoRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <HkIpoView search={search} onSearch={onSearch} />;
}
