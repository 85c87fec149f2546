import { isWatchlistAssetType } from '../../src/contract/watchlist-constants';
import { WATCHLIST_ERROR_KINDS, WatchlistError } from './repository';
import type { Actor, ListChange, NewItem, Watchlist, WatchlistErrorKind } from './repository';
import type { WriteOutcome, WriteRequest } from './store-queries';
import { int, row, text, toList, WatchlistStoreError } from './store-rules';

/**
 * The messages between the SQLite store's main thread (sqlite-repository.ts) and its writer thread
 * (sqlite-writer.ts), and their parsers: a message crosses as a structured clone, so each side reads
 * what it got as it would a row (store-rules.ts's guards; no zod, which the writer would pay for at
 * every start). Calls carry a sequence number; the writer answers them one by one, in the order sent.
 */

/** A call names its store's connection on the writer (`db`: a number the main thread gave it). */
export type WriterCall = { seq: number; db: number } & (
  | WriteRequest
  /** Opens the store's write connection; the calls sent after it use it. */
  | { op: 'open'; path: string; busyTimeoutMs: number }
  /** An online backup of the database to `path`. */
  | { op: 'backup'; path: string }
  /** Whether the writer's connection answers. */
  | { op: 'ping' }
  /** Closes the store's write connection. */
  | { op: 'close' }
);

/** A refusal (a WatchlistError's fields) or another failure ('store': a WatchlistStoreError here). */
export type WriterFailure =
  | {
      kind: WatchlistErrorKind;
      message: string;
      current: Watchlist | null;
      thscode: string | null;
      index: number | null;
    }
  | { kind: 'store'; message: string };

export type WriterReply =
  | { seq: number; ok: true; outcome: WriteOutcome | null }
  | { seq: number; ok: false; failure: WriterFailure };

type Row = Record<string, unknown>;

function bool(r: Row, field: string): boolean {
  const v = r[field];
  if (typeof v !== 'boolean')
    throw new WatchlistStoreError(`Field ${field} of a writer message is not a boolean`);
  return v;
}

function strings(r: Row, field: string): string[] {
  const v = r[field];
  if (!Array.isArray(v)) throw new WatchlistStoreError(`Field ${field} of a writer message is not a list`);
  return v.map((entry: unknown) => {
    if (typeof entry !== 'string')
      throw new WatchlistStoreError(`Field ${field} of a writer message holds a non-text`);
    return entry;
  });
}

function actorOf(value: unknown): Actor {
  const r = row(value);
  return { id: text(r, 'id'), name: text(r, 'name') };
}

function newItem(value: unknown): NewItem {
  const r = row(value);
  const assetType = text(r, 'asset_type');
  if (!isWatchlistAssetType(assetType)) throw new WatchlistStoreError(`Unknown asset type '${assetType}'`);
  const item: NewItem = { thscode: text(r, 'thscode'), asset_type: assetType, name: text(r, 'name') };
  if (r['note'] !== undefined) item.note = text(r, 'note');
  return item;
}

function visibilityOf(r: Row): 'private' | 'team' {
  const v = text(r, 'visibility');
  if (v !== 'private' && v !== 'team') throw new WatchlistStoreError(`Unknown visibility '${v}'`);
  return v;
}

