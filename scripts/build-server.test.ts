import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildServer } from './build-server.mjs';
import { root } from './ensure-deps.mjs';
import { startServerProcess } from '../server/process.testkit';

/**
 * Production runs the compiled server with plain node (npm start, deploy/Dockerfile): its native
 * modules and its worker threads (the SQLite writer, the simulator's dump writer) must work from the
 * compiled output, with no TypeScript loader in the process.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'server-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const envelope = z.object({ code: z.number() });

describe('the compiled server', () => {
  it('does not need tsx at run time', () => {
    const pkg = z
      .object({ dependencies: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')));
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
  });

  it('starts with node and serves the API, the watchlists and the simulator dumps', async () => {
    const out = path.join(dir, 'out');
    // Packages resolve from the output's folder, as they do from build/server in the repository.
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const entry = await buildServer(out);
    expect(readdirSync(out).sort()).toEqual(['index.js', 'index.js.map', 'simulator', 'watchlists']);

    const simDumps = path.join(dir, 'sim-dumps');
    const server = await startServerProcess(
      {
        SIM_NOW: '2026-07-14T15:30:00+08:00',
        WATCHLIST_DB: path.join(dir, 'watchlists.sqlite'),
        RESEARCH_DB: path.join(dir, 'research.duckdb'),
        DUMP_DIR: path.join(dir, 'dumps'),
        SIM_DUMP_DIR: simDumps,
        SIM_DUMP_CODES: 'first:2',
        SIM_DUMP_PREPARE: 'at-start',
      },
      entry,
    );
    try {
      const health = await fetch(new URL('bff/health', server.url));
      expect(await health.json()).toEqual({ status: 'ok' });
      // The version comes from package.json, found from the compiled file.
      const mode = z.object({ mode: z.string(), version: z.string() });
      expect(mode.parse(await (await fetch(new URL('bff/mode', server.url))).json())).toMatchObject({
        mode: 'simulated',
        version: '0.1.0',
      });
      const days = await fetch(new URL('api/a-share/calendar/trading-days', server.url));
      expect(days.status).toBe(200);
      expect(envelope.parse(await days.json()).code).toBe(0);
      // A write goes through the SQLite writer thread.
      const created = await fetch(new URL('bff/watchlists', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'compiled' }),
      });
      expect(created.status).toBe(201);
      const list = z.object({ id: z.number(), name: z.string() });
      const { id } = list.parse(await created.json());
      const read = await fetch(new URL(`bff/watchlists/${id}`, server.url));
      expect(list.parse(await read.json()).name).toBe('compiled');
      // The simulator's dump writer thread writes its Parquet files at start-up.
      const parquet = () =>
        readdirSync(simDumps, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.parquet'));
      while (parquet().length < 3) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(parquet()).toHaveLength(3);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
