import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { loadConfig } from './config';
import { BUILD_HINT } from './static';
import { startFakeUpstream } from './gateway/fake-upstream.testkit';
import type { FakeUpstream } from './gateway/fake-upstream.testkit';

const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head></html>';
const pkgVersion: unknown = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

let fake: FakeUpstream;
let built: string;
let empty: string;
let app: FastifyInstance | undefined;

function buildApp(staticDir: string, mode: 'simulated' | 'live' = 'simulated'): FastifyInstance {
  app = createApp({
    config: loadConfig({ STATIC_DIR: staticDir }),
    upstream: { baseUrl: fake.url, apiKey: 'app-test-key-123' },
    mode,
    clock: () => NOW,
    logger: false,
  });
  return app;
}

beforeAll(async () => {
  fake = await startFakeUpstream();
  built = mkdtempSync(join(tmpdir(), 'bff-static-'));
  mkdirSync(join(built, 'assets'));
  writeFileSync(join(built, 'index.html'), INDEX_HTML);
  writeFileSync(join(built, 'assets', 'app-1a2b.js'), 'console.log(1);');
  writeFileSync(join(built, '.env'), 'SECRET=1');
  empty = mkdtempSync(join(tmpdir(), 'bff-empty-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(built, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('own endpoints', () => {
  it('GET /bff/health answers ok', async () => {
    const res = await buildApp(empty).inject({ method: 'GET', url: '/bff/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.each(['simulated', 'live'] as const)(
    'GET /bff/mode tells the mode (%s), version and clock',
    async (mode) => {
      const res = await buildApp(empty, mode).inject({ method: 'GET', url: '/bff/mode' });
      expect(res.json()).toEqual({ mode, version: pkgVersion, now: NOW });
    },
  );

  it('an unknown /bff path is a plain 404, never the SPA', async () => {
    const res = await buildApp(built).inject({
      method: 'GET',
      url: '/bff/nope',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html>');
  });
});

describe('the built SPA', () => {
  it('serves index.html at / and for client-side routes that accept HTML', async () => {
    const a = buildApp(built);
    const root = await a.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(INDEX_HTML);
    const deep = await a.inject({
      method: 'GET',
      url: '/stock/600519.SH?tab=bars',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(INDEX_HTML);
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, and a missing file as 404 rather than index.html', async () => {
    const a = buildApp(built);
    const asset = await a.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await a.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html>');
  });

  it('does not serve dotfiles', async () => {
    const res = await buildApp(built).inject({ method: 'GET', url: '/.env' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('SECRET');
  });

  it.each(['empty folder', 'missing folder'])(
    'without a build (%s), / explains how to build',
    async (which) => {
      const dir = which === 'empty folder' ? empty : join(empty, 'does-not-exist');
      const res = await buildApp(dir).inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe(BUILD_HINT);
      expect(res.body).toContain('npm run build');
    },
  );
});

describe('security headers', () => {
  it('sends a CSP without inline scripts and forbids framing, on pages and on /api', async () => {
    const a = buildApp(built);
    for (const url of ['/', '/api/a-share/prices/snapshot', '/api/nope']) {
      const res = await a.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends no CORS headers, even to a cross-origin request', async () => {
    const a = buildApp(built);
    for (const [method, url] of [
      ['GET', '/api/a-share/prices/snapshot'],
      ['OPTIONS', '/api/a-share/prices/snapshot'],
      ['GET', '/bff/mode'],
    ] as const) {
      const res = await a.inject({
        method,
        url,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('over a real socket', () => {
  it('serves /api through a listening server and HEAD works like GET without a body', async () => {
    fake.requests.length = 0;
    const a = buildApp(empty);
    const address = await a.listen({ port: 0, host: '127.0.0.1' });
    const get = await fetch(`${address}/api/a-share/prices/snapshot?limit=2`);
    expect(get.status).toBe(200);
    expect(get.headers.get('x-request-id')).toBe('up-req-1');
    const head = await fetch(`${address}/api/a-share/prices/snapshot?limit=2`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // The second one is answered from the cache.
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(head.headers.get('x-request-id')).toBe('up-req-1');
    expect(fake.requests.map((r) => r.url)).toEqual(['/api/a-share/prices/snapshot?limit=2&offset=0']);
  });
});
