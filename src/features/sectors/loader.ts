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
import { wholeMarketQuery } from '../../api/market';
import { INDEX_CODE_RE } from '../../contract/params';
import { indexWindow } from './dates';
import { normaliseIndexCode } from './url-state';
import type { IndexSearch, SectorsSearch } from './url-state';

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
  const thscode = normaliseIndexCode(rawCode);
  // A malformed code never reaches the service.
  if (!INDEX_CODE_RE.test(thscode)) return;
  // The minute tape (the server's own, no upstream call) with the first requests when it will be shown.
  void prefetchIntraday(queryClient, thscode, search);
  void queryClient.prefetchQuery(constituentsQuery(thscode));
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
