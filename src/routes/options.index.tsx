import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { OptionsView } from '../features/options/OptionsView';
import { OptionsSkeleton } from '../features/options/Skeletons';
import { loadOptionsView } from '../features/options/loader';
import { OPTIONS_DEFAULTS, optionsSearchSchema } from '../features/options/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/** Options: every variety and the chain of one (variety and expiry in the search parameters). */
export const Route = createFileRoute('/options/')({
  validateSearch: optionsSearchSchema,
  search: { middlewares: [stripSearchParams(OPTIONS_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadOptionsView(context.queryClient, deps.search, undefined, { wait: cause !== 'stay' }),
  pendingComponent: OptionsSkeleton,
  component: OptionsRoute,
});

function OptionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <OptionsView search={search} onSearch={onSearch} searchBox={<InstrumentSearch variant="hero" />} />;
}
