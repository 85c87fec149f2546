import type { WatchlistAssetType } from '../../src/contract/watchlist-constants';
import type {
  DeletedWatchlist,
  Watchlist,
  WatchlistChange,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from '../../src/contract/watchlists';

/**
 * The watchlist store as the REST layer sees it: one implementation (store.ts, its SQL in
 * store-queries.ts) on SQLite (sqlite-repository.ts, the embedded default) or PostgreSQL
 * (pg-repository.ts, when DATABASE_URL is set); repository.test.ts runs one suite against both.
 *
 * Every write names the version of the list it was computed against. The write applies only when that
 * is still the current version, bumps the version by one, and is all-or-nothing.
 */

/** The answer shapes are the contract's: the store hands out exactly what goes over the wire. */
export type {
  DeletedWatchlist,
  Watchlist,
  WatchlistItem,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from '../../src/contract/watchlists';

/** Who reads or writes: lists belong to one user; `name` is what others see as the owner. */
export interface Actor {
  id: string;
  name: string;
}

/** The user of a server without sign-in (AUTH_MODE=none); lists made before sign-in existed are theirs. */
export const LOCAL_ACTOR: Actor = { id: 'local', name: 'local' };

/** How long a deleted list can be restored before it is gone for good. */
export const DELETED_KEPT_MS = 30 * 86_400_000;

export interface NewItem {
  thscode: string;
  asset_type: WatchlistAssetType;
  name: string;
  note?: string;
}

export const WATCHLIST_ERROR_KINDS = [
  'not_found',
  'item_not_found',
  'version_conflict',
  'name_taken',
  'list_limit',
  'item_limit',
  'duplicate',
  'order_mismatch',
  'forbidden',
  'version_not_found',
] as const;

export type WatchlistErrorKind = (typeof WATCHLIST_ERROR_KINDS)[number];

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

/**
 * A committed change of a list, as the store tells its listeners: what the events stream sends
 * (`WatchlistChange`) and who may hear of it: the owner, and every user when the list was visible to the
 * team before or after the change (so a list made private disappears from the others' screens too).
 */
export interface ListChange extends WatchlistChange {
  owner_id: string;
  team: boolean;
}

/** Whether `actorId` may hear of a change. */
export function mayHear(change: ListChange, actorId: string): boolean {
  return change.team || change.owner_id === actorId;
}

export type ChangeListener = (change: ListChange) => void;

/**
 * A user's calendar feed token as the store keeps it (server/hk-ipo/feed-tokens.ts makes and checks
 * tokens): never the token itself, only its SHA-256 (to find it) and the nonce it was derived from (so
 * the user can be shown their address again, by a server that holds the secret).
 */
export interface FeedTokenRecord {
  user_id: string;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  nonce: string;
  created_at: number;
}

/** At most one live feed token per user, in the same database as the watchlists. */
export interface FeedTokenStore {
  /** The user's live token, or null. */
  current(userId: string): Promise<FeedTokenRecord | null>;
  /** Makes `token` the user's only token: the one before (if any) stops working when this commits. */
  replace(userId: string, token: { hash: string; nonce: string }): Promise<FeedTokenRecord>;
  /** Whether the user had a token (it no longer works). */
  revoke(userId: string): Promise<boolean>;
  /** The live token whose hash this is, whoever's it is; null when none is. */
  byHash(hash: string): Promise<FeedTokenRecord | null>;
}

/**
 * A repository acts for one user (`as` gives another user's): it sees that user's lists and the lists
 * others made visible to the team; a private list of someone else reads as missing (`get` and `history`
 * give null). Only the owner may change, delete or restore a list: every write to a list of someone else
 * is refused with 'forbidden', whether it is private, visible to the team or deleted (ids are
 * sequential, so existence is no secret a write could keep); 'not_found' is for an id with no list at
 * all, and for the owner's own deleted list. Limits and name uniqueness are per owner. Every change of a list is kept as a version (who, when, what, and the list
 * as it was then) that can be restored; deleting is soft, and a deleted list can be restored for
 * `DELETED_KEPT_MS`.
 */
export interface WatchlistRepository {
  /** The same store, acting for `actor`. */
  as(actor: Actor): WatchlistRepository;
  /** The actor's lists, then the team's visible lists, each in creation order. */
  list(): Promise<WatchlistSummary[]>;
  get(id: number): Promise<Watchlist | null>;
  /** `name` is stored as given (the caller trims); uniqueness ignores case, per owner. */
  create(name: string): Promise<Watchlist>;
  rename(id: number, name: string, expectedVersion: number): Promise<Watchlist>;
  setVisibility(id: number, visibility: WatchlistVisibility, expectedVersion: number): Promise<Watchlist>;
  /** Soft: the list goes to "recently deleted" with its items and history. */
  delete(id: number, expectedVersion: number): Promise<void>;
  /** The actor's deleted lists that can still be restored, most recently deleted first. */
  listDeleted(): Promise<DeletedWatchlist[]>;
  /** Back from "recently deleted" (renamed with a suffix if its name was taken meanwhile). */
  restore(id: number): Promise<Watchlist>;
  /** The list's versions, newest first. */
  history(id: number): Promise<WatchlistVersion[] | null>;
  /** Puts the name and items of `version` back, as a new version. */
  restoreVersion(id: number, version: number, expectedVersion: number): Promise<Watchlist>;
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
  /**
   * Calls `listener` after every committed change of any list (whoever made it; with a shared database,
   * whichever server made it), in commit order per list. Returns the function that stops it.
   */
  subscribe(listener: ChangeListener): () => void;
  /** The users' calendar feed tokens (not per actor: the feed has no signed-in user). */
  readonly feedTokens: FeedTokenStore;
  /** Whether the store answers now (for a readiness check); never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
