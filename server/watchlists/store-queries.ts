import type { Kysely } from 'kysely';
import type { StoreDialect } from '../store/dialect';
import { DELETED_KEPT_MS } from './repository';
import type {
  Actor,
  DeletedWatchlist,
  FeedTokenRecord,
  ListChange,
  NewItem,
  Watchlist,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from './repository';
import {
  atVersion,
  changeOf,
  deletedNameKey,
  findItem,
  int,
  keptItems,
  type KeptItem,
  keptOf,
  listOwnerOf,
  nameKey,
  nameTaken,
  ownedLive,
  readableBy,
  refuseAdd,
  refuseListLimit,
  refuseOrder,
  refuseRepeats,
  restorableRow,
  restoredNames,
  row,
  text,
  toFeedToken,
  toList,
  toSummary,
  versionNotFound,
  VERSIONS_KEPT,
  WatchlistStoreError,
  type ListOwner,
} from './store-rules';
import type { StoreTables } from './store-tables';

/**
 * The watchlist store's SQL, written once for both engines with Kysely (every value bound, never
 * spliced): the reads and every change, each change one transaction. What the engines do differently
 * is the dialect's (server/store/dialect.ts): on PostgreSQL a write first takes an advisory lock on the
 * acting user (so the per-owner list limit and name rule cannot be raced by another replica; the unique
 * index on name_key stands behind it), then locks the list's row before reading its version, and tells
 * the change with pg_notify inside its transaction; on SQLite the transaction is IMMEDIATE and holds the
 * database, and the process that wrote tells its own listeners. The rules (who may, the refusals, the
 * limits) are store-rules.ts's.
 *
 * SQLite runs the changes on its writer thread (sqlite-writer.ts) and the reads on the main thread;
 * PostgreSQL runs both on its pool. Loaded by the writer thread and the crash test's child: no zod here.
 */

/** The NOTIFY channel of list changes (PostgreSQL; pg-change-feed.ts listens). */
export const CHANGES_CHANNEL = 'watchlist_changes';

/** Advisory lock space of the per-owner write lock ('WLOW'). */
const OWNER_LOCK = 0x574c_4f57;

type Db = Kysely<StoreTables>;

/**
 * A change as the store asks for it: the acting user, the time it happened (the caller's clock: a
 * test's clock cannot cross to the writer thread) and what to do.
 */
export type WriteRequest = { actor: Actor; now: number } & (
  | { op: 'create'; name: string }
  | { op: 'rename'; id: number; name: string; expectedVersion: number }
  | { op: 'visibility'; id: number; visibility: WatchlistVisibility; expectedVersion: number }
  | { op: 'delete'; id: number; expectedVersion: number }
  | { op: 'restore'; id: number }
  | { op: 'restoreVersion'; id: number; version: number; expectedVersion: number }
  | { op: 'addItems'; id: number; items: readonly NewItem[]; expectedVersion: number }
  | { op: 'removeItem'; id: number; thscode: string; expectedVersion: number }
  | { op: 'reorder'; id: number; thscodes: readonly string[]; expectedVersion: number }
  | { op: 'note'; id: number; thscode: string; note: string; expectedVersion: number }
  /** Removes the lists deleted before `now - DELETED_KEPT_MS` for good. */
  | { op: 'purge' }
  /** The user's calendar feed token becomes this one (the old one ends in the same write), at `now`. */
  | { op: 'putFeedToken'; userId: string; hash: string; nonce: string }
  /** The user's calendar feed token ends. */
  | { op: 'dropFeedToken'; userId: string }
);

/** What a committed change gives back: the list as committed (none for a delete) and what to tell. */
export interface WriteOutcome {
  list: Watchlist | null;
  change: ListChange | null;
}

/** The reads, on one connection (or the pool). */
export interface StoreReads {
  /** The actor's lists, then the team's visible ones, each in creation order. */
  summaries(actor: Actor): Promise<WatchlistSummary[]>;
  /** The list as `actor` may read it, else null. */
  readable(id: number, actor: Actor): Promise<Watchlist | null>;
  /** The actor's own live list, or the refusal. */
  ownedList(id: number, actor: Actor): Promise<Watchlist>;
  /** The actor's deleted lists that can still be restored at `now`, most recently deleted first. */
  deleted(actor: Actor, now: number): Promise<DeletedWatchlist[]>;
  versions(id: number): Promise<WatchlistVersion[]>;
  /** The user's calendar feed token, and the token with this hash (hk-ipo/feed-tokens.ts). */
  feedToken(userId: string): Promise<FeedTokenRecord | null>;
  feedTokenByHash(hash: string): Promise<FeedTokenRecord | null>;
}

export interface StoreQueries {
  /** Runs `read` so that its statements see one moment where the dialect needs it (snapshotReads). */
  snapshot<T>(read: (reads: StoreReads) => Promise<T>): Promise<T>;
  /** Runs one change in its transaction; throws the refusal (a WatchlistError) with nothing written. */
  write(request: WriteRequest): Promise<WriteOutcome>;
}

/** Lists (`w`) with their item count. */
function listsFrom(db: Db) {
  return db
    .selectFrom('watchlists as w')
    .select((eb) =>
      eb
        .selectFrom('watchlist_items as i')
        .select(eb.fn.countAll().as('n'))
        .whereRef('i.watchlist_id', '=', 'w.id')
        .as('item_count'),
    );
}

/** The summary columns of a list, with its item count. */
function summariesFrom(db: Db) {
  return listsFrom(db).select([
    'w.id',
    'w.name',
    'w.version',
    'w.created_at',
    'w.updated_at',
    'w.owner_id',
    'w.owner_name',
    'w.visibility',
  ]);
}

function readsOf(db: Db, dialect: StoreDialect) {
  /** The live list with its items, in one statement (one snapshot on either engine). */
  async function readList(id: number, actor: Actor): Promise<Watchlist | null> {
    const found: unknown = await summariesFrom(db)
      .select((eb) =>
        dialect
          .jsonArrayFrom(
            eb
              .selectFrom('watchlist_items as i')
              .select(['i.thscode', 'i.asset_type', 'i.name', 'i.note', 'i.position', 'i.added_at'])
              .whereRef('i.watchlist_id', '=', 'w.id')
              .orderBy('i.position'),
          )
          .as('items'),
      )
      .where('w.id', '=', id)
      .where('w.deleted_at', 'is', null)
      .executeTakeFirst();
    return found === undefined ? null : toList(found, actor);
  }

  /** The row of list `id`, deleted or not (undefined: none); `lock` locks it where the dialect can. */
  function anyList(id: number, lock: boolean): Promise<unknown> {
    return db
      .selectFrom('watchlists')
      .select(['owner_id', 'owner_name', 'visibility', 'deleted_at', 'name'])
      .where('id', '=', id)
      .$if(lock && dialect.rowLocks, (q) => q.forUpdate())
      .executeTakeFirst();
  }

  /** Whose list `id` is, deleted or not (null: no such row). */
  async function ownerOfList(id: number, lock: boolean): Promise<ListOwner | null> {
    const found = await anyList(id, lock);
    return found === undefined ? null : listOwnerOf(found);
  }

  /** The actor's own live list, or the refusal: forbidden (someone else's), not_found (missing, deleted). */
  async function ownedList(id: number, actor: Actor, lock = false): Promise<Watchlist> {
    const owner = await ownerOfList(id, lock);
    return ownedLive(id, owner, await readList(id, actor), actor.id);
  }

  async function feedTokenWhere(column: 'user_id' | 'token_hash', value: string) {
    const found: unknown = await db
      .selectFrom('calendar_feed_tokens')
      .select(['user_id', 'token_hash', 'nonce', 'created_at'])
      .where(column, '=', value)
      .executeTakeFirst();
    return found === undefined ? null : toFeedToken(found);
  }

  const reads: StoreReads = {
    async summaries(actor) {
      const rows: unknown[] = await summariesFrom(db)
        .where('w.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('w.owner_id', '=', actor.id), eb('w.visibility', '=', 'team')]))
        .orderBy((eb) => eb('w.owner_id', '<>', actor.id))
        .orderBy('w.id')
        .execute();
      return rows.map((r) => toSummary(r, actor));
    },
    readable: async (id, actor) => readableBy(await readList(id, actor)),
    ownedList: (id, actor) => ownedList(id, actor),
    async deleted(actor, now) {
      const rows: unknown[] = await listsFrom(db)
        .select(['w.id', 'w.name', 'w.deleted_at'])
        .where('w.owner_id', '=', actor.id)
        .where('w.deleted_at', 'is not', null)
        .where('w.deleted_at', '>', now - DELETED_KEPT_MS)
        .orderBy('w.deleted_at', 'desc')
        .orderBy('w.id', 'desc')
        .execute();
      return rows.map((value): DeletedWatchlist => {
        const r = row(value);
        const deletedAt = int(r, 'deleted_at');
        return {
          id: int(r, 'id'),
          name: text(r, 'name'),
          item_count: int(r, 'item_count'),
          deleted_at: deletedAt,
          purge_at: deletedAt + DELETED_KEPT_MS,
        };
      });
    },
    async versions(id) {
      const rows: unknown[] = await db
        .selectFrom('watchlist_versions')
        .select(['version', 'at', 'actor_name', 'action', 'detail', 'name', 'items'])
        .where('watchlist_id', '=', id)
        .orderBy('version', 'desc')
        .limit(VERSIONS_KEPT)
        .execute();
      return rows.map((value): WatchlistVersion => {
        const r = row(value);
        return {
          version: int(r, 'version'),
          at: int(r, 'at'),
          by: text(r, 'actor_name'),
          action: text(r, 'action'),
          detail: text(r, 'detail'),
          name: text(r, 'name'),
          codes: keptItems(r['items']).map((i) => i.thscode),
        };
      });
    },
    feedToken: (userId) => feedTokenWhere('user_id', userId),
    feedTokenByHash: (hash) => feedTokenWhere('token_hash', hash),
  };
  return { reads, readList, anyList, ownedList };
}

/** The changes of one transaction (`db` is the transaction). */
function changesIn(db: Db, dialect: StoreDialect) {
  const { readList, anyList, ownedList } = readsOf(db, dialect);

  async function refuseListLimitOf(actor: Actor): Promise<void> {
    const found: unknown = await db
      .selectFrom('watchlists')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', actor.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    refuseListLimit(int(row(found), 'n'));
  }

  /** The id of the list holding name key `key`, if any. */
  async function holderOf(key: string): Promise<number | null> {
    const found: unknown = await db
      .selectFrom('watchlists')
      .select('id')
      .where('name_key', '=', key)
      .executeTakeFirst();
    return found === undefined ? null : int(row(found), 'id');
  }

  async function ensureNameFree(name: string, exceptId: number | null, actor: Actor): Promise<string> {
    const key = nameKey(actor.id, name);
    const taken = await holderOf(key);
    if (taken !== null && taken !== exceptId) throw nameTaken(name);
    return key;
  }

  /** A free name for a list coming back: its own if nobody took it meanwhile, else with a suffix. */
  async function freeName(name: string, id: number, actor: Actor): Promise<{ name: string; key: string }> {
    for (const candidate of restoredNames(name, actor.id)) {
      const taken = await holderOf(candidate.key);
      if (taken === null || taken === id) return candidate;
    }
    throw nameTaken(name);
  }

  async function setName(id: number, name: string, key: string): Promise<void> {
    await db.updateTable('watchlists').set({ name, name_key: key }).where('id', '=', id).execute();
  }

  async function recordVersion(list: Watchlist, actor: Actor, action: string, detail: string) {
    await db
      .insertInto('watchlist_versions')
      .values({
        watchlist_id: list.id,
        version: list.version,
        at: list.updated_at,
        actor_id: actor.id,
        actor_name: actor.name,
        action,
        detail,
        name: list.name,
        items: JSON.stringify(keptOf(list)),
      })
      .execute();
    await db
      .deleteFrom('watchlist_versions')
      .where('watchlist_id', '=', list.id)
      .where('version', '<=', list.version - VERSIONS_KEPT)
      .execute();
  }

  async function insertItems(id: number, items: readonly KeptItem[], from: number): Promise<void> {
    if (items.length === 0) return;
    await db
      .insertInto('watchlist_items')
      .values(items.map((item, index) => ({ ...item, watchlist_id: id, position: from + index })))
      .execute();
  }

  /**
   * A versioned change: the list (its row locked first) owned by the actor at the expected version, or
   * the refusal in this order: not_found (no such list), forbidden (someone else's), not_found
   * (deleted), version_conflict. Then the change, the version bump and its record.
   */
  async function versioned(
    request: WriteRequest & { id: number; expectedVersion: number },
    change: (current: Watchlist) => Promise<{ action: string; detail: string }>,
  ): Promise<WriteOutcome> {
    const { id, actor } = request;
    const current = atVersion(await ownedList(id, actor, true), request.expectedVersion);
    const what = await change(current);
    await db
      .updateTable('watchlists')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: request.now }))
      .where('id', '=', id)
      .execute();
    const changed = await readList(id, actor);
    if (changed === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
    await recordVersion(changed, actor, what.action, what.detail);
    return { list: changed, change: changeOf(changed, current) };
  }

  /** The body of one change's transaction; `naming.name` is the name it tries to take, if any. */
  async function change(request: WriteRequest, naming: { name: string | null }): Promise<WriteOutcome> {
    const { actor, now } = request;
    switch (request.op) {
      case 'create': {
        const { name } = request;
        naming.name = name;
        await refuseListLimitOf(actor);
        const key = await ensureNameFree(name, null, actor);
        const inserted: unknown = await db
          .insertInto('watchlists')
          .values({
            name,
            name_key: key,
            version: 1,
            created_at: now,
            updated_at: now,
            owner_id: actor.id,
            owner_name: actor.name,
          })
          .returning('id')
          .executeTakeFirst();
        const id = int(row(inserted), 'id');
        const created = await readList(id, actor);
        if (created === null) throw new WatchlistStoreError('A created watchlist could not be read back');
        await recordVersion(created, actor, 'create', name);
        return { list: created, change: changeOf(created, null) };
      }
      case 'rename': {
        const { id, name } = request;
        naming.name = name;
        return versioned(request, async (current) => {
          await setName(id, name, await ensureNameFree(name, id, actor));
          return { action: 'rename', detail: `${current.name} → ${name}` };
        });
      }
      case 'visibility':
        return versioned(request, async () => {
          await db
            .updateTable('watchlists')
            .set({ visibility: request.visibility })
            .where('id', '=', request.id)
            .execute();
          return { action: 'visibility', detail: request.visibility };
        });
      case 'delete': {
        const { id } = request;
        const gone = atVersion(await ownedList(id, actor, true), request.expectedVersion);
        // The name is free again at once; a restore takes it back if it still can.
        await db
          .updateTable('watchlists')
          .set({ deleted_at: now, name_key: deletedNameKey(id) })
          .where('id', '=', id)
          .execute();
        return { list: null, change: changeOf(gone, null, true) };
      }
      case 'restore': {
        const { id } = request;
        const r = restorableRow(id, await anyList(id, true), actor.id, now - DELETED_KEPT_MS);
        await refuseListLimitOf(actor);
        const { name, key } = await freeName(text(r, 'name'), id, actor);
        naming.name = name;
        await db
          .updateTable('watchlists')
          .set({ deleted_at: null, name, name_key: key })
          .where('id', '=', id)
          .execute();
        const list = await readList(id, actor);
        if (list === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
        return { list, change: changeOf(list, null) };
      }
      case 'restoreVersion': {
        const { id, version } = request;
        return versioned(request, async (current) => {
          const found: unknown = await db
            .selectFrom('watchlist_versions')
            .select(['name', 'items'])
            .where('watchlist_id', '=', id)
            .where('version', '=', version)
            .executeTakeFirst();
          if (found === undefined) throw versionNotFound(id, version);
          const r = row(found);
          const name = text(r, 'name');
          naming.name = name;
          if (name !== current.name) await setName(id, name, await ensureNameFree(name, id, actor));
          await db.deleteFrom('watchlist_items').where('watchlist_id', '=', id).execute();
          await insertItems(id, keptItems(r['items']), 0);
          return { action: 'restore_version', detail: String(version) };
        });
      }
      case 'addItems': {
        const { id, items } = request;
        const thscodes = items.map((i) => i.thscode);
        return versioned(request, async (current) => {
          refuseRepeats(thscodes);
          refuseAdd(current, thscodes);
          const kept = items.map((i) => ({ ...i, note: i.note ?? '', added_at: now }));
          await insertItems(id, kept, current.items.length);
          return { action: 'add', detail: thscodes.join(', ') };
        });
      }
      case 'removeItem': {
        const { id, thscode } = request;
        return versioned(request, async (current) => {
          const item = findItem(current, thscode);
          await db
            .deleteFrom('watchlist_items')
            .where('watchlist_id', '=', id)
            .where('thscode', '=', thscode)
            .execute();
          await db
            .updateTable('watchlist_items')
            .set((eb) => ({ position: eb('position', '-', 1) }))
            .where('watchlist_id', '=', id)
            .where('position', '>', item.position)
            .execute();
          return { action: 'remove', detail: thscode };
        });
      }
      case 'reorder': {
        const { id, thscodes } = request;
        return versioned(request, async (current) => {
          refuseOrder(current, thscodes);
          const [first, ...rest] = thscodes;
          if (first === undefined) return { action: 'reorder', detail: '' };
          // One statement: each code's new place (the list holds exactly these codes, so `else` is
          // never taken).
          await db
            .updateTable('watchlist_items')
            .set((eb) => {
              const at = (position: number) => eb.cast<number>(eb.val(position), 'integer');
              let places = eb.case('thscode').when(first).then(at(0));
              rest.forEach((code, index) => {
                places = places.when(code).then(at(index + 1));
              });
              return { position: places.else(eb.ref('position')).end() };
            })
            .where('watchlist_id', '=', id)
            .execute();
          return { action: 'reorder', detail: '' };
        });
      }
      case 'note': {
        const { id, thscode, note } = request;
        return versioned(request, async (current) => {
          findItem(current, thscode);
          await db
            .updateTable('watchlist_items')
            .set({ note })
            .where('watchlist_id', '=', id)
            .where('thscode', '=', thscode)
            .execute();
          return { action: 'note', detail: thscode };
        });
      }
      case 'purge':
        await db
          .deleteFrom('watchlists')
          .where('deleted_at', 'is not', null)
          .where('deleted_at', '<=', now - DELETED_KEPT_MS)
          .execute();
        return { list: null, change: null };
      case 'putFeedToken': {
        const token = {
          user_id: request.userId,
          token_hash: request.hash,
          nonce: request.nonce,
          created_at: now,
        };
        // One statement: the row that replaces a token is the same write that ends the old one.
        await db
          .insertInto('calendar_feed_tokens')
          .values(token)
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({
              token_hash: token.token_hash,
              nonce: token.nonce,
              created_at: token.created_at,
            }),
          )
          .execute();
        return { list: null, change: null };
      }
      case 'dropFeedToken':
        await db.deleteFrom('calendar_feed_tokens').where('user_id', '=', request.userId).execute();
        return { list: null, change: null };
    }
  }

  return change;
}

