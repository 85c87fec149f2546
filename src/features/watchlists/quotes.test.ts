import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../../server/app';
import { testConfig } from '../../../server/testkit';
import { startFakeUpstream, type FakeUpstream } from '../../../server/gateway/fake-upstream.testkit';
import { createApiClient, type FetchLike } from '../../api/client';
import { quoteTime } from '../../lib/quote-time';
import {
  changeOf,
  fetchWatchlistQuotes,
  quoteRequests,
  withQuoteTime,
  type QuoteItem,
  type RowQuote,
} from './quotes';

/**
 * The live columns of a list: which operations are asked, and how often. The economy test runs the
 * page's own quote fetching through the whole server (gateway, cache, budget) against a counting fake
 * upstream: 40 A-shares in a 50-item list cost ONE upstream price snapshot.
 */

const SNAPSHOT = '/api/a-share/prices/snapshot';

const shares = (n: number): QuoteItem[] =>
  Array.from({ length: n }, (_, i) => ({ thscode: `${600000 + i}.SH`, asset_type: 'a-share' }));

/** 40 A-shares, 4 ETFs, 3 off-exchange funds, 2 futures and 1 option. */
const FIFTY: QuoteItem[] = [
  ...shares(40),
  ...['510300.SH', '510050.SH', '159915.SZ', '512880.SH'].map((thscode) => ({
    thscode,
    asset_type: 'fund-etf',
  })),
  ...['110022.OF', '000001.OF', '161725.OF'].map((thscode) => ({ thscode, asset_type: 'fund-otc' })),
  { thscode: 'IF2609.CFX', asset_type: 'futures' },
  { thscode: 'CU2608.SHF', asset_type: 'futures' },
  { thscode: '10260700.SH', asset_type: 'options' },
];

describe('the plan', () => {
  it('asks for all A-shares in one snapshot, sorted, whatever their order in the list', () => {
    const requests = quoteRequests([...shares(3)].reverse());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.operation).toBe('a-share/prices/snapshot');
    expect(requests[0]?.codes).toEqual(['600000.SH', '600001.SH', '600002.SH']);
    // Reordering the list keeps the same query: nothing is fetched again for a move.
    expect(quoteRequests(shares(3))[0]?.key).toEqual(requests[0]?.key);
  });

  it('one request per fund, option and futures contract; indices batched; the fund type is sent', () => {
    const requests = quoteRequests([
      ...FIFTY.slice(40),
      { thscode: '000300.SH', asset_type: 'a-share-index' },
      { thscode: '886021.TI', asset_type: 'a-share-index' },
      { thscode: '161226.SZ', asset_type: 'fund-lof' },
      { thscode: 'USDCNY.FX', asset_type: 'forex' },
    ]);
    const byOp = (op: string) => requests.filter((r) => r.operation === op).map((r) => r.codes.join(','));
    expect(byOp('a-share/prices/snapshot')).toEqual([]);
    expect(byOp('a-share-index/prices/snapshot')).toEqual(['000300.SH,886021.TI']);
    expect(byOp('fund/market/snapshot')).toEqual(['159915.SZ', '510050.SH', '510300.SH', '512880.SH']);
    expect(byOp('fund/performance/nav')).toEqual(['110022.OF', '000001.OF', '161725.OF', '161226.SZ']);
    expect(byOp('futures/basis/historical')).toEqual(['CU2608.SHF', 'IF2609.CFX']);
    expect(byOp('options/prices/daily')).toEqual(['10260700.SH']);
    const nav = requests.filter((r) => r.operation === 'fund/performance/nav').map((r) => r.key[2]);
    expect(nav[0]).toEqual({ thscode: '110022.OF', fund_type: 'otc', range: 'week' });
    expect(nav[3]).toEqual({ thscode: '161226.SZ', fund_type: 'exchange', range: 'week' });
    // Nothing applies to a type watchlists do not hold, nor to a malformed code.
    expect(quoteRequests([{ thscode: '6005.SH', asset_type: 'a-share' }])).toEqual([]);
  });

  it('chunks at the snapshot limit should a list ever exceed it', () => {
    const requests = quoteRequests(shares(1001));
    expect(requests.map((r) => r.codes.length)).toEqual([1000, 1]);
  });

  it('change and percent change against the previous value; nothing from a missing value', () => {
    expect(changeOf(11, 10)).toEqual({ change: 1, changePct: 10 });
    expect(changeOf(11, null)).toEqual({ change: null, changePct: null });
    expect(changeOf(1, 0)).toEqual({ change: 1, changePct: null });
  });
});

