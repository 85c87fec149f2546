import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { csrfToken } from './auth/tokens';
import { readTarget } from './request-target';
import { testConfig } from './testkit';
import { disguises, guardedRequests } from './request-target.testkit';
import { watchlistIndexSchema } from '../src/contract/watchlists';

/**
 * One reading of a request's target (issue 27): every trick that made the sign-in checks read another
 * path than the router, tried through a real socket with the raw bytes an attacker would send.
 */

describe('readTarget', () => {
  it.each([
    ['/', 'canonical'],
    ['/bff/watchlists/5?version=2', 'canonical'],
    ['/api/a-share/prices/snapshot?thscodes=600519.SH,000001.SZ', 'canonical'],
    ['/stock/600519.SH', 'canonical'],
    ['/bff/watchlists/', 'canonical'],
    ["/a/b:c@d!$&'()*+,;=~_-.", 'canonical'],
    ['/search/%E8%8C%85%E5%8F%B0', 'canonical'],
    ['/bff/hk-ipo/issues/a%3Fb.ics', 'canonical'],
    // Malformed escapes are left to the router, which refuses them without routing.
    ['/api/%zz', 'canonical'],
  ])('%s is %s', (target, kind) => {
    expect(readTarget(target).kind).toBe(kind);
  });

  it.each([
    ['/%62ff/watchlists', '/bff/watchlists'],
    ['/bff/%73tatus', '/bff/status'],
    ['/bff/st%61tus?x=1', '/bff/status?x=1'],
    ['/search/%e8%8c%85', '/search/%E8%8C%85'],
    ['/bff/./watchlists', '/bff/watchlists'],
    ['/bff/x/../watchlists', '/bff/watchlists'],
    ['/bff/%2e%2E/bff/status', '/bff/status'],
    ['/../../bff/status', '/bff/status'],
    ['/bff/watchlists/.', '/bff/watchlists/'],
    ['//bff/watchlists', '/bff/watchlists'],
    ['/bff//watchlists///5', '/bff/watchlists/5'],
    ['//evil.example/x', '/evil.example/x'],
  ])('%s is redirected to %s', (target, location) => {
    expect(readTarget(target)).toMatchObject({ kind: 'redirect', location });
  });

  it.each([
    'http://127.0.0.1/bff/watchlists',
    'HTTP://localhost/bff/status',
    '*',
    'bff/status',
    '/bff%2Fstatus',
    '/bff%2fwatchlists',
    '/bff%5Cstatus',
    '/bff/status%00',
    '/bff/status#x',
    '/bff\\status',
    '/bff/st atus',
    '/bff/"status',
  ])('%s is refused', (target) => {
    expect(readTarget(target).kind).toBe('refused');
  });
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One request written byte for byte (nothing a client library would tidy up), read until close. */
function send(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(lines[0]?.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    const length =
      body === '' ? '' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    socket.write(`${head}\r\nhost: 127.0.0.1\r\nconnection: close\r\n${length}\r\n${body}`);
  });
}

describe('the sign-in checks read the path the router routes (proxy mode, real socket)', () => {
  const SECRET = 's'.repeat(32);
  let app: FastifyInstance;
  let port = 0;
  const bobToken = csrfToken(SECRET, 'bob', '');

  beforeAll(async () => {
    app = createApp({
      config: testConfig({
        AUTH_MODE: 'proxy',
        TRUSTED_PROXIES: '127.0.0.1',
        SESSION_SECRET: SECRET,
        ADMIN_USERS: 'root',
      }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'target-test-key-0123456789' },
      mode: 'live',
      logger: false,
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await app.close();
  });

  async function bobsListNames(): Promise<string[]> {
    const answer = await send(port, 'GET /bff/watchlists HTTP/1.1\r\nx-forwarded-user: bob');
    expect(answer.status).toBe(200);
    return watchlistIndexSchema.parse(JSON.parse(answer.body)).watchlists.map((list) => list.name);
  }

  it('the plain forms are refused as they should be (the baseline of the walk)', async () => {
    const post = await send(port, 'POST /bff/watchlists HTTP/1.1\r\nx-forwarded-user: bob', '{"name":"x"}');
    expect(post.status).toBe(403);
    expect((await send(port, 'GET /bff/status HTTP/1.1\r\nx-forwarded-user: bob')).status).toBe(403);
    expect((await send(port, 'GET /bff/status HTTP/1.1')).status).toBe(401);
    expect((await send(port, 'GET /api/a-share/prices/snapshot?thscodes=600519.SH HTTP/1.1')).status).toBe(
      401,
    );
  });

  it.each(guardedRequests)('$name: refused however the path is written', async (probe) => {
    for (const target of disguises(probe.path, port)) {
      const head = `${probe.method} ${target} HTTP/1.1${probe.user === null ? '' : `\r\nx-forwarded-user: ${probe.user}`}`;
      const answer = await send(port, head, probe.body);
      const seen = `${probe.method} ${target} → ${answer.status}`;
      expect(answer.status, seen).toBeGreaterThanOrEqual(300);
      if (answer.status === 308) {
        // A redirect is only ever to the plain form, which is then refused as the plain form is.
        expect(probe.method, seen).toBe('GET');
        const location = answer.headers.get('location') ?? '';
        expect(location, seen).toBe(probe.path);
        const followed = await send(port, head.replace(target, location));
        expect(followed.status, `${seen} → ${location}`).toBe(probe.refused);
      } else {
        expect([400, 401, 403, 404], seen).toContain(answer.status);
      }
    }
  });

  it('with a valid token the plain form works, so the refusals above are the disguises', async () => {
    const head = `POST /bff/watchlists HTTP/1.1\r\nx-forwarded-user: bob\r\nx-csrf-token: ${bobToken}`;
    const created = await send(port, head, '{"name":"plain"}');
    expect(created.status).toBe(201);
    // Written any other way, even with the token, a change is refused rather than replayed elsewhere.
    const disguised = await send(
      port,
      head.replace('/bff/watchlists', '/%62ff/watchlists'),
      '{"name":"twice"}',
    );
    expect(disguised.status).toBe(400);
    expect(JSON.parse(disguised.body)).toMatchObject({ code: 1002 });
    expect(await bobsListNames()).toEqual(['plain']);
  });

  it('a disguised page address is redirected to its plain form, query kept', async () => {
    const answer = await send(port, 'GET //stock/./600519.SH?tab=daily HTTP/1.1');
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/stock/600519.SH?tab=daily');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });
});
