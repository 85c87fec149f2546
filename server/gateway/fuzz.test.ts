import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { operationByPath, operations } from '../../src/contract/catalog';
import { checkTemporal, parseParams } from '../../src/contract/params';
import { createApp, gatewayOf } from '../app';
import { SAMPLES } from '../simulator/conformance-cases.testkit';
import { startFakeUpstream } from './fake-upstream.testkit';
import type { FakeUpstream } from './fake-upstream.testkit';
import { testConfig } from '../testkit';

/**
 * Random paths, parameter names and values against the whole app: whatever arrives, the answer is never
 * a 5xx, and nothing outside the catalog or failing its parameter rules reaches the upstream.
 */

const KEY = 'fuzz-key-4b8e2d9c1a';
const NOW = Date.parse('2026-07-14T10:00:00+08:00');

let fake: FakeUpstream;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeUpstream();
  app = createApp({
    config: testConfig({
      STATIC_DIR: '/nonexistent-static-dir',
      LOG_LEVEL: 'silent',
      // Neither budget nor client limit may get in the way of a thousand requests.
      UPSTREAM_RATE_PER_S: '1000',
      UPSTREAM_BURST: '1000',
      CLIENT_RATE_LIMIT_PER_MIN: '1000000',
    }),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const catalogPaths = operations.map((op) => op.path);
const knownNames = [...new Set(operations.flatMap((op) => op.paramNames))];

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...catalogPaths) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...catalogPaths), fc.constantFrom('/', '/x', '%2F', '.json', '/..', '%00', 'A'))
      .map(([p, suffix]) => (suffix === 'A' ? p.toUpperCase() : `${p}${suffix}`)),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.webSegment(), { minLength: 0, maxLength: 4 })
      .map((segments) => `/api/${segments.join('/')}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((s) => `/api/${encodeURIComponent(s)}`) },
  { weight: 1, arbitrary: fc.constantFrom('/api', '/api/', '/api//a-share/prices/snapshot', '/api/%') },
);

const name = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...knownNames) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'thscode[]', 'a.b', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const value = fc.oneof(
  fc.constantFrom(
    '600519.SH',
    '000001.SZ,600000.SH',
    '600519.sh, 000001.sz',
    '000001.OF',
    'IF2609.CFX',
    '2026-07-10',
    '2026-02-30',
    '2025-07-14',
    String(Date.parse('2025-07-14T00:00:00+08:00')),
    String(Date.parse('2026-07-13T00:00:00+08:00')),
    'true',
    'otc',
    'day',
    'hour',
    'all',
    'forward',
    '1d',
    '',
    ' ',
    ',',
    '%',
    '{"a":1}',
    '[]',
    '-1',
    '1e3',
    '9007199254740993',
  ),
  fc.integer({ min: -10, max: 5000 }).map(String),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('9'.repeat(1000)),
);

/** Known-good requests (the conformance samples), sometimes with one parameter changed or added. */
const samples = Object.entries(SAMPLES).flatMap(([id, query]) => {
  const op = operations.find((o) => o.id === id);
  return op && query ? [{ path: op.path, params: Object.entries(query) }] : [];
});
const nearlyValid = fc
  .tuple(fc.constantFrom(...samples), fc.option(fc.tuple(name, value), { freq: 2 }))
  .map(([sample, extra]) => ({
    path: sample.path,
    params: extra === null ? sample.params : [...sample.params, extra],
  }));

const request = fc.oneof(
  { weight: 3, arbitrary: fc.record({ path, params: fc.array(fc.tuple(name, value), { maxLength: 5 }) }) },
  { weight: 1, arbitrary: nearlyValid },
);

/** The query as the server will see it: repeated names become lists. */
function rawQuery(params: readonly (readonly [string, string])[]): Record<string, string | string[]> {
  const grouped = new Map<string, string[]>();
  for (const [k, v] of params) grouped.set(k, [...(grouped.get(k) ?? []), v]);
  return Object.fromEntries([...grouped].map(([k, vs]) => [k, vs.length === 1 ? (vs[0] ?? '') : vs]));
}

/** Whether the contract lets this request through to the service at all. */
function mayBeForwarded(p: string, params: readonly (readonly [string, string])[]): boolean {
  const op = operationByPath(p);
  // The dumps are answered by the server itself (links to its own copies; here the plane is off).
  if (!op || op.group === 'market-dumps') return false;
  const parsed = parseParams(op.params, rawQuery(params), { unknown: 'reject', known: op.paramNames });
  return parsed.ok && checkTemporal(op, parsed.value, NOW) === null;
}

/**
 * Waits until no upstream call is running, so that a background refresh started by an earlier request
 * (an expired entry served STALE) is not counted against the next one.
 */
async function upstreamSettled(): Promise<void> {
  while ((gatewayOf(app)?.inFlight() ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('any request', () => {
  it('gets no 5xx, and only catalogued requests that pass their rules reach the upstream', async () => {
    let forwarded = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ path: p, params }) => {
        const qs = new URLSearchParams(params.map(([k, v]) => [k, v])).toString();
        await upstreamSettled();
        const before = fake.requests.length;
        const first = await app.inject({ method: 'GET', url: qs === '' ? p : `${p}?${qs}` });
        // A path written in a roundabout form is sent to its plain form, which must then hold to the same.
        const location = first.statusCode === 308 ? first.headers.location : undefined;
        const res = typeof location === 'string' ? await app.inject({ method: 'GET', url: location }) : first;
        const calls = fake.requests.length - before;
        expect(res.statusCode).toBeLessThan(500);
        // '/API/...' is a page path, not the API: it gets the site's plain 404.
        if (p === '/api' || p.startsWith('/api/')) {
          expect(res.headers['x-request-id']).toBeDefined();
          expect(res.headers['x-cache']).toMatch(/^(HIT|MISS|STALE)$/);
          const body: unknown = res.json();
          expect(body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
        }
        const routed = typeof location === 'string' ? (location.split('?')[0] ?? '') : p;
        if (typeof location === 'string') expect(routed).toMatch(/^\/(?!\/)/);
        if (mayBeForwarded(routed, params)) {
          forwarded++;
          expect(res.statusCode).toBe(200);
          expect(calls).toBeLessThanOrEqual(1);
        } else if (operationByPath(routed)) {
          // An operation refused (its parameters, or the dumps with the plane off): a business error,
          // in the envelope with HTTP 200 as the spec has it.
          expect(calls).toBe(0);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ code: expect.any(Number), data: null });
          expect(res.json()).not.toMatchObject({ code: 0 });
        } else {
          expect(calls).toBe(0);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
        }
      }),
      { numRuns: 1_000 },
    );
    // The generators must also produce requests that pass, or the property says little.
    expect(forwarded).toBeGreaterThan(50);
  });
});
