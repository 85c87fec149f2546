import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { INSTRUMENT_PAGES } from '../lib/instrument-pages';
import { loadOnOwnPage } from '../features/search/redirect';
import { FundView } from '../features/fund/FundView';
import { FundSkeleton } from '../features/fund/Skeletons';
import { FUND_SEARCH_DEFAULTS, fundSearchSchema } from '../features/fund/url-state';
import { loadFundView } from '../features/fund/loader';
import { useSearchPatch } from '../lib/useSearchPatch';
import { canonicalCode } from '../contract/params-terms';

/**
 * The fund profile. The whole view state is in the search parameters (validated with fallbacks,
 * defaults left out of the URL); the loader fetches what the first screen shows.
 */
export const Route = createFileRoute('/fund/$thscode')({
  validateSearch: fundSearchSchema,
  search: { middlewares: [stripSearchParams(FUND_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  // A stock's, a futures contract's or another instrument's code goes to its own page.
  loader: ({ context, params, deps, cause, preload }) =>
    loadOnOwnPage(
      context.queryClient,
      params.thscode,
      INSTRUMENT_PAGES['fund-etf'],
      { preload },
      loadFundView(context.queryClient, params.thscode, deps.search, { wait: cause !== 'stay' }),
    ),
  pendingComponent: FundPending,
  component: FundRoute,
});

function FundPending() {
  const { thscode } = Route.useParams();
  return <FundSkeleton thscode={canonicalCode(thscode)} />;
}

function FundRoute() {
  const { thscode } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <FundView
      thscode={thscode}
      search={search}
      onSearch={onSearch}
      searchBox={<InstrumentSearch variant="hero" />}
    />
  );
}
