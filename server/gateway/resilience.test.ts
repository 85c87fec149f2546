import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, gatewayOf } from '../app';
import { answerJson, startFakeUpstream } from './fake-upstream.testkit';
import type { Behaviour, FakeUpstream } from './fake-upstream.testkit';
import { drive, ManualClock, turn } from './manual-clock.testkit';
import { testConfig } from '../testkit';

/**
 * The gateway's promises, against the counting fake upstream (a real loopback server) with a manual
 * clock: time moves only when the test moves it, and never while an upstream call is in flight, so
 * nothing here depends on how fast the machine is.
 */

const KEY = 'resilience-key-8c2f4e1a9b77';
/** A Tuesday, in the morning session: quotes live 3 s, then 5 s of stale-while-revalidate. */
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const QUOTE = '/api/a-share/prices/snapshot?thscodes=600519.SH';
const QUOTE_UP = '/api/a-share/prices/snapshot?limit=100&offset=0&thscodes=600519.SH';
const OTHER_QUOTE = '/api/a-share/prices/snapshot?thscodes=000001.SZ';
const START = Date.parse('2025-07-14T00:00:00+08:00');
const END = Date.parse('2026-07-13T00:00:00+08:00');
const BARS = `/api/a-share/prices/historical?thscode=600519.SH&start=${START}&end=${END}`;
const fund = (code: string) => `/api/fund/profile/detail?fund_type=otc&thscode=${code}.OF`;
const FUND = fund('000001');

let fake: FakeUpstream;
let app: FastifyInstance;
let clock: ManualClock;
let logLines: string[];
/** Virtual time of every request the fake upstream received, with its path. */
let calls: { at: number; url: string }[];

function body(n: number, code = 0): string {
  return JSON.stringify({
    code,
    message: code === 0 ? 'success' : `failure ${code}`,
    request_id: `up-${n}`,
    data: code === 0 ? { timestamp: NOW, total: 1, item: [{ n }] } : null,
  });
}

/** Answers with a body numbered by the call, so a test can tell which call produced an answer. */
const numbered =
  (code = 0): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body(calls.length, code));
  };

function behave(b: Behaviour): void {
  fake.behave((req, res) => {
    calls.push({ at: clock.now(), url: req.url ?? '' });
    b(req, res);
  });
}

/** Holds every answer until `release()`, to show what callers get while a call is in flight. */
function held(b: Behaviour): { release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  behave((req, res) => void gate.then(() => b(req, res)));
  return { release };
}

function build(env: NodeJS.ProcessEnv = {}, random = () => 0.5): FastifyInstance {
  clock = new ManualClock(NOW);
  logLines = [];
  app = createApp({
    config: testConfig(env),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => clock.now(),
    ticker: clock,
    random,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  return app;
}

const get = (url: string) => app.inject({ method: 'GET', url });

function busy(): boolean {
  return (gatewayOf(app)?.inFlight() ?? 0) > 0;
}

/** A request run to completion on the manual clock. */
function driven(url: string, stepMs = 100): Promise<LightMyRequestResponse> {
  return drive(clock, get(url), { busy, stepMs });
}

async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !predicate(); i++) await turn();
  if (!predicate()) throw new Error('condition never met');
}

/** Enough event-loop turns for injected requests to reach the gateway and wait there. */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) await turn();
}

interface Envelope {
  code: number;
  message: string;
  request_id: string;
}

function envelope(res: LightMyRequestResponse): Envelope {
  const value: unknown = res.json();
  if (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'number' &&
    'message' in value &&
    typeof value.message === 'string' &&
    'request_id' in value &&
    typeof value.request_id === 'string'
  ) {
    return { code: value.code, message: value.message, request_id: value.request_id };
  }
  throw new Error(`not an envelope: ${res.body}`);
}

function logEntries(): Record<string, unknown>[] {
  return logLines.map((line) => {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) throw new Error(`not a log object: ${line}`);
    return Object.fromEntries(Object.entries(value));
  });
}

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  calls = [];
  fake.requests.length = 0;
  behave(numbered());
});
afterEach(async () => {
  await app.close();
});

