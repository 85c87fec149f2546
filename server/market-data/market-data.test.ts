import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../../src/contract/envelope';
import {
  MARKET_DATA_BASE_PATH,
  MARKET_DATA_ROUTES,
  panelBarsSchema,
  planeStatusSchema,
} from '../../src/contract/market-data';
import { DUMP_LINK_TTL_MS } from '../../src/contract/operations/market-dumps';
import {
  CROSS_SECTION_RETURN_DAYS,
  CROSS_SECTION_ROUTE,
  crossSectionSchema,
} from '../../src/contract/market-cross-section';
import { shanghaiMidnight } from '../../src/contract/time';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { startFakeUpstream } from '../gateway/fake-upstream.testkit';
import type { FakeUpstream } from '../gateway/fake-upstream.testkit';
import { ManualClock } from '../gateway/manual-clock.testkit';
import { createUpstreamClient } from '../gateway/upstream-client';
import { dumpLinkSecret, dumpLinks } from './dump-links';
import {
  barsOf,
  fakeDumpService,
  weekdays,
  writeAdjustmentParquet,
  writeDailyKParquet,
  writeParquetWithout,
} from './dumps.testkit';
import type { FakeDumpService, TestBar, TestEvent } from './dumps.testkit';
import { localLeases, redisLeases } from './lease';
import { engineMissing, redisServerBinary, startRedisServer } from '../engines/redis.testkit';
import { createMarketDataPlane } from './plane';
import type { MarketDataPlane, MarketDataPlaneOptions, SyncReport } from './plane';
import type { Config } from '../config';
import { marketDataOf } from './routes';

const KEY = 'upstream-key-5b1e77c2d9';
const DAYS = weekdays('2026-06-01', 30);
const LAST = DAYS[DAYS.length - 1] ?? '';
/** After the dumps are due on the last day. */
const NOW = Date.parse(`${LAST}T16:00:00+08:00`);
/** The market clock of the apps (moved on by `nextDataDay`). */
let now = NOW;

/** The next weekday becomes a trading day and the clock moves past its close: new dumps are due. */
function nextDataDay(): string {
  const last = service.tradingDays[service.tradingDays.length - 1] ?? LAST;
  const day = weekdays(last, 2)[1] ?? last;
  service.tradingDays = [...service.tradingDays, day];
  now = Date.parse(`${day}T16:00:00+08:00`);
  return day;
}

const CODES = ['600000.SH', '000001.SZ', '300750.SZ'] as const;

function closesOf(seed: number, n: number): number[] {
  return Array.from(
    { length: n },
    (_, i) => Math.round((10 + seed + 2 * Math.sin((i + seed) / 3)) * 100) / 100,
  );
}

const ALL_BARS: TestBar[] = CODES.flatMap((code, k) => barsOf(code, DAYS, closesOf(k * 5, DAYS.length)));

/** A dividend with a bonus issue, a rights issue with its price, and an ex-date on a Saturday. */
const EVENTS: TestEvent[] = [
  { thscode: '600000.SH', exDate: DAYS[5] ?? '', dividend: 0.35, bonus: 0.3 },
  {
    thscode: '600000.SH',
    exDate: DAYS[20] ?? '',
    dividend: 0.1,
    bonus: 0,
    allotmentRatio: 0.2,
    allotmentPrice: 6,
  },
  // 2026-06-13 is a Saturday: the event takes effect on the next bar (Monday 2026-06-15).
  { thscode: '000001.SZ', exDate: '2026-06-13', dividend: 0.5, bonus: 0.1 },
];

interface Files {
  dir: string;
  full: string;
  recent: string;
  events: string;
}

async function writeFiles(): Promise<Files> {
  const dir = mkdtempSync(join(tmpdir(), 'dump-files-'));
  const files = {
    dir,
    full: join(dir, 'daily-k.parquet'),
    recent: join(dir, 'daily-k-10d.parquet'),
    events: join(dir, 'adjustment-factors.parquet'),
  };
  await writeDailyKParquet(files.full, ALL_BARS);
  await writeDailyKParquet(
    files.recent,
    ALL_BARS.filter((b) => b.date >= (DAYS[DAYS.length - 10] ?? '')),
  );
  await writeAdjustmentParquet(files.events, EVENTS);
  return files;
}

