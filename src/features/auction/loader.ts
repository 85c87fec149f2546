import type { QueryClient } from '@tanstack/react-query';
import { requestCodes, checkCodes } from './codes';
import { benchmarkQuery, snapshotQuery } from './queries';
import { searchTokens, type AuctionSearch } from './url-state';

/** What the first screen shows, fetched before the route renders (never a list the service would refuse). */
export async function loadAuctionView(
  queryClient: QueryClient,
  search: AuctionSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const work: Promise<unknown>[] = [queryClient.ensureQueryData(benchmarkQuery(search.date))];
  const codes = requestCodes(checkCodes(searchTokens(search)));
  if (codes !== null) work.push(queryClient.ensureQueryData(snapshotQuery(codes, search.stage)));
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(work);
  if (wait) await settled;
}
