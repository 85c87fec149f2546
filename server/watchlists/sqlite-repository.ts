import { sqliteDialect, sqliteKysely } from '../store/sqlite';
import type { Actor, WatchlistRepository } from './repository';
import { migrate, openDatabase } from './sqlite-core';
import { writerThread, type Call, type WriterThread } from './sqlite-writer-thread';
import { openStore, storeListeners, type StoreEngine } from './store';
import { storeQueries, type WriteOutcome } from './store-queries';
import { WatchlistStoreError } from './store-rules';
import type { StoreTables } from './store-tables';

export { SCHEMA_VERSION } from './migrations';
export { configure, migrate } from './sqlite-core';
export { nameKey, VERSIONS_KEPT, WatchlistStoreError } from './store-rules';

/**
 * The watchlist store on SQLite (the embedded default): the one store (store.ts, store-queries.ts) on
 * two connections to one file in WAL mode. The main thread reads on its own (WAL lets readers go on
 * beside a writer), each read in one read transaction; the writer thread (sqlite-writer-thread.ts,
 * sqlite-writer.ts) runs every change. A change is acknowledged (its promise resolves) only once the
 * writer's transaction committed, so a resolved write is on disk; the writer answers in commit order,
 * and the listeners are told in that order before the caller hears back. One process per database
 * file in the embedded mode: its changes are told to its own listeners.
 */

export interface SqliteRepositoryOptions {
  /** Unix ms for created_at / updated_at / added_at (read on the main thread when a change is asked). */
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

/** Numbers the stores of this process, for the writer's connections. */
let storeCount = 0;

export function openSqliteWatchlistRepository(
  path: string,
  options: SqliteRepositoryOptions = {},
): SqliteWatchlistRepository {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  // Migrations run here, at start-up, before the writer opens: a bad file fails the open itself.
  const db = openDatabase(path, busyTimeoutMs);
  try {
    migrate(db, options.migrations);
  } catch (err) {
    db.close();
    if (err instanceof WatchlistStoreError) throw err;
    throw new WatchlistStoreError(`Cannot prepare the watchlist database at ${path}`, { cause: err });
  }
  const reads = sqliteKysely<StoreTables>(db, { writes: false });
  const listeners = storeListeners();
  const dbId = ++storeCount;
  // The thread starts now, with the server, rather than at the first write, which would wait for it.
  writerThread();
  /** The thread this store's connection was opened on (another after a thread stopped). */
  let openedOn: WriterThread | null = null;
  let closed = false;

  /** Sends a call for this store, opening its connection on the thread first if not yet there. */
  function call(request: Call, actor?: Actor): Promise<WriteOutcome | null> {
    if (closed) return Promise.reject(new WatchlistStoreError('The watchlist store is closed'));
    const writer = writerThread();
    if (openedOn !== writer) {
      openedOn = writer;
      // Calls are run in order: the ones after it use the connection (or fail with why it did not open).
      writer.call({ db: dbId, op: 'open', path, busyTimeoutMs }).catch(() => undefined);
    }
    return writer.call(request, actor, listeners.tell);
  }

  const engine: StoreEngine = {
    reads: storeQueries(reads, sqliteDialect),
    async write(request) {
      const outcome = await call({ ...request, db: dbId }, request.actor);
      if (outcome === null) throw new WatchlistStoreError('The watchlist writer gave no outcome');
      return outcome;
    },
    async ping() {
      if (closed || !db.open) return false;
      try {
        db.prepare('SELECT 1 AS one').get();
        // The writer answers too (it answers in turn, after the changes sent before).
        await call({ db: dbId, op: 'ping' });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      const writer = openedOn;
      // Calls sent before go first: a write in flight when the store closes still commits.
      if (writer !== null && !writer.stopped) {
        await writer.call({ db: dbId, op: 'close' }).catch(() => undefined);
      }
      await reads.destroy();
      // Kysely closes the connection only if it was ever used.
      if (db.open) db.close();
    },
  };

  return openStore(engine, {
    listeners,
    clock: options.clock,
    extra: {
      async backup(to: string) {
        await call({ db: dbId, op: 'backup', path: to });
      },
    },
  });
}