/** The CLI's formula (factors.ts), written out independently of the SQL that computes it. */
function expectedFactors(code: string): { date: string; backward: number; forward: number }[] {
  const bars = ALL_BARS.filter((b) => b.thscode === code);
  const ratios = bars.map(() => 1);
  for (const e of EVENTS.filter((x) => x.thscode === code)) {
    const i = bars.findIndex((b) => b.date >= e.exDate);
    const prev = bars[i - 1]?.close;
    if (i <= 0 || prev === undefined) continue;
    const r = e.allotmentRatio ?? 0;
    const p = e.allotmentPrice ?? 0;
    ratios[i] = (ratios[i] ?? 1) * ((prev * (1 + e.bonus + r)) / (prev - e.dividend + r * p));
  }
  let running = 1;
  const backward = ratios.map((r) => (running *= r));
  const last = backward[backward.length - 1] ?? 1;
  return bars.map((b, i) => ({
    date: b.date,
    backward: backward[i] ?? 1,
    forward: (backward[i] ?? 1) / last,
  }));
}

/** The checks of the vendor CLI's `data validate` (hithink-finance-cli/src/infrastructure/duckdb/quality.ts). */
const CLI_QUALITY_CHECKS: [string, string][] = [
  [
    'duplicate keys',
    'SELECT count(*) FROM (SELECT thscode,date FROM raw_kline_daily GROUP BY thscode,date HAVING count(*)>1)',
  ],
  [
    'invalid OHLC',
    'SELECT count(*) FROM raw_kline_daily WHERE high<GREATEST(open,close,low) OR low>LEAST(open,close,high)',
  ],
  ['negative volume', 'SELECT count(*) FROM raw_kline_daily WHERE volume<0 OR amount<0'],
  [
    'factor gap',
    'SELECT count(*) FROM raw_kline_daily k LEFT JOIN calc_adjust_factor_daily f USING(thscode,date) WHERE f.date IS NULL',
  ],
  ['view mismatch', 'SELECT abs((SELECT count(*) FROM raw_kline_daily)-(SELECT count(*) FROM v_daily))'],
  [
    'symbol coverage',
    'SELECT count(*) FROM raw_kline_daily k LEFT JOIN dim_symbol s USING(thscode) WHERE s.thscode IS NULL',
  ],
  ['incomplete batches', "SELECT count(*) FROM _import_batches WHERE status<>'complete'"],
];

const envelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  data: z
    .looseObject({ presigned_url: z.string(), presigned_url_expires_at: z.string() })
    .nullable()
    .optional(),
});

let fake: FakeUpstream;
let service: FakeDumpService;
let files: Files;
let apps: FastifyInstance[] = [];
let logLines: string[] = [];

beforeEach(async () => {
  fake = await startFakeUpstream();
  const made = fakeDumpService(() => fake.url);
  service = made.state;
  fake.behave(made.behaviour);
  files = await writeFiles();
  service.tradingDays = DAYS;
  service.codes = CODES.map((thscode, i) => ({ thscode, name: `股票${i}` }));
  logLines = [];
  now = NOW;
});

afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
  await fake.close();
});

const configs = new WeakMap<FastifyInstance, Config>();

