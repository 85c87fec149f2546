import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { INSTRUMENT_PAGES } from '../lib/instrument-pages';
import { loadOnOwnPage } from '../features/search/redirect';
import { FuturesContractView } from '../features/futures/FuturesContractView';
import { FuturesContractSkeleton } from '../features/futures/Skeletons';
import { loadFuturesContractView } from '../features/futures/loader';
import { FUTURES_CONTRACT_DEFAULTS, futuresContractSchema } from '../features/futures/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';
import { canonicalCode } from '../contract/params-terms';

/**
 * One futures contract or main-continuous series: facts, the basis history (close or settlement basis
 * and the spot indicator in the search parameters) and the variety's term structure.
 */
export const Route = createFileRoute('/futures/$thscode')({
  validateSearch: futuresContractSchema,
  search: { middlewares: [stripSearchParams(FUTURES_CONTRACT_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  // A fund's, an option's or another instrument's code goes to its own page.
  loader: ({ context, params, deps, cause, preload }) =>
    loadOnOwnPage(
      context.queryClient,
      params.thscode,
      INSTRUMENT_PAGES.futures,
      { preload },
      loadFuturesContractView(context.queryClient, params.thscode, deps.search, { wait: cause !== 'stay' }),
    ),
  pendingComponent: FuturesContractPending,
  component: FuturesContractRoute,
});

function FuturesContractPending() {
  const { thscode } = Route.useParams();
  return <FuturesContractSkeleton thscode={canonicalCode(thscode)} />;
}

function FuturesContractRoute() {
  const { thscode } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <FuturesContractView
      thscode={thscode}
      search={search}
      onSearch={onSearch}
      searchBox={<InstrumentSearch variant="hero" />}
    />
  );
}