describe('merging and caching', () => {
  it('50 concurrent identical cold requests make exactly 1 upstream call', async () => {
    build();
    const gate = held(numbered());
    const pending = Array.from({ length: 50 }, () => get(QUOTE));
    await until(() => calls.length === 1);
    await settle();
    gate.release();
    const answers = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(QUOTE_UP);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(body(1));
      expect(res.headers['x-cache']).toBe('MISS');
      expect(res.headers['x-request-id']).toBe('up-1');
    }
  });

  it('a fresh entry is a HIT with the service request id; after its lifetime it is asked for again', async () => {
    build();
    expect((await get(QUOTE)).headers['x-cache']).toBe('MISS');
    clock.advance(2_999);
    const hit = await get(QUOTE);
    expect(hit.headers).toMatchObject({ 'x-cache': 'HIT', 'x-request-id': 'up-1' });
    expect(hit.body).toBe(body(1));
    expect(calls).toHaveLength(1);
    // Past the stale-while-revalidate window too: the caller waits for a new answer.
    clock.advance(10_000);
    const miss = await get(QUOTE);
    expect(miss.headers).toMatchObject({ 'x-cache': 'MISS', 'x-request-id': 'up-2' });
    expect(calls).toHaveLength(2);
  });

  it('an expired entry is served stale at once, with exactly 1 background refresh', async () => {
    build();
    await get(QUOTE);
    clock.advance(3_500);
    const gate = held(numbered());
    // All answered while the refresh is still held at the upstream.
    const stale = await Promise.all(Array.from({ length: 10 }, () => get(QUOTE)));
    for (const res of stale) {
      expect(res.headers).toMatchObject({ 'x-cache': 'STALE', 'x-request-id': 'up-1' });
      expect(res.body).toBe(body(1));
    }
    await until(() => calls.length === 2);
    await settle();
    expect(calls).toHaveLength(2);
    gate.release();
    await until(() => !busy());
    await settle();
    const fresh = await get(QUOTE);
    expect(fresh.headers).toMatchObject({ 'x-cache': 'HIT', 'x-request-id': 'up-2' });
    expect(calls).toHaveLength(2);
  });

  it('a failed background refresh keeps the stale answer and is logged', async () => {
    build({ UPSTREAM_MAX_ATTEMPTS: '1' });
    await get(QUOTE);
    clock.advance(3_500);
    behave(answerJson('unavailable', 503));
    expect((await get(QUOTE)).headers['x-cache']).toBe('STALE');
    await until(() => calls.length === 2 && !busy());
    await settle();
    expect(logEntries().filter((l) => l.msg === 'background refresh failed')).toMatchObject([
      { op: 'a-share/prices/snapshot', code: 6004, failure: 'http-error', detail: 'HTTP 503' },
    ]);
    const again = await get(QUOTE);
    expect(again.headers).toMatchObject({ 'x-cache': 'STALE', 'x-request-id': 'up-1' });
  });

  it('a code ≠ 0 answer is passed on but never served from the cache as data', async () => {
    build();
    behave(numbered(3002));
    for (let i = 1; i <= 3; i++) {
      const res = await get(QUOTE);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('MISS');
      expect(envelope(res).code).toBe(3002);
      expect(calls).toHaveLength(i);
    }
    behave(numbered());
    const ok = await get(QUOTE);
    expect(ok.headers['x-cache']).toBe('MISS');
    expect(envelope(ok).code).toBe(0);
    // A business error after good data is passed on as well: it does not replace the data.
    clock.advance(60_000);
    behave(numbered(3001));
    const refused = await get(QUOTE);
    expect(refused.headers['x-cache']).toBe('MISS');
    expect(envelope(refused).code).toBe(3001);
    behave(numbered());
    const again = await get(QUOTE);
    expect(envelope(again).code).toBe(0);
    expect(again.headers['x-cache']).toBe('MISS');
  });

  it('concurrent identical requests share a business error (1 call) and it is not kept', async () => {
    build();
    const gate = held(numbered(2003));
    const pending = Array.from({ length: 20 }, () => get(QUOTE));
    await until(() => calls.length === 1);
    await settle();
    gate.release();
    for (const res of await Promise.all(pending)) expect(envelope(res).code).toBe(2003);
    expect(calls).toHaveLength(1);
    behave(numbered());
    expect(envelope(await get(QUOTE)).code).toBe(0);
    expect(calls).toHaveLength(2);
  });
});