/** A call as the writer receives it. */
export function parseCall(value: unknown): WriterCall {
  const r = row(value);
  const seq = int(r, 'seq');
  const db = int(r, 'db');
  const op = text(r, 'op');
  if (op === 'open') return { seq, db, op, path: text(r, 'path'), busyTimeoutMs: int(r, 'busyTimeoutMs') };
  if (op === 'backup') return { seq, db, op, path: text(r, 'path') };
  if (op === 'ping' || op === 'close') return { seq, db, op };
  const base = { seq, db, actor: actorOf(r['actor']), now: int(r, 'now') };
  switch (op) {
    case 'create':
      return { ...base, op, name: text(r, 'name') };
    case 'purge':
      return { ...base, op };
    case 'putFeedToken':
      return { ...base, op, userId: text(r, 'userId'), hash: text(r, 'hash'), nonce: text(r, 'nonce') };
    case 'dropFeedToken':
      return { ...base, op, userId: text(r, 'userId') };
    case 'restore':
      return { ...base, op, id: int(r, 'id') };
  }
  const id = int(r, 'id');
  const expectedVersion = int(r, 'expectedVersion');
  const versioned = { ...base, id, expectedVersion };
  switch (op) {
    case 'rename':
      return { ...versioned, op, name: text(r, 'name') };
    case 'visibility':
      return { ...versioned, op, visibility: visibilityOf(r) };
    case 'delete':
      return { ...versioned, op };
    case 'restoreVersion':
      return { ...versioned, op, version: int(r, 'version') };
    case 'addItems': {
      const items = r['items'];
      if (!Array.isArray(items)) throw new WatchlistStoreError('The items of a writer call are not a list');
      return { ...versioned, op, items: items.map(newItem) };
    }
    case 'removeItem':
      return { ...versioned, op, thscode: text(r, 'thscode') };
    case 'reorder':
      return { ...versioned, op, thscodes: strings(r, 'thscodes') };
    case 'note':
      return { ...versioned, op, thscode: text(r, 'thscode'), note: text(r, 'note') };
  }
  throw new WatchlistStoreError(`Unknown writer call '${op}'`);
}

function changeOf(value: unknown): ListChange {
  const r = row(value);
  return {
    id: int(r, 'id'),
    version: int(r, 'version'),
    deleted: bool(r, 'deleted'),
    owner_id: text(r, 'owner_id'),
    team: bool(r, 'team'),
  };
}

function isErrorKind(kind: string): kind is WatchlistErrorKind {
  return WATCHLIST_ERROR_KINDS.some((k) => k === kind);
}

function intOrNull(r: Row, field: string): number | null {
  return r[field] === null || r[field] === undefined ? null : int(r, field);
}

/** A reply's sequence number (to find its call, whose actor reads the rest). */
export function replySeq(value: unknown): number {
  return int(row(value), 'seq');
}

/**
 * What a reply means for the call it answers: the outcome, or the error to throw (a WatchlistError for a
 * refusal, else a WatchlistStoreError).
 */
export function parseReply(
  value: unknown,
  actor: Actor,
): { ok: true; outcome: WriteOutcome | null } | { ok: false; error: Error } {
  const r = row(value);
  if (bool(r, 'ok')) {
    if (r['outcome'] === null) return { ok: true, outcome: null };
    const o = row(r['outcome']);
    return {
      ok: true,
      outcome: {
        list: o['list'] === null ? null : toList(o['list'], actor),
        change: o['change'] === null ? null : changeOf(o['change']),
      },
    };
  }
  const f = row(r['failure']);
  const kind = text(f, 'kind');
  const message = text(f, 'message');
  if (!isErrorKind(kind)) return { ok: false, error: new WatchlistStoreError(message) };
  const current = f['current'] === null ? null : toList(f['current'], actor);
  const thscode = f['thscode'] === null ? null : text(f, 'thscode');
  const index = intOrNull(f, 'index');
  return {
    ok: false,
    error: new WatchlistError(kind, message, {
      ...(current === null ? {} : { current }),
      ...(thscode === null ? {} : { thscode }),
      ...(index === null ? {} : { index }),
    }),
  };
}

/** A failure of the writer as it goes back to the main thread. */
export function failureOf(err: unknown): WriterFailure {
  if (err instanceof WatchlistError) {
    return {
      kind: err.kind,
      message: err.message,
      current: err.current,
      thscode: err.thscode,
      index: err.index,
    };
  }
  return { kind: 'store', message: err instanceof Error ? err.message : String(err) };
}
