import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { testConfig } from './testkit';
import { openSse } from './watchlists/sse.testkit';
import { sessionSchema } from '../src/contract/session';
import { WATCHLIST_CHANGE_EVENT, watchlistChangeSchema, watchlistSchema } from '../src/contract/watchlists';

/**
 * deploy/nginx.conf in front of one app on loopback: the file as shipped, with only what a test machine
 * must change (the replicas' DNS name becomes the app's port, the paths become a temporary folder).
 * Checks that nginx accepts it, that the probes need no sign-in while the rest does, that the signed-in
 * user reaches the app and a forged user header does not, that Host is passed on, and that a live
 * change event comes through while its stream stays open. (Debian's nginx 1.22 passed the events on
 * promptly even with proxy_buffering on, so this shows the path works, not that the directive is needed;
 * the file turns buffering off for the stream and the app sends X-Accel-Buffering: no as well.)
 *
 * Needs Debian's nginx (`apt-get install nginx`); without it the test is skipped, with the reason in its
 * title, unless REQUIRE_NGINX=1 makes the absence a failure.
 */

const CONF = path.join(import.meta.dirname, '../deploy/nginx.conf');

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

/** deploy/nginx.conf for this machine: the app on `appPort`, nginx on `port`, files under `dir`. */
function localNginxConf(conf: string, o: { appPort: number; port: number; dir: string }): string {
  let text = conf;
  text = replaceOnce(text, /^\s*resolver .*;$/m, '');
  text = replaceOnce(text, /server app:8080 resolve([^;]*);/, `server 127.0.0.1:${o.appPort}$1;`);
  text = replaceOnce(text, /listen 80;/, `listen 127.0.0.1:${o.port};`);
  text = replaceOnce(text, /\/etc\/nginx\/htpasswd/, path.join(o.dir, 'htpasswd'));
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

  beforeAll(async () => {
    app = createApp({
      config: testConfig({ AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.1', SESSION_SECRET: SECRET }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'nginx-test-key' },
      mode: 'live',
      logger: false,
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
    const port = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, localNginxConf(readFileSync(CONF, 'utf8'), { appPort: address.port, port, dir }));

    const check = spawnSync(nginx, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);

    proxy = spawn(nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('nginx did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  afterAll(async () => {
    if (proxy !== null) {
      const stopped = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await stopped;
    }
    await app.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
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

  it('names the signed-in user to the app, never a user header the browser sent', async () => {
    const res = await fetch(`${base}/bff/session`, {
      headers: { authorization: ALICE, 'x-forwarded-user': 'mallory' },
    });
    expect(res.status).toBe(200);
    expect(sessionSchema.parse(await res.json()).user).toMatchObject({ id: 'alice' });
  });

  it('passes the Host on, so the app refuses names it does not answer to', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/bff/mode`,
        { headers: { host: 'rebind.evil.example', authorization: ALICE } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
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
