import type { ASSET_TYPES } from './operations/meta';

/**
 * The plain values of the watchlist contract: where the API lives, its limits and the asset types a
 * list holds. Everyone imports them through `./watchlists`, which adds the wire schemas, except two
 * readers that must not load those schemas: the SQLite store, which must load without zod (the crash
 * test starts the store hundreds of times, and zod alone costs a fifth of a second per start), and the
 * browser's watchlist URL state, which loads with the route tree before the first paint.
 */

/** The BFF's own prefix for watchlists (`/api` is the market data contract). */
export const WATCHLISTS_BASE_PATH = '/bff/watchlists';

/** Told to the browser as they are (`GET /bff/watchlists` → `limits`). */
export const WATCHLIST_LIMITS = {
  lists: 50,
  items_per_list: 200,
  /** Characters (code points) after trimming. */
  name_length: 40,
  /** Characters (code points). */
  note_length: 500,
} as const;

/**
 * Asset types a watchlist can hold: the instrument record's types (operations/meta.ts) but forex and
 * commodity indices, which the catalog quotes nowhere a list could show.
 */
export const WATCHLIST_ASSET_TYPES = [
  'a-share',
  'a-share-index',
  'fund-etf',
  'fund-lof',
  'fund-otc',
  'fund-reits',
  'futures',
  'options',
] as const satisfies readonly (typeof ASSET_TYPES)[number][];
export type WatchlistAssetType = (typeof WATCHLIST_ASSET_TYPES)[number];

export function isWatchlistAssetType(value: string): value is WatchlistAssetType {
  return WATCHLIST_ASSET_TYPES.some((t) => t === value);
}

/** Code points, not UTF-16 units, so that 40 Chinese characters or emoji count as 40. */
export function textLength(text: string): number {
  return [...text].length;
}
