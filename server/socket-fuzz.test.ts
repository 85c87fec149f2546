import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { operationByPath, operations } from '../src/contract/catalog';
import { parseParams } from '../src/contract/params';
import { createApp } from './app';
import { startFakeUpstream } from './gateway/fake-upstream.testkit';
import type { FakeUpstream } from './gateway/fake-upstream.testkit';
import { testConfig } from './testkit';

/**
 * Whatever bytes arrive on the socket (malformed request lines, headers and encodings as well as
 * nearly-right API calls, and bytes that are no HTTP at all), the server answers every one with an
 * envelope and a request id, never a 5xx, and nothing reaches the upstream but catalogued operations
 * with valid parameters. A connection may close unanswered only for the reasons `unansweredBecause`
 * names: there was no request at all, or the client half-closed its side before the answer was ready
 * (then the same bytes on a connection kept open must be answered).
 *
 * Deterministic: the requests are a fast-check sample from a fixed seed (FUZZ_SEED), FUZZ_RUNS of them
 * (10,000 by default, which takes well under a minute; set more for a longer local run).
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_260_715);
const PARALLEL = 16;
const KEY = 'socket-fuzz-key-5d6e7f8a9b';
const NOW = Date.parse('2026-07-14T10:00:00+08:00');

let fake: FakeUpstream;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  fake = await startFakeUpstream();
  app = createApp({
    config: testConfig({
      STATIC_DIR: '/nonexistent-static-dir',
      LOG_LEVEL: 'silent',
      UPSTREAM_RATE_PER_S: '1000',
      UPSTREAM_BURST: '1000',
      UPSTREAM_QUEUE_MAX: '100000',
      CLIENT_RATE_LIMIT_PER_MIN: '10000000',
      REQUEST_TIMEOUT_MS: '2000',
      HEADERS_TIMEOUT_MS: '1000',
      MAX_CONNECTIONS: '1000',
    }),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const catalogPaths = operations.map((op) => op.path);
const knownNames = [...new Set(operations.flatMap((op) => op.paramNames))];

const pathArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...catalogPaths) },
  { weight: 2, arbitrary: fc.array(fc.webSegment(), { maxLength: 4 }).map((s) => `/api/${s.join('/')}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/api',
      '/api/',
      '/bff/nope',
      '/bff/%',
      '/api/%zz',
      '/%',
      '//api',
      '/assets/x.js.map',
    ),
  },
  // Raw bytes the parser or the router must refuse: UTF-8, controls, spaces, a lone '%'.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...catalogPaths),
        fc.constantFrom('茅台', '\u0000', '\t', ' x', '%', '%c3', '\u007f', '#frag', '\\'),
      )
      .map(([p, junk]) => `${p}${junk}`),
  },
);

const valueArb = fc.oneof(
  fc.constantFrom(
    '600519.SH',
    '000001.SZ,600000.SH',
    '2026-07-10',
    '',
    '%',
    '%zz',
    '茅台',
    '9'.repeat(300),
    '1e3',
  ),
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => encodeURIComponent(s)),
);
const queryArb = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...knownNames), fc.string({ maxLength: 6 })), valueArb), {
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&'));

const methodArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
      'TRACE',
      'CONNECT',
      'PRI',
      'get',
      'G ET',
      'BREW',
      '',
    ),
  },
);
const versionArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('HTTP/1.1') },
  { weight: 1, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', 'HTTPS/1.1', '', 'HTTP/9') },
);

type HeaderLine = string;
const headerArb: fc.Arbitrary<HeaderLine[]> = fc.array(
  fc.oneof(
    fc.constantFrom(
      'accept: application/json',
      'x-forwarded-for: 1.2.3.4',
      'x-forwarded-user: mallory',
      'origin: http://evil.example',
      'content-type: application/json',
      'transfer-encoding: chunked',
      'content-length: 5',
      'content-length: -1',
      'content-length: 1, 2',
      'expect: 100-continue',
      'x-api-key: stolen',
      'cookie: md_session=forged.sig',
      ' folded: header',
      'bad header: x',
      'x-nul: a\u0000b',
      'x-utf8: 茅台',
      ':: ::',
      'x-long: ' + 'a'.repeat(20_000),
    ),
    fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 16 })).map(([k, v]) => `${k}: ${v}`),
  ),
  { maxLength: 3 },
);

const hostArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('host: 127.0.0.1') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'host: evil.example',
      'host: 127.0.0.1\r\nhost: localhost',
      'host: [::1]:1',
    ),
  },
);

const httpRequestArb = fc
  .record({
    method: methodArb,
    path: pathArb,
    query: queryArb,
    version: versionArb,
    host: hostArb,
    headers: headerArb,
    body: fc.option(fc.constantFrom('{}', '0\r\n\r\n', 'zz\r\nbad\r\n', '{"name":"x"}', '\u0000\u0001'), {
      freq: 4,
    }),
  })
  .map(({ method, path, query, version, host, headers, body }) => {
    const target = query === '' ? path : `${path}?${query}`;
    const lines = [`${method} ${target} ${version}`.trimEnd(), host, ...headers, 'connection: close'].filter(
      (l) => l !== '',
    );
    return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
  });

/** Bytes that are no HTTP request at all: nothing, empty lines, other protocols, noise. */
const notHttpArb = fc.oneof(
  fc.constantFrom(
    '',
    '\r\n',
    '\r\n\r\n',
    'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    'SSH-2.0-OpenSSH_9.6\r\n',
    '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
    'HELO mail.example\r\n',
    '\u0000\u0000\u0000\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
);

interface FuzzCase {
  bytes: string;
  /** The client ends its side of the connection right after the bytes (TCP half-close). */
  halfClose: boolean;
}

const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
  bytes: fc.oneof({ weight: 19, arbitrary: httpRequestArb }, { weight: 1, arbitrary: notHttpArb }),
  // Most clients (browsers, curl) keep their side open until the answer is read; some end it at once.
  halfClose: fc.oneof(
    { weight: 9, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Sends the bytes and reads until the server closes the connection; null when it closed without a
 * byte. With `halfClose` the client ends its side right after the bytes, else it keeps it open (every
 * generated request says `connection: close`; anything incomplete meets the server's timeouts).
 */
function send({ bytes, halfClose }: FuzzCase): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    // Far beyond the server's own timeouts (REQUEST_TIMEOUT_MS 2 s): a client-side cut is a failure.
    socket.setTimeout(30_000, () => {
      chunks.splice(0, chunks.length, Buffer.from('client timeout'));
      socket.destroy();
    });
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      let text = Buffer.concat(chunks).toString('utf8');
      // Interim answers (100 Continue) come before the real one.
      while (/^HTTP\/1\.1 1\d\d /.test(text) && text.includes('\r\n\r\n')) {
        text = text.slice(text.indexOf('\r\n\r\n') + 4);
      }
      if (text === '') return resolve(null);
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
      let body = split === -1 ? '' : text.slice(split + 4);
      if (headers.get('transfer-encoding') === 'chunked') body = dechunk(body);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0), headers, body });
    });
    socket.on('connect', () => {
      if (halfClose) socket.end(bytes);
      else socket.write(bytes);
    });
  });
}