// ---- through the whole server ----

function send(res: ServerResponse, data: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 0, message: 'success', request_id: 'up-1', data }));
}

const T = Date.parse('2026-07-15T10:10:00+08:00');

/** A market data service with just enough plausible answers for the watchlist's operations. */
function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const code = url.searchParams.get('thscode') ?? '';
  switch (url.pathname) {
    case SNAPSHOT: {
      const codes = (url.searchParams.get('thscodes') ?? '').split(',');
      return send(res, {
        timestamp: T,
        total: 5000,
        item: codes.map((thscode, i) => ({
          thscode,
          ticker: thscode.slice(0, 6),
          last_price: 10 + i,
          open_price: 10,
          high_price: 11 + i,
          low_price: 9,
          prev_price: 10,
          price_change: i,
          price_change_ratio_pct: i * 10,
          volume: 1000,
          turnover: 10000,
        })),
      });
    }
    case '/api/fund/market/snapshot':
      return send(res, {
        timestamp: T,
        item: [
          {
            thscode: code,
            ticker: code.slice(0, 6),
            last_price: 3.9,
            open_price: 3.9,
            high_price: 3.95,
            low_price: 3.88,
            prev_price: 3.8,
            price_change_ratio_pct: 2.63,
            price_change: 0.1,
            price_amplitude_ratio_pct: 1.8,
            volume: 1,
            turnover: 1,
            turnover_ratio_pct: 0.1,
          },
        ],
      });
    case '/api/fund/performance/nav':
      return send(res, {
        timestamp: T,
        item: [
          { nav_date: T - 2 * 86_400_000, unit_nav: 2, adj_nav: 2 },
          { nav_date: T - 86_400_000, unit_nav: 2.1, adj_nav: 2.1 },
        ],
      });
    case '/api/futures/basis/historical':
      return send(res, {
        timestamp: T,
        item: [
          { date: '2026-07-13', close_price: 100, settle_price: 100 },
          { date: '2026-07-14', close_price: 105, settle_price: 104 },
        ].map((d) => ({
          ...d,
          spot_price: null,
          converted_spot_price: null,
          close_basis: null,
          settle_basis: null,
          close_basis_rate: null,
          settle_basis_rate: null,
        })),
      });
    case '/api/options/prices/daily':
      return send(res, {
        timestamp: T,
        thscode: code,
        interval: '1d',
        item: [
          {
            timestamp: T - 86_400_000,
            open_price: 1,
            high_price: 1,
            low_price: 1,
            close_price: 0.05,
            volume: 1,
            turnover: 1,
          },
          {
            timestamp: T,
            open_price: 1,
            high_price: 1,
            low_price: 1,
            close_price: 0.06,
            volume: 7,
            turnover: 8,
          },
        ],
      });
    default:
      return send(res, { timestamp: T, item: [] });
  }
}

let fake: FakeUpstream;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.behave(answer);
  dir = mkdtempSync(join(tmpdir(), 'watchlist-quotes-'));
  app = createApp({
    config: testConfig({
      STATIC_DIR: join(dir, 'no-build'),
      WATCHLIST_DB: join(dir, 'watchlists.sqlite'),
      // Ten operations at once: the test is about how many calls there are, not how they are spaced.
      UPSTREAM_RATE_PER_S: '50',
      UPSTREAM_BURST: '50',
    }),
    upstream: { baseUrl: fake.url, apiKey: 'test-key-watchlist' },
    mode: 'live',
    clock: () => T,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.requests.length = 0;
});

/** The browser's fetch, answered by the server in memory. */
const viaApp: FetchLike = async (input) => {
  const res = await app.inject({ method: 'GET', url: input });
  return new Response(res.body, { status: res.statusCode });
};
const { fetchOperation } = createApiClient({ fetch: viaApp });