/** Changes of lists take the acting user's lock first, so locks are always taken in one order. */
function locksOwner(request: WriteRequest): boolean {
  return request.op !== 'purge' && request.op !== 'putFeedToken' && request.op !== 'dropFeedToken';
}

/** The store's reads and changes on `db` (a connection or a pool). */
export function storeQueries(db: Db, dialect: StoreDialect): StoreQueries {
  const { reads } = readsOf(db, dialect);
  return {
    snapshot(read) {
      if (!dialect.snapshotReads) return read(reads);
      return db.transaction().execute((trx) => read(readsOf(trx, dialect).reads));
    },
    async write(request) {
      const naming: { name: string | null } = { name: null };
      try {
        return await db.transaction().execute(async (trx) => {
          if (locksOwner(request)) await dialect.lockKey(trx, OWNER_LOCK, request.actor.id);
          const outcome = await changesIn(trx, dialect)(request, naming);
          if (outcome.change !== null) {
            // Told only if the transaction commits, in commit order, to every listening store.
            await dialect.notify(trx, CHANGES_CHANNEL, JSON.stringify(outcome.change));
          }
          return outcome;
        });
      } catch (err) {
        // The name check stands behind the owner's lock; the unique index is the last word.
        if (naming.name !== null && dialect.isUniqueViolation(err, 'watchlists', 'name_key')) {
          throw nameTaken(naming.name);
        }
        throw err;
      }
    },
  };
}
