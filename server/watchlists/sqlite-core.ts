import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DELETED_KEPT_MS } from './repository';
import type {
  FeedTokenRecord,
  Actor,
  DeletedWatchlist,
  ListChange,
  NewItem,
  Watchlist,
  WatchlistItem,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from './repository';
import { MIGRATIONS } from './migrations';
import {
  atVersion,
  changeOf,
  restorableRow,
  deletedNameKey,
  findItem,
  int,
  keptItemsFromJson,
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
  restoredNames,
  row,
  text,
  toItem,
  toFeedToken,
  toSummary,
  versionNotFound,
  VERSIONS_KEPT,
  WatchlistStoreError,
  type ListOwner,
} from './store-rules';

/**
 * The SQLite store's statements, shared by its two connections (sqlite-repository.ts): the main
 * thread's, which only reads, and the writer thread's (sqlite-writer.ts), which runs every change. Each
 * change is one IMMEDIATE transaction: the write lock is taken before the version is read, so two
 * processes on one file cannot both pass the version check. Durability settings: WAL with
 * `synchronous=FULL`, so a transaction that returned is on disk (WAL's default NORMAL may lose the last
 * commits on power loss).
 *
 * Loaded by the writer thread and the crash test's child: no zod here (store-rules.ts's guards instead).
 */

export type Db = Database.Database;

function schemaVersion(db: Db): number {
  const version = db.pragma('user_version', { simple: true });
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new WatchlistStoreError(
      `The watchlist database reports an invalid schema version: ${String(version)}`,
    );
  }
  return version;
}

/**
 * Applies the pending migrations (server/watchlists/migrations.ts), each in its own transaction
 * together with its version bump. `migrations` is for tests that try a list other than the real one.
 */
export function migrate(db: Db, migrations: readonly string[] = MIGRATIONS): void {
  const found = schemaVersion(db);
  if (found > migrations.length) {
    throw new WatchlistStoreError(
      `The watchlist database has schema version ${found}, newer than this server knows (${migrations.length}); upgrade the server.`,
    );
  }
  migrations.forEach((sql, index) => {
    const target = index + 1;
    db.transaction(() => {
      // Re-read under the write lock: another process may have migrated since we looked.
      if (schemaVersion(db) >= target) return;
      db.exec(sql);
      db.pragma(`user_version = ${target}`);
    }).immediate();
  });
}

/** Connection settings; pragmas other than journal_mode are per connection, so every open runs this. */
export function configure(db: Db, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
}

/** Opens and configures a connection (creating the file's folder); the failure as a store error. */
export function openDatabase(path: string, busyTimeoutMs: number): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Db;
  try {
    db = new Database(path);
  } catch (err) {
    throw new WatchlistStoreError(`Cannot open the watchlist database at ${path}`, { cause: err });
  }
  try {
    configure(db, busyTimeoutMs);
  } catch (err) {
    db.close();
    throw new WatchlistStoreError(`Cannot prepare the watchlist database at ${path}`, { cause: err });
  }
  return db;
}

/**
 * A change, as the main thread hands it to the writer: the acting user, the time it happened (the main
 * thread's clock: a test's clock cannot cross threads) and what to do.
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

export interface SqliteStatements {
  /** The actor's lists, then the team's visible ones. */
  summaries(actor: Actor): WatchlistSummary[];
  /** The list as `actor` may read it, else null. */
  readable(id: number, actor: Actor): Watchlist | null;
  /** The actor's own live list, or the refusal. */
  ownedList(id: number, actor: Actor): Watchlist;
  deleted(actor: Actor, now: number): DeletedWatchlist[];
  versions(id: number): WatchlistVersion[];
  /** Runs `read` in one read transaction: every statement in it sees the same moment. */
  snapshot<T>(read: () => T): T;
  /** The user's calendar feed token, and the token with this hash (hk-ipo/feed-tokens.ts). */
  feedToken(userId: string): FeedTokenRecord | null;
  feedTokenByHash(hash: string): FeedTokenRecord | null;
  /** Runs one change in its IMMEDIATE transaction; throws the refusal (a WatchlistError). */
  write(request: WriteRequest): WriteOutcome;
}

