import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { isWatchlistAssetType, WATCHLIST_LIMITS } from '../../src/contract/watchlist-constants';
import { DELETED_KEPT_MS, LOCAL_ACTOR, WatchlistError } from './repository';
import type {
  Actor,
  ChangeListener,
  ListChange,
  DeletedWatchlist,
  NewItem,
  Watchlist,
  WatchlistItem,
  WatchlistRepository,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from './repository';
import { MIGRATIONS } from './migrations';

export { SCHEMA_VERSION } from './migrations';

/**
 * The watchlist store on better-sqlite3. Durability settings: WAL with `synchronous=FULL`, so a
 * transaction that returned is on disk (WAL's default NORMAL may lose the last commits on power loss).
 * Each change is one IMMEDIATE transaction: the write lock is taken before the version is read, so two
 * processes on one file cannot both pass the version check.
 */

type Db = Database.Database;

export class WatchlistStoreError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'WatchlistStoreError';
  }
}

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

/*
 * Rows are checked column by column as they come out of SQLite (type guards, not zod: the crash test
 * starts this module hundreds of times and every module loaded costs start-up time).
 */
type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null;
}

function row(value: unknown): Row {
  if (!isRow(value)) throw new WatchlistStoreError('The watchlist database returned a malformed row');
  return value;
}

function int(r: Row, column: string): number {
  const v = r[column];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw new WatchlistStoreError(`Column ${column} of the watchlist database is not an integer`);
  }
  return v;
}

function text(r: Row, column: string): string {
  const v = r[column];
  if (typeof v !== 'string')
    throw new WatchlistStoreError(`Column ${column} of the watchlist database is not text`);
  return v;
}

function visibilityOf(r: Row): WatchlistVisibility {
  const v = text(r, 'visibility');
  if (v !== 'private' && v !== 'team') throw new WatchlistStoreError(`Unknown visibility '${v}'`);
  return v;
}

