import type { QueryClient } from '@tanstack/react-query';
import { calendarQuery } from '../../api/live';
import { readUrlDate } from '../../lib/trading-days';
import { dayProblem } from './days';
import { serverToday } from '../../api/live';
import { dragonTigerListQuery, institutionQuery } from './queries';
import type { DragonTigerSearch } from './url-state';

export type DragonTigerDeps = Pick<DragonTigerSearch, 'date' | 'board' | 'code'>;

/**
 * What the first screen shows, fetched before the route renders: the list, and the open detail once
 * the list has named its day. Failures stay in the cache for the components, which show the service's
 * code and message where the data belongs (a non-trading day's 1002 included).
 *
 * `wait: false` (a change on the open page) only starts the requests, so the page keeps the previous
 * day on screen with a busy mark instead of the router's pending skeleton.
 */
export async function loadDragonTiger(
  queryClient: QueryClient,
  deps: DragonTigerDeps,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  // The picker needs the calendar; the shell asks for it too, so this is usually a cache hit.
  const [today, calendar] = await Promise.all([
    serverToday(queryClient),
    queryClient.ensureQueryData(calendarQuery()).catch(() => undefined),
  ]);
  // An impossible day, one the service refuses outright or one that does not trade is explained on
  // the page, never requested.
  const urlDate = readUrlDate(deps.date);
  if (dayProblem(urlDate, today, calendar?.item.map((d) => d.date) ?? []) !== null) return;
  const date = urlDate.kind === 'valid' ? urlDate.date : undefined;
  const list = queryClient.ensureQueryData(dragonTigerListQuery(deps.board, date));
  const detail = (async () => {
    if (deps.code === undefined) return;
    const tradeDate = date ?? (await list).trade_date;
    await queryClient.prefetchQuery(institutionQuery(deps.code, tradeDate));
  })();
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled([list, detail]);
  if (wait) await settled;
}
