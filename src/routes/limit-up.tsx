import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LimitUpSkeleton, LimitUpView } from '../features/limit-up/LimitUpView';
import { loadLimitUpView } from '../features/limit-up/loader';
import { LIMIT_UP_SEARCH_DEFAULTS, limitUpSearchSchema } from '../features/limit-up/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * The limit-up review. The whole view state is in the search parameters (validated with fallbacks,
 * defaults left out of the URL); sorting and filtering are the table's business and never ask the
 * service again.
 */
export const Route = createFileRoute('/limit-up')({
  validateSearch: limitUpSearchSchema,
  search: { middlewares: [stripSearchParams(LIMIT_UP_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ date: search.date, pool: search.pool, tag: search.tag }),
  loader: ({ context, deps, cause }) =>
    loadLimitUpView(context.queryClient, deps, { wait: cause !== 'stay' }),
  pendingComponent: LimitUpSkeleton,
  component: LimitUpRoute,
});

function LimitUpRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <LimitUpView search={search} onSearch={onSearch} />;
}