describe('when the service fails', () => {
  it('upstream down: cached keys are served STALE, uncached ones get a clear error within the deadline', async () => {
    build();
    await get(QUOTE);
    await get(BARS);
    await fake.stop();
    try {
      // Long past the quote's lifetime and its revalidation window, well within stale-if-error.
      clock.advance(60 * 60_000);
      const started = clock.now();
      const stale = await driven(QUOTE);
      expect(stale.statusCode).toBe(200);
      expect(stale.headers).toMatchObject({ 'x-cache': 'STALE', 'x-request-id': 'up-1' });
      expect(stale.body).toBe(body(1));

      const cold = clock.now();
      const failed = await driven(OTHER_QUOTE);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.statusCode).toBeLessThan(600);
      expect(failed.headers['x-cache']).toBe('MISS');
      const env = envelope(failed);
      expect(env.code).toBe(6001);
      expect(env.message).toMatch(/market data service/);
      expect(clock.now() - cold).toBeLessThanOrEqual(15_000);
      // Back-off happened in virtual time (full jitter at 0.5: 500 ms, then 1 s).
      expect(cold - started).toBe(1_500);

      // Three attempts, then the group's breaker opened: the daily bars are still served, at once.
      const bars = await get(BARS);
      expect(bars.headers['x-cache']).toBe('STALE');
      expect(bars.body).toBe(body(2));
    } finally {
      await fake.reopen();
    }
  });

  it('a 429 with Retry-After: 2 stops calls to that operation for 2 s; cached values are served STALE', async () => {
    build({ UPSTREAM_MAX_ATTEMPTS: '1' });
    await get(QUOTE);
    clock.advance(60_000);
    behave(answerJson('Per-user request rate limit exceeded', 429, { 'retry-after': '2' }));
    const limitedAt = clock.now();
    const stale = await get(QUOTE);
    expect(stale.headers).toMatchObject({ 'x-cache': 'STALE', 'x-request-id': 'up-1' });
    expect(calls).toHaveLength(2);

    behave(numbered());
    clock.advance(1_000);
    const paused = await get(OTHER_QUOTE);
    expect(paused.statusCode).toBe(429);
    expect(paused.headers['retry-after']).toBe('1');
    expect(envelope(paused).code).toBe(6003);
    // Only that operation is paused: the service said nothing about a global limit.
    expect((await get(BARS)).statusCode).toBe(200);

    clock.advance(999);
    expect((await get(OTHER_QUOTE)).statusCode).toBe(429);
    clock.advance(1);
    expect((await get(OTHER_QUOTE)).statusCode).toBe(200);

    const snapshotCalls = calls.filter((c) => c.url.startsWith('/api/a-share/prices/snapshot'));
    expect(snapshotCalls.map((c) => c.at - limitedAt)).toEqual([-60_000, 0, 2_000]);
  });

  it('a 429 naming the global limit pauses every operation', async () => {
    build({ UPSTREAM_MAX_ATTEMPTS: '1' });
    behave(answerJson('Global request rate limit exceeded', 429, { 'retry-after': '2' }));
    expect((await get(QUOTE)).statusCode).toBe(429);
    behave(numbered());
    const other = await get(BARS);
    expect(other.statusCode).toBe(429);
    expect(envelope(other).message).toMatch(/any data for 2 s/);
    expect(calls).toHaveLength(1);
    clock.advance(2_000);
    expect((await get(BARS)).statusCode).toBe(200);
  });

  it('a 429 is retried once its Retry-After has passed, when the deadline allows', async () => {
    build();
    let first = true;
    behave((req, res) => {
      if (first) {
        first = false;
        answerJson('slow down', 429, { 'retry-after': '2' })(req, res);
      } else numbered()(req, res);
    });
    const started = clock.now();
    const res = await driven(QUOTE);
    expect(res.statusCode).toBe(200);
    expect(calls.map((c) => c.at - started)).toEqual([0, 2_000]);
  });

  it('a transient business code is retried; a caller error is not', async () => {
    build({}, () => 0);
    behave(numbered(5001));
    expect(envelope(await get(QUOTE)).code).toBe(5001);
    expect(calls).toHaveLength(3);
    calls = [];
    behave(numbered(1002));
    expect(envelope(await get(OTHER_QUOTE)).code).toBe(1002);
    expect(calls).toHaveLength(1);
  });

  it('an HTTP 404 means the service does not offer it: no retry', async () => {
    build({}, () => 0);
    behave(answerJson('not found', 404));
    const res = await get(QUOTE);
    expect(res.statusCode).toBe(502);
    expect(envelope(res).message).toMatch(/does not offer this data \(HTTP 404\)/);
    expect(calls).toHaveLength(1);
  });

  it('the circuit breaker of a failing group fails its calls fast without slowing other groups', async () => {
    // A budget that does not make anyone wait: time stands still in this test.
    build({ UPSTREAM_RATE_PER_S: '50', UPSTREAM_BURST: '50' }, () => 0);
    behave((req, res) => {
      if (req.url?.startsWith('/api/fund/')) answerJson('unavailable', 503)(req, res);
      else numbered()(req, res);
    });
    // Two requests, three attempts each: the fifth failure opens the fund breaker.
    await get(FUND);
    await get(fund('000002'));
    const fundCalls = () => calls.filter((c) => c.url.startsWith('/api/fund/')).length;
    expect(fundCalls()).toBe(5);
    const fast = await get(fund('000003'));
    expect(fast.statusCode).toBe(503);
    expect(fast.headers['retry-after']).toBe('30');
    expect(envelope(fast)).toMatchObject({ code: 6001 });
    expect(envelope(fast).message).toMatch(/failed repeatedly for fund data/);
    expect(fundCalls()).toBe(5);
    expect((await get(QUOTE)).statusCode).toBe(200);

    const status: unknown = (await app.inject({ method: 'GET', url: '/bff/status' })).json();
    expect(status).toMatchObject({
      upstream: { groups: { fund: { state: 'open' }, 'a-share': { state: 'closed' } } },
    });

    // After the cool-down one probe goes out; its success closes the breaker.
    clock.advance(30_000);
    behave(numbered());
    expect((await get(FUND)).statusCode).toBe(200);
    expect(fundCalls()).toBe(6);
  });
});

