import { WHOLE_MARKET_PAGE } from './operations/a-share-prices-terms';
import { POOL_MAX_SIZE } from './operations/market-extras-terms';
import { HOME_SECTOR_TAGS, MAIN_INDICES } from './operations/index-group-terms';
import { addDays, shanghaiMidnight } from './time';

/**
 * The plain values and parameter rules of the first screens (first-screens.ts), without the catalog: the
 * pages' initial chunks read them, and importing them loads no operation schemas.
 */

/** The three limit pools (limit-up, limit-down, broken limit-up), as `/limit-up` and the home read them. */
export const POOLS = ['up', 'down', 'break'] as const;
export type Pool = (typeof POOLS)[number];

/** `/hot`'s default list length (the home's cards read the same answer). */
export const HOT_PAGE_LIMIT = 30;
/** The abnormal-monitor page size of `/hot` and the home's card. */
export const MONITOR_PAGE_SIZE = 30;
/** The home's ranking period when the URL names none. */
export const HOME_DEFAULT_PERIOD = 'day' as const;
/** The exchange indices of the home's strip, in the order terminals show them. */
export const MAIN_INDEX_CODES = MAIN_INDICES.map((index) => index.thscode);
export { HOME_SECTOR_TAGS };
/** Index codes per snapshot call: the URL stays under the BFF's 8 KiB bound (11 characters a code). */
export const INDEX_SNAPSHOT_CHUNK = 400;
/** The whole A-share table in one snapshot call. */
export const WHOLE_MARKET_PARAMS = { limit: WHOLE_MARKET_PAGE, offset: 0 } as const;

/** The daily bars behind a sparkline: 30 sessions always fit in 50 calendar days (holidays included). */
export function sparkWindow(today: string): { start: number; end: number } {
  return { start: shanghaiMidnight(addDays(today, -50)), end: shanghaiMidnight(today) };
}

/** The latest trading day on or before `today` in sorted days; `today` itself when the list is empty. */
export function latestTradingDay(days: readonly string[], today: string): string {
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i];
    if (day !== undefined && day <= today) return day;
  }
  return today;
}

export function previousTradingDay(days: readonly string[], date: string): string | undefined {
  return days.filter((d) => d < date).at(-1);
}

/** A pool read whole on a day: its first page of the largest size (a pool rarely needs a second). */
export function poolParams(dateMs: number | undefined): { date_ms?: number; size: number } {
  return dateMs === undefined ? { size: POOL_MAX_SIZE } : { date_ms: dateMs, size: POOL_MAX_SIZE };
}

/** One snapshot of several indices: upper case, de-duplicated and sorted, so one set is one key. */
export function indexSnapshotParams(codes: readonly string[]): { thscodes: string[] } {
  return { thscodes: [...new Set(codes.map((c) => c.toUpperCase()))].sort() };
}

/** The snapshot calls for any number of indices (sorted, de-duplicated, in chunks). */
export function indexSnapshotChunks(codes: readonly string[]): { thscodes: string[] }[] {
  const sorted = indexSnapshotParams(codes).thscodes;
  const out = [];
  for (let i = 0; i < sorted.length; i += INDEX_SNAPSHOT_CHUNK) {
    out.push({ thscodes: sorted.slice(i, i + INDEX_SNAPSHOT_CHUNK) });
  }
  return out;
}
