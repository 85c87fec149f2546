import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { sqliteDialect, sqliteKysely } from '../store/sqlite';
import { openDatabase, type Db } from './sqlite-core';
import { failureOf, parseCall, replySeq, type WriterCall, type WriterReply } from './sqlite-writer-protocol';
import { storeQueries, type StoreQueries } from './store-queries';
import { WatchlistStoreError } from './store-rules';
import type { StoreTables } from './store-tables';

/**
 * The SQLite store's writer thread (started by sqlite-writer-thread.ts, one per process): it owns the
 * write connection of every open store and runs every change's IMMEDIATE transaction, so the commit's
 * fsync (synchronous=FULL) and any wait for another process's lock block this thread, never the
 * server's event loop. Calls are run one at a time in the order they came, and each is answered once
 * its transaction committed (or was refused). The changes are the one store's (store-queries.ts).
 */

const port = parentPort;
if (port === null) throw new Error('sqlite-writer.ts runs as a worker thread');

interface Connection {
  db: Db;
  kysely: Kysely<StoreTables>;
  store: StoreQueries;
}
const connections = new Map<number, Connection>();
/** Why a store's connection could not be opened: its calls fail with that. */
const openFailures = new Map<number, unknown>();

function reply(message: WriterReply): void {
  port?.postMessage(message);
}

function connection(id: number): Connection {
  const found = connections.get(id);
  if (found !== undefined) return found;
  const failure = openFailures.get(id);
  if (failure !== undefined) throw failure;
  throw new WatchlistStoreError(`The watchlist writer has no connection ${id}`);
}

async function run(call: WriterCall): Promise<void> {
  switch (call.op) {
    case 'open': {
      openFailures.delete(call.db);
      try {
        const db = openDatabase(call.path, call.busyTimeoutMs);
        const kysely = sqliteKysely<StoreTables>(db, { writes: true });
        connections.set(call.db, { db, kysely, store: storeQueries(kysely, sqliteDialect) });
      } catch (err) {
        openFailures.set(call.db, err);
        throw err;
      }
      reply({ seq: call.seq, ok: true, outcome: null });
      return;
    }
    case 'ping':
      connection(call.db).db.prepare('SELECT 1 AS one').get();
      reply({ seq: call.seq, ok: true, outcome: null });
      return;
    case 'backup': {
      const { db } = connection(call.db);
      mkdirSync(dirname(call.path), { recursive: true });
      await db.backup(call.path);
      reply({ seq: call.seq, ok: true, outcome: null });
      return;
    }
    case 'close': {
      const found = connections.get(call.db);
      await found?.kysely.destroy();
      // Kysely closes the connection only if it was ever used.
      if (found?.db.open === true) found.db.close();
      connections.delete(call.db);
      openFailures.delete(call.db);
      reply({ seq: call.seq, ok: true, outcome: null });
      return;
    }
    default:
      reply({ seq: call.seq, ok: true, outcome: await connection(call.db).store.write(call) });
  }
}

/**
 * The calls in the order they came: each starts once the one before was answered (a change's
 * transaction is asynchronous under Kysely, and the next must not start inside it). A backup runs
 * beside them, as better-sqlite3 copies in steps while the connection keeps writing.
 */
let queue: Promise<void> = Promise.resolve();

port.on('message', (value: unknown) => {
  let call: WriterCall;
  try {
    call = parseCall(value);
  } catch (err) {
    reply({ seq: replySeq(value), ok: false, failure: failureOf(err) });
    return;
  }
  const answer = () =>
    run(call).catch((err: unknown) => reply({ seq: call.seq, ok: false, failure: failureOf(err) }));
  if (call.op === 'backup') void queue.then(answer);
  else queue = queue.then(answer);
});
