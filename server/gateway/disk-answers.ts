import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SharedAnswer } from './shared/shared-state';
import type { Ticker } from './ticker';

/**
 * The answer cache's copy on disk (one SQLite file, ANSWER_CACHE_DB), so that a restart does not start
 * cold: an answer still within its lifetimes is served from it after a restart without an upstream call.
 *
 * - Kept: code-0 answers that stay fresh for at least `MIN_FRESH_MS` when stored: reference and daily
 *   answers (calendar, code table, statements, fund profiles, option contracts), and quotes and lists
 *   while the market is closed (they are fresh until the next open). A quote of a running session
 *   (3 s) is not worth a write.
 * - Lifetimes are the ones the answer was stored with (ticker ms, that is epoch ms): an answer read back
 *   is fresh, stale-while-revalidate or stale-if-error exactly as it would have been in memory, and one
 *   past `staleUntil` is never read.
 * - Writes are queued and written in one transaction a moment later (`FLUSH_DELAY_MS`), never while a
 *   request waits; reads are a primary-key lookup on a miss of the memory cache, only for keys the file
 *   holds (their index is kept in memory).
 * - Bounded: past `maxBytes` of answer text the oldest stored answers are deleted (down to 90 %).
 * - Answers of another origin (see `origin`) are dropped when the file is opened.
 * - A file that cannot be opened or read (corrupt, not a database, unwritable folder) is moved aside
 *   (`<file>.corrupt-<time>`) and started afresh, or, failing that, the cache goes on in memory only;
 *   each case is logged, none stops the server.
 */

export interface DiskAnswersOptions {
  file: string;
  maxBytes: number;
  /**
   * Where the answers come from (the service's address, or the simulator and its pinned clock): a file
   * written for another origin is emptied when opened, so that simulated answers are never served as
   * the real service's, nor one pinned day's as another's.
   */
  origin: string;
  ticker: Ticker;
  log: DiskLog;
}

export interface DiskLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface DiskAnswersStatus {
  /** `on`: the file is in use; `off`: it failed and the cache runs in memory only. */
  state: 'on' | 'off';
  entries: number;
  bytes: number;
  maxBytes: number;
  /** Answers served from the file (memory had none). */
  reads: number;
  writes: number;
  /** Answers deleted to keep within `maxBytes`. */
  evicted: number;
  lastError: string | null;
}

