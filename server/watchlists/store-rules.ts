import { isWatchlistAssetType, WATCHLIST_LIMITS } from '../../src/contract/watchlist-constants';
import { WatchlistError } from './repository';
import type {
  Actor,
  FeedTokenRecord,
  ListChange,
  Watchlist,
  WatchlistItem,
  WatchlistSummary,
  WatchlistVisibility,
} from './repository';

/**
 * What every watchlist store decides the same way, whatever holds the rows (SQLite, PostgreSQL): who may
 * read and write a list, the refusals with their kinds and messages, the limits of the contract, the
 * name rule, the restored-name suffixes, what a change tells its listeners, and how rows are read back.
 * The one store (store-queries.ts) runs these inside its transactions, on either engine.
 *
 * Loaded by the crash test's child hundreds of times: no zod here (type guards instead).
 */

export class WatchlistStoreError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'WatchlistStoreError';
  }
}

/** Versions kept per list; the oldest go first. */
export const VERSIONS_KEPT = 200;

/** Case- and width-insensitive key for the "one name per owner" rule. */
export function nameKey(ownerId: string, name: string): string {
  return `${ownerId}\u001f${name.normalize('NFKC').toLowerCase()}`;
}

/** The name key a deleted list holds, so its name is free again at once. */
export function deletedNameKey(id: number): string {
  return `deleted\u001f${id}`;
}

// ---- rows as they come out of the database ----

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null;
}

export function row(value: unknown): Row {
  if (!isRow(value)) throw new WatchlistStoreError('The watchlist database returned a malformed row');
  return value;
}

export function int(r: Row, column: string): number {
  const v = r[column];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw new WatchlistStoreError(`Column ${column} of the watchlist database is not an integer`);
  }
  return v;
}

export function text(r: Row, column: string): string {
  const v = r[column];
  if (typeof v !== 'string')
    throw new WatchlistStoreError(`Column ${column} of the watchlist database is not text`);
  return v;
}

/** An integer column that may be NULL. */
export function intOrNull(r: Row, column: string): number | null {
  return r[column] === null ? null : int(r, column);
}

function visibilityOf(r: Row): WatchlistVisibility {
  const v = text(r, 'visibility');
  if (v !== 'private' && v !== 'team') throw new WatchlistStoreError(`Unknown visibility '${v}'`);
  return v;
}

/** A summary row: id, name, version, item_count, created_at, updated_at, owner_id, owner_name, visibility. */
export function toSummary(value: unknown, actor: Actor): WatchlistSummary {
  const r = row(value);
  const ownerId = text(r, 'owner_id');
  return {
    id: int(r, 'id'),
    name: text(r, 'name'),
    version: int(r, 'version'),
    item_count: int(r, 'item_count'),
    created_at: int(r, 'created_at'),
    updated_at: int(r, 'updated_at'),
    owner_id: ownerId,
    owner_name: text(r, 'owner_name'),
    visibility: visibilityOf(r),
    access: ownerId === actor.id ? 'owner' : 'read',
  };
}

export function toItem(value: unknown): WatchlistItem {
  const r = row(value);
  const assetType = text(r, 'asset_type');
  if (!isWatchlistAssetType(assetType)) {
    throw new WatchlistStoreError(`Unknown asset type '${assetType}' in the watchlist database`);
  }
  return {
    thscode: text(r, 'thscode'),
    asset_type: assetType,
    name: text(r, 'name'),
    note: text(r, 'note'),
    position: int(r, 'position'),
    added_at: int(r, 'added_at'),
  };
}

/** An item as a version keeps it (its place is its index). */
export type KeptItem = Omit<WatchlistItem, 'position'>;

/** A version's items as stored: the list in order, without positions. */
export function keptOf(list: Watchlist): KeptItem[] {
  return list.items.map(({ position: _position, ...item }) => item);
}

/**
 * A JSON column or aggregate as it comes back: text (SQLite) is parsed here; a value already parsed
 * (PostgreSQL's json and jsonb, a message from the writer thread) is taken as it is.
 */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (err) {
    throw new WatchlistStoreError('The watchlist database returned JSON that does not parse', { cause: err });
  }
}

