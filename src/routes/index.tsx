import { useCallback } from 'react';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MarketHome } from '../features/market-home/MarketHome';
import { loadHomeView } from '../features/market-home/loader';
import { HOME_SEARCH_DEFAULTS, homeSearchSchema, type HomePeriod } from '../features/market-home/url-state';

/**
 * The market home. Its only view state (the period of the ranking cards) is in the URL; the loader
 * starts every card's request without waiting, since each card has its own skeleton.
 */
export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  search: { middlewares: [stripSearchParams(HOME_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: ({ context, deps }) => loadHomeView(context.queryClient, deps.period),
  component: Home,
});

function Home() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onPeriod = useCallback(
    (period: HomePeriod) => void navigate({ search: (prev) => ({ ...prev, period }) }),
    [navigate],
  );
  return <MarketHome search={search} onPeriod={onPeriod} />;
}