/** An answer fresh for less than this when stored stays in memory only. */
export const MIN_FRESH_MS = 60_000;
/** Queued writes go to the file this long after the first of them. */
export const FLUSH_DELAY_MS = 500;
/** After trimming, the file holds at most this share of `maxBytes`. */
const TRIM_TO = 0.9;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS answers (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    upstream_request_id TEXT,
    stored_at INTEGER NOT NULL,
    fresh_until INTEGER NOT NULL,
    swr_until INTEGER NOT NULL,
    stale_until INTEGER NOT NULL,
    bytes INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS answers_stored_at ON answers (stored_at);
  CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

interface Statements {
  get: Database.Statement<[string], unknown>;
  put: Database.Statement<[string, string, string | null, number, number, number, number, number]>;
  remove: Database.Statement<[string]>;
  index: Database.Statement<[], unknown>;
  expired: Database.Statement<[number], unknown>;
  oldest: Database.Statement<[], unknown>;
}

interface IndexRow {
  key: string;
  bytes: number;
  staleUntil: number;
}

function isIndexRow(row: unknown): row is IndexRow {
  return (
    typeof row === 'object' &&
    row !== null &&
    'key' in row &&
    typeof row.key === 'string' &&
    'bytes' in row &&
    typeof row.bytes === 'number' &&
    'staleUntil' in row &&
    typeof row.staleUntil === 'number'
  );
}

function answerOf(row: unknown): SharedAnswer | null {
  if (typeof row !== 'object' || row === null) return null;
  const r: Record<string, unknown> = { ...row };
  const { body, upstreamRequestId: id, storedAt, freshUntil, swrUntil, staleUntil } = r;
  if (
    typeof body !== 'string' ||
    (id !== null && typeof id !== 'string') ||
    typeof storedAt !== 'number' ||
    typeof freshUntil !== 'number' ||
    typeof swrUntil !== 'number' ||
    typeof staleUntil !== 'number'
  )
    return null;
  return { body, upstreamRequestId: id, storedAt, freshUntil, swrUntil, staleUntil };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class DiskAnswers {
  private db: Database.Database | null = null;
  private statements: Statements | null = null;
  /** Keys in the file with their size and end of use. */
  private readonly index = new Map<string, { bytes: number; staleUntil: number }>();
  private bytes = 0;
  private readonly queue = new Map<string, SharedAnswer>();
  private cancelFlush: (() => void) | null = null;
  private readonly counts = { reads: 0, writes: 0, evicted: 0 };
  private lastError: string | null = null;

  constructor(private readonly opts: DiskAnswersOptions) {
    try {
      this.open();
    } catch (err) {
      // Not a database, or damaged: keep it for a look, start afresh.
      const aside = `${opts.file}.corrupt-${opts.ticker.now()}`;
      this.closeQuietly();
      this.index.clear();
      this.bytes = 0;
      opts.log.warn(
        { file: opts.file, aside, err: messageOf(err) },
        'answer cache file unreadable: moved aside, starting with an empty one',
      );
      try {
        renameSync(opts.file, aside);
        // The journal of the damaged file must not be replayed into the new one.
        for (const suffix of ['-wal', '-shm']) rmSync(`${opts.file}${suffix}`, { force: true });
        this.open();
      } catch (again) {
        this.fail(again, 'answer cache file unusable: answers are kept in memory only');
      }
    }
  }

  private open(): void {
    mkdirSync(dirname(this.opts.file), { recursive: true });
    const db = new Database(this.opts.file);
    this.db = db;
    db.pragma('journal_mode = WAL');
    // A lost last batch after a power cut costs a few upstream calls, nothing more.
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
    const origin = db.prepare('SELECT value FROM meta WHERE name = ?').get('origin');
    const stored = typeof origin === 'object' && origin !== null && 'value' in origin ? origin.value : null;
    if (stored !== this.opts.origin) {
      db.transaction(() => {
        const dropped = db.prepare('DELETE FROM answers').run().changes;
        db.prepare('INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)').run('origin', this.opts.origin);
        if (stored !== null)
          this.opts.log.info(
            { file: this.opts.file, dropped },
            'answer cache file was written for another upstream: emptied',
          );
      })();
    }
    const statements: Statements = {
      get: db.prepare(
        `SELECT body, upstream_request_id AS upstreamRequestId, stored_at AS storedAt, fresh_until AS freshUntil,
           swr_until AS swrUntil, stale_until AS staleUntil FROM answers WHERE key = ?`,
      ),
      put: db.prepare(
        `INSERT OR REPLACE INTO answers (key, body, upstream_request_id, stored_at, fresh_until, swr_until,
           stale_until, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      remove: db.prepare('DELETE FROM answers WHERE key = ?'),
      index: db.prepare('SELECT key, bytes, stale_until AS staleUntil FROM answers'),
      expired: db.prepare('SELECT key FROM answers WHERE stale_until <= ?'),
      oldest: db.prepare('SELECT key FROM answers ORDER BY stored_at'),
    };
    // Reading every key checks the whole table: a damaged file fails here, at start-up.
    const now = this.opts.ticker.now();
    const drop: string[] = [];
    for (const row of statements.index.iterate()) {
      if (!isIndexRow(row)) continue;
      if (row.staleUntil <= now) drop.push(row.key);
      else {
        this.index.set(row.key, { bytes: row.bytes, staleUntil: row.staleUntil });
        this.bytes += row.bytes;
      }
    }
    db.transaction(() => {
      for (const key of drop) statements.remove.run(key);
    })();
    this.statements = statements;
    this.opts.log.info(
      { file: this.opts.file, entries: this.index.size, bytes: this.bytes, expired: drop.length },
      'answer cache file opened',
    );
  }

  /** The answer stored under `key`, if any and not past `staleUntil`. */
  get(key: string): SharedAnswer | null {
    const queued = this.queue.get(key);
    const now = this.opts.ticker.now();
    if (queued) return now < queued.staleUntil ? queued : null;
    const known = this.index.get(key);
    if (!known || !this.statements || now >= known.staleUntil) return null;
    try {
      const answer = answerOf(this.statements.get.get(key));
      if (answer === null || now >= answer.staleUntil) return null;
      this.counts.reads++;
      return answer;
    } catch (err) {
      this.fail(err, 'answer cache file failed on read: answers are kept in memory only');
      return null;
    }
  }

  /** Keeps `answer` for after a restart, if it lives long enough to be worth it (written a moment later). */
  put(key: string, answer: SharedAnswer): void {
    if (!this.statements || answer.freshUntil - answer.storedAt < MIN_FRESH_MS) return;
    this.queue.set(key, answer);
    this.cancelFlush ??= this.opts.ticker.setTimer(FLUSH_DELAY_MS, () => {
      this.cancelFlush = null;
      this.flush();
    });
  }

  /** Writes the queued answers in one transaction, drops expired ones and keeps within the bound. */
  flush(): void {
    this.cancelFlush?.();
    this.cancelFlush = null;
    const db = this.db;
    const st = this.statements;
    if (!db || !st || this.queue.size === 0) return;
    const batch = [...this.queue];
    this.queue.clear();
    try {
      db.transaction(() => {
        for (const [key, a] of batch) {
          // UTF-16 length × 2: the same measure for every answer; the bound is approximate by design.
          const bytes = a.body.length * 2 + key.length * 2;
          st.put.run(
            key,
            a.body,
            a.upstreamRequestId,
            a.storedAt,
            a.freshUntil,
            a.swrUntil,
            a.staleUntil,
            bytes,
          );
          this.bytes += bytes - (this.index.get(key)?.bytes ?? 0);
          this.index.set(key, { bytes, staleUntil: a.staleUntil });
          this.counts.writes++;
        }
        if (this.bytes > this.opts.maxBytes) this.trim(st);
      })();
    } catch (err) {
      this.fail(err, 'answer cache file failed on write: answers are kept in memory only');
    }
  }

  /** Expired answers first, then the oldest, until the file is within `TRIM_TO` of the bound. */
  private trim(st: Statements): void {
    const target = this.opts.maxBytes * TRIM_TO;
    const removeKey = (key: string) => {
      st.remove.run(key);
      this.bytes -= this.index.get(key)?.bytes ?? 0;
      this.index.delete(key);
      this.counts.evicted++;
    };
    for (const row of st.expired.all(this.opts.ticker.now())) {
      if (typeof row === 'object' && row !== null && 'key' in row && typeof row.key === 'string')
        removeKey(row.key);
    }
    if (this.bytes <= target) return;
    // All keys first: the connection runs no other statement while one is being iterated.
    for (const row of st.oldest.all()) {
      if (this.bytes <= target) break;
      if (typeof row === 'object' && row !== null && 'key' in row && typeof row.key === 'string')
        removeKey(row.key);
    }
  }

  status(): DiskAnswersStatus {
    return {
      state: this.statements ? 'on' : 'off',
      entries: this.index.size,
      bytes: this.bytes,
      maxBytes: this.opts.maxBytes,
      ...this.counts,
      lastError: this.lastError,
    };
  }

  /** Writes what is queued and closes the file. */
  close(): void {
    this.flush();
    this.closeQuietly();
    this.statements = null;
  }

  private fail(err: unknown, msg: string): void {
    this.lastError = messageOf(err);
    this.opts.log.warn({ file: this.opts.file, err: this.lastError }, msg);
    this.queue.clear();
    this.index.clear();
    this.bytes = 0;
    this.statements = null;
    this.closeQuietly();
  }

  private closeQuietly(): void {
    try {
      this.db?.close();
    } catch {
      // Closing a damaged file may fail too; nothing is left to save.
    }
    this.db = null;
  }
}
