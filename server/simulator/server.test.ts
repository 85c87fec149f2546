import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, operations, type OperationId } from '../../src/contract/catalog';
import { implementedOperations, startSimulator } from './index';
import { AFTER_CLOSE, HOLIDAY, KEY, TRADING_MORNING, WEEKEND, call, simAt } from './testkit';
import { stockByCode } from './model/universe';

/** Valid parameters for every implemented operation (a new handler without a sample fails the test). */
const SAMPLES: Partial<Record<OperationId, Record<string, string>>> = {
  'a-share/calendar/trading-days': {},
  'a-share/corporate-actions/adjustment-factors': { thscode: '600519.SH' },
  'a-share/prices/snapshot': { limit: '50', offset: '100' },
  'a-share/prices/historical': {
    thscode: '600519.SH',
    start: String(Date.parse('2025-07-01T00:00:00+08:00')),
    end: String(Date.parse('2026-07-15T00:00:00+08:00')),
  },
  'a-share/financials/indicators': { thscode: '600519.SH', report: '2025-4' },
  'a-share/financials/income-statements': { thscode: '600519.SH', period: 'quarterly', limit: '8' },
  'a-share/financials/balance-sheets': { thscode: '000001.SZ' },
  'a-share/financials/cash-flow-statements': { thscode: '300033.SZ' },
  'a-share/special-data/dragon-tiger-list': { board_type: 'all' },
  'a-share/special-data/dragon-tiger-stock-institution': { thscode: '600519.SH' },
  'a-share/special-data/skyrocket-list': { period: 'hour' },
  'a-share/special-data/hot-stock-list': {},
  'a-share/special-data/hot-stock-list-history': { date: '2026-07-10' },
  'a-share/special-data/hot-stock-rank-trend': {
    thscode: '300033.SZ',
    start_date: '2026-06-15',
    end_date: '2026-07-15',
  },
  'a-share/special-data/abnormal-monitor-list': { state: 'history', size: '10' },
  'a-share/auction/snapshot': { thscodes: '600519.SH,000001.SZ,600519.SH' },
  'a-share/auction/short-term-benchmark': { date: '2026-07-14' },
  'meta/tickers/search': { q: 'moutai' },
  'news/flash/list': { tag_id: '0', seq: '0' },
  'news/flash/refresh': {
    tag_id: '0',
    seq: '0',
    create_time_ms: String(Date.parse('2026-07-15T09:00:00+08:00')),
  },
  'news/notice/detail': { seq: '1784080892624084722' },
};

