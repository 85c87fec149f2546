import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { INSTRUMENT_PAGES } from '../lib/instrument-pages';
import { loadOnOwnPage } from '../features/search/redirect';
import { OptionsView } from '../features/options/OptionsView';
import { OptionsSkeleton } from '../features/options/Skeletons';
import { loadOptionsView } from '../features/options/loader';
import { OPTIONS_DEFAULTS, optionsSearchSchema } from '../features/options/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * One option contract on the options page: its chain (variety and expiry from the contract), daily
 * bars, intraday line (session in the search parameters), days to expiry and parity gap.
 */
export const Route = createFileRoute('/options/$thscode')({
  validateSearch: optionsSearchSchema,
  search: { middlewares: [stripSearchParams(OPTIONS_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  // A futures contract's or another instrument's code goes to its own page.
  loader: ({ context, params, deps, cause, preload }) =>
    loadOnOwnPage(
      context.queryClient,
      params.thscode,
      INSTRUMENT_PAGES.options,
      { preload },
      loadOptionsView(context.queryClient, deps.search, params.thscode, { wait: cause !== 'stay' }),
    ),
  pendingComponent: OptionsSkeleton,
  component: OptionContractRoute,
});

function OptionContractRoute() {
  const { thscode } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return (
    <OptionsView
      thscode={thscode}
      search={search}
      onSearch={onSearch}
      searchBox={<InstrumentSearch variant="hero" />}
    />
  );
}