describe('the data time of a row', () => {
  const row = (basis: RowQuote['basis'], time: number | null): RowQuote => ({
    last: 1,
    change: null,
    changePct: null,
    volume: null,
    turnover: null,
    time,
    timeBasis: 'service',
    basis,
  });
  const read = Date.parse('2026-07-13T10:31:00+08:00');
  const timeOf = (timestamp: number | null) => quoteTime(timestamp, read, '2026-07-13');

  it('a live quote without a time takes the read time, marked as read; one with a time keeps it', () => {
    expect(withQuoteTime(row('quote', null), timeOf)).toMatchObject({ time: read, timeBasis: 'read' });
    const stated = Date.parse('2026-07-13T10:30:00+08:00');
    expect(withQuoteTime(row('quote', stated), timeOf)).toMatchObject({ time: stated, timeBasis: 'service' });
  });

  it('net values and closes keep their own dates (or none)', () => {
    expect(withQuoteTime(row('nav', null), timeOf)).toMatchObject({ time: null, timeBasis: 'service' });
    expect(withQuoteTime(row('close', 5), timeOf)).toMatchObject({ time: 5, timeBasis: 'service' });
  });
});

describe('upstream economy', () => {
  it('refreshing a 50-item list with 40 A-shares makes at most one upstream price-snapshot call', async () => {
    for (let refresh = 0; refresh < 3; refresh++) {
      fake.requests.length = 0;
      const quotes = await fetchWatchlistQuotes(FIFTY, fetchOperation);
      expect(quotes.failures).toEqual([]);
      const snapshots = fake.requests.filter((r) => new URL(r.url, 'http://up').pathname === SNAPSHOT);
      expect(snapshots.length).toBeLessThanOrEqual(1);
      if (refresh === 0) {
        // The first refresh meets an empty cache: exactly one call, carrying all 40 codes.
        expect(snapshots).toHaveLength(1);
        const asked = new URL(snapshots[0]?.url ?? '', 'http://up').searchParams.get('thscodes')?.split(',');
        expect(asked).toHaveLength(40);
        expect(new Set(asked)).toEqual(new Set(shares(40).map((s) => s.thscode)));
      }
      // Every row has its figures.
      expect(quotes.rows.size).toBe(50);
    }
  });

  it('each asset type gets its row from its own source', async () => {
    const quotes = await fetchWatchlistQuotes(FIFTY, fetchOperation);
    expect(quotes.rows.get('600001.SH')).toMatchObject({
      last: 11,
      change: 1,
      changePct: 10,
      basis: 'quote',
    });
    expect(quotes.rows.get('510300.SH')).toMatchObject({ last: 3.9, changePct: 2.63, basis: 'quote' });
    const nav = quotes.rows.get('110022.OF');
    expect(nav).toMatchObject({ last: 2.1, basis: 'nav', time: T - 86_400_000, volume: null });
    expect(nav?.change).toBeCloseTo(0.1, 10);
    expect(nav?.changePct).toBeCloseTo(5, 10);
    expect(quotes.rows.get('IF2609.CFX')).toMatchObject({
      last: 105,
      change: 5,
      changePct: 5,
      basis: 'close',
      time: Date.parse('2026-07-14T00:00:00+08:00'),
    });
    expect(quotes.rows.get('10260700.SH')).toMatchObject({ last: 0.06, volume: 7, basis: 'close' });
  });

  it('only live quotes give the shell its data time (a net value date or a bar time does not)', async () => {
    const requests = quoteRequests([
      { thscode: '600000.SH', asset_type: 'a-share' },
      { thscode: '110022.OF', asset_type: 'fund-otc' },
      { thscode: '10260700.SH', asset_type: 'options' },
    ]);
    const answers = await Promise.all(requests.map((r) => r.fetch(fetchOperation)));
    expect(answers.map((a) => a.timestamp)).toEqual([T, null, null]);
  });

  it('a failing source leaves its rows empty and the others filled', async () => {
    fake.behave((req, res) => {
      if ((req.url ?? '').startsWith('/api/options/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 3001, message: 'no such contract', request_id: 'x', data: null }));
        return;
      }
      answer(req, res);
    });
    try {
      const quotes = await fetchWatchlistQuotes(
        [
          { thscode: '600000.SH', asset_type: 'a-share' },
          { thscode: '10009999.SH', asset_type: 'options' },
        ],
        fetchOperation,
      );
      expect(quotes.rows.has('600000.SH')).toBe(true);
      expect(quotes.rows.has('10009999.SH')).toBe(false);
      expect(quotes.failures.map((f) => [f.operation, f.codes])).toEqual([
        ['options/prices/daily', ['10009999.SH']],
      ]);
    } finally {
      fake.behave(answer);
    }
  });
});
