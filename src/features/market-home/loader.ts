import type { QueryClient } from '@tanstack/react-query';
import {
  indexBarsQuery,
  indexListQuery,
  indexSnapshotQueries,
  indexSnapshotQuery,
  MAIN_INDICES,
} from '../../api/indices';
import { breakPoolQuery, downPoolQuery, ladderQuery, upPoolQuery } from '../../api/limit-pools';
import { latestTradingDayOf, serverToday } from '../../api/live';
import { wholeMarketQuery } from '../../api/market';
import { rankingQuery } from '../../api/rankings';
import { shanghaiMidnight } from '../../contract/time';
import {
  currentMonitorQuery,
  HOME_SECTOR_TAGS,
  HOT_PAGE_LIMIT,
  latestDragonTigerQuery,
  sparkWindow,
} from './queries';
import type { HomePeriod } from './url-state';

/** Starts every card's request; the page does not wait (each card has its own skeleton). */
export function loadHomeView(queryClient: QueryClient, period: HomePeriod): void {
  void queryClient.prefetchQuery(rankingQuery('hot', period, HOT_PAGE_LIMIT));
  void queryClient.prefetchQuery(rankingQuery('skyrocket', period, HOT_PAGE_LIMIT));
  void queryClient.prefetchQuery(latestDragonTigerQuery());
  void queryClient.prefetchQuery(currentMonitorQuery());
  void queryClient.prefetchQuery(indexSnapshotQuery(MAIN_INDICES.map((i) => i.thscode)));
  // The breadth: one whole-market snapshot, never one call per stock.
  void queryClient.prefetchQuery(wholeMarketQuery());
  void queryClient.prefetchQuery(ladderQuery());
  void (async () => {
    const today = await serverToday(queryClient);
    const { start, end } = sparkWindow(today);
    for (const { thscode } of MAIN_INDICES)
      void queryClient.prefetchQuery(indexBarsQuery(thscode, start, end));
  })();
  void (async () => {
    const day = shanghaiMidnight(await latestTradingDayOf(queryClient));
    void queryClient.prefetchQuery(upPoolQuery(day));
    void queryClient.prefetchQuery(breakPoolQuery(day));
    void queryClient.prefetchQuery(downPoolQuery(day));
  })();
  void (async () => {
    const lists = await Promise.all(
      HOME_SECTOR_TAGS.map((tag) => queryClient.ensureQueryData(indexListQuery(tag)).catch(() => undefined)),
    );
    const codes = lists.flatMap((list) => list?.item.map((i) => i.thscode) ?? []);
    for (const query of indexSnapshotQueries(codes)) void queryClient.prefetchQuery(query);
  })();
}