/**
 * Why a connection may close without an answer, or null when it must not. Checked, not assumed: a
 * half-closed case is only excused if the same bytes on a connection kept open are answered.
 */
async function unansweredBecause(fuzz: FuzzCase): Promise<string | null> {
  // RFC 9112 §2.2: empty lines before a request line are ignored; with the client's side ended,
  // there is no request to answer. (Kept open, the headers timeout answers it with a 408 envelope.)
  if (fuzz.halfClose && /^(\r\n)*$/.test(fuzz.bytes)) return 'no request: nothing but empty lines';
  if (fuzz.halfClose) {
    // Node's HTTP server (httpAllowHalfOpen false) aborts a request whose answer is not ready when the
    // client's end of the stream arrives: the client said it is gone. The same bytes kept open:
    const again = await send({ bytes: fuzz.bytes, halfClose: false });
    if (again !== null && again.status >= 100 && again.status < 500 && again.headers.has('x-request-id')) {
      return 'half-closed before the answer was ready (answered when kept open)';
    }
  }
  return null;
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol === -1) return out;
    const size = Number.parseInt(rest.slice(0, eol), 16);
    if (!Number.isFinite(size) || size === 0) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

const envelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  request_id: z.string(),
  data: z.unknown(),
});

/** Why an answer may lack an envelope, or null when it must have one. */
function bodylessBecause(fuzz: FuzzCase, answer: RawAnswer): string | null {
  // RFC 9110 §9.3.2: the answer to HEAD has no content (only the headers a GET would have).
  if (/^HEAD /.test(fuzz.bytes)) return 'HEAD';
  // RFC 9110 §15.3.5 and §15.4.5: 204 and 304 have no content.
  if (answer.status === 204 || answer.status === 304) return String(answer.status);
  return null;
}

