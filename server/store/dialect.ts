import type { QueryExecutorProvider } from 'kysely';
import type { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

/**
 * What differs between the engines under the one store (server/watchlists/store-queries.ts writes its
 * SQL once, with Kysely, against this): SQLite (sqlite.ts, the embedded default) and PostgreSQL
 * (postgres.ts, `DATABASE_URL`). Kysely compiles the statements for each engine and binds every value;
 * what it cannot decide is how writers are kept apart and how other processes hear of a change, which
 * is this interface. The same layer is meant for every table the server keeps (watchlists now; alerts,
 * drawings and saved screens next).
 */
export interface StoreDialect {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Whether a read of several statements runs in one read transaction to see one moment. SQLite: yes,
   * cheaply (the writer thread may commit between two statements). PostgreSQL: no, each statement on
   * the pool is its own snapshot; reads that must agree are written as one statement.
   */
  readonly snapshotReads: boolean;
  /**
   * Whether rows read for a change are locked (`SELECT … FOR UPDATE`, PostgreSQL). SQLite needs none:
   * a write transaction there is IMMEDIATE and holds the whole database from its first statement.
   */
  readonly rowLocks: boolean;
  /**
   * Serialises the write transactions that name the same key in `space` until they end (PostgreSQL: a
   * transaction-scoped advisory lock; SQLite: nothing to do, see `rowLocks`).
   */
  lockKey(db: QueryExecutorProvider, space: number, key: string): Promise<void>;
  /**
   * Tells every process listening on `channel`, if and when the transaction commits (PostgreSQL:
   * pg_notify, in commit order). SQLite: nothing; its one process tells its own listeners.
   */
  notify(db: QueryExecutorProvider, channel: string, payload: string): Promise<void>;
  /**
   * A subquery's rows as one column holding a JSON array (text in SQLite, parsed by pg in PostgreSQL):
   * Kysely's helper of the engine (SQLite's takes only a select with named columns).
   */
  readonly jsonArrayFrom: typeof sqliteJsonArrayFrom;
  /** Whether `err` is a violation of the UNIQUE constraint on `table`.`column`. */
  isUniqueViolation(err: unknown, table: string, column: string): boolean;
}
