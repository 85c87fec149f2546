import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LOCAL_ACTOR } from './repository';
import type {
  Actor,
  ChangeListener,
  FeedTokenStore,
  ListChange,
  Watchlist,
  WatchlistRepository,
} from './repository';
import { migrate, openDatabase, statementsOf, type WriteOutcome, type WriteRequest } from './sqlite-core';
import { parseReply, replySeq, type WriterCall } from './sqlite-writer-protocol';
import { atVersion, refuseAdd, refuseRepeats, WatchlistStoreError } from './store-rules';

export { SCHEMA_VERSION } from './migrations';
export { configure, migrate } from './sqlite-core';
export { nameKey, VERSIONS_KEPT, WatchlistStoreError } from './store-rules';

/**
 * The watchlist store on better-sqlite3, on two connections to one file in WAL mode: the main thread
 * reads on its own (WAL lets readers go on beside a writer), and a writer thread (sqlite-writer.ts)
 * runs every change. better-sqlite3 is synchronous, so a commit with `synchronous=FULL` waits for its
 * fsync on whichever thread runs it: on the main thread, one user's write flood stalled everyone's
 * requests (a cache hit's p95 went from 31 to 115 ms). A change is acknowledged (its promise resolves)
 * only once the writer's transaction committed, so a resolved write is on disk, as before; the writer
 * answers in commit order, and the listeners are told in that order before the caller hears back.
 * The statements and the transactions are sqlite-core.ts's.
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

/**
 * Starts the writer thread. Under tsx and vitest this module is TypeScript, and so is the writer: a
 * worker does not inherit the main thread's loader hooks (and in Node 20 a worker's `--import` hooks do
 * not load its entry), so the worker starts from a line of JavaScript that loads the writer through
 * tsx's require hook. The crash test's child is compiled to .mjs (crash.testkit.ts, which rewrites the
 * URL below), and starts the compiled writer as it is.
 */
