import type { QueryClient } from '@tanstack/react-query';
import { contractListingQuery, instrumentQuery } from '../../api/instruments';
import { serverToday } from '../../api/live';
import {
  FUTURES_CODE_RE,
  futuresContractSearches,
  futuresVarietyOf,
  isDatedContractOf,
} from '../../contract/operations/futures';
import {
  basisHistoryQuery,
  commodityIndexQuery,
  latestBasisQuery,
  mainContinuousQuery,
  mainListQuery,
  platesQuery,
  secondaryMainQuery,
  varietiesQuery,
  type Variety,
} from './queries';
import type { FuturesContractSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';

/**
 * What the futures pages fetch before they render, from the URL alone, in parallel. Failures stay in the
 * cache for the components, which show the service's code and a retry (or, for the lists planned for a
 * later release, that they are not offered yet) where the data belongs.
 *
 * `wait: false` (a change of view state on the open page) only starts the requests, so the page stays
 * interactive and keeps the previous data on screen.
 */

export function isFuturesCode(code: string): boolean {
  return FUTURES_CODE_RE.test(code) && futuresVarietyOf(code) !== null;
}

async function settle(work: readonly Promise<unknown>[], wait: boolean): Promise<void> {
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(work);
  if (wait) await settled;
}

export async function loadFuturesListView(
  queryClient: QueryClient,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  await settle(
    [
      queryClient.ensureQueryData(varietiesQuery()),
      queryClient.ensureQueryData(latestBasisQuery()),
      queryClient.ensureQueryData(platesQuery()),
      queryClient.ensureQueryData(mainContinuousQuery()),
      queryClient.ensureQueryData(commodityIndexQuery()),
    ],
    wait,
  );
}

/** The variety record of a futures code, from the variety list. */
export function varietyOfCode(
  varieties: readonly Variety[] | undefined,
  thscode: string,
): Variety | undefined {
  const code = futuresVarietyOf(thscode);
  return code === null ? undefined : varieties?.find((v) => v.variety_code?.toUpperCase() === code);
}

/**
 * The term structure's requests: the searches that list the variety's months, then each month's basis
 * history. Started by the loader without holding the first screen; the component reads the same keys.
 */
async function prefetchTerms(queryClient: QueryClient, thscode: string): Promise<void> {
  const variety = futuresVarietyOf(thscode);
  if (variety === null) return;
  const [today, varieties] = await Promise.all([
    serverToday(queryClient),
    queryClient.ensureQueryData(varietiesQuery()),
  ]);
  const exchange = varietyOfCode(varieties.item, thscode)?.exchange_code ?? null;
  const searches = await Promise.all(
    futuresContractSearches(variety, exchange, today).map((s) =>
      queryClient.ensureQueryData(contractListingQuery(s)),
    ),
  );
  for (const row of searches.flatMap((answer) => answer.item)) {
    if (isDatedContractOf(row.thscode, variety))
      void queryClient.prefetchQuery(basisHistoryQuery(row.thscode, undefined));
  }
}

export async function loadFuturesContractView(
  queryClient: QueryClient,
  rawCode: string,
  search: FuturesContractSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const thscode = canonicalCode(rawCode);
  if (!isFuturesCode(thscode)) return;
  const first = settle(
    [
      queryClient.ensureQueryData(instrumentQuery(thscode)),
      queryClient.ensureQueryData(varietiesQuery()),
      queryClient.ensureQueryData(latestBasisQuery()),
      queryClient.ensureQueryData(mainListQuery()),
      queryClient.ensureQueryData(secondaryMainQuery()),
      queryClient.ensureQueryData(basisHistoryQuery(thscode, search.spot)),
    ],
    true,
  );
  // The term structure's dozen requests start once the first screen's are answered, so they do not
  // queue ahead of them in the server's budget; nothing waits for them, and they may fail.
  void first.then(() => prefetchTerms(queryClient, thscode)).catch(() => undefined);
  if (wait) await first;
}
