import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { NewsView } from '../features/news/NewsView';
import { NewsSkeleton } from '../features/news/Skeletons';
import { loadNewsView } from '../features/news/loader';
import { NEWS_SEARCH_DEFAULTS, newsSearchSchema } from '../features/news/url-state';

/** The news flash of one column (in the search parameters, the full feed by default). */
export const Route = createFileRoute('/news/')({
  validateSearch: newsSearchSchema,
  search: { middlewares: [stripSearchParams(NEWS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadNewsView(context.queryClient, deps.search, { wait: cause !== 'stay' }),
  pendingComponent: NewsSkeleton,
  component: NewsRoute,
});

function NewsRoute() {
  const search = Route.useSearch();
  return <NewsView search={search} />;
}
