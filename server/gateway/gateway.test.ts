import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { answerJson, answerOk, OK_BODY, startFakeUpstream } from './fake-upstream.testkit';
import type { FakeUpstream } from './fake-upstream.testkit';
import { ManualClock } from './manual-clock.testkit';
import { testConfig } from '../testkit';

const KEY = 'test-key-5f1c9a7e2b4d';
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const START = Date.parse('2025-07-14T00:00:00+08:00');
const END = Date.parse('2026-07-13T00:00:00+08:00');
const HISTORICAL = `/api/a-share/prices/historical?thscode=600519.SH&start=${START}&end=${END}`;

let fake: FakeUpstream;
let app: FastifyInstance;
let logLines: string[];
let ticker: ManualClock;

/** Failures are answered at once: no jitter, and time only moves when a test moves it. */
function buildApp(env: NodeJS.ProcessEnv = {}, baseUrl = fake.url): FastifyInstance {
  logLines = [];
  ticker = new ManualClock(NOW);
  return createApp({
    config: testConfig(env),
    upstream: { baseUrl, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    ticker,
    random: () => 0,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
}

interface Envelope {
  code: number;
  message: string;
  request_id: string;
  data: unknown;
}

function envelopeOf(body: string): Envelope {
  const value: unknown = JSON.parse(body);
  if (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'number' &&
    'message' in value &&
    typeof value.message === 'string' &&
    'request_id' in value &&
    typeof value.request_id === 'string' &&
    'data' in value
  ) {
    return { code: value.code, message: value.message, request_id: value.request_id, data: value.data };
  }
  throw new Error(`not an envelope: ${body}`);
}

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave(answerOk);
  app = buildApp();
});
afterEach(async () => {
  await app.close();
});

describe('operations outside the catalog', () => {
  it.each([
    ['GET', '/api/not/an/operation'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/a-share/prices/snapshot/'],
    ['POST', '/api/a-share/prices/snapshot'],
    ['PUT', '/api/a-share/prices/snapshot'],
    ['DELETE', '/api/a-share/prices/snapshot'],
  ] as const)('%s %s is a 404 envelope and reaches no upstream', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    const env = envelopeOf(res.body);
    expect(env).toMatchObject({ code: 6404, data: null });
    expect(res.headers['x-request-id']).toBe(env.request_id);
    expect(fake.requests).toHaveLength(0);
  });

  it('an operation path with encoded slashes is refused as a 400 envelope and reaches no upstream', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/a-share%2Fprices%2Fsnapshot?thscodes=600519.SH',
    });
    expect(res.statusCode).toBe(400);
    const env = envelopeOf(res.body);
    expect(env).toMatchObject({ code: 1002, data: null });
    expect(env.message).toContain('encoded "/"');
    expect(res.headers['x-request-id']).toBe(env.request_id);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['application/json', '{not json'],
    ['application/x-unknown', 'payload'],
  ])('a POST to an operation with a %s body is still a 404 envelope', async (type, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/a-share/prices/snapshot',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res.body).code).toBe(6404);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('parameter checks', () => {
  it.each([
    ['a missing parameter', `/api/a-share/prices/historical?thscode=600519.SH&end=${END}`, 1001, 'start'],
    ['a bad enum value', `${HISTORICAL}&adjust=sideways`, 1002, 'adjust'],
    [
      'a malformed code',
      `/api/a-share/prices/historical?thscode=600519&start=${START}&end=${END}`,
      1002,
      'thscode',
    ],
    ['a value out of range', '/api/a-share/prices/snapshot?limit=10001', 1003, 'limit'],
    ['a conflict', `/api/a-share/prices/historical?thscode=600519.SH&start=${END}&end=${START}`, 1004, 'end'],
    ['an unknown parameter', '/api/a-share/prices/snapshot?limit=5&foo=1', 1002, 'foo'],
    ['a repeated parameter', '/api/a-share/prices/snapshot?limit=5&limit=6', 1002, 'limit'],
    [
      'a parameter named __proto__',
      '/api/a-share/prices/snapshot?__proto__=a&__proto__=b',
      1002,
      '__proto__',
    ],
  ])('%s gets its contract code with HTTP 200 and no upstream call', async (_label, url, code, param) => {
    const res = await app.inject({ method: 'GET', url });
    // A business error, as the spec carries them: in `code`, with HTTP status 200.
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const env = envelopeOf(res.body);
    expect(env.code).toBe(code);
    expect(env.message).toContain(`'${param}'`);
    expect(env.data).toBeNull();
    expect(res.headers['x-request-id']).toBe(env.request_id);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('date rules use the injected clock', () => {
  const url = '/api/a-share/special-data/hot-stock-list-history?date=2026-07-15';

  it('a day after the clock is out of range (1003, HTTP 200) and not forwarded', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res.body)).toMatchObject({
      code: 1003,
      message: "Parameter 'date' must not be in the future",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('the same day is forwarded once the clock has reached it', async () => {
    await app.close();
    app = createApp({
      config: testConfig(),
      upstream: { baseUrl: fake.url, apiKey: KEY },
      mode: 'simulated',
      clock: () => Date.parse('2026-07-15T09:00:00+08:00'),
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]?.url).toBe('/api/a-share/special-data/hot-stock-list-history?date=2026-07-15');
  });
});

describe('a valid request', () => {
  it('sends the canonical query with the key and none of the client headers', async () => {
    const res = await app.inject({
      method: 'GET',
      // Parameters out of order, a lower-case code list with spaces, defaults left out.
      url: '/api/a-share/prices/snapshot?thscodes=600519.sh,%20000001.sz',
      headers: {
        cookie: 'session=secret',
        authorization: 'Bearer browser-token',
        'x-forwarded-for': '10.0.0.9',
        'x-api-key': 'browser-supplied-key',
        'user-agent': 'Mozilla/5.0',
        referer: 'http://127.0.0.1:8080/stock',
        'accept-language': 'zh-CN',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe('/api/a-share/prices/snapshot?limit=100&offset=0&thscodes=600519.SH%2C000001.SZ');
    expect(sent?.headers['x-api-key']).toBe(KEY);
    expect(sent?.headers.accept).toBe('application/json');
    const allowed = ['host', 'connection', 'x-api-key', 'accept'];
    expect(Object.keys(sent?.headers ?? {}).filter((h) => !allowed.includes(h))).toEqual([]);
  });

  it('passes the envelope through unchanged and names the service request id', async () => {
    const res = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(OK_BODY);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-request-id']).toBe('up-req-1');
    expect(fake.requests[0]?.url).toBe(
      `/api/a-share/prices/historical?adjust=forward&end=${END}&interval=1d&start=${START}&thscode=600519.SH`,
    );
  });

  it('passes business errors through with HTTP 200 (restricted operations answer 2003 upstream)', async () => {
    const body = JSON.stringify({ code: 2003, message: 'no permission', request_id: 'up-2003', data: null });
    fake.behave(answerJson(body));
    const res = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    expect(res.headers['x-request-id']).toBe('up-2003');
    // An error with a success's status is still no data: the browser may not keep it, nor the BFF.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    fake.behave(answerOk);
    const next = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(envelopeOf(next.body).code).toBe(0);
    expect(next.headers['x-cache']).toBe('MISS');
    expect(fake.requests).toHaveLength(2);
  });

  it('uses its own request id when the service gives none', async () => {
    fake.behave(answerJson(JSON.stringify({ code: 0, message: 'success', data: { item: [] } })));
    const res = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^bff-/);
  });

  it('never shows the key: not in bodies, headers or logs, even when the service echoes it', async () => {
    fake.behave(
      answerJson(JSON.stringify({ code: 2001, message: `bad key ${KEY}`, request_id: 'r', data: null })),
    );
    const echoed = await app.inject({ method: 'GET', url: HISTORICAL });
    fake.behave(answerOk);
    const normal = await app.inject({ method: 'GET', url: HISTORICAL, headers: { 'x-api-key': KEY } });
    const bad = await app.inject({ method: 'GET', url: '/api/a-share/prices/snapshot?limit=0' });
    app.log.info({ headers: { 'x-api-key': KEY } }, 'a header object logged by mistake');
    for (const res of [echoed, normal, bad]) {
      expect(res.body).not.toContain(KEY);
      expect(JSON.stringify(res.headers)).not.toContain(KEY);
    }
    expect(echoed.statusCode).toBe(200);
    expect(envelopeOf(echoed.body).message).toBe('bad key [redacted]');
    expect(logLines.length).toBeGreaterThan(3);
    expect(logLines.join('\n')).not.toContain(KEY);
    expect(logLines.join('\n')).toContain('[redacted]');
  });

  it('keeps a path prefix of the base URL', async () => {
    await app.close();
    app = buildApp({}, `${fake.url}/prefix`);
    const res = await app.inject({ method: 'GET', url: '/api/a-share/prices/snapshot' });
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]?.url).toBe('/prefix/api/a-share/prices/snapshot?limit=100&offset=0');
  });
});

describe('upstream failures', () => {
  async function expectFailure(status: number, code: number, message: RegExp) {
    const res = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(res.statusCode).toBe(status);
    const env = envelopeOf(res.body);
    expect(env.code).toBe(code);
    expect(env.message).toMatch(message);
    expect(env.data).toBeNull();
    expect(env.request_id).toMatch(/^bff-/);
    expect(res.headers['x-request-id']).toBe(env.request_id);
    return res;
  }

  async function expectRecovery() {
    fake.behave(answerOk);
    const res = await app.inject({ method: 'GET', url: HISTORICAL });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(OK_BODY);
  }

  it('refused connection → 502 / 6001', async () => {
    await fake.stop();
    try {
      await expectFailure(502, 6001, /could not be reached/);
    } finally {
      await fake.reopen();
    }
    await expectRecovery();
  });

  it('no answer in time → 504 / 6002', async () => {
    await app.close();
    app = buildApp({ UPSTREAM_TIMEOUT_MS: '300' });
    fake.behave(() => undefined);
    const res = await expectFailure(504, 6002, /did not answer within \d+(\.\d)? s/);
    // The message states the whole wait: three attempts of 0.3 s each, not the last one's share.
    const stated = Number(/within (\d+(\.\d)?) s/.exec(envelopeOf(res.body).message)?.[1]);
    expect(stated).toBeGreaterThanOrEqual(0.9);
    await expectRecovery();
  });

  it('a body that stalls half-way → 504 / 6002', async () => {
    await app.close();
    app = buildApp({ UPSTREAM_TIMEOUT_MS: '300' });
    fake.behave((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"code":0,');
    });
    await expectFailure(504, 6002, /did not answer/);
    await expectRecovery();
  });

  it('HTTP 429 → 429 / 6003 with Retry-After passed on, and no call until it has passed', async () => {
    // A single attempt: the retry would otherwise wait out the pause.
    await app.close();
    app = buildApp({ UPSTREAM_MAX_ATTEMPTS: '1' });
    fake.behave((_req, res) => {
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '7' });
      res.end('Global request rate limit exceeded');
    });
    const res = await expectFailure(429, 6003, /try again in 7 s/);
    expect(res.headers['retry-after']).toBe('7');
    fake.behave(answerOk);
    ticker.advance(6_000);
    const paused = await expectFailure(429, 6003, /will not be asked for any data for 1 s/);
    expect(paused.headers['retry-after']).toBe('1');
    expect(fake.requests).toHaveLength(1);
    ticker.advance(1_000);
    await expectRecovery();
  });

  it('HTTP 429 without Retry-After sends none', async () => {
    await app.close();
    app = buildApp({ UPSTREAM_MAX_ATTEMPTS: '1' });
    fake.behave(answerJson('{}', 429));
    const res = await expectFailure(429, 6003, /HTTP 429/);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('HTTP 500 → 502 / 6004', async () => {
    fake.behave(answerJson('{"error":"boom"}', 500));
    await expectFailure(502, 6004, /HTTP 500/);
    await expectRecovery();
  });

  it('HTTP 401 → 502 / 6004', async () => {
    fake.behave(answerJson('unauthorised', 401));
    await expectFailure(502, 6004, /HTTP 401/);
  });

  it('a redirect is not followed → 502 / 6004', async () => {
    fake.behave((_req, res) => {
      res.writeHead(302, { location: `${fake.url}/api/a-share/prices/snapshot` });
      res.end();
    });
    await expectFailure(502, 6004, /redirect \(HTTP 302\)/);
    expect(fake.requests).toHaveLength(1);
    await expectRecovery();
  });

  it('a body that is not JSON → 502 / 6005', async () => {
    fake.behave((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Maintenance</body></html>');
    });
    await expectFailure(502, 6005, /not JSON/);
    await expectRecovery();
  });

  it.each([
    ['an object without the envelope fields', '{"foo":1}'],
    ['an array', '[1,2,3]'],
    ['a code that is not a number', '{"code":"0","message":"ok","request_id":"x","data":{}}'],
  ])('JSON that is not an envelope (%s) → 502 / 6005', async (_label, body) => {
    fake.behave(answerJson(body));
    await expectFailure(502, 6005, /without the standard envelope/);
    await expectRecovery();
  });

  it('a body over the size limit → 502 / 6005', async () => {
    fake.behave((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // 33 MiB of padding, sent in chunks.
      const chunk = ' '.repeat(1024 * 1024);
      for (let i = 0; i < 33; i++) res.write(chunk);
      res.end(OK_BODY);
    });
    await expectFailure(502, 6005, /larger than/);
    await expectRecovery();
  });
});
