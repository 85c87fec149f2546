import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { WatchlistRepository } from './repository';
import {
  configure,
  openSqliteWatchlistRepository,
  SCHEMA_VERSION,
  WatchlistStoreError,
} from './sqlite-repository';

/**
 * What only the SQLite store has: its file, WAL and durability settings, the schema version in
 * `user_version`. Its behaviour as a store is tested with PostgreSQL's in repository.test.ts.
 */

let dir: string;
let path: string;
let now: number;
const open: WatchlistRepository[] = [];

function repo(): WatchlistRepository {
  const r = openSqliteWatchlistRepository(path, { clock: () => now });
  open.push(r);
  return r;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'watchlists-'));
  path = join(dir, 'nested', 'deeper', 'w.sqlite');
  now = 1_784_000_000_000;
});
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('opening', () => {
  it('creates the directory and the schema, with WAL, synchronous=FULL and foreign keys', async () => {
    const r = repo();
    expect(existsSync(path)).toBe(true);
    expect(await r.list()).toEqual([]);
    await r.close();
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables).toContainEqual({ name: 'watchlists' });
      expect(tables).toContainEqual({ name: 'watchlist_items' });
    } finally {
      db.close();
    }
  });

  it('refuses a database written by a newer server', async () => {
    await repo().close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => repo()).toThrow(WatchlistStoreError);
    expect(() => repo()).toThrow(/newer than this server knows/);
  });

  it('says which path it could not open', () => {
    // A directory where the file should be.
    path = dir;
    expect(() => repo()).toThrow(dir);
  });

  it('configures each connection with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    await repo().close();
    const db = new Database(path);
    try {
      configure(db, 1234);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    } finally {
      db.close();
    }
  });

  it('the schema itself refuses orphan items and unknown asset types', async () => {
    await repo().close();
    const db = new Database(path);
    try {
      configure(db, 1000);
      db.prepare(
        "INSERT INTO watchlists (name, name_key, version, created_at, updated_at) VALUES ('x', 'x', 1, 0, 0)",
      ).run();
      const insert = db.prepare('INSERT INTO watchlist_items VALUES (?, ?, ?, ?, ?, ?, ?)');
      insert.run(1, '600000.SH', 'a-share', 'n', '', 0, 0);
      expect(() => insert.run(99, '600001.SH', 'a-share', 'n', '', 1, 0)).toThrow(/FOREIGN KEY/);
      expect(() => insert.run(1, '600002.SH', 'forex', 'n', '', 1, 0)).toThrow(/CHECK/);
      expect(() => insert.run(1, '600003.SH', 'a-share', 'n', 'x'.repeat(501), 1, 0)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

describe('the writer thread', () => {
  it('a write waiting on the disk (here: another connection holds the lock) leaves the event loop and reads going', async () => {
    const r = openSqliteWatchlistRepository(path, { clock: () => now, busyTimeoutMs: 10_000 });
    open.push(r);
    const first = await r.create('Before');
    // Another connection (another process, or a commit whose fsync takes long) holds the write lock.
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    let settled = false;
    const held = r.create('Held');
    held.then(
      () => (settled = true),
      () => (settled = true),
    );
    try {
      // The event loop keeps turning: 20 timers fire while the write waits, and reads answer.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(settled).toBe(false);
      expect((await r.list()).map((l) => l.name)).toEqual(['Before']);
      expect(await r.get(first.id)).toMatchObject({ name: 'Before' });
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    // Once the lock is free the write commits, and is read back.
    expect(await held).toMatchObject({ name: 'Held', version: 1 });
    expect((await r.list()).map((l) => l.name)).toEqual(['Before', 'Held']);
  });
});
