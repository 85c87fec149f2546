import type { QueryClient } from '@tanstack/react-query';
import { serverOffsetMs, useServerClock } from '../../api/live';
import { modeQuery, operationQuery } from '../../api/query';
import { shanghaiDate } from '../../contract/time';
import type { DragonTigerBoard } from '../../lib/dragon-tiger';

/**
 * One `queryOptions` factory per use of an operation on the dragon-tiger page. The loader and the
 * components build the same options from the same inputs, so the loader's prefetch is what they read.
 */

/** A closed day's list never changes; five minutes only bounds how long a late correction waits. */
const DAILY_STALE_MS = 5 * 60_000;

/**
 * The board always goes with the request (also `all`, the service's default), so that every page asking
 * for the same list — the market home does too — shares one cache entry.
 */
export function dragonTigerListQuery(board: DragonTigerBoard, date: string | undefined) {
  return operationQuery(
    'a-share/special-data/dragon-tiger-list',
    date === undefined ? { board_type: board } : { board_type: board, date },
    // The previous day or board stays on screen, marked busy, while the next one loads.
    { staleTime: DAILY_STALE_MS, keepPrevious: true },
  );
}

/** Both listing ranges (1-day and 3-day) of one stock on one day: `range_days` is left out on purpose. */
export function institutionQuery(thscode: string, date: string) {
  return operationQuery(
    'a-share/special-data/dragon-tiger-stock-institution',
    { thscode, date },
    { staleTime: DAILY_STALE_MS },
  );
}

/** The server's Shanghai day for the loader: the mode answer carries the server clock. */
export async function serverToday(queryClient: QueryClient): Promise<string> {
  const options = modeQuery();
  const mode = await queryClient.ensureQueryData(options);
  const receivedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
  return shanghaiDate(Date.now() + serverOffsetMs(mode.now, receivedAt));
}

/** The server's Shanghai day in a component, or null until the server clock is known. */
export function useServerToday(): string | null {
  const { now, known } = useServerClock();
  return known ? shanghaiDate(now()) : null;
}
