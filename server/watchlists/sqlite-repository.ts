import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { isWatchlistAssetType, WATCHLIST_LIMITS } from '../../src/contract/watchlist-constants';
import { WatchlistError } from './repository';
import type { NewItem, Watchlist, WatchlistItem, WatchlistRepository, WatchlistSummary } from './repository';
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

function toSummary(value: unknown): WatchlistSummary {
  const r = row(value);
  return {
    id: int(r, 'id'),
    name: text(r, 'name'),
    version: int(r, 'version'),
    item_count: int(r, 'item_count'),
    created_at: int(r, 'created_at'),
    updated_at: int(r, 'updated_at'),
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

/** Case- and width-insensitive key for the "one name per store" rule. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export interface SqliteRepositoryOptions {
  /** Unix ms for created_at / updated_at / added_at. */
  clock?: () => number;
  /** How long a writer waits for another process's lock before failing. */
  busyTimeoutMs?: number;
  /** The migrations to apply: the released ones (migrations.ts) unless a test tries others. */
  migrations?: readonly string[];
}

export function openSqliteWatchlistRepository(
  path: string,
  options: SqliteRepositoryOptions = {},
): WatchlistRepository {
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

  const SUMMARY = `SELECT w.id, w.name, w.version, w.created_at, w.updated_at,
      (SELECT count(*) FROM watchlist_items i WHERE i.watchlist_id = w.id) AS item_count
    FROM watchlists w`;
  const q = {
    summaries: db.prepare(`${SUMMARY} ORDER BY w.id`),
    summary: db.prepare(`${SUMMARY} WHERE w.id = ?`),
    items: db.prepare(
      `SELECT thscode, asset_type, name, note, position, added_at FROM watchlist_items
       WHERE watchlist_id = ? ORDER BY position`,
    ),
    listCount: db.prepare('SELECT count(*) AS n FROM watchlists'),
    byNameKey: db.prepare('SELECT id FROM watchlists WHERE name_key = ?'),
    insertList: db.prepare(
      'INSERT INTO watchlists (name, name_key, version, created_at, updated_at) VALUES (?, ?, 1, ?, ?)',
    ),
    bump: db.prepare('UPDATE watchlists SET version = version + 1, updated_at = ? WHERE id = ?'),
    rename: db.prepare('UPDATE watchlists SET name = ?, name_key = ? WHERE id = ?'),
    deleteList: db.prepare('DELETE FROM watchlists WHERE id = ?'),
    insertItem: db.prepare(
      `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    deleteItem: db.prepare('DELETE FROM watchlist_items WHERE watchlist_id = ? AND thscode = ?'),
    closeGap: db.prepare(
      'UPDATE watchlist_items SET position = position - 1 WHERE watchlist_id = ? AND position > ?',
    ),
    setPosition: db.prepare('UPDATE watchlist_items SET position = ? WHERE watchlist_id = ? AND thscode = ?'),
    setNote: db.prepare('UPDATE watchlist_items SET note = ? WHERE watchlist_id = ? AND thscode = ?'),
  };

  function readList(id: number): Watchlist | null {
    const found = q.summary.get(id);
    if (found === undefined) return null;
    const items: WatchlistItem[] = q.items.all(id).map(toItem);
    return { ...toSummary(found), items };
  }

  /** The list at the expected version, or the refusal. Runs inside the write transaction. */
  function checkVersion(id: number, expectedVersion: number): Watchlist {
    const current = readList(id);
    if (current === null) throw new WatchlistError('not_found', `Watchlist ${id} does not exist.`);
    if (current.version !== expectedVersion) {
      throw new WatchlistError(
        'version_conflict',
        `Watchlist ${id} has changed: it is at version ${current.version}, the change was made against version ${expectedVersion}.`,
        { current },
      );
    }
    return current;
  }

  function ensureNameFree(name: string, exceptId: number | null): string {
    const key = nameKey(name);
    const taken = q.byNameKey.get(key);
    if (taken !== undefined && int(row(taken), 'id') !== exceptId) {
      throw new WatchlistError('name_taken', `A watchlist named '${name}' already exists.`);
    }
    return key;
  }

  /** One IMMEDIATE transaction around a versioned change; returns the list as committed. */
  function versionedWrite(
    id: number,
    expectedVersion: number,
    change: (current: Watchlist) => void,
  ): Watchlist {
    return db
      .transaction(() => {
        const current = checkVersion(id, expectedVersion);
        change(current);
        q.bump.run(clock(), id);
        const after = readList(id);
        if (after === null) throw new WatchlistStoreError(`Watchlist ${id} vanished inside its transaction`);
        return after;
      })
      .immediate();
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

  return {
    async list(): Promise<WatchlistSummary[]> {
      return q.summaries.all().map(toSummary);
    },

    async get(id) {
      return readList(id);
    },

    async create(name) {
      return db
        .transaction(() => {
          const count = int(row(q.listCount.get()), 'n');
          if (count >= WATCHLIST_LIMITS.lists) {
            throw new WatchlistError(
              'list_limit',
              `There can be at most ${WATCHLIST_LIMITS.lists} watchlists.`,
            );
          }
          const key = ensureNameFree(name, null);
          const now = clock();
          const id = Number(q.insertList.run(name, key, now, now).lastInsertRowid);
          const created = readList(id);
          if (created === null) throw new WatchlistStoreError('A created watchlist could not be read back');
          return created;
        })
        .immediate();
    },

    async rename(id, name, expectedVersion) {
      return versionedWrite(id, expectedVersion, () => {
        q.rename.run(name, ensureNameFree(name, id), id);
      });
    },

    async delete(id, expectedVersion) {
      db.transaction(() => {
        checkVersion(id, expectedVersion);
        q.deleteList.run(id);
      }).immediate();
    },

    async checkAddItems(id, thscodes, expectedVersion) {
      refuseRepeats(thscodes);
      // One read transaction: the list and its items as of one moment.
      db.transaction(() => refuseAdd(checkVersion(id, expectedVersion), thscodes))();
    },

    async addItems(id, items: readonly NewItem[], expectedVersion) {
      const thscodes = items.map((i) => i.thscode);
      refuseRepeats(thscodes);
      return versionedWrite(id, expectedVersion, (current) => {
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
      });
    },

    async removeItem(id, thscode, expectedVersion) {
      return versionedWrite(id, expectedVersion, (current) => {
        const item = findItem(current, thscode);
        q.deleteItem.run(id, thscode);
        q.closeGap.run(id, item.position);
      });
    },

    async reorder(id, thscodes, expectedVersion) {
      return versionedWrite(id, expectedVersion, (current) => {
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
      });
    },

    async setNote(id, thscode, note, expectedVersion) {
      return versionedWrite(id, expectedVersion, (current) => {
        findItem(current, thscode);
        q.setNote.run(note, id, thscode);
      });
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
