/**
 * The watchlist store as the REST layer sees it. SQLite implements it today; a server database
 * (PostgreSQL) can implement it later without touching the routes, hence the async signatures.
 *
 * Every write names the version of the list it was computed against. The write applies only when that
 * is still the current version, bumps the version by one, and is all-or-nothing.
 */

/** Asset types a watchlist can hold (the instrument search offers more: forex and commodity indices). */
export const WATCHLIST_ASSET_TYPES = [
  'a-share',
  'a-share-index',
  'fund-etf',
  'fund-lof',
  'fund-otc',
  'fund-reits',
  'futures',
  'options',
] as const;
export type WatchlistAssetType = (typeof WATCHLIST_ASSET_TYPES)[number];

export function isWatchlistAssetType(value: string): value is WatchlistAssetType {
  return WATCHLIST_ASSET_TYPES.some((t) => t === value);
}

export const LIMITS = {
  lists: 50,
  itemsPerList: 200,
  /** Characters (code points) after trimming. */
  nameLength: 40,
  noteLength: 500,
} as const;

export interface WatchlistItem {
  thscode: string;
  asset_type: WatchlistAssetType;
  /** The instrument's name as the search gave it when the item was added. */
  name: string;
  /** '' when there is none. */
  note: string;
  /** 0-based, dense: the items of a list are always at 0..n-1. */
  position: number;
  /** Unix ms. */
  added_at: number;
}

export interface WatchlistSummary {
  id: number;
  name: string;
  version: number;
  item_count: number;
  /** Unix ms. */
  created_at: number;
  updated_at: number;
}

export interface Watchlist extends WatchlistSummary {
  /** In list order. */
  items: WatchlistItem[];
}

export interface NewItem {
  thscode: string;
  asset_type: WatchlistAssetType;
  name: string;
  note?: string;
}

export type WatchlistErrorKind =
  | 'not_found'
  | 'item_not_found'
  | 'version_conflict'
  | 'name_taken'
  | 'list_limit'
  | 'item_limit'
  | 'duplicate'
  | 'order_mismatch';

/**
 * A write that was refused; nothing was changed. `current` is the list as it is now when the refusal
 * depends on its state (a stale version), so the caller can reload and re-apply.
 */
export class WatchlistError extends Error {
  readonly kind: WatchlistErrorKind;
  readonly current: Watchlist | null;
  /** The offending thscode, for duplicates and missing items. */
  readonly thscode: string | null;
  constructor(
    kind: WatchlistErrorKind,
    message: string,
    extra: { current?: Watchlist; thscode?: string } = {},
  ) {
    super(message);
    this.name = 'WatchlistError';
    this.kind = kind;
    this.current = extra.current ?? null;
    this.thscode = extra.thscode ?? null;
  }
}

export interface WatchlistRepository {
  /** Summaries in creation order. */
  list(): Promise<WatchlistSummary[]>;
  get(id: number): Promise<Watchlist | null>;
  /** `name` is stored as given (the caller trims); uniqueness ignores case. */
  create(name: string): Promise<Watchlist>;
  rename(id: number, name: string, expectedVersion: number): Promise<Watchlist>;
  delete(id: number, expectedVersion: number): Promise<void>;
  /** Appends in the given order; refuses the whole batch if any code is already there. */
  addItems(id: number, items: readonly NewItem[], expectedVersion: number): Promise<Watchlist>;
  removeItem(id: number, thscode: string, expectedVersion: number): Promise<Watchlist>;
  /** `thscodes` must be exactly the list's codes, in the new order. */
  reorder(id: number, thscodes: readonly string[], expectedVersion: number): Promise<Watchlist>;
  setNote(id: number, thscode: string, note: string, expectedVersion: number): Promise<Watchlist>;
  close(): Promise<void>;
}
