import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { connect as connectTcp, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { testConfig } from './testkit';
import { disguises, guardedRequests } from './request-target.testkit';
import { openSse } from './watchlists/sse.testkit';
import { sessionSchema } from '../src/contract/session';
import {
  WATCHLIST_CHANGE_EVENT,
  watchlistChangeSchema,
  watchlistIndexSchema,
  watchlistSchema,
} from '../src/contract/watchlists';

/**
 * deploy/nginx.conf in front of one app on loopback: the file as shipped, with only what a test machine
 * must change (the replicas' DNS name becomes the app's port, ports 443 and 80 become free loopback
 * ports, the paths become a temporary folder, whose certificate is made by the commands the file's
 * opening comment documents, run as written). Checks that nginx accepts it; that plain HTTP only sends
 * browsers to HTTPS; that HTTPS answers with HSTS; that the probes and the calendar feeds need no sign-in
 * and reach the app with no user and no password while the rest needs both; that the signed-in user
 * reaches the app and a forged user header does not; that Host is passed on; that one address is held to
 * its requests in flight and its writes, with other addresses and the probes unaffected; and that a live
 * change event comes through while its stream stays open. (Debian's nginx 1.22 passed the events on
 * promptly even with proxy_buffering on, so this shows the path works, not that the directive is needed;
 * the file turns buffering off for the stream and the app sends X-Accel-Buffering: no as well.)
 *
 * What the app received is read off its socket (a listener ahead of Fastify's), for the requests that
 * carry an X-Test-Mark header. Each test that counts limits speaks from a loopback address of its own
 * (127.0.0.2 and on; Linux answers the whole 127/8), so that the per-address zones never mix tests.
 *
 * Needs Debian's nginx (`apt-get install nginx`) and openssl; without nginx the test is skipped, with the
 * reason in its title, unless REQUIRE_NGINX=1 makes the absence a failure.
 */

const CONF = path.join(import.meta.dirname, '../deploy/nginx.conf');
/** deploy/nginx.conf: limit_conn per_address, limit_req zone=writes (rate and burst). */
const CONNECTIONS_PER_ADDRESS = 64;
const WRITE_BURST = 30;
const WRITES_PER_S = 2;

function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** `text` with `pattern` replaced; the pattern must be there exactly once (the file has changed otherwise). */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (found.length !== 1) throw new Error(`deploy/nginx.conf: expected one match of ${String(pattern)}`);
  return text.replace(pattern, by);
}

/**
 * deploy/nginx.conf for this machine: the app on `appPort`, HTTPS on `httpsPort` and plain HTTP on
 * `httpPort` (both loopback), files under `dir` (the certificate under `dir`/deploy/tls).
 */
function localNginxConf(
  conf: string,
  o: { appPort: number; httpsPort: number; httpPort: number; dir: string },
): string {
  let text = conf;
  text = replaceOnce(text, /^\s*resolver .*;$/m, '');
  text = replaceOnce(text, /server app:8080 resolve([^;]*);/, `server 127.0.0.1:${o.appPort}$1;`);
  text = replaceOnce(text, /listen 443 ssl([^;]*);/, `listen 127.0.0.1:${o.httpsPort} ssl$1;`);
  text = replaceOnce(text, /listen 80;/, `listen 127.0.0.1:${o.httpPort};`);
  const tls = path.join(o.dir, 'deploy', 'tls');
  text = replaceOnce(text, /\/etc\/nginx\/tls\/cert\.pem/, path.join(tls, 'cert.pem'));
  text = replaceOnce(text, /\/etc\/nginx\/tls\/key\.pem/, path.join(tls, 'key.pem'));
  text = text.replaceAll('/etc/nginx/htpasswd', path.join(o.dir, 'htpasswd'));
  text = replaceOnce(
    text,
    /error_log \/dev\/stderr warn;/,
    `error_log ${path.join(o.dir, 'error.log')} warn;\npid ${path.join(o.dir, 'nginx.pid')};`,
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${path.join(o.dir, 'temp', kind)};`)
    .join('\n  ');
  text = replaceOnce(text, /access_log \/dev\/stdout;/, `access_log off;\n  ${temp}`);
  return text;
}

/**
 * The certificate commands of deploy/nginx.conf's opening comment, as written there: the indented
 * comment lines from `PUBLIC_HOST=...` on, and the name they make it for.
 */
function certificateCommands(conf: string): { script: string; publicHost: string } {
  const lines = conf.split('\n');
  const start = lines.findIndex((line) => /^# {3}PUBLIC_HOST=/.test(line));
  const block: string[] = [];
  for (let i = start; i >= 0 && lines[i]?.startsWith('#   '); i++) block.push((lines[i] ?? '').slice(4));
  const publicHost = /^PUBLIC_HOST=(\S+)/.exec(block[0] ?? '')?.[1];
  if (publicHost === undefined) throw new Error('deploy/nginx.conf: no certificate commands in its comment');
  return { script: block.join('\n'), publicHost };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Map<string, string>;
}

/** An HTTP/1.1 request exactly as written (the target is not normalised on the way), Connection: close. */
function requestText(method: string, target: string, headers: Record<string, string>, body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`];
  for (const [name, value] of Object.entries({ host: '127.0.0.1', ...headers }))
    lines.push(`${name}: ${value}`);
  if (body !== '') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  lines.push('connection: close', '', body);
  return lines.join('\r\n');
}