/** A version's items as stored (a JSON array of thscode, asset_type, name, note, added_at, in order). */
export function keptItems(stored: unknown): KeptItem[] {
  const parsed = jsonValue(stored);
  if (!Array.isArray(parsed)) throw new WatchlistStoreError('A version of a watchlist is not a list');
  return parsed.map((entry: unknown, position) => {
    const { position: _position, ...item } = toItem({ ...row(entry), position });
    return item;
  });
}

/** A summary row with its `items` (a JSON array, in any order): the list as `actor` reads it. */
export function toList(value: unknown, actor: Actor): Watchlist {
  const r = row(value);
  const items = jsonValue(r['items']);
  if (!Array.isArray(items)) throw new WatchlistStoreError('The items of a watchlist are not a list');
  return { ...toSummary(r, actor), items: items.map(toItem).sort((a, b) => a.position - b.position) };
}

// ---- who may do what ----

/** The list as `actor` may read it: their own, or another's team list; else null (not told apart). */
export function readableBy(list: Watchlist | null): Watchlist | null {
  return list !== null && (list.access === 'owner' || list.visibility === 'team') ? list : null;
}

/** What the ownership rules read of a list's row, deleted or not. */
export interface ListOwner {
  owner_id: string;
  owner_name: string;
  visibility: WatchlistVisibility;
  deleted: boolean;
}

/** A row with owner_id, owner_name, visibility and deleted_at. */
export function listOwnerOf(value: unknown): ListOwner {
  const r = row(value);
  return {
    owner_id: text(r, 'owner_id'),
    owner_name: text(r, 'owner_name'),
    visibility: visibilityOf(r),
    deleted: intOrNull(r, 'deleted_at') !== null,
  };
}

/**
 * Who may write list `id` (`owner`: its row, live or soft-deleted until purged; null: no row). Someone
 * else's list is 'forbidden' whatever its visibility, so a stranger's delete of a private list is told
 * 403, as every other write; no row at all is 'not_found'. Ids are sequential, so this does not reveal
 * more than they do; reads still answer 404 for someone else's private list. The owner's name is told
 * only when the actor may read the list anyway (a live team list).
 */
export function refuseNotOwner(id: number, owner: ListOwner | null, actorId: string): void {
  if (owner === null) throw new WatchlistError('not_found', `Watchlist ${id} does not exist.`);
  if (owner.owner_id === actorId) return;
  const teamVisible = !owner.deleted && owner.visibility === 'team';
  throw new WatchlistError(
    'forbidden',
    teamVisible
      ? `Watchlist ${id} belongs to ${owner.owner_name}; only they can change it.`
      : `Watchlist ${id} belongs to another user; only its owner can change it.`,
  );
}

/** The actor's own live list (`list`: as read, null when deleted or missing), or the refusal. */
export function ownedLive(
  id: number,
  owner: ListOwner | null,
  list: Watchlist | null,
  actorId: string,
): Watchlist {
  refuseNotOwner(id, owner, actorId);
  if (list === null) throw new WatchlistError('not_found', `Watchlist ${id} does not exist.`);
  return list;
}

/** The list if it is at the version the write was computed against, else the 409 refusal. */
export function atVersion(current: Watchlist, expectedVersion: number): Watchlist {
  if (current.version !== expectedVersion) {
    throw new WatchlistError(
      'version_conflict',
      `Watchlist ${current.id} has changed: it is at version ${current.version}, the change was made against version ${expectedVersion}.`,
      { current },
    );
  }
  return current;
}

/**
 * The row of a deleted list as its owner may restore it (`found`: the row as read, undefined when there is
 * none): no row is 'not_found', someone else's list, deleted or not, 'forbidden' (refuseNotOwner), a live
 * list or one deleted before `oldest` has no deleted list to restore.
 */
export function restorableRow(id: number, found: unknown, actorId: string, oldest: number): Row {
  const r = found === undefined ? null : row(found);
  refuseNotOwner(id, r === null ? null : listOwnerOf(r), actorId);
  const deletedAt = r === null ? null : intOrNull(r, 'deleted_at');
  if (r === null || deletedAt === null || deletedAt <= oldest) throw noDeletedList(id);
  return r;
}

