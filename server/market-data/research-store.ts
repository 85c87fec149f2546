import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * The research panel's and the minute tape's embedded analytical store: one DuckDB file (RESEARCH_DB)
 * per process. Changes go through one connection, one at a time (an import is a transaction; a reader
 * keeps seeing the previous panel until it commits); reads take a connection of their own, so a long
 * import never holds up a page. SQL is written with bound parameters (`$name`), never with spliced values.
 */
export interface ResearchStore {
  readonly path: string;
  /** Runs `fn` on the writing connection after every earlier write has finished. */
  write<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  /** Runs `fn` on a reading connection of its own. */
  read<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * DuckDB's own limits: by default it takes 80 % of the machine's memory and every core. The server shares
 * the machine with its pages, so an import of the full dump (about 11 M bars, sorted by code and day)
 * spills to disk beyond this instead of growing the process (measured: 2.9 GB without it).
 */
export const RESEARCH_STORE_SETTINGS = {
  memory_limit: '768MB',
  threads: '2',
  // Rows need not come out in the order they went in unless a query asks (ORDER BY): less memory.
  preserve_insertion_order: 'false',
} as const;

/** Opens (creating if needed) the store at `path`; `:memory:` for a store that lives in the process. */
export async function openResearchStore(path: string): Promise<ResearchStore> {
  if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path, { ...RESEARCH_STORE_SETTINGS });
  const writer = await instance.connect();
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  const readers = new Set<DuckDBConnection>();
  return {
    path,
    write(fn) {
      if (closed) return Promise.reject(new Error('The research store is closed'));
      const run = tail.then(() => fn(writer));
      // The chain goes on after a failed write; the failure is the caller's.
      tail = run.catch(() => undefined);
      return run;
    },
    async read(fn) {
      if (closed) throw new Error('The research store is closed');
      const connection = await instance.connect();
      readers.add(connection);
      try {
        return await fn(connection);
      } finally {
        readers.delete(connection);
        connection.closeSync();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await tail;
      for (const reader of readers) reader.closeSync();
      writer.closeSync();
      instance.closeSync();
    },
  };
}
