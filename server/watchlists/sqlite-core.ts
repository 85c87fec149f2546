import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import { WatchlistStoreError } from './store-rules';

/**
 * The SQLite store's file: opening a connection (the main thread's, which only reads, and the writer
 * thread's, sqlite-writer.ts, which runs every change), its settings and the migrations. Durability
 * settings: WAL with `synchronous=FULL`, so a transaction that returned is on disk (WAL's default
 * NORMAL may lose the last commits on power loss). The statements are the one store's
 * (store-queries.ts); each change there is one IMMEDIATE transaction (server/store/sqlite.ts).
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
