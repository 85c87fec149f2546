import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { InstrumentElsewhere } from '../features/search/InstrumentElsewhere';
import { INSTRUMENT_PAGES } from '../lib/instrument-pages';
import { loadOnOwnPage } from '../features/search/redirect';
import { StockView } from '../features/stock/StockView';
import { StockSkeleton } from '../features/stock/Skeletons';
import { STOCK_SEARCH_DEFAULTS, stockSearchSchema } from '../features/stock/url-state';
import { loadStockView } from '../features/stock/loader';
import { useSearchPatch } from '../lib/useSearchPatch';
import { canonicalCode } from '../contract/params-terms';

const STOCK_PAGE = INSTRUMENT_PAGES['a-share'];

/**
 * The stock view. The whole view state is in the search parameters (validated with fallbacks, defaults
 * left out of the URL); the loader fetches what the first screen shows.
 */
export const Route = createFileRoute('/stock/$thscode')({
  validateSearch: stockSearchSchema,
  search: { middlewares: [stripSearchParams(STOCK_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  // A fund's, an index's or another instrument's code goes to its own page.
  loader: ({ context, params, deps, cause, preload }) =>
    loadOnOwnPage(
      context.queryClient,
      params.thscode,
      STOCK_PAGE,
      { preload },
      loadStockView(context.queryClient, params.thscode, deps.search, { wait: cause !== 'stay' }),
    ),
  pendingComponent: StockPending,
  component: StockRoute,
});

function StockPending() {
  const { thscode } = Route.useParams();
  const { ind } = Route.useSearch();
  return <StockSkeleton thscode={canonicalCode(thscode)} indicator={ind} />;
}

function StockRoute() {
  const { thscode } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <InstrumentElsewhere thscode={thscode} page={STOCK_PAGE}>
      <StockView
        thscode={thscode}
        search={search}
        onSearch={onSearch}
        searchBox={<InstrumentSearch variant="hero" />}
      />
    </InstrumentElsewhere>
  );
}