// ---- the refusals ----

export function nameTaken(name: string): WatchlistError {
  return new WatchlistError('name_taken', `A watchlist named '${name}' already exists.`);
}

/** `count`: the owner's lists that are not deleted. */
export function refuseListLimit(count: number): void {
  if (count >= WATCHLIST_LIMITS.lists) {
    throw new WatchlistError('list_limit', `You can have at most ${WATCHLIST_LIMITS.lists} watchlists.`);
  }
}

/** A batch names each code once; `index` is the later one's place. */
export function refuseRepeats(thscodes: readonly string[]): void {
  const seen = new Set<string>();
  thscodes.forEach((thscode, index) => {
    if (seen.has(thscode)) {
      throw new WatchlistError('duplicate', `${thscode} is given twice`, { thscode, index });
    }
    seen.add(thscode);
  });
}

/** What an add refuses on the list as it is: codes already there, and going over the item limit. */
export function refuseAdd(current: Watchlist, thscodes: readonly string[]): void {
  const present = new Set(current.items.map((i) => i.thscode));
  const index = thscodes.findIndex((code) => present.has(code));
  const there = thscodes[index];
  if (there !== undefined) {
    throw new WatchlistError('duplicate', `${there} is already in this watchlist.`, {
      thscode: there,
      index,
    });
  }
  const max = WATCHLIST_LIMITS.items_per_list;
  if (current.items.length + thscodes.length > max) {
    throw new WatchlistError(
      'item_limit',
      `A watchlist holds at most ${max} items; it has ${current.items.length} and ${thscodes.length} would be added.`,
    );
  }
}

export function findItem(list: Watchlist, thscode: string): WatchlistItem {
  const item = list.items.find((i) => i.thscode === thscode);
  if (item === undefined) {
    throw new WatchlistError('item_not_found', `${thscode} is not in watchlist ${list.id}.`, { thscode });
  }
  return item;
}

/** `thscodes` must name each of the list's codes exactly once. */
export function refuseOrder(current: Watchlist, thscodes: readonly string[]): void {
  const present = new Set(current.items.map((i) => i.thscode));
  const given = new Set(thscodes);
  const samePermutation =
    given.size === thscodes.length &&
    thscodes.length === present.size &&
    thscodes.every((c) => present.has(c));
  if (!samePermutation) {
    throw new WatchlistError(
      'order_mismatch',
      `The new order must list each of the watchlist's ${present.size} codes exactly once.`,
    );
  }
}

export function versionNotFound(id: number, version: number): WatchlistError {
  return new WatchlistError('version_not_found', `Watchlist ${id} has no version ${version} to restore.`);
}

export function noDeletedList(id: number): WatchlistError {
  return new WatchlistError('not_found', `There is no deleted watchlist ${id} to restore.`);
}

/**
 * The names a list coming back may take, in order: its own, then with a suffix ` (2)`, ` (3)`, … (cut so
 * the whole stays within the name limit). The store takes the first whose key is free or its own.
 */
export function* restoredNames(name: string, ownerId: string): Generator<{ name: string; key: string }> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const base = [...name].slice(0, WATCHLIST_LIMITS.name_length - [...suffix].length).join('');
    const candidate = `${base}${suffix}`;
    yield { name: candidate, key: nameKey(ownerId, candidate) };
  }
  throw new WatchlistError('name_taken', `No free name for '${name}'.`);
}

// ---- what listeners are told ----

/** The change a committed write makes: who may hear of it is decided by the visibility before and after. */
export function changeOf(list: Watchlist, before: Watchlist | null, deleted = false): ListChange {
  const team = list.visibility === 'team' || before?.visibility === 'team';
  return { id: list.id, version: list.version, deleted, owner_id: list.owner_id, team };
}

/** A row of calendar_feed_tokens. */
export function toFeedToken(value: unknown): FeedTokenRecord {
  const r = row(value);
  return {
    user_id: text(r, 'user_id'),
    token_hash: text(r, 'token_hash'),
    nonce: text(r, 'nonce'),
    created_at: int(r, 'created_at'),
  };
}
