import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileChild, crashLoop, stateOf } from './crash.testkit';

/**
 * Durability: a child process writes through the repository in a loop and is killed with SIGKILL
 * 40 times in `npm test` (200 in `npm run soak:crash`; CRASH_KILLS sets it) at varied points,
 * always on the same database file. After each kill the file must pass `PRAGMA integrity_check`, and
 * its state must be exactly what the acknowledged writes made it, plus at most the one write that was in
 * flight (committed or not, but whole). The loop itself is crash.testkit.ts's.
 */

const KILLS = Number(process.env['CRASH_KILLS'] ?? 40);

let dir: string;
let childJs: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'watchlists-crash-'));
  childJs = compileChild(join(dir, 'child'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const listRow = z.object({ id: z.number(), name: z.string(), version: z.number() });
const itemRow = z.object({
  watchlist_id: z.number(),
  thscode: z.string(),
  note: z.string(),
  position: z.number(),
});

/** Opens the file as a fresh process would (WAL recovery included), checks it, and reads it back. */
function inspect(path: string, run: number) {
  // Killed before the first open created the file.
  if (!existsSync(path)) return stateOf([], []);
  const db = new Database(path);
  try {
    expect(db.pragma('integrity_check', { simple: true }), `run ${run}`).toBe('ok');
    expect(db.pragma('foreign_key_check'), `run ${run}`).toEqual([]);
    // Killed inside the first migration: it rolled back, and there are no tables yet.
    const tables = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'watchlists'")
      .pluck()
      .get();
    if (tables === 0) return stateOf([], []);
    const lists = db
      .prepare('SELECT id, name, version FROM watchlists ORDER BY id')
      .all()
      .map((r) => listRow.parse(r));
    const items = db
      .prepare(
        'SELECT watchlist_id, thscode, note, position FROM watchlist_items ORDER BY watchlist_id, position',
      )
      .all()
      .map((r) => itemRow.parse(r));
    return stateOf(lists, items);
  } finally {
    db.close();
  }
}

describe('the store survives SIGKILL', () => {
  it(`keeps every acknowledged write across ${KILLS} kills, with integrity_check ok each time`, async () => {
    const dbPath = join(dir, 'data', 'watchlists.sqlite');
    const figures = await crashLoop({
      childJs,
      target: dbPath,
      kills: KILLS,
      seed: 20260714,
      inspect: async (run) => inspect(dbPath, run),
    });
    // The loop did real work: many acknowledged writes, spread over several lists.
    expect(figures.totalAcks).toBeGreaterThan(KILLS);
    expect(figures.lists).toBeGreaterThan(0);
    // Informational: how often the kill landed after a commit but before its ack.
    expect(figures.inFlightCommitted + figures.inFlightLost).toBeGreaterThan(0);
    // Each start of the child now starts the store's writer thread too (about 0.2 s more per kill).
  }, 400_000);
});
