import pg from 'pg';
import { describeUrl, pgTypes, postgresDialect, postgresKysely } from '../store/postgres';
import type { Actor, WatchlistRepository } from './repository';
import { startChangeFeed, type ChangeFeed, type ChangeFeedEvent } from './pg-change-feed';
import { PG_MIGRATIONS, PG_MIGRATIONS_TABLE } from './pg-migrations';
import { openStore, storeListeners } from './store';
import { storeQueries } from './store-queries';
import { int, row, WatchlistStoreError } from './store-rules';
import type { StoreTables } from './store-tables';

export type { ChangeFeedEvent } from './pg-change-feed';
export { CHANGES_CHANNEL } from './store-queries';

/**
 * The watchlist store on PostgreSQL (`DATABASE_URL`), for several BFF replicas sharing one database:
 * the one store (store.ts, store-queries.ts) on a pool, with PostgreSQL's dialect (server/store/
 * postgres.ts: advisory and row locks, pg_notify) and the change feed (pg-change-feed.ts) telling this
 * replica's listeners every committed change, its own included. This file opens it: the pool, the
 * migrations, the feed.
 */

/** The migrations' advisory lock (one bigint key, 'WLMIGR'). */
const MIGRATION_LOCK = 0x574c_4d49_4752;

/** A readiness check waits this long for the database, then says it is not ready. */
const PING_TIMEOUT_MS = 2_000;

const TYPES = pgTypes((message) => new WatchlistStoreError(message));

/**
 * Applies the pending migrations (pg-migrations.ts) in one transaction, under an advisory lock held until
 * it commits: replicas starting together wait for the first, then find nothing left to do. `migrations`
 * is for tests that try a list other than the released one.
 */
export async function migratePg(
  client: pg.ClientBase,
  migrations: readonly string[] = PG_MIGRATIONS,
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(PG_MIGRATIONS_TABLE);
    const result = await client.query(
      'SELECT coalesce(max(version), 0) AS version FROM watchlist_migrations',
    );
    const found = int(row(result.rows[0]), 'version');
    if (found > migrations.length) {
      throw new WatchlistStoreError(
        `The watchlist database has schema version ${found}, newer than this server knows (${migrations.length}); upgrade the server.`,
      );
    }
    for (let version = found + 1; version <= migrations.length; version++) {
      const sql = migrations[version - 1];
      if (sql === undefined) break;
      await client.query(sql);
      await client.query('INSERT INTO watchlist_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export interface PgRepositoryOptions {
  /** Unix ms for created_at / updated_at / added_at. */
  clock?: () => number;
  /** The migrations to apply: the released ones (pg-migrations.ts) unless a test tries others. */
  migrations?: readonly string[];
  /** Connections in the pool (the LISTEN connection is one more). */
  poolSize?: number;
  /** The change feed's connection: listening (at open and after each reconnection) or lost. */
  onFeed?: (event: ChangeFeedEvent) => void;
  /** What goes wrong outside a request: an idle connection dropped, a malformed notification. */
  onError?: (error: unknown, what: string) => void;
  /** Waits between reconnection attempts of the feed: from `first`, doubling up to `max`. */
  reconnectDelayMs?: { first: number; max: number };
  /** Names the sessions in pg_stat_activity (the feed's gets `-feed`). */
  applicationName?: string;
}

export interface PgWatchlistRepository extends WatchlistRepository {
  as(actor: Actor): PgWatchlistRepository;
  /** Whether the change feed is connected and listening now. */
  feedListening(): boolean;
}

export async function openPgWatchlistRepository(
  url: string,
  options: PgRepositoryOptions = {},
): Promise<PgWatchlistRepository> {
  const onError = options.onError ?? (() => undefined);
  const applicationName = options.applicationName ?? 'market-dashboard';
  const connection = {
    connectionString: url,
    types: TYPES,
    connectionTimeoutMillis: 10_000,
    // A replica that stalls inside a transaction must not hold a list's lock for ever.
    idle_in_transaction_session_timeout: 30_000,
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    application_name: applicationName,
  });
  // An idle connection that drops (the server restarted) is replaced by the pool; without a handler
  // its error would end the process.
  pool.on('error', (err) => onError(err, 'an idle database connection failed'));

  try {
    const client = await pool.connect();
    try {
      await migratePg(client, options.migrations);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (err instanceof WatchlistStoreError) throw err;
    throw new WatchlistStoreError(`Cannot prepare the watchlist database at ${describeUrl(url)}`, {
      cause: err,
    });
  }

  const listeners = storeListeners();
  let feed: ChangeFeed;
  try {
    feed = await startChangeFeed({
      connection: { ...connection, application_name: `${applicationName}-feed` },
      hear: listeners.tell,
      onFeed: options.onFeed,
      onError,
      reconnectDelayMs: options.reconnectDelayMs,
    });
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new WatchlistStoreError(`Cannot listen for watchlist changes at ${describeUrl(url)}`, {
      cause: err,
    });
  }

  const db = postgresKysely<StoreTables>(pool);
  const queries = storeQueries(db, postgresDialect);
  return openStore(
    {
      reads: queries,
      // Its listeners hear the change from the feed, as every replica does.
      write: (request) => queries.write(request),
      async ping() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
        });
        const answered = pool.query('SELECT 1').then(
          () => true,
          () => false,
        );
        try {
          return await Promise.race([answered, late]);
        } finally {
          clearTimeout(timer);
        }
      },
      async close() {
        await feed.close();
        // Kysely's destroy ends the pool.
        await db.destroy();
        if (!pool.ended) await pool.end();
      },
    },
    { listeners, clock: options.clock, extra: { feedListening: () => feed.listening() } },
  );
}
