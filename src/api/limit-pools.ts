import { queryOptions } from '@tanstack/react-query';
import type { DataOf } from '../contract/catalog';
import type { ApiError } from '../contract/envelope';
import { poolParams, type Pool } from '../contract/first-screens-terms';
import { fetchOperation } from './client';
import { freshnessOf, operationKey, operationQuery } from './query';

/**
 * The limit-up, limit-down and limit-break pools and the consecutive-board ladder, as the limit-up review
 * and the market home's summary ask for them (same parameters, same cache entries). A pool is read whole:
 * pages of the service's largest size until the last one.
 */

export { POOLS, type Pool } from '../contract/first-screens-terms';

export const POOL_OPERATIONS = {
  up: 'a-share/special-data/limit-up-pool',
  down: 'a-share/special-data/limit-down-pool',
  break: 'a-share/special-data/limit-break-pool',
} as const;

export type UpRow = DataOf<'a-share/special-data/limit-up-pool'>['item'][number];
export type DownRow = DataOf<'a-share/special-data/limit-down-pool'>['item'][number];
export type BreakRow = DataOf<'a-share/special-data/limit-break-pool'>['item'][number];
export type LadderData = DataOf<'a-share/special-data/limit-up-ladder'>;
export type LadderDay = LadderData['item'][number];
export type LadderEntry = LadderDay['boards']['two_board'][number];

export interface PoolRows<R> {
  /** Data readiness time of the first page. */
  timestamp: number;
  total: number;
  rows: R[];
}

type PoolOperation = (typeof POOL_OPERATIONS)[Pool];

/** What every pool call takes here: a day (or none: today) and a page of the largest size. */
interface PageParams {
  date_ms?: number;
  size: number;
  page?: number;
}

interface PoolPage<R> {
  timestamp: number;
  pagination: { total: number; pages: number };
  item: R[];
}

/** A whole pool: the first page, then the others one after another (a pool rarely needs a second). */
function wholePoolQuery<R>(
  id: PoolOperation,
  dateMs: number | undefined,
  fetchPage: (params: PageParams, signal: AbortSignal) => Promise<PoolPage<R>>,
) {
  // `date_ms` when a day is chosen; omitted means the server's natural day (today).
  const params: PageParams = poolParams(dateMs);
  return queryOptions<PoolRows<R>, ApiError>({
    // The operation's own key plus a suffix: invalidating the operation covers it.
    queryKey: [...operationKey(id, params), 'all-pages'],
    queryFn: async ({ signal }) => {
      const first = await fetchPage(params, signal);
      const rows = [...first.item];
      for (let page = 2; page <= first.pagination.pages; page++) {
        rows.push(...(await fetchPage({ ...params, page }, signal)).item);
      }
      return { timestamp: first.timestamp, total: first.pagination.total, rows };
    },
    staleTime: freshnessOf(id),
  });
}

export function upPoolQuery(dateMs: number | undefined) {
  return wholePoolQuery(POOL_OPERATIONS.up, dateMs, (params, signal) =>
    fetchOperation(POOL_OPERATIONS.up, params, { signal }),
  );
}

export function downPoolQuery(dateMs: number | undefined) {
  return wholePoolQuery(POOL_OPERATIONS.down, dateMs, (params, signal) =>
    fetchOperation(POOL_OPERATIONS.down, params, { signal }),
  );
}

export function breakPoolQuery(dateMs: number | undefined) {
  return wholePoolQuery(POOL_OPERATIONS.break, dateMs, (params, signal) =>
    fetchOperation(POOL_OPERATIONS.break, params, { signal }),
  );
}

/** Only the size of a pool on a day (one row asked for): the day-by-day sentiment figures. */
export function upCountQuery(dateMs: number) {
  return operationQuery(POOL_OPERATIONS.up, { date_ms: dateMs, size: 1 });
}

export function breakCountQuery(dateMs: number) {
  return operationQuery(POOL_OPERATIONS.break, { date_ms: dateMs, size: 1 });
}

/** The 30-trading-day ladder (no parameters). */
export function ladderQuery(refetchInterval: number | false = false) {
  return operationQuery('a-share/special-data/limit-up-ladder', {}, { refetchInterval });
}

/** `yyyyMMdd` or `yyyy-MM-dd` (the vendor's sources disagree) as `yyyy-MM-dd`. */
export function ladderDate(text: string): string {
  return /^\d{8}$/.test(text)
    ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
    : text.slice(0, 10);
}
