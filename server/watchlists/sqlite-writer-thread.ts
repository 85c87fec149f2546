import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LOCAL_ACTOR } from './repository';
import type { Actor, ListChange } from './repository';
import { parseReply, replySeq, type WriterCall } from './sqlite-writer-protocol';
import type { WriteOutcome, WriteRequest } from './store-queries';
import { WatchlistStoreError } from './store-rules';

/**
 * The main thread's end of the SQLite store's writer thread (sqlite-writer.ts): better-sqlite3 is
 * synchronous, so a commit with `synchronous=FULL` waits for its fsync on whichever thread runs it: on
 * the main thread, one user's write flood stalled everyone's requests (a cache hit's p95 went from 31
 * to 115 ms). The writer answers in commit order.
 */

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
export type Call = { db: number } & (
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
export class WriterThread {
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
/** The process's writer thread (another after one stopped). */
export function writerThread(): WriterThread {
  if (thread === null) {
    const started: WriterThread = new WriterThread(() => {
      if (thread === started) thread = null;
    });
    thread = started;
  }
  return thread;
}