function parseAnswer(raw: string): Answer {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name) ?? ''}, ${value}` : value);
  }
  return { status, headers };
}

const nginx = findNginx();
const required = process.env['REQUIRE_NGINX'] === '1';

describe('deploy/nginx.conf in front of the app', () => {
  if (nginx === null) {
    if (required) {
      it('finds nginx (REQUIRE_NGINX=1)', () => expect.fail('no nginx binary: apt-get install nginx'));
    } else {
      const reason = 'skipped: no nginx binary (apt-get install nginx; REQUIRE_NGINX=1 makes this a failure)';
      console.warn(`deploy/nginx.conf: ${reason}`);
      it.skip(reason, () => {});
    }
    return;
  }

  const SECRET = 'n'.repeat(32);
  const ALICE = `Basic ${Buffer.from('alice:wonderland').toString('base64')}`;
  let app: FastifyInstance;
  let proxy: ChildProcess | null = null;
  let dir = '';
  let base = '';
  let httpsPort = 0;
  let httpPort = 0;
  let cert = '';
  let publicHost = '';
  let previousDispatcher: Dispatcher | null = null;
  /** What the app received, for requests marked with X-Test-Mark. */
  const received = new Map<string, { url: string; headers: IncomingHttpHeaders }>();

  /** A TLS connection to nginx from `from` (a loopback address), trusting the certificate made here. */
  function tlsFrom(port: number, from?: string): TLSSocket {
    const socket = connectTcp({ host: '127.0.0.1', port, localAddress: from });
    return connectTls({ socket, host: '127.0.0.1', ca: cert });
  }

  /** One request to nginx over its own connection, from `from` (a loopback address). */
  async function exchange(o: { tls: boolean; port?: number; from?: string; text: string }): Promise<Answer> {
    const socket: Socket | TLSSocket = o.tls
      ? tlsFrom(o.port ?? httpsPort, o.from)
      : connectTcp({ host: '127.0.0.1', port: o.port ?? httpPort, localAddress: o.from });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(o.text);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('close', () => resolve());
    });
    return parseAnswer(Buffer.concat(chunks).toString('latin1'));
  }

  /**
   * Asks until the answer has status `want`, waiting longer each time (50 ms doubling to 1 s, 16 tries,
   * about 10 s in all): what nginx has not counted yet on a busy machine it counts a moment later. The
   * last status seen.
   */
  async function statusOnceSettled(ask: () => Promise<Answer>, want: number): Promise<number> {
    let status = 0;
    for (let tries = 0; tries < 16; tries++) {
      status = (await ask()).status;
      if (status === want) break;
      await delay(Math.min(1000, 50 * 2 ** tries));
    }
    return status;
  }

  /** Over HTTPS, from `from`. */
  const https = (text: string, from?: string): Promise<Answer> => exchange({ tls: true, from, text });

  /**
   * A request nginx has taken in and waits on: its header is sent, its body (announced) never comes, so
   * it stays in flight, as a slow upload's does. `answered()`: what came back so far.
   */
  async function holdOpen(from: string): Promise<{ socket: TLSSocket; answered: () => string }> {
    const socket = tlsFrom(httpsPort, from);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve);
      socket.once('error', reject);
    });
    const text = requestText('GET', '/bff/mode', { authorization: ALICE, 'content-length': '1000' });
    socket.write(`${text}x`);
    return { socket, answered: () => answer };
  }

  beforeAll(async () => {
    app = createApp({
      config: testConfig({ AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.1', SESSION_SECRET: SECRET }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'nginx-test-key' },
      mode: 'live',
      logger: false,
    });
    // Ahead of Fastify's own listener: every request as it arrived, whatever the app then answers.
    app.server.prependListener('request', (req: IncomingMessage) => {
      const mark = req.headers['x-test-mark'];
      if (typeof mark === 'string') received.set(mark, { url: req.url ?? '', headers: req.headers });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no app port');

    dir = mkdtempSync(path.join(tmpdir(), 'nginx-test-'));
    // nginx's workers run as an unprivileged user when started as root: they read and write here.
    chmodSync(dir, 0o755);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(dir, 'temp', kind), { recursive: true, mode: 0o777 });
      chmodSync(path.join(dir, 'temp', kind), 0o777);
    }
    writeFileSync(path.join(dir, 'htpasswd'), 'alice:{PLAIN}wonderland\n', { mode: 0o644 });

    const shipped = readFileSync(CONF, 'utf8');
    const commands = certificateCommands(shipped);
    publicHost = commands.publicHost;
    const made = spawnSync('sh', ['-c', commands.script], { cwd: dir, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    cert = readFileSync(path.join(dir, 'deploy', 'tls', 'cert.pem'), 'utf8');
    previousDispatcher = getGlobalDispatcher();
    // fetch (and openSse) trust the certificate just made, as a browser told to trust it would.
    setGlobalDispatcher(new Agent({ connect: { ca: cert } }));

    httpsPort = await freePort();
    httpPort = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, localNginxConf(shipped, { appPort: address.port, httpsPort, httpPort, dir }));

    const check = spawnSync(nginx, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    proxy = spawn(nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `https://127.0.0.1:${httpsPort}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('nginx did not start');
      }
      await delay(25);
    }
  });

  afterAll(async () => {
    if (proxy !== null) {
      const stopped = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await stopped;
    }
    if (previousDispatcher !== null) setGlobalDispatcher(previousDispatcher);
    await app?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTPS with the documented certificate, HTTP/2 offered, and HSTS on every answer', async () => {
    const socket = connectTls({
      host: '127.0.0.1',
      port: httpsPort,
      ca: cert,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve);
      socket.once('error', reject);
    });
    const names = socket.getPeerCertificate().subjectaltname ?? '';
    const alpn = socket.alpnProtocol;
    socket.destroy();
    expect(names.split(', ')).toEqual(expect.arrayContaining([`DNS:${publicHost}`, 'DNS:localhost']));
    expect(alpn).toBe('h2');

    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(live.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const refused = await fetch(`${base}/bff/watchlists`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('only sends plain HTTP to HTTPS: never asks for a password there, never passes a request on', async () => {
    for (const [method, credentials] of [
      ['GET', {}],
      ['GET', { authorization: ALICE }],
      ['POST', { authorization: ALICE }],
    ] as const) {
      const mark = `plain-${method}-${Object.keys(credentials).length}`;
      const answer = await exchange({
        tls: false,
        text: requestText(
          method,
          '/bff/watchlists?tab=2',
          { host: `${publicHost}:8080`, 'x-test-mark': mark, ...credentials },
          method === 'POST' ? '{"name":"clear text"}' : '',
        ),
      });
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe(`https://${publicHost}/bff/watchlists?tab=2`);
      expect(answer.headers.has('www-authenticate')).toBe(false);
      expect(received.has(mark)).toBe(false);
    }

    // Plain HTTP sent to the HTTPS port (a PUBLIC_PORT other than 443): to HTTPS on that same port.
    const misdirected = await exchange({
      tls: false,
      port: httpsPort,
      text: requestText('GET', '/bff/mode', {
        host: `localhost:${httpsPort}`,
        'x-test-mark': 'plain-to-tls',
      }),
    });
    expect(misdirected.status).toBe(301);
    expect(misdirected.headers.get('location')).toBe(`https://localhost:${httpsPort}/bff/mode`);
    expect(misdirected.headers.has('www-authenticate')).toBe(false);
    expect(received.has('plain-to-tls')).toBe(false);
  });

  it('lets the probes through without sign-in, and nothing else', async () => {
    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const data = await fetch(`${base}/bff/watchlists`);
    expect(data.status).toBe(401);
    expect(data.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('passes the probes on with no user and no password, whatever the client sent', async () => {
    const WRONG = `Basic ${Buffer.from('alice:guess').toString('base64')}`;
    for (const target of ['/healthz', '/readyz']) {
      for (const [i, authorization] of [ALICE, WRONG].entries()) {
        const mark = `probe-${target}-${i}`;
        const answer = await https(
          requestText('GET', target, { authorization, 'x-forwarded-user': 'mallory', 'x-test-mark': mark }),
        );
        expect(answer.status).toBe(200);
        const headers = received.get(mark)?.headers;
        expect(headers).toBeDefined();
        expect(headers?.authorization).toBeUndefined();
        expect(headers?.['x-forwarded-user']).toBeUndefined();
        expect(headers?.['x-forwarded-proto']).toBe('https');
      }
    }
  });

  it('names the signed-in user to the app, never a user header the browser sent, and keeps the password', async () => {
    const res = await fetch(`${base}/bff/session`, {
      headers: {
        authorization: ALICE,
        'x-forwarded-user': 'mallory',
        'x-forwarded-for': '203.0.113.9',
        'x-test-mark': 'session',
      },
    });
    expect(res.status).toBe(200);
    expect(sessionSchema.parse(await res.json()).user).toMatchObject({ id: 'alice' });
    const headers = received.get('session')?.headers;
    expect(headers?.['x-forwarded-user']).toBe('alice');
    expect(headers?.authorization).toBeUndefined();
    expect(headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers?.['x-forwarded-proto']).toBe('https');
  });

  it('passes calendar feeds on without sign-in and with no user, however the path is written', async () => {
    // The app knows a feed by the secret token in its path alone (it answers its own status here): a
    // calendar app that cannot sign in gets through, and a signed-in browser's user is not passed on.
    for (const [mark, credentials] of [
      ['feed-calendar-app', {}],
      ['feed-browser', { authorization: ALICE, 'x-forwarded-user': 'alice' }],
    ] as const) {
      const feed = await https(
        requestText('GET', '/bff/hk-ipo/feed/0123456789abcdef.ics', { 'x-test-mark': mark, ...credentials }),
      );
      expect(feed.headers.get('www-authenticate') ?? '').not.toMatch(/^Basic/);
      const headers = received.get(mark)?.headers;
      expect(headers).toBeDefined();
      expect(headers?.authorization).toBeUndefined();
      expect(headers?.['x-forwarded-user']).toBeUndefined();
    }

    // Either nginx asks for a password (and nothing reaches the app) or the app sees no user at all:
    // no way of writing a path gets a forged or borrowed user past the feed location.
    const targets = [
      '/bff/hk-ipo/feed/../../watchlists',
      '/bff/hk-ipo/feed/%2e%2e/%2e%2e/watchlists',
      '/bff/hk-ipo/feed/..%2f..%2fwatchlists',
      '/bff/hk-ipo/%66eed/token',
      '/bff//hk-ipo/feed/token',
      '/bff/watchlists/..%2f..%2fhk-ipo/feed/token',
      '/bff/hk-ipo/calendar.ics',
      '/bff/hk-ipo/feedtoken',
    ];
    let asked = 0;
    for (const [i, target] of targets.entries()) {
      const mark = `feed-${i}`;
      const answer = await https(
        requestText('GET', target, { 'x-forwarded-user': 'alice', 'x-test-mark': mark }),
      );
      const arrived = received.get(mark);
      if (arrived === undefined) {
        expect(answer.status, target).toBe(401);
        expect(answer.headers.get('www-authenticate'), target).toMatch(/^Basic/);
        asked++;
      } else {
        expect(arrived.headers['x-forwarded-user'], target).toBeUndefined();
      }
    }
    // Not everything went one way: the paths outside the feed location were asked for a password.
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(received.has(`feed-${targets.indexOf('/bff/hk-ipo/calendar.ics')}`)).toBe(false);
  });

  it('refuses every guarded request however its path is written, through nginx as through the app', async () => {
    // The walk of request-target.test.ts, with nginx in between: alice signs in at nginx (a user that is
    // not an admin and sends no CSRF token); anonymous requests send no password.
    // Each guarded request from an address of its own, within nginx's per-address burst (the walk is
    // about the path, not the rate limit).
    for (const [n, guarded] of guardedRequests.entries()) {
      const from = `127.0.1.${n + 1}`;
      const credentials: Record<string, string> = {
        ...(guarded.user === null ? {} : { authorization: ALICE }),
        ...(guarded.body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      for (const target of disguises(guarded.path, httpsPort)) {
        const answer = await https(requestText(guarded.method, target, credentials, guarded.body), from);
        const seen = `${guarded.method} ${target} → ${answer.status}`;
        expect(answer.status, seen).toBeGreaterThanOrEqual(300);
        if (answer.status === 308) {
          expect(guarded.method, seen).toBe('GET');
          const location = answer.headers.get('location') ?? '';
          const followed = await https(requestText(guarded.method, location, credentials), from);
          expect([401, 403], `${seen} → ${location}`).toContain(followed.status);
        } else {
          expect([400, 401, 403, 404], seen).toContain(answer.status);
        }
      }
    }
    // Nothing was written on the way.
    const lists = await fetch(`${base}/bff/watchlists`, { headers: { authorization: ALICE } });
    expect(lists.status).toBe(200);
    expect(watchlistIndexSchema.parse(await lists.json()).watchlists).toEqual([]);
  });

  it('passes the Host on, so the app refuses names it does not answer to', async () => {
    const answer = await https(
      requestText('GET', '/bff/mode', { host: 'rebind.evil.example', authorization: ALICE }),
    );
    expect(answer.status).toBe(421);
  });

  it(`holds one address to ${CONNECTIONS_PER_ADDRESS} requests in flight; other addresses and the probes go on`, async () => {
    const holder = '127.0.0.2';
    const mode = (from: string): Promise<Answer> =>
      https(requestText('GET', '/bff/mode', { authorization: ALICE }), from);
    const held = await Promise.all(Array.from({ length: CONNECTIONS_PER_ADDRESS }, () => holdOpen(holder)));
    try {
      // nginx counts a request once its header is read; the last ones may still be on their way on a
      // busy machine. (All of this stays within the address's request burst, 100: a 429 here is the
      // connection limit's.)
      expect(await statusOnceSettled(() => mode(holder), 429)).toBe(429);
      // Refused past the cap, and only past it: every held request was taken in, and still waits.
      expect(held.map((h) => h.answered().split('\r\n')[0]).filter((line) => line !== '')).toEqual([]);
      expect((await mode('127.0.0.3')).status).toBe(200);
      for (const probe of ['/healthz', '/readyz']) {
        expect((await https(requestText('GET', probe, {}), holder)).status).toBe(200);
      }
    } finally {
      for (const h of held) h.socket.destroy();
    }
    // Once the held requests are gone, the address is served again.
    expect(await statusOnceSettled(() => mode(holder), 200)).toBe(200);
  });

  it(`refuses one address's writes past a burst of ${WRITE_BURST}, before the app, and still serves its reads`, async () => {
    const writer = '127.0.0.4';
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: WRITE_BURST + 15 }, (_, i) =>
        https(
          requestText(
            'POST',
            '/bff/watchlists',
            { authorization: ALICE, 'content-type': 'application/json', 'x-test-mark': `write-${i}` },
            '{"name":"flood"}',
          ),
          writer,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const passed = answers.filter((a) => a.status !== 429).length;
    // The burst and one more at once, then WRITES_PER_S: never fewer, and no more than the time allowed.
    expect(passed).toBeGreaterThanOrEqual(WRITE_BURST + 1);
    expect(passed).toBeLessThanOrEqual(WRITE_BURST + 1 + Math.ceil(seconds * WRITES_PER_S));
    const reachedApp = answers.filter((_, i) => received.has(`write-${i}`)).length;
    expect(reachedApp).toBe(passed);
    // Reads are not writes.
    expect((await https(requestText('GET', '/bff/mode', { authorization: ALICE }), writer)).status).toBe(200);
  });

  it('passes a live change event on while its stream stays open', async () => {
    const events = await openSse(`${base}/bff/watchlists/events`, { authorization: ALICE });
    try {
      expect(events.response.status).toBe(200);
      expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect((await events.nextFrame())?.retry).toBeGreaterThan(0);

      const session = sessionSchema.parse(
        await (await fetch(`${base}/bff/session`, { headers: { authorization: ALICE } })).json(),
      );
      const created = await fetch(`${base}/bff/watchlists`, {
        method: 'POST',
        headers: {
          authorization: ALICE,
          'content-type': 'application/json',
          'x-csrf-token': session.csrf ?? '',
        },
        body: JSON.stringify({ name: 'Through nginx' }),
      });
      expect(created.status).toBe(201);
      const list = watchlistSchema.parse(await created.json());

      // A few dozen bytes, arriving while the stream is open: nothing on the way holds them back.
      const frame = await events.nextEvent();
      expect(frame?.event).toBe(WATCHLIST_CHANGE_EVENT);
      expect(watchlistChangeSchema.parse(JSON.parse(frame?.data ?? 'null'))).toEqual({
        id: list.id,
        version: list.version,
        deleted: false,
      });
    } finally {
      events.close();
    }
  });
});
