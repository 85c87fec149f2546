import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SearchBox } from '../features/search/SearchBox';
import { CompareView } from '../features/fund/CompareView';
import { FundSkeleton } from '../features/fund/Skeletons';
import { loadFundCompare } from '../features/fund/loader';
import { COMPARE_SEARCH_DEFAULTS, compareSearchSchema } from '../features/fund/url-state';
import { isFundAssetType } from '../contract/operations/fund-common';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * Up to five funds side by side. The funds and the range are in the search parameters, so the link
 * reopens the same comparison; the loader fetches each fund's net values.
 */
export const Route = createFileRoute('/fund/compare')({
  validateSearch: compareSearchSchema,
  search: { middlewares: [stripSearchParams(COMPARE_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadFundCompare(context.queryClient, deps.search, { wait: cause !== 'stay' }),
  pendingComponent: () => <FundSkeleton thscode="" />,
  component: CompareRoute,
});

function CompareRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <CompareView
      search={search}
      onSearch={onSearch}
      // Choosing a fund adds it to the comparison instead of opening its page.
      fundPicker={(onPick) => (
        <SearchBox
          accepts={(record) => isFundAssetType(record.asset_type)}
          onOpen={(page) => onPick(page.thscode)}
        />
      )}
    />
  );
}
