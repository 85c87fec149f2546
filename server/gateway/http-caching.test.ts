import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { operationByPath } from '../../src/contract/catalog';
import { lifetime } from '../../src/contract/cache-policy';
import { createApp } from '../app';
import { answerJson, startFakeUpstream } from './fake-upstream.testkit';
import type { FakeUpstream } from './fake-upstream.testkit';
import { ManualClock } from './manual-clock.testkit';
import { matchesEtag, parseAcceptEncoding, Representation } from './representation';
import { testConfig } from '../testkit';

const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const PATH = '/api/a-share/prices/historical';
const URL_ = `${PATH}?thscode=600519.SH&start=${Date.parse('2025-07-14T00:00:00+08:00')}&end=${Date.parse('2026-07-13T00:00:00+08:00')}`;
/** A year of bars is several kilobytes: worth compressing. */
const BIG_BODY = JSON.stringify({
  code: 0,
  message: 'success',
  request_id: 'up-req-big',
  data: {
    timestamp: NOW,
    item: Array.from({ length: 60 }, (_, i) => ({
      time: NOW - i * 86_400_000,
      open: 1480 + i,
      close: 1490 - i,
    })),
  },
});

let fake: FakeUpstream;
let app: FastifyInstance;
let ticker: ManualClock;

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave(answerJson(BIG_BODY));
  ticker = new ManualClock(NOW);
  app = createApp({
    config: testConfig(),
    upstream: { baseUrl: fake.url, apiKey: 'test-key-5f1c9a7e2b4d' },
    mode: 'simulated',
    clock: () => NOW,
    ticker,
    random: () => 0,
    logger: false,
  });
});
afterEach(async () => {
  await app.close();
});

const get = (headers: Record<string, string> = {}, url = URL_) => app.inject({ method: 'GET', url, headers });

describe('browser caching of /api answers', () => {
  const op = operationByPath(PATH);
  if (!op) throw new Error(`${PATH} is not in the catalog`);
  const freshSeconds = lifetime(op.cache, NOW).freshMs / 1000;

  it('a fresh answer may be reused for the rest of its lifetime, and says so in Cache-Control', async () => {
    expect(freshSeconds).toBeGreaterThan(60);
    const first = await get();
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toBe(`private, max-age=${freshSeconds}`);

    ticker.advance(60_000);
    const later = await get();
    expect(later.headers['x-cache']).toBe('HIT');
    expect(later.headers['cache-control']).toBe(`private, max-age=${freshSeconds - 60}`);
    expect(later.headers.etag).toBe(first.headers.etag);
  });

  it('a revalidation with the answer’s ETag costs a 304 without a body or an upstream call', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(fake.requests).toHaveLength(1);
    // A different tag gets the whole answer.
    const other = await get({ 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(BIG_BODY);
  });

  it('an expired answer served while it refreshes must be revalidated, not reused', async () => {
    await get();
    ticker.advance((freshSeconds + 1) * 1000);
    const stale = await get();
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.headers['cache-control']).toBe('private, no-cache');
  });

  it('errors are never stored, though a business error comes with HTTP 200', async () => {
    const refused = await get({}, `${PATH}?thscode=600519.SH&start=oops`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ code: 1002, data: null });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends %s to a browser that accepts it, the same text once decoded',
    async (encoding, decode) => {
      const res = await get({ 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString('utf8')).toBe(BIG_BODY);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(BIG_BODY));
    },
  );

  it('prefers br, and sends plain text to a client that accepts neither', async () => {
    expect((await get({ 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_BODY);
  });
});

describe('Representation', () => {
  it('compresses once per encoding: later hits get the same bytes', () => {
    const rep = new Representation(BIG_BODY);
    expect(rep.bytes('br')).toBe(rep.bytes('br'));
    expect(rep.bytes('gzip')).toBe(rep.bytes('gzip'));
    expect(rep.bytes('identity').toString('utf8')).toBe(BIG_BODY);
  });

  it('gives the same text the same tag and a different text another', () => {
    expect(new Representation(BIG_BODY).etag).toBe(new Representation(BIG_BODY).etag);
    expect(new Representation(`${BIG_BODY} `).etag).not.toBe(new Representation(BIG_BODY).etag);
  });

  it('leaves small answers uncompressed', () => {
    expect(new Representation('{"code":0}').encodingFor('br, gzip')).toBe('identity');
  });

  it.each([
    ['br;q=0, gzip', { br: false, gzip: true }],
    ['*', { br: true, gzip: true }],
    ['*, br;q=0', { br: false, gzip: true }],
    ['GZIP;q=0.5', { br: false, gzip: true }],
    ['deflate', { br: false, gzip: false }],
    ['', { br: false, gzip: false }],
  ])('reads Accept-Encoding %j', (header, expected) => {
    expect(parseAcceptEncoding(header)).toEqual(expected);
  });

  it.each([
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['*', '"a"', true],
    ['"b"', '"a"', false],
    [undefined, '"a"', false],
  ])('If-None-Match %j against %s: %s', (header, etag, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
