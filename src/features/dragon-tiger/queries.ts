import { operationQuery } from '../../api/query';
import type { DragonTigerBoard } from '../../lib/dragon-tiger';

/**
 * One `queryOptions` factory per use of an operation on the dragon-tiger page. The loader and the
 * components build the same options from the same inputs, so the loader's prefetch is what they read.
 */

/**
 * The board always goes with the request (also `all`, the service's default), so that every page asking
 * for the same list — the market home does too — shares one cache entry.
 */
export function dragonTigerListQuery(board: DragonTigerBoard, date: string | undefined) {
  return operationQuery(
    'a-share/special-data/dragon-tiger-list',
    date === undefined ? { board_type: board } : { board_type: board, date },
    // The previous day or board stays on screen, marked busy, while the next one loads.
    { keepPrevious: true },
  );
}

/** Both listing ranges (1-day and 3-day) of one stock on one day: `range_days` is left out on purpose. */
export function institutionQuery(thscode: string, date: string) {
  return operationQuery('a-share/special-data/dragon-tiger-stock-institution', { thscode, date });
}
