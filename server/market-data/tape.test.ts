import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { createSimulator } from '../simulator/index';
import { testDumps } from '../simulator/testkit';
import { ManualClock } from '../gateway/manual-clock.testkit';
import { TEST_CLOCK_PATH, adjustableClock } from '../test-clock';
import {
  MARKET_DATA_BASE_PATH,
  MARKET_DATA_ROUTES,
  intradaySeriesSchema,
} from '../../src/contract/market-data';
import type { IntradaySeries } from '../../src/contract/market-data';
import { TAPE_LABELS } from '../../src/contract/market-tape';
import { catalog, operations } from '../../src/contract/catalog';
import { shanghaiMidnight } from '../../src/contract/time';
import { tapeRecorderOf, tapeStatus } from './tape-routes';
import { callsPerMinute } from './tape-recorder';

/**
 * The tape in the whole app, against the simulator on loopback with the pinned clock moved minute by
 * minute through a session (SIM_CLOCK_CONTROL's clock, moved through its route). The simulator counts
 * every request it gets: the fake upstream of the must-show.
 */

const DAY = '2026-07-15';
const SIM_NOW = Date.parse(`${DAY}T09:10:00+08:00`);
const KEY = 'tape-test-key';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
const INTRADAY = `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES.intraday}`;

const clock = adjustableClock(SIM_NOW);
const ticker = new ManualClock(Date.parse('2026-11-28T00:00:00Z'));
/** Requests the upstream received: path and the market minute they came in. */
const received: { path: string; minute: number }[] = [];
const PANEL_PATHS = ['/api/dump/', '/dump-files/', catalog['meta/tickers/list'].path];
let sim: FastifyInstance;
let app: FastifyInstance;