function startWorker(): Worker {
  // The base through a variable: Vite (vitest's browser-like environments) rewrites the literal
  // `new URL('…', import.meta.url)` into a URL of its dev server. crash.testkit.ts still finds the name.
  const here = import.meta.url;
  const file = fileURLToPath(new URL('./sqlite-writer.ts', here));
  if (!file.endsWith('.ts')) return new Worker(file);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(file)}, ${JSON.stringify(file)});`;
  return new Worker(code, { eval: true });
}

/** A call as a store sends it (the thread adds the sequence number). */
type Call = { db: number } & (
  | WriteRequest
  | { op: 'open'; path: string; busyTimeoutMs: number }
  | { op: 'backup'; path: string }
  | { op: 'ping' }
  | { op: 'close' }
);

interface Pending {
  actor: Actor;
  resolve: (outcome: WriteOutcome | null) => void;
  reject: (err: Error) => void;
}

/**
 * The main thread's end of the writer thread, one per process (starting a thread and loading the
 * writer into it takes a good part of a second under tsx, too much for every store a test opens):
 * `call` sends a call and resolves with the writer's answer. A thread that stopped (it failed) fails
 * the calls it held; the next call starts another, and each store opens its connection there again.
 */
class WriterThread {
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly worker = startWorker();
  stopped = false;

  constructor(onStop: () => void) {
    const { worker } = this;
    // An idle writer does not keep the process alive; one with calls in flight does.
    worker.unref();
    worker.on('message', (value: unknown) => this.answer(value));
    worker.on('error', (err) => {
      this.failAll(new WatchlistStoreError('The watchlist writer failed', { cause: err }));
    });
    worker.on('exit', (code) => {
      this.stopped = true;
      onStop();
      this.failAll(new WatchlistStoreError(`The watchlist writer stopped (exit code ${code})`));
    });
  }

  /** Sends a call; `actor` reads the lists in the answer. `onChange` hears a committed change first. */
  call(
    request: Call,
    actor: Actor = LOCAL_ACTOR,
    onChange: (change: ListChange) => void = () => {},
  ): Promise<WriteOutcome | null> {
    if (this.stopped) return Promise.reject(new WatchlistStoreError('The watchlist writer stopped'));
    this.seq += 1;
    const message: WriterCall = { ...request, seq: this.seq };
    return new Promise((resolve, reject) => {
      this.pending.set(message.seq, {
        actor,
        resolve: (outcome) => {
          if (outcome?.change) onChange(outcome.change);
          resolve(outcome);
        },
        reject,
      });
      this.worker.ref();
      this.worker.postMessage(message);
    });
  }

  private answer(value: unknown): void {
    let seq: number;
    try {
      seq = replySeq(value);
    } catch {
      return;
    }
    const call = this.pending.get(seq);
    if (call === undefined) return;
    this.pending.delete(seq);
    if (this.pending.size === 0) this.worker.unref();
    let answer: ReturnType<typeof parseReply>;
    try {
      answer = parseReply(value, call.actor);
    } catch (err) {
      call.reject(err instanceof Error ? err : new WatchlistStoreError(String(err)));
      return;
    }
    if (answer.ok) call.resolve(answer.outcome);
    else call.reject(answer.error);
  }

  private failAll(err: Error): void {
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
    this.worker.unref();
  }
}

let thread: WriterThread | null = null;
function writerThread(): WriterThread {
  if (thread === null) {
    const started: WriterThread = new WriterThread(() => {
      if (thread === started) thread = null;
    });
    thread = started;
  }
  return thread;
}

/** Numbers the stores of this process, for the writer's connections. */
let storeCount = 0;

export function openSqliteWatchlistRepository(
  path: string,
  options: SqliteRepositoryOptions = {},
): SqliteWatchlistRepository {
  const clock = options.clock ?? Date.now;
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
  const reads = statementsOf(db);
  const ping = db.prepare('SELECT 1 AS one');

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
  const dbId = ++storeCount;
  // The thread starts now, with the server, rather than at the first write, which would wait for it.
  writerThread();
  /** The thread this store's connection was opened on (another after a thread stopped). */
  let openedOn: WriterThread | null = null;
  let closing: Promise<void> | null = null;

  /** Sends a call for this store, opening its connection on the thread first if not yet there. */
  function call(request: Call, actor?: Actor): Promise<WriteOutcome | null> {
    if (closing !== null) return Promise.reject(new WatchlistStoreError('The watchlist store is closed'));
    const writer = writerThread();
    if (openedOn !== writer) {
      openedOn = writer;
      // Calls are run in order: the ones after it use the connection (or fail with why it did not open).
      writer.call({ db: dbId, op: 'open', path, busyTimeoutMs }).catch(() => undefined);
    }
    return writer.call(request, actor, tell);
  }

  /** Runs a change on the writer; what it committed. */
  async function write(request: WriteRequest): Promise<WriteOutcome> {
    const outcome = await call({ ...request, db: dbId }, request.actor);
    if (outcome === null) throw new WatchlistStoreError('The watchlist writer gave no outcome');
    return outcome;
  }
  async function writeList(request: WriteRequest): Promise<Watchlist> {
    const { list } = await write(request);
    if (list === null) throw new WatchlistStoreError('The watchlist writer gave no list');
    return list;
  }

  // Calendar feed tokens (hk-ipo/feed-tokens.ts): read here, written by the writer like every change.
  const feedTokens: FeedTokenStore = {
    current: async (userId) => reads.feedToken(userId),
    byHash: async (hash) => reads.feedTokenByHash(hash),
    async replace(userId, token) {
      const now = clock();
      await write({
        op: 'putFeedToken',
        actor: LOCAL_ACTOR,
        now,
        userId,
        hash: token.hash,
        nonce: token.nonce,
      });
      return { user_id: userId, token_hash: token.hash, nonce: token.nonce, created_at: now };
    },
    async revoke(userId) {
      const had = reads.feedToken(userId) !== null;
      await write({ op: 'dropFeedToken', actor: LOCAL_ACTOR, now: clock(), userId });
      return had;
    },
  };

  function repositoryFor(actor: Actor): SqliteWatchlistRepository {
    const now = clock;
    return {
      as: (other) => repositoryFor(other),

      // Reads run on the main thread's connection, each in one read transaction: the writer may commit
      // between two statements, and a list must not mix its summary from before with items from after.
      async list() {
        return reads.snapshot(() => reads.summaries(actor));
      },

      async get(id) {
        return reads.snapshot(() => reads.readable(id, actor));
      },

      create: (name) => writeList({ op: 'create', actor, now: now(), name }),

      rename: (id, name, expectedVersion) =>
        writeList({ op: 'rename', actor, now: now(), id, name, expectedVersion }),

      setVisibility: (id, visibility, expectedVersion) =>
        writeList({ op: 'visibility', actor, now: now(), id, visibility, expectedVersion }),

      async delete(id, expectedVersion) {
        await write({ op: 'delete', actor, now: now(), id, expectedVersion });
      },

      async listDeleted() {
        const at = now();
        // The purge is a write: it goes to the writer like every other.
        await write({ op: 'purge', actor, now: at });
        return reads.snapshot(() => reads.deleted(actor, at));
      },

      restore: (id) => writeList({ op: 'restore', actor, now: now(), id }),

      async history(id) {
        return reads.snapshot(() => (reads.readable(id, actor) === null ? null : reads.versions(id)));
      },

      restoreVersion: (id, version, expectedVersion) =>
        writeList({ op: 'restoreVersion', actor, now: now(), id, version, expectedVersion }),

      async checkAddItems(id, thscodes, expectedVersion) {
        // One read transaction: the list and its items as of one moment. Ownership first, then the batch.
        reads.snapshot(() => {
          const current = reads.ownedList(id, actor);
          refuseRepeats(thscodes);
          refuseAdd(atVersion(current, expectedVersion), thscodes);
        });
      },

      async addItems(id, items, expectedVersion) {
        // A list that is not the actor's (or not there) is refused before the batch is looked at, as in
        // checkAddItems; the writer checks again (owners never change).
        reads.snapshot(() => reads.ownedList(id, actor));
        refuseRepeats(items.map((i) => i.thscode));
        return writeList({ op: 'addItems', actor, now: now(), id, items, expectedVersion });
      },

      removeItem: (id, thscode, expectedVersion) =>
        writeList({ op: 'removeItem', actor, now: now(), id, thscode, expectedVersion }),

      reorder: (id, thscodes, expectedVersion) =>
        writeList({ op: 'reorder', actor, now: now(), id, thscodes, expectedVersion }),

      setNote: (id, thscode, note, expectedVersion) =>
        writeList({ op: 'note', actor, now: now(), id, thscode, note, expectedVersion }),

      feedTokens,

      async backup(to) {
        await call({ db: dbId, op: 'backup', path: to });
      },

      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },

      async ping() {
        if (closing !== null || !db.open) return false;
        try {
          ping.get();
          // The writer answers too (it answers in turn, after the changes sent before).
          await call({ db: dbId, op: 'ping' });
          return true;
        } catch {
          return false;
        }
      },

      close() {
        closing ??= (async () => {
          listeners.clear();
          const writer = openedOn;
          // Calls sent before go first: a write in flight when the store closes still commits.
          if (writer !== null && !writer.stopped) {
            await writer.call({ db: dbId, op: 'close' }).catch(() => undefined);
          }
          if (db.open) db.close();
        })();
        return closing;
      },
    };
  }

  return repositoryFor(LOCAL_ACTOR);
}
