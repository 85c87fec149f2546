import { prefetchIntraday } from '../../components/intraday/url-state';
import type { QueryClient } from '@tanstack/react-query';
import {
  constituentsQuery,
  indexBarsQuery,
  indexListQuery,
  indexSnapshotQueries,
  indexSnapshotQuery,
  MAIN_INDICES,
} from '../../api/indices';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { serverToday } from '../../api/live';
import { valuationChunks, valuationQuery } from '../../api/valuations';
import { wholeMarketQuery } from '../../api/market';
import { INDEX_CODE_RE } from '../../contract/params';
import { indexWindow } from './dates';
import type { IndexSearch, SectorsSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';

/** Up to this many constituents the valuations load at once (six calls); beyond, on request. */
export const VALUATION_AUTO_MAX = 600;

/**
 * What the first screen of the sector pages shows, started from the URL alone. `wait: false` (a change
 * on the open page) only starts the requests, so the page keeps its data on screen while they run.
 */

export async function loadSectorsView(
  queryClient: QueryClient,
  search: Pick<SectorsSearch, 'tag'>,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  void queryClient.prefetchQuery(indexSnapshotQuery(MAIN_INDICES.map((i) => i.thscode)));
  const work = (async () => {
    const list = await queryClient.ensureQueryData(indexListQuery(search.tag));
    await Promise.all(
      indexSnapshotQueries(list.item.map((i) => i.thscode)).map((q) => queryClient.ensureQueryData(q)),
    );
  })();
  // Settled either way: the page shows a failure where the data belongs.
  const settled = work.catch(() => undefined);
  if (wait) await settled;
}

export async function loadIndexView(
  queryClient: QueryClient,
  rawCode: string,
  search: Pick<IndexSearch, 'range' | 'chart' | 'days'>,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const thscode = canonicalCode(rawCode);
  // A malformed code never reaches the service.
  if (!INDEX_CODE_RE.test(thscode)) return;
  // The minute tape (the server's own, no upstream call) with the first requests when it will be shown.
  void prefetchIntraday(queryClient, thscode, search);
  // The members' valuations as soon as the members are known, not after the table has rendered (a
  // round of its own behind the render).
  void queryClient
    .ensureQueryData(constituentsQuery(thscode))
    .then((members) => {
      const codes = members.item.map((m) => m.thscode);
      if (codes.length === 0 || codes.length > VALUATION_AUTO_MAX) return;
      for (const chunk of valuationChunks(codes)) void queryClient.prefetchQuery(valuationQuery(chunk));
    })
    .catch(() => undefined);
  void queryClient.prefetchQuery(wholeMarketQuery());
  void queryClient.prefetchQuery(indexSnapshotQuery([thscode]));
  const work = (async () => {
    const [lookup, today] = await Promise.all([
      queryClient.ensureQueryData(instrumentQuery(thscode)).catch(() => undefined),
      serverToday(queryClient),
    ]);
    if (!findInstrument(lookup, thscode)) return;
    const { start, end } = indexWindow(today, search.range);
    await queryClient.ensureQueryData(indexBarsQuery(thscode, start, end));
  })();
  const settled = work.catch(() => undefined);
  if (wait) await settled;
}