describe('the upstream budget', () => {
  async function burst(env: NodeJS.ProcessEnv): Promise<LightMyRequestResponse[]> {
    build({ CLIENT_RATE_LIMIT_PER_MIN: '10000', ...env });
    const urls = Array.from(
      { length: 500 },
      (_, i) => `/api/a-share/prices/snapshot?thscodes=${600000 + i}.SH`,
    );
    return drive(clock, Promise.all(urls.map((u) => get(u))), { busy, stepMs: 50 });
  }

  function perSecond(): number[] {
    const counts = new Map<number, number>();
    for (const c of calls) {
      const second = Math.floor((c.at - NOW) / 1000);
      counts.set(second, (counts.get(second) ?? 0) + 1);
    }
    return [...counts.values()];
  }

  it('a burst of 500 distinct requests never exceeds 5 calls in any second', async () => {
    const answers = await burst({
      UPSTREAM_QUEUE_MAX: '1000',
      UPSTREAM_QUEUE_TIMEOUT_MS: '600000',
      UPSTREAM_DEADLINE_MS: '600000',
    });
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(calls).toHaveLength(500);
    expect(Math.max(...perSecond())).toBe(5);
    // Also in every sliding second, not just on clock-second boundaries.
    const times = calls.map((c) => c.at).sort((a, b) => a - b);
    for (let i = 5; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 5] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('with the default queue the rest is refused at once with a clear 6003, still within budget', async () => {
    const answers = await burst({});
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(envelope(res).code).toBe(6003);
      expect(envelope(res).message).toMatch(/as often as it allows/);
      expect(res.headers['retry-after']).toBe('1');
    }
    // 5 at once, 100 queued; the queue timeout (5 s) ends the wait of those that cannot go in time.
    expect(calls.length).toBeGreaterThanOrEqual(25);
    expect(calls.length).toBeLessThanOrEqual(105);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(calls.length);
    expect(Math.max(...perSecond())).toBeLessThanOrEqual(5);
  });
});

describe('the key', () => {
  it('appears in no response, header or log line, whatever happens', async () => {
    build({ UPSTREAM_MAX_ATTEMPTS: '1', UPSTREAM_RATE_PER_S: '50', UPSTREAM_BURST: '50' });
    const responses: LightMyRequestResponse[] = [];
    // Fresh, cached, stale, business error echoing the key, 429, failure, bad request, 404, status.
    behave((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': KEY });
      res.end(body(calls.length));
    });
    responses.push(await get(QUOTE), await get(QUOTE));
    clock.advance(3_500);
    responses.push(await get(QUOTE));
    behave(answerJson(JSON.stringify({ code: 2001, message: `bad key ${KEY}`, data: null })));
    responses.push(await get(BARS));
    behave(answerJson(`limit for key ${KEY}`, 429, { 'retry-after': '2' }));
    responses.push(await get(OTHER_QUOTE), await get(OTHER_QUOTE));
    await fake.stop();
    try {
      responses.push(await get(FUND));
    } finally {
      await fake.reopen();
    }
    responses.push(
      await get('/api/a-share/prices/snapshot?limit=0'),
      await get('/api/nope'),
      await app.inject({ method: 'GET', url: QUOTE, headers: { 'x-api-key': KEY } }),
      await app.inject({ method: 'GET', url: '/bff/status' }),
    );
    await until(() => !busy());
    for (const res of responses) {
      expect(res.body).not.toContain(KEY);
      expect(JSON.stringify(res.headers)).not.toContain(KEY);
    }
    expect(logLines.length).toBeGreaterThanOrEqual(responses.length);
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('each /api request writes one structured line: id, operation, cache status, attempts, upstream time', async () => {
    build();
    await get(QUOTE);
    await get(QUOTE);
    const lines = logEntries().filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      reqId: expect.stringMatching(/^bff-/),
      op: 'a-share/prices/snapshot',
      query: 'limit=100&offset=0&thscodes=600519.SH',
      cache: 'MISS',
      attempts: 1,
      upstreamMs: expect.any(Number),
      code: 0,
      upstreamRequestId: 'up-1',
      status: 200,
    });
    expect(lines[1]).toMatchObject({ cache: 'HIT', attempts: 0, upstreamMs: 0 });
  });
});
