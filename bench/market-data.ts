/**
 * `npm run bench:plane` (also the last part of `npm run bench`): the market data plane on the simulator's
 * whole market, printing figures and ratios (issue 28's targets beside them, as a reading of this run):
 *
 *   (e) ingest: the full `daily-k` and `adjustment-factors` dumps imported into a fresh research panel in a
 *       child process: time and the child's peak RSS (targets: ≤ 60 s, ≤ 1.5 GB on 2 cores);
 *   (f) a whole-market cross-section (20-day return and distance to the 250-day high of every stock on the
 *       latest day): through the server (HTTP, JSON) next to the same SQL run directly in DuckDB on the
 *       same file (targets: ≤ 1.5× and ≤ 200 ms, medians);
 *   (g) the minute tape: upstream calls in each minute of a simulated session (target: ≤ 2 a minute).
 *
 * The simulator's dumps are written once into BENCH_DUMP_DIR (default data/sim-dumps; about 100 s of both
 * cores the first time) and reused. Pinned clock: SIM_NOW (default Friday 2026-11-27 09:10 Shanghai).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { adjustableClock } from '../server/test-clock';
import { createSimulator } from '../server/simulator/index';
import { createDumpStore } from '../server/simulator/dumps/store';
import { openResearchStore } from '../server/market-data/research-store';
import { createPanelTables } from '../server/market-data/panel-schema';
import { importDumpFile } from '../server/market-data/panel-import';
import { CROSS_SECTION_JSON_SQL } from '../server/market-data/cross-section';
import { tapeRecorderOf } from '../server/market-data/tape-routes';
import { MARKET_DATA_BASE_PATH } from '../src/contract/market-data';
import { CROSS_SECTION_ROUTE } from '../src/contract/market-cross-section';
import { planeStatusSchema } from '../src/contract/market-data';
import type { DumpKind } from '../src/contract/operations/market-dumps';
import { shanghaiMidnight } from '../src/contract/time';

// Before the session of Friday 2026-11-27, so that (g) can move the clock through its opening.
const SIM_NOW = Date.parse(process.env.SIM_NOW ?? '2026-11-27T09:10:00+08:00');
const DUMP_DIR = process.env.BENCH_DUMP_DIR ?? 'data/sim-dumps';
const KEY = 'bench-plane-key-0123456789';
const RUNS = 9;

const childResult = z.object({ seconds: z.number(), maxRssMb: z.number(), rows: z.number() });

function fileOf(kind: DumpKind): string {
  const dir = join(DUMP_DIR, kind);
  const name = readdirSync(dir).find((n) => n.endsWith('.parquet'));
  if (name === undefined) throw new Error(`no ${kind} dump in ${dir}`);
  return join(dir, name);
}

/** The child: imports the full dumps into a fresh panel at `file` and reports time and peak RSS. */
async function child(file: string): Promise<void> {
  const store = await openResearchStore(file);
  await store.write(createPanelTables);
  const started = performance.now();
  let rows = 0;
  // In the plane's order: the events, then the bars file that builds the table with them.
  for (const kind of ['adjustment-factors', 'daily-k'] as const) {
    const outcome = await store.write((c) =>
      importDumpFile(
        c,
        { kind, path: fileOf(kind), sha256: `bench-${kind}`, release: 'bench' },
        {
          batchId: `bench-${kind}`,
          now: Date.now,
        },
      ),
    );
    if (outcome.outcome === 'imported' && kind === 'daily-k') rows = outcome.rows;
  }
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  process.send?.({ seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, rows });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dumps = createDumpStore({ dir: DUMP_DIR, secret: KEY });
  const prepared = performance.now();
  await dumps.prepare(SIM_NOW);
  console.log(`dumps ready in ${((performance.now() - prepared) / 1000).toFixed(1)} s (${DUMP_DIR})`);

  // (e) ingest in a child process of its own: its peak RSS is the import's.
  const work = mkdtempSync(join(tmpdir(), 'bench-plane-'));
  const panelFile = join(work, 'research.duckdb');
  const ingest = await new Promise<z.infer<typeof childResult>>((resolve, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ['child', panelFile], { execArgv: process.execArgv });
    proc.once('message', (m) => resolve(childResult.parse(m)));
    proc.once('error', reject);
    proc.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`ingest child exited ${code}`))));
  });

  // (f) the same SQL directly, then through a server on that panel (its plane finds the panel current).
  const store = await openResearchStore(panelFile);
  const direct: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await store.read((c) => c.runAndReadAll(CROSS_SECTION_JSON_SQL));
    direct.push(performance.now() - t);
  }
  await store.close();

  const testClock = adjustableClock(SIM_NOW);
  const sim = createSimulator({ apiKey: KEY, now: testClock.now, dumps });
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  const simPort = typeof address === 'object' && address !== null ? address.port : 0;
  const config = loadConfig({
    STATIC_DIR: join(work, 'no-build'),
    WATCHLIST_DB: join(work, 'watchlists.sqlite'),
    RESEARCH_DB: panelFile,
    DUMP_DIR: join(work, 'dumps'),
    ANSWER_CACHE_DB: 'off',
    WARM_CACHE: 'off',
    LOG_LEVEL: 'silent',
    CLIENT_RATE_LIMIT_PER_MIN: '1000000',
  });
  const app = createApp({
    config,
    upstream: { baseUrl: `http://127.0.0.1:${simPort}`, apiKey: KEY },
    mode: 'simulated',
    logger: false,
    clock: testClock.now,
    testClock,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appAddress = app.server.address();
  const appPort = typeof appAddress === 'object' && appAddress !== null ? appAddress.port : 0;
  const base = `http://127.0.0.1:${appPort}`;
  // The plane looks at the service at start-up (the ten-day dump may be imported): wait until it is done.
  for (;;) {
    const status = planeStatusSchema.parse(
      await (await fetch(`${base}${MARKET_DATA_BASE_PATH}/status`)).json(),
    );
    if (status.panel.importing === null && status.panel.rows > 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // The first request after the import runs the query and makes the answer; the later ones are served
  // the kept answer (the panel has not changed), as a browser's would be.
  const served: number[] = [];
  let stocks = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${MARKET_DATA_BASE_PATH}${CROSS_SECTION_ROUTE}`);
    const body = z.object({ item: z.array(z.unknown()) }).parse(await res.json());
    served.push(performance.now() - t);
    stocks = body.item.length;
  }
  const firstServed = served.shift() ?? Number.NaN;

  // (g) the tape through the opening of the session (09:14 to 09:45): the recorder's upstream calls in each
  // minute from the auction on (the day's reference reads come before).
  const recorder = tapeRecorderOf(app);
  const day = shanghaiMidnight('2026-11-27');
  const auction = day + (9 * 60 + 15) * 60_000;
  if (recorder) {
    for (let m = 9 * 60 + 14; m <= 9 * 60 + 45; m++) {
      testClock.setOffsetMs(Math.max(0, day + m * 60_000 + 5_000 - SIM_NOW));
      await recorder.tick();
    }
  }
  const calls = recorder
    ? [...recorder.callsByMinute()].filter(([minute]) => minute >= auction).map(([, n]) => n)
    : [];
  await app.close();
  await sim.close();
  await dumps.close();

  const d = median(direct);
  const s = median(served);
  console.log('');
  console.log('| part | figure | target |');
  console.log('| --- | --- | --- |');
  console.log(
    `| (e) ingest of the full dump (${ingest.rows.toLocaleString('en')} bars) | ${ingest.seconds.toFixed(1)} s, peak RSS ${ingest.maxRssMb.toFixed(0)} MB | ≤ 60 s, ≤ 1536 MB |`,
  );
  console.log(
    `| (f) cross-section, ${stocks} stocks: direct DuckDB | ${d.toFixed(0)} ms (median of ${RUNS}) | |`,
  );
  console.log(
    `| (f) cross-section through the server, first request after the import | ${firstServed.toFixed(0)} ms (${(firstServed / d).toFixed(2)}×) | |`,
  );
  console.log(
    `| (f) cross-section through the server (HTTP, JSON parsed by the client) | ${s.toFixed(0)} ms (${(s / d).toFixed(2)}×, median of ${RUNS}) | ≤ 200 ms, ≤ 1.5× |`,
  );
  console.log(
    `| (g) tape: upstream calls a minute | max ${calls.length ? Math.max(...calls) : 'n/a'} over ${calls.length} minutes | ≤ 2 |`,
  );
}

if (process.argv[2] === 'child') await child(process.argv[3] ?? '');
else {
  await main();
  // Everything is closed, yet the process stayed up after the table (only the standard streams and a
  // MessagePort were listed as active handles; the cause was not found): a script ends here.
  process.exit(0);
}
