import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/sqlite';
import type { StoreDialect } from './dialect';

/**
 * SQLite under the one store: better-sqlite3 through Kysely's SqliteDialect. A connection that writes
 * begins its transactions IMMEDIATE (the write lock before the first read, so two processes on one file
 * cannot both pass a version check); a connection that only reads begins them DEFERRED (a snapshot).
 */

export const sqliteDialect: StoreDialect = {
  engine: 'sqlite',
  snapshotReads: true,
  rowLocks: false,
  lockKey: async () => {},
  notify: async () => {},
  jsonArrayFrom,
  isUniqueViolation(err, table, column) {
    return (
      err instanceof Error &&
      'code' in err &&
      err.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
      err.message.includes(`${table}.${column}`)
    );
  },
};

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class StoreSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #immediate: boolean;
  constructor(config: SqliteDialectConfig, immediate: boolean) {
    super(config);
    this.#config = config;
    this.#immediate = immediate;
  }
  override createDriver(): Driver {
    return this.#immediate ? new ImmediateSqliteDriver(this.#config) : super.createDriver();
  }
}

/**
 * Kysely on an open better-sqlite3 connection; `destroy()` closes it. `writes`: the connection runs
 * changes, and its transactions begin IMMEDIATE.
 */
export function sqliteKysely<DB>(db: Database.Database, options: { writes: boolean }): Kysely<DB> {
  return new Kysely<DB>({ dialect: new StoreSqliteDialect({ database: db }, options.writes) });
}