describe(`${RUNS} requests through the socket`, () => {
  it('no 5xx, every answer an envelope with its request id, no upstream call outside the catalog', async () => {
    const cases = fc.sample(caseArb, { seed: SEED, numRuns: RUNS });
    const problems: string[] = [];
    const excused = new Map<string, number>();
    let answered = 0;
    let next = 0;
    async function worker() {
      while (next < cases.length) {
        const fuzz = cases[next++];
        if (fuzz === undefined) break;
        const answer = await send(fuzz);
        const what = `${JSON.stringify(fuzz.bytes.slice(0, 200))}${fuzz.halfClose ? ' (half-closed)' : ''}`;
        if (answer === null) {
          const reason = await unansweredBecause(fuzz);
          if (reason === null) problems.push(`no answer for ${what}`);
          else excused.set(reason, (excused.get(reason) ?? 0) + 1);
          continue;
        }
        answered++;
        if (answer.status >= 500 || answer.status < 100) problems.push(`${answer.status} for ${what}`);
        const requestId = answer.headers.get('x-request-id');
        if (requestId === undefined) problems.push(`no X-Request-Id (${answer.status}) for ${what}`);
        if (bodylessBecause(fuzz, answer) !== null) continue;
        const parsed = (() => {
          try {
            return envelopeSchema.safeParse(JSON.parse(answer.body));
          } catch {
            return null;
          }
        })();
        if (parsed === null || !parsed.success) {
          problems.push(`not an envelope (${answer.status}) for ${what}: ${answer.body.slice(0, 120)}`);
        } else if (parsed.data.request_id !== requestId) {
          problems.push(`request_id ${parsed.data.request_id} is not X-Request-Id ${requestId} for ${what}`);
        }
        if (problems.length > 20) return;
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(problems).toEqual([]);
    // The excuses are rare: most cases, half-closed ones included, are answered.
    expect(answered).toBeGreaterThan(RUNS * 0.97);
    for (const count of excused.values()) expect(count).toBeLessThan(RUNS * 0.03);
    // Nothing but catalogued operations with valid parameters reached the service.
    const strays = fake.requests.filter((r) => {
      const url = new URL(r.url, 'http://upstream');
      const op = operationByPath(url.pathname);
      if (!op) return true;
      const raw: Record<string, string> = Object.fromEntries(url.searchParams);
      return !parseParams(op.params, raw, { unknown: 'reject', known: op.paramNames }).ok;
    });
    expect(strays.map((r) => r.url)).toEqual([]);
    expect(fake.requests.length).toBeGreaterThan(0);
  }, 600_000);
});