beforeAll(async () => {
  // The dumps of a few codes: the research panel starts with the app and asks for them.
  sim = createSimulator({ apiKey: KEY, now: clock.now, dumps: testDumps });
  sim.addHook('onRequest', async (request) => {
    // The test's own look at the simulator is not the app's, and the panel's dump and code-table reads
    // (server/market-data/plane.ts) are not the tape's.
    if (request.headers['x-probe'] !== undefined || PANEL_PATHS.some((p) => request.url.startsWith(p)))
      return;
    const now = clock.now();
    received.push({ path: request.url.split('?')[0] ?? '', minute: now - (now % 60_000) });
  });
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  app = createApp({
    config: testConfig({ LOG_LEVEL: 'silent', MARKET_DATA: 'on' }),
    upstream: { baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY },
    mode: 'simulated',
    logger: false,
    clock: clock.now,
    testClock: clock,
    ticker,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app.close();
  await sim.close();
});

/** Moves the pinned clock to `hhmm` (through the test clock's route) and lets the recorder look at it. */
async function at_(hhmm: string) {
  const target = at(hhmm);
  const put = await app.inject({
    method: 'PUT',
    url: TEST_CLOCK_PATH,
    payload: { offset_ms: target - SIM_NOW },
  });
  expect(put.statusCode).toBe(200);
  // The gateway's own time passes too (cache lifetimes): a minute later, a quote is no longer fresh.
  ticker.advance(60_000);
  const recorder = tapeRecorderOf(app);
  if (!recorder) throw new Error('the tape is not running');
  return recorder.tick();
}

async function walk(from: string, to: string) {
  const outcomes = [];
  for (let t = at(from); t <= at(to); t += 60_000) {
    const d = new Date(t + 8 * 3600_000);
    const hhmm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    outcomes.push({ hhmm, outcome: await at_(hhmm) });
  }
  return outcomes;
}

async function intraday(query: string) {
  return app.inject(`${INTRADAY}?${query}`);
}

async function simSnapshot(path: string) {
  const res = await sim.inject({ url: path, headers: { 'x-api-key': KEY, 'x-probe': '1' } });
  return res.json<{ data: { item: Record<string, number>[] } }>().data.item[0];
}

const ms = (hhmm: string) => at(hhmm);
/** The labels between two clock readings (inclusive), as the tape stores them. */
function labels(from: string, to: string): number[] {
  const midnight = shanghaiMidnight(DAY);
  return TAPE_LABELS.map((s) => midnight + s * 1000).filter((t) => t >= ms(from) && t <= ms(to));
}

describe('the minute tape through a session', () => {
  let series: IntradaySeries;
  const recorded: number[] = [];

  it('records one point per minute it read, the opening auction on 09:30 and nothing over lunch', async () => {
    const steps = [
      ...(await walk('09:10', '09:11')),
      ...(await walk('09:24', '09:35')),
      ...(await walk('11:27', '11:32')),
      ...(await walk('12:59', '13:04')),
      ...(await walk('14:56', '15:01')),
    ];
    const kinds = Object.fromEntries(steps.map((s) => [s.hhmm, s.outcome.kind]));
    // Before 09:15 the day is prepared (calendar, sector lists); at 09:24 the table is still yesterday's.
    expect(kinds['09:10']).toBe('prepared');
    expect(kinds['09:24']).toBe('not-today');
    for (const hhmm of ['11:31', '11:32', '12:59', '13:00', '15:01']) expect(kinds[hhmm]).toBe('closed');
    for (const s of steps) if (s.outcome.kind === 'recorded') recorded.push(s.outcome.minuteMs);
    // 09:25 to 09:30 all land on the opening point.
    expect(recorded.filter((t) => t === ms('09:30'))).toHaveLength(6);

    const res = await intraday('thscode=600519.SH&days=5');
    expect(res.statusCode).toBe(200);
    series = intradaySeriesSchema.parse(res.json());
    expect(series.days).toHaveLength(1);
    const day = series.days[0];
    const times = day?.points.map((p) => p.t) ?? [];
    expect(times).toEqual([
      ...labels('09:30', '09:35'),
      ...labels('11:27', '11:30'),
      ...labels('13:01', '13:04'),
      ...labels('14:56', '15:00'),
    ]);
    expect(new Set(recorded)).toEqual(new Set(times));
    // The lunch break has no point: 11:30 is followed by 13:01.
    expect(times.filter((t) => t > ms('11:30') && t <= ms('13:00'))).toEqual([]);
    expect(times[times.indexOf(ms('11:30')) + 1]).toBe(ms('13:01'));
    // Recording began before the open: the tape is complete from its first point.
    expect(day?.recording_started_at).toBeNull();
  }, 120_000);

  it('ends on the snapshot: the last point is the close, the volumes add up to the day’s', async () => {
    const day = series.days[0];
    const last = day?.points[day.points.length - 1];
    const quote = await simSnapshot('/api/a-share/prices/snapshot?thscodes=600519.SH');
    expect(last?.price).toBe(quote?.last_price);
    const volume = day?.points.reduce((sum, p) => sum + p.volume, 0);
    const turnover = day?.points.reduce((sum, p) => sum + p.turnover, 0);
    expect(volume).toBe(quote?.volume);
    expect(turnover).toBe(quote?.turnover);
    expect(last?.avg_price).toBeCloseTo((quote?.turnover ?? 0) / (quote?.volume ?? 1), 9);
    expect(day?.prev_close).toBe(quote?.prev_price);
    // The close is the day's bar.
    const bar = await simSnapshot(
      `/api/a-share/prices/historical?thscode=600519.SH&adjust=none&start=${shanghaiMidnight(DAY)}&end=${shanghaiMidnight(DAY)}`,
    );
    expect(last?.price).toBe(bar?.close_price);
    // Every minute's own volume is a part of the day's, never negative.
    for (const p of day?.points ?? []) expect(p.volume).toBeGreaterThanOrEqual(0);
  });

  it('records the indices and the home page’s sectors too', async () => {
    const index = intradaySeriesSchema.parse((await intraday('thscode=000001.SH')).json());
    const quote = await simSnapshot('/api/a-share-index/prices/snapshot?thscodes=000001.SH');
    const points = index.days[0]?.points ?? [];
    expect(points).toHaveLength(new Set(recorded).size);
    expect(points[points.length - 1]?.price).toBe(quote?.last_price);
    const list = await sim.inject({
      url: '/api/a-share-index/catalog/ths-index-list?tag=industry',
      headers: { 'x-api-key': KEY, 'x-probe': '1' },
    });
    const sector = list.json<{ data: { item: { thscode: string }[] } }>().data.item[0]?.thscode ?? '';
    const sectorSeries = intradaySeriesSchema.parse(
      (await intraday(`thscode=${sector.toLowerCase()}`)).json(),
    );
    expect(sectorSeries.thscode).toBe(sector);
    expect(sectorSeries.days[0]?.points).toHaveLength(new Set(recorded).size);
  });

  it('stays within its share of the budget: at most 2 upstream calls in any minute of the session', async () => {
    const config = testConfig();
    const allowed = callsPerMinute(config.marketData.tapeBudgetShare, config.upstreamRatePerSecond);
    const byMinute = new Map<number, number>();
    for (const r of received) byMinute.set(r.minute, (byMinute.get(r.minute) ?? 0) + 1);
    for (const [minute, count] of byMinute) {
      expect(count).toBeLessThanOrEqual(allowed);
      // The day's reference reads (calendar, two sector lists) come before the auction.
      if (minute >= ms('09:15')) expect(count).toBeLessThanOrEqual(2);
    }
    expect(byMinute.get(ms('09:10'))).toBe(3);
    expect(byMinute.get(ms('09:31'))).toBe(2);
    // Only the snapshots and the reference lists, never the restricted operations.
    const restricted = new Set(operations.filter((o) => o.access === 'restricted').map((o) => o.path));
    expect(received.filter((r) => restricted.has(r.path as never))).toEqual([]);
    expect(new Set(received.map((r) => r.path))).toEqual(
      new Set([
        '/api/a-share/calendar/trading-days',
        '/api/a-share-index/catalog/ths-index-list',
        '/api/a-share/prices/snapshot',
        '/api/a-share-index/prices/snapshot',
      ]),
    );
    const status = await tapeStatus(app);
    expect(status).toMatchObject({ date: DAY, minutes: new Set(recorded).size, last_minute: ms('15:00') });
    expect(status.first_minute).toBe(ms('09:30'));
  });

  it('checks its parameters before anything else, and answers an unknown code with no days', async () => {
    const before = received.length;
    const bad = [
      ['thscode=600519', 1002, 'thscode'],
      ['days=2', 1001, 'thscode'],
      ['thscode=600519.SH&days=6', 1003, 'days'],
      ['thscode=600519.SH&days=x', 1002, 'days'],
      ['thscode=600519.SH&since=1', 1002, 'since'],
      ['thscode=600519.SH,000001.SZ', 1002, 'thscode'],
    ] as const;
    for (const [query, code, field] of bad) {
      const res = await intraday(query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ code: number; message: string }>();
      expect(body.code, query).toBe(code);
      expect(body.message, query).toContain(field);
    }
    const unknown = await intraday('thscode=999999.SH');
    expect(unknown.statusCode).toBe(200);
    expect(intradaySeriesSchema.parse(unknown.json()).days).toEqual([]);
    expect(received.length).toBe(before);
  });
});

describe('the tape without its store', () => {
  it('leaves the rest of the app serving: the intraday route says the tape is unavailable, the status says off', async () => {
    const broken = createApp({
      // A file where the store's folder should be: it cannot be opened.
      config: testConfig({
        LOG_LEVEL: 'silent',
        MARKET_DATA: 'on',
        RESEARCH_DB: '/dev/null/research.duckdb',
      }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: KEY },
      mode: 'simulated',
      logger: false,
      clock: () => SIM_NOW,
      ticker: new ManualClock(SIM_NOW),
    });
    await broken.ready();
    const res = await broken.inject(`${INTRADAY}?thscode=600519.SH`);
    expect(res.statusCode).toBe(503);
    expect(res.json<{ code: number }>().code).toBe(5003);
    expect((await broken.inject('/bff/health')).statusCode).toBe(200);
    expect((await tapeStatus(broken)).state).toBe('off');
    await broken.close();
  });
});
