import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { INSTRUMENT_PAGES } from '../lib/instrument-pages';
import { loadOnOwnPage } from '../features/search/redirect';
import { IndexSkeleton, IndexView } from '../features/sectors/IndexView';
import { loadIndexView } from '../features/sectors/loader';
import { INDEX_SEARCH_DEFAULTS, indexSearchSchema, isThsIndex } from '../features/sectors/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';
import { canonicalCode } from '../contract/params-terms';

/**
 * A THS sector index (`.TI`): candles and constituents. An exchange index has its page under `/index`
 * (the same view): a sector link to one is sent there, so every index has exactly one address.
 */
export const Route = createFileRoute('/sectors/$thscode')({
  validateSearch: indexSearchSchema,
  search: { middlewares: [stripSearchParams(INDEX_SEARCH_DEFAULTS)] },
  beforeLoad: ({ params, search }) => {
    const thscode = canonicalCode(params.thscode);
    if (/\.(SH|SZ)$/.test(thscode) && !isThsIndex(thscode)) {
      throw redirect({ to: '/index/$thscode', params: { thscode }, search, replace: true });
    }
  },
  loaderDeps: ({ search }) => ({ range: search.range, chart: search.chart, days: search.days }),
  // A stock's, a fund's or another instrument's code goes to its own page (an index stays: the same view).
  loader: ({ context, params, deps, cause, preload }) =>
    loadOnOwnPage(
      context.queryClient,
      params.thscode,
      INSTRUMENT_PAGES['a-share-index'],
      { preload },
      loadIndexView(context.queryClient, params.thscode, deps, { wait: cause !== 'stay' }),
    ),
  pendingComponent: IndexPending,
  component: SectorRoute,
});

function IndexPending() {
  const { thscode } = Route.useParams();
  return <IndexSkeleton thscode={canonicalCode(thscode)} />;
}

function SectorRoute() {
  const { thscode } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <IndexView thscode={thscode} search={search} onSearch={onSearch} />;
}
