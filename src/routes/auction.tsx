import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AuctionView } from '../features/auction/AuctionView';
import { AuctionSkeleton } from '../features/auction/Skeletons';
import { loadAuctionView } from '../features/auction/loader';
import { AUCTION_SEARCH_DEFAULTS, auctionSearchSchema } from '../features/auction/url-state';
import { useSearchPatch } from '../lib/useSearchPatch';

/**
 * The opening call auction of chosen codes (live or final) and the day's short-term benchmark. The
 * whole view state is in the search parameters (validated with fallbacks, defaults left out of the URL);
 * codes are checked before any request, so a list the service would refuse is never sent.
 */
export const Route = createFileRoute('/auction')({
  validateSearch: auctionSearchSchema,
  search: { middlewares: [stripSearchParams(AUCTION_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, deps, cause }) =>
    loadAuctionView(context.queryClient, deps.search, { wait: cause !== 'stay' }),
  pendingComponent: AuctionSkeleton,
  component: AuctionRoute,
});

function AuctionRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useSearchPatch(navigate);
  return <AuctionView search={search} onSearch={onSearch} />;
}
