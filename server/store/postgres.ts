import { Kysely, PostgresDialect, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import pg from 'pg';
import type { StoreDialect } from './dialect';

/**
 * PostgreSQL under the one store: pg's pool through Kysely's PostgresDialect. Writers are kept apart
 * by advisory locks and row locks, and a committed change is told with pg_notify inside its
 * transaction (PostgreSQL delivers it only if the transaction commits, in commit order).
 * Timestamps are Unix ms in bigint columns, read back as numbers (refused if beyond 2^53).
 */

export const postgresDialect: StoreDialect = {
  engine: 'postgres',
  snapshotReads: false,
  rowLocks: true,
  async lockKey(db, space, key) {
    await sql`SELECT pg_advisory_xact_lock(${space}, hashtext(${key}))`.execute(db);
  },
  async notify(db, channel, payload) {
    await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
  },
  jsonArrayFrom,
  isUniqueViolation(err, table, column) {
    return (
      err instanceof pg.DatabaseError && err.code === '23505' && err.constraint === `${table}_${column}_key`
    );
  },
};

/** An error of the store's own (not a refusal of a write); the store's module names its class. */
type StoreErrorOf = (message: string) => Error;

/** bigint columns (ids, times, counts) as numbers, refused when they would lose precision. */
export function pgTypes(storeError: StoreErrorOf): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(20, 'text', (value: string) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw storeError(`The database returned ${value}, beyond a safe integer`);
    return n;
  });
  return types;
}

/** Where a URL points, without its credentials: for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port === '' ? '' : `:${u.port}`}${u.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** Kysely on a pool; `destroy()` ends the pool. */
export function postgresKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
