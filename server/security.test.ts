import { connect, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { z } from 'zod';
import { createApp, gatewayOf } from './app';
import { answerJson, startFakeUpstream } from './gateway/fake-upstream.testkit';
import type { FakeUpstream } from './gateway/fake-upstream.testkit';
import { testConfig } from './testkit';

/**
 * The attacks of issue 17, tried as an attacker would: through a real socket against a listening
 * server, with raw bytes where a client library would refuse to send them.
 */

const KEY = 'sekrit-key-7f3a9c2e51';
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const SNAPSHOT = '/api/a-share/prices/snapshot?thscodes=600519.SH';

let fake: FakeUpstream;
let app: FastifyInstance | undefined;
let logText = '';
let staticDir: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  staticDir = mkdtempSync(join(tmpdir(), 'security-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(
    join(staticDir, 'assets', 'app-1a2b.js'),
    'console.log(1);\n//# sourceMappingURL=app-1a2b.js.map',
  );
  writeFileSync(join(staticDir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
});
afterAll(async () => {
  await fake.close();
  rmSync(staticDir, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listen(
  env: Record<string, string> = {},
  apiKey = KEY,
): Promise<{ port: number; base: string }> {
  logText = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logText += chunk.toString();
      done();
    },
  });
  app = createApp({
    config: testConfig({ STATIC_DIR: staticDir, ...env }),
    upstream: { baseUrl: fake.url, apiKey },
    mode: 'live',
    clock: () => NOW,
    logger: pino({ level: 'debug' }, sink),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: Number(new URL(address).port), base: address };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds until the server closed the connection. */
  closedAfterMs: number;
}

/** Sends raw bytes (any number of chunks, with pauses) and reads until the server closes. */
function raw(port: number, chunks: readonly (string | Buffer | { pauseMs: number })[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        closedAfterMs: Date.now() - started,
      });
    });
    socket.once('connect', async () => {
      try {
        for (const chunk of chunks) {
          if (typeof chunk === 'object' && 'pauseMs' in chunk) {
            await new Promise((r) => setTimeout(r, chunk.pauseMs));
            if (socket.destroyed) return;
          } else socket.write(chunk);
        }
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function request(method: string, path: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  if (body !== '') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\nconnection: close\r\n\r\n${body}`;
}

const envelopeSchema = z.strictObject({
  code: z.number(),
  message: z.string(),
  request_id: z.string(),
  data: z.null(),
});

function envelopeOf(answer: RawAnswer): z.infer<typeof envelopeSchema> {
  return envelopeSchema.parse(JSON.parse(answer.body));
}

describe('DNS rebinding', () => {
  it('a request under a foreign host name is refused before any handler, whatever its Origin says', async () => {
    const { port } = await listen();
    const evil = { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` };
    const create = await raw(port, [
      request('POST', '/bff/watchlists', { ...evil, 'content-type': 'application/json' }, '{"name":"pwned"}'),
    ]);
    expect(create.status).toBe(421);
    const read = await raw(port, [request('GET', '/bff/watchlists', evil)]);
    expect(read.status).toBe(421);
    expect(read.body).not.toContain('watchlists');
    const api = await raw(port, [request('GET', SNAPSHOT, evil)]);
    expect(api.status).toBe(421);
    expect(envelopeOf(api).request_id).toBe(api.headers['x-request-id']);
    // Nothing was created: the list index under the server's own name is empty.
    const mine = await raw(port, [request('GET', '/bff/watchlists', { host: `127.0.0.1:${port}` })]);
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body)).toMatchObject({ watchlists: [] });
  });

  it('a name listed in ALLOWED_HOSTS is served, and a write whose Origin is not allowed is refused', async () => {
    const { port } = await listen({ ALLOWED_HOSTS: 'dash.team.example' });
    const ok = await raw(port, [request('GET', '/bff/watchlists', { host: `dash.team.example:${port}` })]);
    expect(ok.status).toBe(200);
    const crossOrigin = await raw(port, [
      request(
        'POST',
        '/bff/watchlists',
        {
          host: `127.0.0.1:${port}`,
          origin: `http://rebind.evil.example:${port}`,
          'content-type': 'application/json',
        },
        '{"name":"x"}',
      ),
    ]);
    expect(crossOrigin.status).toBe(403);
  });
});

