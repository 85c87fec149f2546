import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { answerJson, startFakeUpstream } from '../gateway/fake-upstream.testkit';
import type { FakeUpstream } from '../gateway/fake-upstream.testkit';
import { asError, asList, call, createList } from './watchlists.testkit';

/** The app as server/index.ts builds it: watchlists resolve codes through the upstream search. */

const KEY = 'wiring-test-key-123';
let fake: FakeUpstream;
let dir: string;
let dbPath: string;
let app: FastifyInstance;

function searchAnswer(items: { thscode: string; name: string; asset_type: string }[]) {
  return JSON.stringify({
    code: 0,
    message: 'success',
    request_id: 'up-1',
    data: {
      timestamp: 1_784_000_000_000,
      item: items.map((i) => ({ ...i, ticker: i.thscode.split('.')[0], exchange: 'SH', currency: 'CNY' })),
    },
  });
}

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'watchlists-app-'));
  dbPath = join(dir, 'data', 'w.sqlite');
  fake.requests.length = 0;
  app = createApp({
    // testConfig: no disk answers, warming or market data plane from the developer's data/ folder.
    config: testConfig({ STATIC_DIR: join(dir, 'no-build'), WATCHLIST_DB: dbPath }),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    logger: false,
  });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('watchlists in the app', () => {
  it('opens the store at WATCHLIST_DB when the app starts', () => {
    expect(existsSync(dbPath)).toBe(true);
  });

  it('an added code is looked up with q = the code and takes the name of the exact match', async () => {
    fake.behave(
      answerJson(
        searchAnswer([
          // A substring hit that must not be taken for the code.
          { thscode: '600519.SZ', name: '别的', asset_type: 'a-share' },
          { thscode: '600519.SH', name: '贵州茅台', asset_type: 'a-share' },
        ]),
      ),
    );
    const list = await createList(app, 'Live');
    const res = await call(app, 'POST', `/bff/watchlists/${list.id}/items`, {
      thscode: '600519.SH',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(asList(res).items).toMatchObject([
      { thscode: '600519.SH', name: '贵州茅台', asset_type: 'a-share' },
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.url).toBe('/api/meta/tickers/search?limit=50&q=600519.SH');
    expect(fake.requests[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('no exact match is "not a known instrument"', async () => {
    fake.behave(answerJson(searchAnswer([{ thscode: '600519.SZ', name: '别的', asset_type: 'a-share' }])));
    const list = await createList(app, 'Live');
    const res = await call(app, 'POST', `/bff/watchlists/${list.id}/items`, {
      thscode: '600519.SH',
      version: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(asError(res)).toEqual({
      code: 'unknown_instrument',
      message: '600519.SH is not a known instrument',
      field: 'thscode',
    });
  });

  it.each([
    // Failures the gateway does not retry, so the test needs no back-off time.
    ['an HTTP error', answerJson('oops', 404)],
    [
      'a business error',
      answerJson(JSON.stringify({ code: 2003, message: 'not with this key', data: null })),
    ],
    ['an unexpected shape', answerJson(JSON.stringify({ code: 0, message: 'ok', data: { item: 'x' } }))],
  ])('the search failing with %s is 503, never "unknown"', async (_label, behaviour) => {
    fake.behave(behaviour);
    const list = await createList(app, 'Live');
    const res = await call(app, 'POST', `/bff/watchlists/${list.id}/items`, {
      thscode: '600519.SH',
      version: 1,
    });
    expect(res.statusCode).toBe(503);
    expect(asError(res).code).toBe('search_unavailable');
  });

  it('the security headers of the app apply to the watchlist API', async () => {
    const res = await call(app, 'GET', '/bff/watchlists');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
