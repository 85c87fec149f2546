import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DELETED_KEPT_MS, LOCAL_ACTOR } from './repository';
import type {
  Actor,
  ChangeListener,
  FeedTokenStore,
  ListChange,
  DeletedWatchlist,
  NewItem,
  Watchlist,
  WatchlistItem,
  WatchlistRepository,
  WatchlistSummary,
  WatchlistVersion,
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
  toFeedToken,
  toItem,
  toSummary,
  versionNotFound,
  VERSIONS_KEPT,
  WatchlistStoreError,
  type ListOwner,
} from './store-rules';

export { SCHEMA_VERSION } from './migrations';
export { nameKey, VERSIONS_KEPT, WatchlistStoreError } from './store-rules';

/**
 * The watchlist store on better-sqlite3. Durability settings: WAL with `synchronous=FULL`, so a
 * transaction that returned is on disk (WAL's default NORMAL may lose the last commits on power loss).
 * Each change is one IMMEDIATE transaction: the write lock is taken before the version is read, so two
 * processes on one file cannot both pass the version check.
 */

type Db = Database.Database;

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

export interface SqliteRepositoryOptions {
  /** Unix ms for created_at / updated_at / added_at. */
  clock?: () => number;
  /** How long a writer waits for another process's lock before failing. */
  busyTimeoutMs?: number;
  /** The migrations to apply: the released ones (migrations.ts) unless a test tries others. */
  migrations?: readonly string[];
}

/** The SQLite store also takes online backups (backup.ts schedules them). */
export interface SqliteWatchlistRepository extends WatchlistRepository {
  as(actor: Actor): SqliteWatchlistRepository;
  /** A consistent copy of the database at `path`, taken while the store keeps serving. */
  backup(path: string): Promise<void>;
}

