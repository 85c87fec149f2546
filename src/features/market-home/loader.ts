import type { QueryClient } from '@tanstack/react-query';
import { rankingQuery } from '../../api/rankings';
import { currentMonitorQuery, HOT_PAGE_LIMIT, latestDragonTigerQuery } from './queries';
import type { HomePeriod } from './url-state';

/** Starts every card's request; the page does not wait (each card has its own skeleton). */
export function loadHomeView(queryClient: QueryClient, period: HomePeriod): void {
  void queryClient.prefetchQuery(rankingQuery('hot', period, HOT_PAGE_LIMIT));
  void queryClient.prefetchQuery(rankingQuery('skyrocket', period, HOT_PAGE_LIMIT));
  void queryClient.prefetchQuery(latestDragonTigerQuery());
  void queryClient.prefetchQuery(currentMonitorQuery());
}