describe('the key never leaves the server', () => {
  const escapedKey = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const echoes: [string, string][] = [
    [
      'unicode escapes in message',
      `{"code":0,"message":"${escapedKey}","request_id":"up-1","data":{"item":[]}}`,
    ],
    [
      'a \\/ escape in message',
      `{"code":0,"message":"https:\\/\\/svc\\/?key=${escapedKey}","request_id":"up-1","data":{"item":[]}}`,
    ],
    ['the key as request_id', `{"code":0,"message":"ok","request_id":"${escapedKey}","data":{"item":[]}}`],
    [
      'nested in data, as a value and as a name',
      `{"code":0,"message":"ok","request_id":"up-2","data":{"item":[{"note":"x ${escapedKey} y","${KEY}":1}]}}`,
    ],
    [
      'a business error naming it',
      `{"code":2001,"message":"invalid key ${escapedKey}","request_id":"up-3","data":null}`,
    ],
  ];

  it.each(echoes)('%s: in no body, header, cache entry or log line', async (_what, body) => {
    const { port } = await listen();
    fake.behave(answerJson(body));
    const answers = [
      await raw(port, [request('GET', SNAPSHOT, { host: `127.0.0.1:${port}` })]),
      // The second comes from the cache when the first was an answer worth keeping.
      await raw(port, [request('GET', SNAPSHOT, { host: `127.0.0.1:${port}` })]),
    ];
    // A watchlist add looks the code up through the same gateway and logs what went wrong.
    const created = await raw(port, [
      request(
        'POST',
        '/bff/watchlists',
        { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
        '{"name":"k"}',
      ),
    ]);
    const { id } = z.object({ id: z.number() }).parse(JSON.parse(created.body));
    answers.push(
      await raw(port, [
        request(
          'POST',
          `/bff/watchlists/${id}/items`,
          { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
          '{"thscode":"600519.SH","version":1}',
        ),
      ]),
    );
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThan(0);
      expect(answer.body).not.toContain(KEY);
      expect(answer.body).not.toContain(escapedKey);
      for (const value of Object.values(answer.headers)) expect(value).not.toContain(KEY);
    }
    expect(answers[0]?.headers['x-request-id']).not.toMatch(/redacted|\\/);
    // A code 0 answer is kept: the second one was read back from its cache entry, which held no key.
    if (z.object({ code: z.number() }).parse(JSON.parse(body)).code === 0)
      expect(answers[1]?.headers['x-cache']).toBe('HIT');
    if (app === undefined) throw new Error('no app');
    expect(JSON.stringify(gatewayOf(app)?.status())).not.toContain(KEY);
    // The cache entries themselves, read directly.
    const kept = JSON.stringify(gatewayOf(app)?.cacheEntries());
    expect(kept).not.toContain(KEY);
    expect(kept).not.toContain(escapedKey);
    expect(logText).not.toContain(KEY);
    expect(logText).not.toContain(escapedKey);
  });
});

describe('a key with slashes, echoed with \\/ escapes', () => {
  // Base64-like keys hold '/', which JSON may send as '\/': the raw text then never contains the key.
  const SLASH_KEY = 'k9Qz/Xt7Lm+Rw2/Vb5Nc';
  const slashed = SLASH_KEY.replaceAll('/', '\\/');
  const mixed = [...SLASH_KEY]
    .map((c, i) =>
      c === '/' ? '\\/' : i % 3 === 0 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c,
    )
    .join('');
  /** Whatever form the key could take in a body, a header, a cache entry or a log line. */
  const forms = [SLASH_KEY, slashed, mixed, JSON.stringify(slashed).slice(1, -1), ...SLASH_KEY.split('/')];

  const echoes: [string, string][] = [
    ['in message', `{"code":0,"message":"echo ${slashed}","request_id":"up-1","data":{"item":[]}}`],
    ['as request_id', `{"code":0,"message":"ok","request_id":"${slashed}","data":{"item":[]}}`],
    [
      'nested in data, as a value and as a name',
      `{"code":0,"message":"ok","request_id":"up-2","data":{"item":[{"note":"x ${slashed} y","${slashed}":1,"deep":[{"k":"${mixed}"}]}]}}`,
    ],
    ['with \\u escapes too', `{"code":0,"message":"${mixed}","request_id":"up-4","data":{"item":[]}}`],
    [
      'in a business error',
      `{"code":2001,"message":"invalid key ${slashed}","request_id":"${slashed}","data":null}`,
    ],
  ];

  it.each(echoes)('%s: in no body, header, cache entry or log line', async (_what, body) => {
    const { port } = await listen({}, SLASH_KEY);
    fake.behave(answerJson(body));
    const host = { host: `127.0.0.1:${port}` };
    const answers = [
      await raw(port, [request('GET', SNAPSHOT, host)]),
      await raw(port, [request('GET', SNAPSHOT, host)]),
    ];
    const created = await raw(port, [
      request('POST', '/bff/watchlists', { ...host, 'content-type': 'application/json' }, '{"name":"k"}'),
    ]);
    const { id } = z.object({ id: z.number() }).parse(JSON.parse(created.body));
    answers.push(
      await raw(port, [
        request(
          'POST',
          `/bff/watchlists/${id}/items`,
          { ...host, 'content-type': 'application/json' },
          '{"thscode":"600519.SH","version":1}',
        ),
      ]),
    );
    const gateway = app === undefined ? undefined : gatewayOf(app);
    if (gateway === undefined) throw new Error('no gateway');
    const entries = gateway.cacheEntries();
    const kept = z.object({ code: z.number() }).parse(JSON.parse(body)).code === 0;
    // A code 0 answer is kept (and the second request was its HIT); a refusal is not.
    expect(entries.length > 0).toBe(kept);
    if (kept) expect(answers[1]?.headers['x-cache']).toBe('HIT');
    const places: [string, string][] = [
      ...answers.flatMap((a, i): [string, string][] => [
        [`body ${i}`, a.body],
        ...Object.entries(a.headers).map(([k, v]): [string, string] => [`header ${i} ${k}`, v]),
      ]),
      ...entries.flatMap((e): [string, string][] => [
        [`cache entry ${e.key}`, e.body],
        [`cache entry ${e.key} request id`, e.upstreamRequestId ?? ''],
        ['cache key', e.key],
      ]),
      ['status', JSON.stringify(gateway.status())],
      ...logText.split('\n').map((line, i): [string, string] => [`log line ${i}`, line]),
    ];
    for (const [where, text] of places) {
      for (const form of forms)
        expect({ where, leaked: text.includes(form) ? form : null }).toEqual({ where, leaked: null });
    }
    // The echo was there to be checked: the snapshot's answer came through with the key redacted.
    expect(answers[0]?.body).toContain('[redacted]');
  });
});

describe('slow and malformed clients', () => {
  it('a body trickled one byte at a time is cut off within the request timeout', async () => {
    const { port } = await listen({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const head =
      `POST /bff/watchlists HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: 200\r\n\r\n{`;
    const trickle = Array.from({ length: 40 }, () => [{ pauseMs: 250 }, ' ']).flat();
    const answer = await raw(port, [head, ...trickle]);
    // 1 s allowed, checked every 125 ms: closed well before the 10 s the trickle would take.
    expect(answer.closedAfterMs).toBeLessThan(3000);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('headers that never end are cut off within the headers timeout, with a 408 envelope', async () => {
    const { port } = await listen({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const answer = await raw(port, [`GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`, { pauseMs: 5000 }]);
    expect(answer.closedAfterMs).toBeLessThan(3000);
    expect(answer.status).toBe(408);
    expect(envelopeOf(answer).request_id).toBe(answer.headers['x-request-id']);
  });

  it('a URL over 16 kB is a 431 envelope with a request id', async () => {
    const { port } = await listen();
    const answer = await raw(port, [
      request('GET', `/api/a-share/prices/snapshot?thscodes=${'600519.SH,'.repeat(2000)}`, {
        host: `127.0.0.1:${port}`,
      }),
    ]);
    expect(answer.status).toBe(431);
    const env = envelopeOf(answer);
    expect(env.request_id).toMatch(/^bff-/);
    expect(answer.headers['x-request-id']).toBe(env.request_id);
  });

  it.each([
    [
      'raw UTF-8 in the query',
      Buffer.from(`GET /api/meta/tickers/search?q=茅台 HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`),
    ],
    ['a broken request line', 'GET\r\n\r\n'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nhost 127.0.0.1\r\n\r\n'],
    ['a bad content length', 'POST /bff/watchlists HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: x\r\n\r\n'],
    ['a NUL in a header', 'GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nx-a: b\u0000c\r\n\r\n'],
  ])('%s is a 400 envelope with a request id', async (_what, bytes) => {
    const { port } = await listen();
    const answer = await raw(port, [bytes]);
    expect(answer.status).toBe(400);
    const env = envelopeOf(answer);
    expect(answer.headers['x-request-id']).toBe(env.request_id);
  });

  it('a CONNECT request is a 405 envelope with a request id, not a silent close', async () => {
    const { port } = await listen();
    const before = fake.requests.length;
    for (const target of ['127.0.0.1:443', '/api/a-share/prices/snapshot?thscodes=600519.SH']) {
      const answer = await raw(port, [`CONNECT ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`]);
      expect(answer.status).toBe(405);
      expect(envelopeOf(answer).request_id).toBe(answer.headers['x-request-id']);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a body over the limit is a 413 envelope, and an undecodable URL outside /api an envelope too', async () => {
    const { port } = await listen();
    const big = JSON.stringify({ name: 'x'.repeat(100_000) });
    const tooLarge = await raw(port, [
      request(
        'POST',
        '/bff/watchlists',
        { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
        big,
      ),
    ]);
    expect(tooLarge.status).toBe(413);
    const badUrl = await raw(port, [request('GET', '/bff/%', { host: `127.0.0.1:${port}` })]);
    expect(badUrl.status).toBe(400);
    expect(envelopeOf(badUrl).request_id).toBe(badUrl.headers['x-request-id']);
  });
});

/** A kept-alive connection that sends one request at a time and reads its whole answer. */
class KeptConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private closed = false;
  private readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.waiting?.();
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
  }

  /** Sends a GET and reads its answer (Content-Length framed); null if the server closed instead. */
  async get(path: string, port: number): Promise<{ status: number; body: string } | null> {
    this.buffer = Buffer.alloc(0);
    this.socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    return new Promise((resolve) => {
      const check = () => {
        const text = this.buffer.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
        if (end !== -1 && length !== undefined && this.buffer.length >= end + 4 + Number(length)) {
          this.waiting = null;
          const status = Number(text.slice(0, text.indexOf('\r\n')).split(' ')[1]);
          resolve({ status, body: this.buffer.subarray(end + 4).toString('utf8') });
        } else if (this.closed) resolve(null);
      };
      this.waiting = check;
      check();
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

describe('connection cap', () => {
  it('connections beyond MAX_CONNECTIONS are closed unanswered; the open ones keep working', async () => {
    const { port } = await listen({ MAX_CONNECTIONS: '3', KEEP_ALIVE_TIMEOUT_MS: '60000' });
    if (app === undefined) throw new Error('no app');
    const server = app.server;
    let dropped = 0;
    server.on('drop', () => dropped++);
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
      );

    const opened: KeptConnection[] = [];
    const open = () => {
      const c = new KeptConnection(port);
      opened.push(c);
      return c;
    };
    try {
      const kept = [open(), open(), open()];
      for (const c of kept) expect((await c.get('/bff/health', port))?.status).toBe(200);
      expect(await connections()).toBe(3);

      // Over the cap: closed by the server, their requests unanswered, however many try.
      const extra = [open(), open()];
      for (const c of extra) expect(await c.get('/bff/health', port)).toBeNull();
      expect(dropped).toBe(2);

      // The three admitted connections still get answers, more than once.
      for (let round = 0; round < 2; round++) {
        for (const c of kept) expect((await c.get('/bff/health', port))?.status).toBe(200);
      }
      // Once one of them goes, a newcomer gets its place.
      kept[0]?.close();
      while ((await connections()) > 2) await new Promise((r) => setImmediate(r));
      const newcomer = open();
      expect((await newcomer.get('/bff/health', port))?.status).toBe(200);
      expect(dropped).toBe(2);
    } finally {
      for (const c of opened) c.close();
    }
  });
});

describe('upstream figures and pauses', () => {
  it('an absurd Retry-After from the service is capped before it reaches the browser', async () => {
    const { port } = await listen({ UPSTREAM_MAX_ATTEMPTS: '1' });
    fake.behave(answerJson('slow down', 429, { 'retry-after': '999999999' }));
    const answer = await raw(port, [request('GET', SNAPSHOT, { host: `127.0.0.1:${port}` })]);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(envelopeOf(answer).message).not.toContain('999999999');
  });

  it('/bff/status is for admins only; source maps are not served', async () => {
    const proxy = {
      AUTH_MODE: 'proxy',
      TRUSTED_PROXIES: '127.0.0.1',
      SESSION_SECRET: 'p'.repeat(32),
      ADMIN_USERS: 'ann',
    };
    const { port } = await listen(proxy);
    const host = `127.0.0.1:${port}`;
    expect((await raw(port, [request('GET', '/bff/status', { host })])).status).toBe(401);
    expect(
      (await raw(port, [request('GET', '/bff/status', { host, 'x-forwarded-user': 'bob' })])).status,
    ).toBe(403);
    const admin = await raw(port, [request('GET', '/bff/status', { host, 'x-forwarded-user': 'ann' })]);
    expect(admin.status).toBe(200);
    expect(JSON.parse(admin.body)).toHaveProperty('budget');
    const map = await raw(port, [request('GET', '/assets/app-1a2b.js.map', { host })]);
    expect(map.status).toBe(404);
    expect(map.body).not.toContain('sources');
  });
});
