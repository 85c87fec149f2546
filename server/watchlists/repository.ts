import type { WatchlistAssetType } from '../../src/contract/watchlist-constants';
import type { Watchlist, WatchlistSummary } from '../../src/contract/watchlists';

/**
 * The watchlist store as the REST layer sees it. SQLite implements it today; a server database
 * (PostgreSQL) can implement it later without touching the routes, hence the async signatures.
 *
 * Every write names the version of the list it was computed against. The write applies only when that
 * is still the current version, bumps the version by one, and is all-or-nothing.
 */

/** The answer shapes are the contract's: the store hands out exactly what goes over the wire. */
export type { Watchlist, WatchlistItem, WatchlistSummary } from '../../src/contract/watchlists';

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
  /** Its place among the items of the write, for duplicates. */
  readonly index: number | null;
  constructor(
    kind: WatchlistErrorKind,
    message: string,
    extra: { current?: Watchlist; thscode?: string; index?: number } = {},
  ) {
    super(message);
    this.name = 'WatchlistError';
    this.kind = kind;
    this.current = extra.current ?? null;
    this.thscode = extra.thscode ?? null;
    this.index = extra.index ?? null;
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
  /**
   * Appends in the given order. Refuses the whole batch if a code is given twice or already there, or
   * if the list would hold more than the limit; these checks live here and nowhere else.
   */
  addItems(id: number, items: readonly NewItem[], expectedVersion: number): Promise<Watchlist>;
  /**
   * Throws the refusal `addItems` would give for these codes on the list as it is now (stale version,
   * repeats, codes already there, the limit), without writing: the routes ask before the instrument
   * look-ups, so a doomed write costs none. `addItems` checks the same again inside its transaction.
   */
  checkAddItems(id: number, thscodes: readonly string[], expectedVersion: number): Promise<void>;
  removeItem(id: number, thscode: string, expectedVersion: number): Promise<Watchlist>;
  /** `thscodes` must be exactly the list's codes, in the new order. */
  reorder(id: number, thscodes: readonly string[], expectedVersion: number): Promise<Watchlist>;
  setNote(id: number, thscode: string, note: string, expectedVersion: number): Promise<Watchlist>;
  close(): Promise<void>;
}
