import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { compileChild, crashLoop, stateOf } from './crash.testkit';
import { openPgWatchlistRepository } from './pg-repository';

/**
 * A replica killed during a write loses no acknowledged write (PostgreSQL): the child of the crash loop
 * (crash.testkit.ts) writes to a PostgreSQL database and is killed with SIGKILL PG_CRASH_KILLS times
 * (10 in `npm test`, 60 in `npm run soak:crash`) at varied points. After each kill the database holds exactly what the
 * acknowledged writes made it, plus at most the one write in flight, whole; and nothing a killed replica
 * left behind keeps the next one from writing.
 */

const KILLS = Number(process.env['PG_CRASH_KILLS'] ?? 10);

const listRow = z.object({ id: z.number(), name: z.string(), version: z.number() });
const itemRow = z.object({
  watchlist_id: z.number(),
  thscode: z.string(),
  note: z.string(),
  position: z.number(),
});

describeWithPostgres('the PostgreSQL store survives a killed replica', () => {
  let dir: string;
  let childJs: string;
  let server: PostgresServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'watchlists-pg-crash-'));
    childJs = compileChild(join(dir, 'child'));
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write across ${KILLS} kills`, async () => {
    const url = await server.createDatabase();
    const inspect = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // Killed before the first migration committed: there are no tables yet.
        const tables = await client.query("SELECT to_regclass('watchlists') IS NOT NULL AS made");
        if (z.object({ made: z.boolean() }).parse(tables.rows[0]).made === false) return stateOf([], []);
        const lists = await client.query(
          'SELECT id::integer AS id, name, version FROM watchlists ORDER BY id',
        );
        const items = await client.query(
          `SELECT watchlist_id::integer AS watchlist_id, thscode, note, position FROM watchlist_items
           ORDER BY watchlist_id, position`,
        );
        return stateOf(
          lists.rows.map((r: unknown) => listRow.parse(r)),
          items.rows.map((r: unknown) => itemRow.parse(r)),
        );
      } finally {
        await client.end();
      }
    };
    const started = Date.now();
    const figures = await crashLoop({ childJs, target: url, kills: KILLS, seed: 20261127, inspect });
    console.info(
      `PostgreSQL crash loop: ${KILLS} kills, ${figures.totalAcks} acknowledged writes over ${figures.lists} lists, ` +
        `${figures.inFlightCommitted} committed before their ack, ${figures.inFlightLost} in flight and not committed, ` +
        `${Date.now() - started} ms`,
    );
    expect(figures.totalAcks).toBeGreaterThan(KILLS);
    expect(figures.lists).toBeGreaterThan(0);

    // Nothing a killed replica left behind (an open transaction, a lock) stops the next one writing.
    const next = await openPgWatchlistRepository(url);
    try {
      for (const summary of await next.list()) {
        const after = await next.addItems(
          summary.id,
          [{ thscode: '1.SH', asset_type: 'a-share', name: 'x' }],
          summary.version,
        );
        expect(after.version).toBe(summary.version + 1);
      }
    } finally {
      await next.close();
    }
  }, 300_000);
});
