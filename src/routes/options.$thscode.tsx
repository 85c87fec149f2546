import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
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
  loader: ({ context, params, deps, cause }) =>
    loadOptionsView(context.queryClient, deps.search, params.thscode, { wait: cause !== 'stay' }),
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