function url(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

const apps = new Map<number, ReturnType<typeof simAt>>();
function app(now: number) {
  let a = apps.get(now);
  if (!a) {
    a = simAt(now);
    apps.set(now, a);
  }
  return a;
}

beforeAll(async () => {
  await app(TRADING_MORNING).ready();
});
afterAll(async () => {
  await Promise.all([...apps.values()].map((a) => a.close()));
});

describe('envelope, authentication and routing', () => {
  it('answers 2001 in an HTTP 200 envelope without a key or with a wrong one', async () => {
    for (const key of [null, 'wrong']) {
      const env = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days', key);
      expect(env.code).toBe(2001);
      expect(env.data).toBeNull();
    }
  });

  it('answers 404 with a plain body for paths outside the contract', async () => {
    const res = await app(TRADING_MORNING).inject({
      method: 'GET',
      url: '/api/not/an/operation',
      headers: { 'x-api-key': KEY },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('Not Found');
  });

  it('keeps restricted operations closed (2003) unless opened', async () => {
    const restricted = operations.find((op) => op.access === 'restricted');
    expect(restricted).toBeDefined();
    if (!restricted) return;
    const closed = await call(app(TRADING_MORNING), restricted.path);
    expect(closed.code).toBe(2003);
    const opened = simAt(TRADING_MORNING, 'open');
    const env = await call(opened, restricted.path);
    expect(env.code).not.toBe(2003);
    await opened.close();
  });

  it('listens on loopback when started, and closes', async () => {
    const sim = await startSimulator({ apiKey: KEY, now: () => TRADING_MORNING });
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${sim.url}/api/a-share/calendar/trading-days`, {
      headers: { 'X-api-key': KEY },
    });
    const body: unknown = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 0, message: 'success' });
    await sim.close();
    await expect(fetch(`${sim.url}/api/a-share/calendar/trading-days`)).rejects.toThrow();
  });

  it('gives every answer its own request id', async () => {
    const a = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days');
    const b = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days');
    expect(a.request_id).not.toBe(b.request_id);
    expect(a.message).toBe('success');
  });
});

describe('every implemented operation', () => {
  it('covers the operations of this part of the simulator', () => {
    expect(implementedOperations()).toHaveLength(Object.keys(SAMPLES).length);
  });

  for (const id of implementedOperations()) {
    it(`${id}: valid parameters give code 0 and data that parses with the catalog schema`, async () => {
      const sample = SAMPLES[id];
      expect(sample, `no sample parameters for ${id}`).toBeDefined();
      const op = catalog[id];
      for (const now of [TRADING_MORNING, AFTER_CLOSE, WEEKEND, HOLIDAY]) {
        const env = await call(app(now), url(op.path, sample ?? {}));
        expect(env.code, `${id} at ${new Date(now).toISOString()}: ${env.message}`).toBe(0);
        const parsed = op.data.safeParse(env.data);
        expect(parsed.success, parsed.error?.message).toBe(true);
      }
    });
  }
});

/** A well-formed code that is not in the code table. */
function unknownCode(): string {
  for (let n = 600000; n <= 600999; n++) {
    const code = `${n}.SH`;
    if (!stockByCode(code)) return code;
  }
  throw new Error('no free code');
}

describe('documented error codes', () => {
  const start = String(Date.parse('2015-01-01T00:00:00+08:00'));
  const cases: [string, string, Record<string, string>, number][] = [
    [
      'missing required parameter',
      '/api/a-share/prices/historical',
      { thscode: '600519.SH', end: start },
      1001,
    ],
    [
      'historical window over 10 years',
      '/api/a-share/prices/historical',
      { thscode: '600519.SH', start, end: String(TRADING_MORNING) },
      1003,
    ],
    ['malformed code', '/api/a-share/prices/historical', { thscode: '600519', start, end: start }, 1002],
    [
      'unknown but well-formed code',
      '/api/a-share/prices/historical',
      { thscode: unknownCode(), start, end: start },
      3001,
    ],
    [
      'statements with limit and a range',
      '/api/a-share/financials/income-statements',
      { thscode: '600519.SH', limit: '4', start, end: start },
      1004,
    ],
    [
      'statements with start only',
      '/api/a-share/financials/balance-sheets',
      { thscode: '600519.SH', start },
      1004,
    ],
    ['indicators without report', '/api/a-share/financials/indicators', { thscode: '600519.SH' }, 1001],
    [
      'indicators with a bad report',
      '/api/a-share/financials/indicators',
      { thscode: '600519.SH', report: '2025-5' },
      1002,
    ],
    [
      'indicators of a report not disclosed yet',
      '/api/a-share/financials/indicators',
      { thscode: '600519.SH', report: '2026-2' },
      3002,
    ],
    [
      'dragon-tiger list on a Sunday',
      '/api/a-share/special-data/dragon-tiger-list',
      { date: '2026-07-12' },
      1002,
    ],
    [
      'dragon-tiger list on a holiday',
      '/api/a-share/special-data/dragon-tiger-list',
      { date: '2026-06-19' },
      1002,
    ],
    [
      'dragon-tiger list of today before publication',
      '/api/a-share/special-data/dragon-tiger-list',
      { date: '2026-07-15' },
      3002,
    ],
    [
      'dragon-tiger list in the future',
      '/api/a-share/special-data/dragon-tiger-list',
      { date: '2026-07-20' },
      1003,
    ],
    [
      'dragon-tiger list over a year back',
      '/api/a-share/special-data/dragon-tiger-list',
      { date: '2025-07-01' },
      1003,
    ],
    ['unknown board type', '/api/a-share/special-data/dragon-tiger-list', { board_type: 'retail' }, 1002],
    [
      'rank trend with start after end',
      '/api/a-share/special-data/hot-stock-rank-trend',
      { thscode: '300033.SZ', start_date: '2026-07-10', end_date: '2026-07-01' },
      1004,
    ],
    [
      'rank trend over a year back',
      '/api/a-share/special-data/hot-stock-rank-trend',
      { thscode: '300033.SZ', start_date: '2025-01-01', end_date: '2025-02-01' },
      1003,
    ],
    [
      'hot history date not yyyy-MM-dd',
      '/api/a-share/special-data/hot-stock-list-history',
      { date: '20260710' },
      1002,
    ],
    ['hot list period not day or hour', '/api/a-share/special-data/hot-stock-list', { period: 'week' }, 1002],
    ['hot list limit over 100', '/api/a-share/special-data/skyrocket-list', { limit: '101' }, 1003],
    [
      'search with an invalid asset type',
      '/api/meta/tickers/search',
      { q: '茅台', asset_type: 'a-share,bond' },
      1003,
    ],
    ['search without q', '/api/meta/tickers/search', {}, 1001],
    [
      '101 auction tokens',
      '/api/a-share/auction/snapshot',
      { thscodes: Array.from({ length: 101 }, () => '600519.SH').join(',') },
      1003,
    ],
    [
      'auction with an index code',
      '/api/a-share/auction/snapshot',
      { thscodes: '600519.SH,000001.SH' },
      1002,
    ],
    [
      'refresh with create_time_ms not in whole seconds',
      '/api/news/flash/refresh',
      { tag_id: '0', seq: '0', create_time_ms: '1784080892001' },
      1002,
    ],
    ['monitor page size over 30', '/api/a-share/special-data/abnormal-monitor-list', { size: '31' }, 1003],
  ];
  for (const [name, path, query, code] of cases) {
    it(`${name} → ${code}`, async () => {
      const env = await call(app(TRADING_MORNING), url(path, query));
      expect(env.code, env.message).toBe(code);
      expect(env.data).toBeNull();
    });
  }
});

describe('determinism', () => {
  it('gives the same bytes for the same clock, in another simulator instance', async () => {
    const other = simAt(TRADING_MORNING);
    for (const id of implementedOperations()) {
      const path = url(catalog[id].path, SAMPLES[id] ?? {});
      const a = await call(app(TRADING_MORNING), path);
      const b = await call(other, path);
      expect(JSON.stringify(b.data), id).toBe(JSON.stringify(a.data));
    }
    await other.close();
  });

  it('moves quotes with the clock during the session', async () => {
    const later = simAt(TRADING_MORNING + 45 * 60 * 1000);
    const path = '/api/a-share/prices/snapshot?thscodes=600519.SH,000001.SZ,300033.SZ';
    const a = await call(app(TRADING_MORNING), path);
    const b = await call(later, path);
    expect(JSON.stringify(b.data)).not.toBe(JSON.stringify(a.data));
    await later.close();
  });
});