function toSummary(value: unknown, actor: Actor): WatchlistSummary {
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

function toItem(value: unknown): WatchlistItem {
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
type KeptItem = Omit<WatchlistItem, 'position'>;

function keptItems(json: string): KeptItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (err) {
    throw new WatchlistStoreError('A version of a watchlist is not valid JSON', { cause: err });
  }
  if (!Array.isArray(parsed)) throw new WatchlistStoreError('A version of a watchlist is not a list');
  return parsed.map((entry: unknown, position) => {
    const { position: _position, ...item } = toItem({ ...row(entry), position });
    return item;
  });
}

/** Case- and width-insensitive key for the "one name per owner" rule. */
export function nameKey(ownerId: string, name: string): string {
  return `${ownerId}\u001f${name.normalize('NFKC').toLowerCase()}`;
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

/** Versions kept per list; the oldest go first. */
export const VERSIONS_KEPT = 200;

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
  function changeOf(list: Watchlist, before: Watchlist | null, deleted = false): ListChange {
    const team = list.visibility === 'team' || before?.visibility === 'team';
    return { id: list.id, version: list.version, deleted, owner_id: list.owner_id, team };
  }

  function readList(id: number, actor: Actor): Watchlist | null {
    const found = q.summary.get(id);
    if (found === undefined) return null;
    const items: WatchlistItem[] = q.items.all(id).map(toItem);
    return { ...toSummary(found, actor), items };
  }

  /** The list as `actor` may read it: their own, or another's team list; else null (not told apart). */
  function readable(id: number, actor: Actor): Watchlist | null {
    const list = readList(id, actor);
    return list !== null && (list.access === 'owner' || list.visibility === 'team') ? list : null;
  }

  /**
   * Who may write list `id`: a list row (live or soft-deleted, until it is purged) owned by someone else
   * is 'forbidden' whatever its visibility; no row at all is 'not_found'. Ids are sequential, so a write's
   * refusal does not hide that a list exists; reads still answer 404 for someone else's private list.
   * The owner's name is told only when the actor may read the list (a live team list).
   */
  function refuseNotOwner(id: number, actor: Actor): Row {
    const found = q.anyList.get(id);
    if (found === undefined) throw new WatchlistError('not_found', `Watchlist ${id} does not exist.`);
    const r = row(found);
    if (text(r, 'owner_id') !== actor.id) {
      const teamVisible = r['deleted_at'] === null && visibilityOf(r) === 'team';
      throw new WatchlistError(
        'forbidden',
        teamVisible
          ? `Watchlist ${id} belongs to ${text(r, 'owner_name')}; only they can change it.`
          : `Watchlist ${id} belongs to another user; only its owner can change it.`,
      );
    }
    return r;
  }

  /** The actor's own live list, or the refusal: forbidden (someone else's), not_found (missing, deleted). */
  function ownedList(id: number, actor: Actor): Watchlist {
    refuseNotOwner(id, actor);
    const current = readList(id, actor);
    if (current === null) throw new WatchlistError('not_found', `Watchlist ${id} does not exist.`);
    return current;
  }

  function atVersion(current: Watchlist, expectedVersion: number): Watchlist {
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
      throw new WatchlistError('name_taken', `A watchlist named '${name}' already exists.`);
    }
    return key;
  }

  function recordVersion(list: Watchlist, actor: Actor, action: string, detail: string): void {
    const items = list.items.map(({ position: _position, ...item }) => item);
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

  /** A batch names each code once; `index` is the later one's place. */
  function refuseRepeats(thscodes: readonly string[]): void {
    const seen = new Set<string>();
    thscodes.forEach((thscode, index) => {
      if (seen.has(thscode)) {
        throw new WatchlistError('duplicate', `${thscode} is given twice`, { thscode, index });
      }
      seen.add(thscode);
    });
  }

  /** What an add refuses on the list as it is: codes already there, and going over the item limit. */
  function refuseAdd(current: Watchlist, thscodes: readonly string[]): void {
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

  function findItem(list: Watchlist, thscode: string): WatchlistItem {
    const item = list.items.find((i) => i.thscode === thscode);
    if (item === undefined) {
      throw new WatchlistError('item_not_found', `${thscode} is not in watchlist ${list.id}.`, { thscode });
    }
    return item;
  }

  function refuseListLimit(actor: Actor): void {
    const count = int(row(q.listCount.get(actor.id)), 'n');
    if (count >= WATCHLIST_LIMITS.lists) {
      throw new WatchlistError('list_limit', `You can have at most ${WATCHLIST_LIMITS.lists} watchlists.`);
    }
  }

  /** A free name for a list coming back: its own if nobody took it meanwhile, else with a suffix. */
  function freeName(name: string, id: number, actor: Actor): { name: string; key: string } {
    for (let n = 1; n < 1000; n++) {
      const suffix = n === 1 ? '' : ` (${n})`;
      const base = [...name].slice(0, WATCHLIST_LIMITS.name_length - [...suffix].length).join('');
      const candidate = `${base}${suffix}`;
      const key = nameKey(actor.id, candidate);
      const taken = q.byNameKey.get(key);
      if (taken === undefined || int(row(taken), 'id') === id) return { name: candidate, key };
    }
    throw new WatchlistError('name_taken', `No free name for '${name}'.`);
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
            refuseListLimit(actor);
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
            q.softDelete.run(clock(), `deleted\u001f${id}`, id);
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
            // Someone else's list, deleted or not, is theirs to restore (forbidden).
            const r = refuseNotOwner(id, actor);
            const deletedAt = r['deleted_at'];
            if (typeof deletedAt !== 'number' || deletedAt <= clock() - DELETED_KEPT_MS) {
              throw new WatchlistError('not_found', `There is no deleted watchlist ${id} to restore.`);
            }
            refuseListLimit(actor);
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
            codes: keptItems(text(r, 'items')).map((i) => i.thscode),
          };
        });
      },

      async restoreVersion(id, version, expectedVersion) {
        return versionedWrite(id, expectedVersion, actor, (current) => {
          const found = q.version.get(id, version);
          if (found === undefined) {
            throw new WatchlistError(
              'version_not_found',
              `Watchlist ${id} has no version ${version} to restore.`,
            );
          }
          const r = row(found);
          const name = text(r, 'name');
          if (name !== current.name) q.rename.run(name, ensureNameFree(name, id, actor), id);
          q.deleteItems.run(id);
          keptItems(text(r, 'items')).forEach((item, position) => {
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

      async backup(to) {
        mkdirSync(dirname(to), { recursive: true });
        await db.backup(to);
      },

      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
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