/** An app with the plane on; its start-up update has run when this returns (`initial`). */
async function startApp(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; plane: MarketDataPlane; initial: SyncReport }> {
  const config = testConfig({ MARKET_DATA: 'on', ...env });
  const app = createApp({
    config,
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'live',
    clock: () => now,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  apps.push(app);
  configs.set(app, config);
  await app.ready();
  const plane = marketDataOf(app);
  if (!plane) throw new Error('the plane is not installed');
  // Joins the update the plane started when the app became ready.
  const initial = await plane.sync();
  return { app, plane, initial };
}

async function sha256Of(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

function noSecretsIn(text: string) {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(service.linkSecret);
  expect(text).not.toContain('/storage/');
}

describe('the BFF as a drop-in for the dumps', () => {
  it('serves the vendor CLI flow (sign with any key, download without one, import) through its socket', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app, plane } = await startApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    // As dump-client.ts signs: X-api-key (any key in AUTH_MODE=none), then data.presigned_url.
    const signed = await fetch(new URL('/api/dump/market-dumps/daily-k/download-url', base), {
      headers: { 'X-api-key': 'whatever-the-cli-has', accept: 'application/json' },
    });
    expect(signed.status).toBe(200);
    const text = await signed.text();
    noSecretsIn(text);
    const envelope = envelopeSchema.parse(JSON.parse(text));
    expect(envelope.code).toBe(0);
    const link = new URL(envelope.data?.presigned_url ?? '');
    expect(link.origin).toBe(base);
    expect(link.pathname.startsWith(`${MARKET_DATA_BASE_PATH}/dumps/daily-k/`)).toBe(true);
    const expires = Date.parse(envelope.data?.presigned_url_expires_at ?? '');
    expect(expires - Date.now()).toBeGreaterThan(DUMP_LINK_TTL_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(DUMP_LINK_TTL_MS);
    // The CLI's releaseId: the last two path segments.
    const releaseId = link.pathname.split('/').filter(Boolean).slice(-2).join('/');
    expect(releaseId).toMatch(/^\d{8}-[0-9a-f]{16}\/daily-k\.parquet$/);

    // A plain GET, no key.
    const download = await fetch(link);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(await sha256Of(files.full));

    // The CLI's import reads it as it reads the service's file; the counts match the BFF's panel.
    const local = join(files.dir, 'cli-copy.parquet');
    await writeFile(local, bytes);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const reader = await connection.runAndReadAll('SELECT count(*) FROM read_parquet($path)', {
      path: local,
    });
    const cliRows = Number(reader.getRowsJson()[0]?.[0]);
    connection.closeSync();
    instance.closeSync();
    expect(cliRows).toBe(ALL_BARS.length);
    expect(plane.panelStatus().rows).toBe(cliRows);

    // Upstream: one signing call per dump, downloads without the key; nothing secret in the log.
    expect(service.signings['daily-k']).toBe(1);
    expect(service.downloads.every((d) => !d.withKey)).toBe(true);
    noSecretsIn(logLines.join('\n'));
  });

  it('makes one upstream signing call per dump per data day, whatever the number of clients', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app } = await startApp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          url: `/api/dump/market-dumps/${i % 2 === 0 ? 'daily-k' : 'adjustment-factors'}/download-url`,
          headers: { 'x-api-key': `client-${i}` },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(envelopeSchema.parse(res.json()).code).toBe(0);
    }
    expect(service.signings['daily-k']).toBe(1);
    expect(service.signings['adjustment-factors']).toBe(1);
    expect(service.downloads.filter((d) => d.kind === 'daily-k')).toHaveLength(1);
  });

  it('refuses an expired or altered link with 403 and an envelope', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app } = await startApp();
    const res = await app.inject({ url: '/api/dump/market-dumps/daily-k/download-url' });
    const link = new URL(envelopeSchema.parse(res.json()).data?.presigned_url ?? '');
    const ok = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(ok.statusCode).toBe(200);

    const signature = link.searchParams.get('signature') ?? '';
    const altered = new URL(link);
    altered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const later = new URL(link);
    later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3_600_000));
    const otherKind = `${link.pathname.replaceAll('daily-k', 'daily-k-10d')}${link.search}`;
    for (const url of [
      `${altered.pathname}${altered.search}`,
      `${later.pathname}${later.search}`,
      otherKind,
    ]) {
      const refused = await app.inject({ url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: ErrorCode.FORBIDDEN,
        message: expect.stringMatching(/not valid/),
      });
    }

    // Signed with the server's own secret (the one kept in DUMP_DIR), but five minutes ago.
    const config = configs.get(app);
    if (!config) throw new Error('no config');
    const secret = await dumpLinkSecret(config.auth, config.marketData.dumpDir);
    const release = link.pathname.split('/')[5] ?? '';
    const old = dumpLinks(secret).sign(
      'http://localhost',
      'daily-k',
      release,
      Date.now() - DUMP_LINK_TTL_MS - 1,
    );
    const expired = new URL(old.url);
    const answer = await app.inject({ url: `${expired.pathname}${expired.search}` });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: expect.stringMatching(/expired/),
    });
  });

  it('with sign-in, needs a user for the plane but not for a signed dump link (its own credential)', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const env = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '10.0.0.9', SESSION_SECRET: 's'.repeat(32) };
    const { app } = await startApp(env);
    const user = { remoteAddress: '10.0.0.9', headers: { 'x-forwarded-user': 'analyst' } };
    const status = `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.status}`;
    expect((await app.inject({ url: status, remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
    expect((await app.inject({ url: status, ...user })).statusCode).toBe(200);
    const sign = '/api/dump/market-dumps/daily-k/download-url';
    expect((await app.inject({ url: sign, remoteAddress: '10.0.0.1' })).statusCode).toBe(401);
    const signed = await app.inject({ url: sign, ...user });
    const link = new URL(envelopeSchema.parse(signed.json()).data?.presigned_url ?? '');
    // Anyone holding the link may download it (as with the service's own links), nobody else.
    const download = await app.inject({ url: `${link.pathname}${link.search}`, remoteAddress: '10.0.0.1' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await readFile(files.full))).toBe(true);
    // The secret comes from SESSION_SECRET (the same on every replica): nothing is written to DUMP_DIR.
    const config = configs.get(app);
    expect(existsSync(join(config?.marketData.dumpDir ?? '', '.link-secret'))).toBe(false);
  });

  it("counts signing requests and downloads against the client's limit, as /api requests", async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app } = await startApp({ CLIENT_RATE_LIMIT_PER_MIN: '3' });
    const signed = await app.inject({ url: '/api/dump/market-dumps/daily-k/download-url' });
    const link = new URL(envelopeSchema.parse(signed.json()).data?.presigned_url ?? '');
    const file = `${link.pathname}${link.search}`;
    expect((await app.inject({ url: file })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/a-share/calendar/trading-days' })).statusCode).toBe(200);
    const refused = await app.inject({ url: file });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.GATEWAY_CLIENT_RATE_LIMITED });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('answers that the plane is off when MARKET_DATA=off, without asking the service', async () => {
    const app = createApp({
      config: testConfig(),
      upstream: { baseUrl: fake.url, apiKey: KEY },
      mode: 'live',
      clock: () => NOW,
      logger: false,
    });
    apps.push(app);
    const res = await app.inject({ url: '/api/dump/market-dumps/daily-k/download-url' });
    // In the envelope with HTTP 200 (the spec's business errors): the vendor's CLI, which checks the
    // status first, then shows the message instead of a bare "HTTP 404".
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: ErrorCode.GATEWAY_UNKNOWN_OPERATION,
      message: expect.stringMatching(/MARKET_DATA=off/),
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the research panel', () => {
  it("computes forward and backward closes from the events with the CLI's formula", async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app, plane, initial } = await startApp();
    expect(initial.complete).toBe(true);
    for (const code of ['600000.SH', '000001.SZ']) {
      const expected = expectedFactors(code);
      const bars = ALL_BARS.filter((b) => b.thscode === code);
      for (const adjust of ['forward', 'backward'] as const) {
        const res = await app.inject({
          url: `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.daily}?thscode=${code}&adjust=${adjust}`,
        });
        expect(res.statusCode).toBe(200);
        const answer = panelBarsSchema.parse(res.json());
        expect(answer.item.map((b) => b.date_ms)).toEqual(bars.map((b) => shanghaiMidnight(b.date)));
        answer.item.forEach((bar, i) => {
          const want = (bars[i]?.close ?? 0) * (expected[i]?.[adjust] ?? 0);
          expect(Math.abs(bar.close_price / want - 1)).toBeLessThan(1e-9);
        });
      }
    }
    // The factors really moved (the events are not all no-ops).
    const first = expectedFactors('600000.SH')[0];
    expect(first?.forward).toBeLessThan(0.8);
    // A window: only its bars.
    const start = shanghaiMidnight(DAYS[3] ?? '');
    const end = shanghaiMidnight(DAYS[6] ?? '');
    const windowed = await plane.bars({ thscode: '600000.SH', adjust: 'none', start, end });
    expect(windowed.map((b) => b.date_ms)).toEqual(DAYS.slice(3, 7).map((d) => shanghaiMidnight(d)));
  });

  it('answers the whole-market cross-section: forward-adjusted close and 20-day return of every code, no 250-day high without 250 days', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const { app } = await startApp();
    const res = await app.inject({ url: `${MARKET_DATA_BASE_PATH}${CROSS_SECTION_ROUTE}` });
    expect(res.statusCode).toBe(200);
    const answer = crossSectionSchema.parse(res.json());
    expect(answer.date).toBe(DAYS[DAYS.length - 1]);
    expect(answer.item.map((row) => row.thscode)).toEqual([...CODES].sort());
    for (const code of CODES) {
      const row = answer.item.find((r) => r.thscode === code);
      const bars = ALL_BARS.filter((b) => b.thscode === code);
      const factors = expectedFactors(code);
      const adjusted = (i: number) => (bars[i]?.close ?? 0) * (factors[i]?.forward ?? 0);
      const last = bars.length - 1;
      expect(Math.abs((row?.close ?? 0) / adjusted(last) - 1)).toBeLessThan(1e-9);
      const want = adjusted(last) / adjusted(last - CROSS_SECTION_RETURN_DAYS) - 1;
      expect(Math.abs((row?.return_20d ?? Number.NaN) - want)).toBeLessThan(1e-9);
      // 30 days of bars: no full 250-day window.
      expect(row?.from_high_250d).toBeNull();
    }
  });

  it('keeps the cross-section as sent until an import changes the panel: the same bytes and tag, 304 to a browser that has them', async () => {
    await serveDayBeforeThenTenDay();
    const { app, plane } = await startApp();
    const url = `${MARKET_DATA_BASE_PATH}${CROSS_SECTION_ROUTE}`;
    const get = (headers: Record<string, string> = {}) => app.inject({ url, headers });
    // Three codes: below the size worth compressing, so the text itself.
    const first = await get();
    const second = await get();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    expect(second.headers.etag).toBe(etag);
    const dayBefore = crossSectionSchema.parse(first.json());
    expect(dayBefore.date).toBe(DAYS[DAYS.length - 2]);
    const revalidated = await get({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // The ten-day dump brings the last day: a new answer with a new tag.
    await plane.sync();
    const after = await get({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(crossSectionSchema.parse(after.json()).date).toBe(LAST);
  });

  it('checks the daily parameters as the /api operations do, naming the field', async () => {
    const { app } = await startApp();
    const cases: [string, number, RegExp][] = [
      ['adjust=forward', ErrorCode.PARAM_MISSING, /thscode/],
      ['thscode=600000', ErrorCode.PARAM_FORMAT, /thscode/],
      ['thscode=600000.SH&adjust=both', ErrorCode.PARAM_FORMAT, /adjust/],
      ['thscode=600000.SH&start=20&end=10', ErrorCode.PARAM_CONFLICT, /end/],
      ['thscode=600000.SH&limit=5', ErrorCode.PARAM_FORMAT, /limit/],
    ];
    for (const [query, code, field] of cases) {
      const res = await app.inject({ url: `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.daily}?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message: expect.stringMatching(field) });
    }
  });

  it('loads the full dump first, then the ten-day dump after the close, and writes names and boards', async () => {
    await serveDayBeforeThenTenDay();
    const { plane, initial: first } = await startApp();
    expect(first.steps.map((s) => [s.kind, s.outcome])).toContainEqual(['daily-k', 'imported']);
    expect(plane.panelStatus().state).toBe('stale');
    const second = await plane.sync();
    expect(second.steps.find((step) => step.kind === 'daily-k-10d')).toMatchObject({ outcome: 'imported' });
    expect(second.complete).toBe(true);
    const status = plane.panelStatus();
    expect(status).toMatchObject({
      state: 'fresh',
      latest_date: LAST,
      rows: ALL_BARS.length,
      codes: 3,
      events: 3,
    });
    const store = plane.store();
    const symbols = await store?.read(async (c) =>
      (
        await c.runAndReadAll('SELECT thscode, name, board FROM dim_symbol ORDER BY thscode')
      ).getRowObjectsJson(),
    );
    // The vendor CLI's own checks of its database (quality.ts) find nothing wrong.
    const issues = await store?.read(async (c) => {
      const found: string[] = [];
      for (const [name, sql] of CLI_QUALITY_CHECKS) {
        const n = Number((await c.runAndReadAll(sql)).getRowsJson()[0]?.[0]);
        if (n > 0) found.push(`${name}: ${n}`);
      }
      return found;
    });
    expect(issues).toEqual([]);
    expect(symbols).toEqual([
      { thscode: '000001.SZ', name: '股票1', board: 'main' },
      { thscode: '300750.SZ', name: '股票2', board: 'chinext' },
      { thscode: '600000.SH', name: '股票0', board: 'main' },
    ]);
  });

  it('is idempotent: the same file imported again changes nothing and adds no batch', async () => {
    service.dumps = {
      'daily-k': { file: files.full },
      'daily-k-10d': { file: files.recent },
      'adjustment-factors': { file: files.events },
    };
    const { plane } = await startApp();
    const store = plane.store();
    const batches = async () =>
      Number(
        (
          await store?.read(async (c) =>
            (await c.runAndReadAll('SELECT count(*) FROM _import_batches')).getRowsJson(),
          )
        )?.[0]?.[0],
      );
    // The next day's ten-day dump (its bars are all in the panel already): one import.
    nextDataDay();
    const first = await plane.sync();
    expect(first.steps.find((step) => step.kind === 'daily-k-10d')).toMatchObject({ outcome: 'imported' });
    const before = plane.panelStatus();
    const count = await batches();
    // The day after, the service publishes the very same files: copied, but nothing is imported.
    nextDataDay();
    const again = await plane.sync();
    expect(again.steps.filter((s) => s.kind !== 'symbols').map((s) => s.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(plane.panelStatus()).toEqual(before);
    expect(await batches()).toBe(count);
    expect(service.downloads.filter((d) => d.kind === 'daily-k-10d')).toHaveLength(2);
  });
});

describe('bad input keeps the previous panel serving', () => {
  async function loadedApp() {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    return startApp();
  }

  async function expectPreviousPanel(app: FastifyInstance, rows: number) {
    const status = planeStatusSchema.parse(
      (await app.inject({ url: `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.status}` })).json(),
    );
    expect(status.panel.rows).toBe(rows);
    const bars = await app.inject({
      url: `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.daily}?thscode=600000.SH`,
    });
    expect(panelBarsSchema.parse(bars.json()).item).toHaveLength(DAYS.length);
    return status;
  }

  const badFiles: [string, (good: string, target: string) => Promise<void>, RegExp][] = [
    [
      'a corrupt file',
      async (_good, target) => writeFile(target, Buffer.from('PAR1 this is not parquet at all')),
      /./,
    ],
    [
      'a truncated file',
      async (good, target) => {
        const bytes = await readFile(good);
        await writeFile(target, bytes.subarray(0, Math.floor(bytes.length / 2)));
      },
      /./,
    ],
    [
      'a file without the columns',
      async (_good, target) => writeParquetWithout(target, ALL_BARS),
      /lacks columns: .*open_price/,
    ],
  ];

  for (const [name, write, reason] of badFiles) {
    it(`reports ${name} in the status and the log, and keeps serving`, async () => {
      const { app, plane } = await loadedApp();
      const rows = plane.panelStatus().rows;
      const bad = join(files.dir, 'bad.parquet');
      await write(files.recent, bad);
      service.dumps['daily-k-10d'] = { file: bad };
      // The next data day: the ten-day dump is due.
      nextDataDay();
      await plane.sync();
      const status = await expectPreviousPanel(app, rows);
      expect(status.panel.last_import).toMatchObject({
        kind: 'daily-k-10d',
        status: 'failed',
        error: expect.stringMatching(reason),
      });
      expect(logLines.some((l) => l.includes('import failed'))).toBe(true);
    });
  }

  it('passes a dump that is not ready (4040) on to the client and says so in the status', async () => {
    const { app, plane } = await loadedApp();
    const rows = plane.panelStatus().rows;
    service.dumps['daily-k-10d'] = { code: ErrorCode.DUMP_NOT_READY };
    const res = await app.inject({ url: '/api/dump/market-dumps/daily-k-10d/download-url' });
    // A business code, so HTTP 200 as the service itself sends it.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: ErrorCode.DUMP_NOT_READY,
      message: expect.stringMatching(/not published/),
    });
    // Asked again at once: no second signing call while the service said "not ready".
    await app.inject({ url: '/api/dump/market-dumps/daily-k-10d/download-url' });
    expect(service.signings['daily-k-10d']).toBe(1);
    const status = await expectPreviousPanel(app, rows);
    expect(status.panel.last_import).toMatchObject({
      kind: 'daily-k-10d',
      status: 'failed',
      error: expect.stringMatching(/not published/),
    });
    expect(logLines.some((l) => l.includes('dump link not given') && l.includes('4040'))).toBe(true);
  });
});

/** The full dump ends the day before the data day; the ten-day dump holds the data day. */
async function serveDayBeforeThenTenDay(): Promise<void> {
  const early = join(files.dir, 'early.parquet');
  await writeDailyKParquet(
    early,
    ALL_BARS.filter((b) => b.date < LAST),
  );
  service.dumps = {
    'daily-k': { file: early },
    'daily-k-10d': { file: files.recent },
    'adjustment-factors': { file: files.events },
  };
}

/** A plane of its own (no app) on the fake service, with a manual ticker: it updates only when asked. */
function planeOnFake(
  opts: Pick<MarketDataPlaneOptions, 'researchDb' | 'dumpDir' | 'leases' | 'log' | 'createWriter'>,
): MarketDataPlane {
  return createMarketDataPlane({
    ...opts,
    auth: { mode: 'none' },
    upstream: createUpstreamClient({
      baseUrl: fake.url,
      apiKey: KEY,
      timeoutMs: 10_000,
      connectTimeoutMs: 2_000,
    }),
    clock: () => now,
    ticker: new ManualClock(NOW),
  });
}

describe('a disk that fills', () => {
  it('records the failed copy, logs it, keeps the previous panel and tries again later', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const dir = mkdtempSync(join(tmpdir(), 'plane-'));
    let diskFull = true;
    const log = {
      info: () => undefined,
      warn: (o: object, m: string) => void logLines.push(`${m} ${JSON.stringify(o)}`),
      error: (o: object, m: string) => void logLines.push(`${m} ${JSON.stringify(o)}`),
    };
    const plane = planeOnFake({
      researchDb: join(dir, 'research.duckdb'),
      dumpDir: join(dir, 'dumps'),
      leases: localLeases(),
      log,
      createWriter: (path) =>
        diskFull
          ? new Writable({
              write(_chunk, _encoding, done) {
                done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
              },
            })
          : createWriteStream(path, { flags: 'wx' }),
    });
    try {
      await plane.start();
      const failed = await plane.sync();
      expect(failed.complete).toBe(false);
      expect(plane.panelStatus()).toMatchObject({
        state: 'empty',
        // The events are copied first (the bars file that follows builds the table with them).
        last_import: {
          kind: 'adjustment-factors',
          status: 'failed',
          error: expect.stringMatching(/disk is full/),
        },
      });
      expect(logLines.some((l) => l.includes('ENOSPC'))).toBe(true);
      // The disk has room again: the next try (its lease was given back) copies and imports.
      diskFull = false;
      const ok = await plane.sync();
      expect(ok.complete).toBe(true);
      expect(plane.panelStatus().rows).toBe(ALL_BARS.length);
    } finally {
      await plane.close();
    }
  });
});

describe('replicas', () => {
  const binary = redisServerBinary();
  if ('missing' in binary) {
    engineMissing('redis-server', binary.missing);
    return;
  }

  it('sign each dump once between them: the lease holder copies into DUMP_DIR, the others read it or wait', async () => {
    service.dumps = { 'daily-k': { file: files.full }, 'adjustment-factors': { file: files.events } };
    const redis = await startRedisServer(binary.path);
    const root = mkdtempSync(join(tmpdir(), 'replicas-'));
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const replica = (name: string, dumps: string) =>
      planeOnFake({
        researchDb: join(root, `${name}.duckdb`),
        dumpDir: join(root, dumps),
        leases: redisLeases({ url: redis.url, keyPrefix: 'replicas:', log }),
        log,
      });
    const a = replica('a', 'shared-dumps');
    const b = replica('b', 'shared-dumps');
    // A replica that was not given the shared folder.
    const c = replica('c', 'own-dumps');
    try {
      await a.start();
      expect((await a.sync()).complete).toBe(true);
      const signed = { ...service.signings };
      // B finds A's copies in the shared DUMP_DIR; C finds none, and A holds the day's leases.
      await Promise.all([b.start(), c.start()]);
      expect((await b.sync()).complete).toBe(true);
      const waiting = await c.sync();
      expect(waiting.complete).toBe(false);
      expect(waiting.steps[0]?.detail).toMatch(/Another dashboard server is copying/);
      expect(b.panelStatus().rows).toBe(ALL_BARS.length);
      expect(c.panelStatus().state).toBe('empty');
      expect(service.signings).toEqual(signed);
      expect(service.signings).toMatchObject({ 'daily-k': 1, 'adjustment-factors': 1 });
      expect(service.downloads).toHaveLength(2);
    } finally {
      for (const plane of [a, b, c]) await plane.close();
      await redis.close();
    }
  });
});