export function openSqliteWatchlistRepository(
  path: string,
  options: SqliteRepositoryOptions = {},
): SqliteWatchlistRepository {
  const clock = options.clock ?? Date.now;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Db;
  try {
    db = new Database(path);
  } catch (err) {
    throw new WatchlistStoreError(`Cannot open the watchlist database at ${path}`, { cause: err });
  }
  try {
    configure(db, options.busyTimeoutMs ?? 5000);
    migrate(db, options.migrations);
  } catch (err) {
    db.close();
    if (err instanceof WatchlistStoreError) throw err;
    throw new WatchlistStoreError(`Cannot prepare the watchlist database at ${path}`, { cause: err });
  }

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
    feedToken: db.prepare(
      'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE user_id = ?',
    ),
    feedTokenByHash: db.prepare(
      'SELECT user_id, token_hash, nonce, created_at FROM calendar_feed_tokens WHERE token_hash = ?',
    ),
    putFeedToken: db.prepare(
      `INSERT INTO calendar_feed_tokens (user_id, token_hash, nonce, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE
       SET token_hash = excluded.token_hash, nonce = excluded.nonce, created_at = excluded.created_at`,
    ),
    dropFeedToken: db.prepare('DELETE FROM calendar_feed_tokens WHERE user_id = ?'),
  };

  // One statement each: the row that replaces a token is the same write that ends the old one.
  const feedTokens: FeedTokenStore = {
    async current(userId) {
      const found = q.feedToken.get(userId);
      return found === undefined ? null : toFeedToken(found);
    },
    async replace(userId, token) {
      const createdAt = clock();
      q.putFeedToken.run(userId, token.hash, token.nonce, createdAt);
      return { user_id: userId, token_hash: token.hash, nonce: token.nonce, created_at: createdAt };
    },
    async revoke(userId) {
      return q.dropFeedToken.run(userId).changes > 0;
    },
    async byHash(hash) {
      const found = q.feedTokenByHash.get(hash);
      return found === undefined ? null : toFeedToken(found);
    },
  };

  // One process per database file in the embedded mode: its changes are told to its own listeners.
  const listeners = new Set<ChangeListener>();
  function tell(change: ListChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own (a closed stream); the write has committed.
      }
    }
  }
  function readList(id: number, actor: Actor): Watchlist | null {
    const found = q.summary.get(id);
    if (found === undefined) return null;
    const items: WatchlistItem[] = q.items.all(id).map(toItem);
    return { ...toSummary(found, actor), items };
  }

  /** The list as `actor` may read it: their own, or another's team list; else null (not told apart). */
  function readable(id: number, actor: Actor): Watchlist | null {
    return readableBy(readList(id, actor));
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

  /** One IMMEDIATE transaction around a versioned change; returns the list as committed. */
  function versionedWrite(
    id: number,
    expectedVersion: number,
    actor: Actor,
    change: (current: Watchlist) => { action: string; detail: string },
  ): Watchlist {
    const { before, after } = db
      .transaction(() => {
        const current = checkVersion(id, expectedVersion, actor);
        const what = change(current);
        q.bump.run(clock(), id);
        const changed = readList(id, actor);
        if (changed === null)
          throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
        recordVersion(changed, actor, what.action, what.detail);
        return { before: current, after: changed };
      })
      .immediate();
    tell(changeOf(after, before));
    return after;
  }

  /** A free name for a list coming back: its own if nobody took it meanwhile, else with a suffix. */
  function freeName(name: string, id: number, actor: Actor): { name: string; key: string } {
    for (const candidate of restoredNames(name, actor.id)) {
      const taken = q.byNameKey.get(candidate.key);
      if (taken === undefined || int(row(taken), 'id') === id) return candidate;
    }
    throw nameTaken(name);
  }

  let closed = false;

  function repositoryFor(actor: Actor): SqliteWatchlistRepository {
    return {
      as: (other) => repositoryFor(other),

      async list(): Promise<WatchlistSummary[]> {
        return q.summaries.all(actor.id, actor.id).map((r) => toSummary(r, actor));
      },

      async get(id) {
        return readable(id, actor);
      },

      async create(name) {
        const created = db
          .transaction(() => {
            refuseListLimit(int(row(q.listCount.get(actor.id)), 'n'));
            const key = ensureNameFree(name, null, actor);
            const now = clock();
            const id = Number(q.insertList.run(name, key, now, now, actor.id, actor.name).lastInsertRowid);
            const created = readList(id, actor);
            if (created === null) throw new WatchlistStoreError('A created watchlist could not be read back');
            recordVersion(created, actor, 'create', name);
            return created;
          })
          .immediate();
        tell(changeOf(created, null));
        return created;
      },

      async rename(id, name, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          q.rename.run(name, ensureNameFree(name, id, actor), id);
          return { action: 'rename', detail: `${current.name} → ${name}` };
        });
      },

      async setVisibility(id, visibility, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, () => {
          q.visibility.run(visibility, id);
          return { action: 'visibility', detail: visibility };
        });
      },

      async delete(id, expectedVersion) {
        const gone = db
          .transaction(() => {
            const current = checkVersion(id, expectedVersion, actor);
            // The name is free again at once; a restore takes it back if it still can.
            q.softDelete.run(clock(), deletedNameKey(id), id);
            return current;
          })
          .immediate();
        tell(changeOf(gone, null, true));
      },

      async listDeleted() {
        const now = clock();
        q.purge.run(now - DELETED_KEPT_MS);
        return q.deleted.all(actor.id, now - DELETED_KEPT_MS).map((value): DeletedWatchlist => {
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

      async restore(id) {
        const restored = db
          .transaction(() => {
            const r = restorableRow(id, q.anyList.get(id), actor.id, clock() - DELETED_KEPT_MS);
            refuseListLimit(int(row(q.listCount.get(actor.id)), 'n'));
            const { name, key } = freeName(text(r, 'name'), id, actor);
            q.undelete.run(name, key, id);
            const list = readList(id, actor);
            if (list === null)
              throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
            return list;
          })
          .immediate();
        tell(changeOf(restored, null));
        return restored;
      },

      async history(id) {
        const list = readable(id, actor);
        if (list === null) return null;
        return q.versions.all(id, VERSIONS_KEPT).map((value): WatchlistVersion => {
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
        });
      },

      async restoreVersion(id, version, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          const found = q.version.get(id, version);
          if (found === undefined) {
            throw versionNotFound(id, version);
          }
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
      },

      async checkAddItems(id, thscodes, expectedVersion) {
        // One read transaction: the list and its items as of one moment. Ownership first, then the batch.
        db.transaction(() => {
          const current = ownedList(id, actor);
          refuseRepeats(thscodes);
          refuseAdd(atVersion(current, expectedVersion), thscodes);
        })();
      },

      async addItems(id, items: readonly NewItem[], expectedVersion) {
        const thscodes = items.map((i) => i.thscode);
        // A list that is not the actor's (or not there) is refused before the batch is looked at, as in
        // checkAddItems; the transaction checks again (owners never change).
        ownedList(id, actor);
        refuseRepeats(thscodes);
        return versionedWrite(id, expectedVersion, actor, (current) => {
          refuseAdd(current, thscodes);
          const now = clock();
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
      },

      async removeItem(id, thscode, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          const item = findItem(current, thscode);
          q.deleteItem.run(id, thscode);
          q.closeGap.run(id, item.position);
          return { action: 'remove', detail: thscode };
        });
      },

      async reorder(id, thscodes, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          refuseOrder(current, thscodes);
          thscodes.forEach((code, position) => q.setPosition.run(position, id, code));
          return { action: 'reorder', detail: '' };
        });
      },

      async setNote(id, thscode, note, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          findItem(current, thscode);
          q.setNote.run(note, id, thscode);
          return { action: 'note', detail: thscode };
        });
      },

      feedTokens,

      async backup(to) {
        mkdirSync(dirname(to), { recursive: true });
        await db.backup(to);
      },

      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },

      async ping() {
        if (!db.open) return false;
        try {
          return db.prepare('SELECT 1 AS one').get() !== undefined;
        } catch {
          return false;
        }
      },

      async close() {
        closed = true;
        listeners.clear();
        if (db.open) db.close();
      },
    };
  }

  void closed;
  return repositoryFor(LOCAL_ACTOR);
}
