import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SearchBox } from '../features/search/SearchBox';
import { HotView } from '../features/hot/HotView';
import { HotSkeleton } from '../features/hot/Skeletons';
import { loadHotView } from '../features/hot/loader';
import { HOT_SEARCH_DEFAULTS, hotSearchSchema } from '../features/hot/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * Hot lists: the live ranking, a past day's top 30, the rank trend of up to five stocks and the
 * abnormal monitor. The whole view state is in the search parameters (validated with fallbacks,
 * defaults left out of the URL); the loader fetches what the open view shows.
 */
export const Route = createFileRoute('/hot')({
  validateSearch: hotSearchSchema,
  search: { middlewares: [stripSearchParams(HOT_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadHotView(context.queryClient, deps.search, { wait: cause !== 'stay' }),
  pendingComponent: HotSkeleton,
  component: HotRoute,
});

function HotRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <HotView
      search={search}
      onSearch={onSearch}
      // Choosing an A-share adds it to the trend instead of opening its page.
      stockPicker={(onPick) => (
        <SearchBox
          accepts={(record) => record.asset_type === 'a-share'}
          onOpen={(page) => onPick(page.thscode)}
        />
      )}
    />
  );
}