export function statementsOf(db: Db): SqliteStatements {
  const SUMMARY = `SELECT w.id, w.name, w.version, w.created_at, w.updated_at, w.owner_id, w.owner_name,
      w.visibility, (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count
    FROM watchlists w`;
  const q = {
    // The actor's own lists first, then the team's, each in creation order.
    summaries: db.prepare(
      `${SUMMARY} WHERE w.deleted_at IS NULL AND (w.owner_id = ? OR w.visibility = 'team')
       ORDER BY w.owner_id <> ?, w.id`,
    ),
    summary: db.prepare(`${SUMMARY} WHERE w.id = ? AND w.deleted_at IS NULL`),
    anyList: db.prepare(
      'SELECT owner_id, owner_name, visibility, deleted_at, name FROM watchlists WHERE id = ?',
    ),
    items: db.prepare(
      `SELECT thscode, asset_type, name, note, position, added_at FROM watchlist_items
       WHERE watchlist_id = ? ORDER BY position`,
    ),
    listCount: db.prepare('SELECT count(*) AS n FROM watchlists WHERE owner_id = ? AND deleted_at IS NULL'),
    byNameKey: db.prepare('SELECT id FROM watchlists WHERE name_key = ?'),
    insertList: db.prepare(
      `INSERT INTO watchlists (name, name_key, version, created_at, updated_at, owner_id, owner_name)
       VALUES (?, ?, 1, ?, ?, ?, ?)`,
    ),
    bump: db.prepare('UPDATE watchlists SET version = version + 1, updated_at = ? WHERE id = ?'),
    rename: db.prepare('UPDATE watchlists SET name = ?, name_key = ? WHERE id = ?'),
    visibility: db.prepare('UPDATE watchlists SET visibility = ? WHERE id = ?'),
    softDelete: db.prepare('UPDATE watchlists SET deleted_at = ?, name_key = ? WHERE id = ?'),
    undelete: db.prepare('UPDATE watchlists SET deleted_at = NULL, name = ?, name_key = ? WHERE id = ?'),
    deleted: db.prepare(
      `SELECT w.id, w.name, w.deleted_at,
         (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count
       FROM watchlists w WHERE w.owner_id = ? AND w.deleted_at IS NOT NULL AND w.deleted_at > ?
       ORDER BY w.deleted_at DESC, w.id DESC`,
    ),
    purge: db.prepare('DELETE FROM watchlists WHERE deleted_at IS NOT NULL AND deleted_at <= ?'),
    feedToken: db.prepare(
      'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE user_id = ?',
    ),
    feedTokenByHash: db.prepare(
      'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE token_hash = ?',
    ),
    // One statement: the row that replaces a token is the same write that ends the old one.
    putFeedToken: db.prepare(
      `INSERT INTO calendar_feed_tokens (user_id, token_hash, nonce, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE
       SET token_hash = excluded.token_hash, nonce = excluded.nonce, created_at = excluded.created_at`,
    ),
    dropFeedToken: db.prepare('DELETE FROM calendar_feed_tokens WHERE user_id = ?'),
    insertItem: db.prepare(
      `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    deleteItem: db.prepare('DELETE FROM watchlist_items WHERE watchlist_id = ? AND thscode = ?'),
    deleteItems: db.prepare('DELETE FROM watchlist_items WHERE watchlist_id = ?'),
    closeGap: db.prepare(
      'UPDATE watchlist_items SET position = position - 1 WHERE watchlist_id = ? AND position > ?',
    ),
    setPosition: db.prepare('UPDATE watchlist_items SET position = ? WHERE watchlist_id = ? AND thscode = ?'),
    setNote: db.prepare('UPDATE watchlist_items SET note = ? WHERE watchlist_id = ? AND thscode = ?'),
    insertVersion: db.prepare(
      `INSERT INTO watchlist_versions (watchlist_id, version, at, actor_id, actor_name, action, detail, name, items)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    versions: db.prepare(
      `SELECT version, at, actor_name, action, detail, name, items FROM watchlist_versions
       WHERE watchlist_id = ? ORDER BY version DESC LIMIT ?`,
    ),
    version: db.prepare('SELECT name, items FROM watchlist_versions WHERE watchlist_id = ? AND version = ?'),
    pruneVersions: db.prepare('DELETE FROM watchlist_versions WHERE watchlist_id = ? AND version <= ?'),
  };

  function readList(id: number, actor: Actor): Watchlist | null {
    const found = q.summary.get(id);
    if (found === undefined) return null;
    const items: WatchlistItem[] = q.items.all(id).map(toItem);
    return { ...toSummary(found, actor), items };
  }

  /** Whose list `id` is, deleted or not (null: no such row). */
  function ownerOfList(id: number): ListOwner | null {
    const found = q.anyList.get(id);
    return found === undefined ? null : listOwnerOf(found);
  }

  /** The actor's own live list, or the refusal: forbidden (someone else's), not_found (missing, deleted). */
  function ownedList(id: number, actor: Actor): Watchlist {
    return ownedLive(id, ownerOfList(id), readList(id, actor), actor.id);
  }

  /**
   * The list at the expected version, owned by the actor, or the refusal, in this order: not_found (no
   * such list), forbidden (someone else's), not_found (deleted), version_conflict. Runs inside the
   * transaction.
   */
  function checkVersion(id: number, expectedVersion: number, actor: Actor): Watchlist {
    return atVersion(ownedList(id, actor), expectedVersion);
  }

  function ensureNameFree(name: string, exceptId: number | null, actor: Actor): string {
    const key = nameKey(actor.id, name);
    const taken = q.byNameKey.get(key);
    if (taken !== undefined && int(row(taken), 'id') !== exceptId) {
      throw nameTaken(name);
    }
    return key;
  }

  function recordVersion(list: Watchlist, actor: Actor, action: string, detail: string): void {
    const items = keptOf(list);
    q.insertVersion.run(
      list.id,
      list.version,
      list.updated_at,
      actor.id,
      actor.name,
      action,
      detail,
      list.name,
      JSON.stringify(items),
    );
    q.pruneVersions.run(list.id, list.version - VERSIONS_KEPT);
  }

  /** A versioned change (inside the transaction); returns the list as committed and its change. */
  function versioned(
    id: number,
    expectedVersion: number,
    actor: Actor,
    now: number,
    change: (current: Watchlist) => { action: string; detail: string },
  ): WriteOutcome {
    const current = checkVersion(id, expectedVersion, actor);
    const what = change(current);
    q.bump.run(now, id);
    const changed = readList(id, actor);
    if (changed === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
    recordVersion(changed, actor, what.action, what.detail);
    return { list: changed, change: changeOf(changed, current) };
  }

  /** A free name for a list coming back: its own if nobody took it meanwhile, else with a suffix. */
  function freeName(name: string, id: number, actor: Actor): { name: string; key: string } {
    for (const candidate of restoredNames(name, actor.id)) {
      const taken = q.byNameKey.get(candidate.key);
      if (taken === undefined || int(row(taken), 'id') === id) return candidate;
    }
    throw nameTaken(name);
  }

  /** The body of one change's transaction. */
  function change(request: WriteRequest): WriteOutcome {
    const { actor, now } = request;
    switch (request.op) {
      case 'create': {
        const { name } = request;
        refuseListLimit(int(row(q.listCount.get(actor.id)), 'n'));
        const key = ensureNameFree(name, null, actor);
        const id = Number(q.insertList.run(name, key, now, now, actor.id, actor.name).lastInsertRowid);
        const created = readList(id, actor);
        if (created === null) throw new WatchlistStoreError('A created watchlist could not be read back');
        recordVersion(created, actor, 'create', name);
        return { list: created, change: changeOf(created, null) };
      }
      case 'rename': {
        const { id, name } = request;
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          q.rename.run(name, ensureNameFree(name, id, actor), id);
          return { action: 'rename', detail: `${current.name} → ${name}` };
        });
      }
      case 'visibility':
        return versioned(request.id, request.expectedVersion, actor, now, () => {
          q.visibility.run(request.visibility, request.id);
          return { action: 'visibility', detail: request.visibility };
        });
      case 'delete': {
        const { id } = request;
        const gone = checkVersion(id, request.expectedVersion, actor);
        // The name is free again at once; a restore takes it back if it still can.
        q.softDelete.run(now, deletedNameKey(id), id);
        return { list: null, change: changeOf(gone, null, true) };
      }
      case 'restore': {
        const { id } = request;
        const r = restorableRow(id, q.anyList.get(id), actor.id, now - DELETED_KEPT_MS);
        refuseListLimit(int(row(q.listCount.get(actor.id)), 'n'));
        const { name, key } = freeName(text(r, 'name'), id, actor);
        q.undelete.run(name, key, id);
        const list = readList(id, actor);
        if (list === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
        return { list, change: changeOf(list, null) };
      }
      case 'restoreVersion': {
        const { id, version } = request;
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          const found = q.version.get(id, version);
          if (found === undefined) throw versionNotFound(id, version);
          const r = row(found);
          const name = text(r, 'name');
          if (name !== current.name) q.rename.run(name, ensureNameFree(name, id, actor), id);
          q.deleteItems.run(id);
          keptItemsFromJson(text(r, 'items')).forEach((item, position) => {
            q.insertItem.run(
              id,
              item.thscode,
              item.asset_type,
              item.name,
              item.note,
              position,
              item.added_at,
            );
          });
          return { action: 'restore_version', detail: String(version) };
        });
      }
      case 'addItems': {
        const { id, items } = request;
        const thscodes = items.map((i) => i.thscode);
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          refuseRepeats(thscodes);
          refuseAdd(current, thscodes);
          items.forEach((item, i) => {
            q.insertItem.run(
              id,
              item.thscode,
              item.asset_type,
              item.name,
              item.note ?? '',
              current.items.length + i,
              now,
            );
          });
          return { action: 'add', detail: thscodes.join(', ') };
        });
      }
      case 'removeItem': {
        const { id, thscode } = request;
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          const item = findItem(current, thscode);
          q.deleteItem.run(id, thscode);
          q.closeGap.run(id, item.position);
          return { action: 'remove', detail: thscode };
        });
      }
      case 'reorder': {
        const { id, thscodes } = request;
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          refuseOrder(current, thscodes);
          thscodes.forEach((code, position) => q.setPosition.run(position, id, code));
          return { action: 'reorder', detail: '' };
        });
      }
      case 'note': {
        const { id, thscode, note } = request;
        return versioned(id, request.expectedVersion, actor, now, (current) => {
          findItem(current, thscode);
          q.setNote.run(note, id, thscode);
          return { action: 'note', detail: thscode };
        });
      }
      case 'purge':
        q.purge.run(now - DELETED_KEPT_MS);
        return { list: null, change: null };
      case 'putFeedToken':
        q.putFeedToken.run(request.userId, request.hash, request.nonce, now);
        return { list: null, change: null };
      case 'dropFeedToken':
        q.dropFeedToken.run(request.userId);
        return { list: null, change: null };
    }
  }

  return {
    summaries: (actor) => q.summaries.all(actor.id, actor.id).map((r) => toSummary(r, actor)),
    readable: (id, actor) => readableBy(readList(id, actor)),
    ownedList,
    deleted: (actor, now) =>
      q.deleted.all(actor.id, now - DELETED_KEPT_MS).map((value): DeletedWatchlist => {
        const r = row(value);
        const deletedAt = int(r, 'deleted_at');
        return {
          id: int(r, 'id'),
          name: text(r, 'name'),
          item_count: int(r, 'item_count'),
          deleted_at: deletedAt,
          purge_at: deletedAt + DELETED_KEPT_MS,
        };
      }),
    versions: (id) =>
      q.versions.all(id, VERSIONS_KEPT).map((value): WatchlistVersion => {
        const r = row(value);
        return {
          version: int(r, 'version'),
          at: int(r, 'at'),
          by: text(r, 'actor_name'),
          action: text(r, 'action'),
          detail: text(r, 'detail'),
          name: text(r, 'name'),
          codes: keptItemsFromJson(text(r, 'items')).map((i) => i.thscode),
        };
      }),
    feedToken: (userId) => {
      const found: unknown = q.feedToken.get(userId);
      return found === undefined ? null : toFeedToken(found);
    },
    feedTokenByHash: (hash) => {
      const found: unknown = q.feedTokenByHash.get(hash);
      return found === undefined ? null : toFeedToken(found);
    },
    snapshot: (read) => db.transaction(read)(),
    write: (request) => db.transaction(() => change(request)).immediate(),
  };
}
