import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT, createApp, MAX_URL_LENGTH } from './app';
import { BUILD_HINT } from './static';
import { startFakeUpstream } from './gateway/fake-upstream.testkit';
import type { FakeUpstream } from './gateway/fake-upstream.testkit';
import { testConfig } from './testkit';

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

function buildApp(
  staticDir: string,
  mode: 'simulated' | 'live' = 'simulated',
  env: NodeJS.ProcessEnv = {},
): FastifyInstance {
  app = createApp({
    config: testConfig({ STATIC_DIR: staticDir, ...env }),
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
  // What the build writes beside each asset (vite.config.ts): its compressed forms.
  writeFileSync(join(built, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log(1);'));
  writeFileSync(join(built, 'assets', 'app-1a2b.js.gz'), gzipSync('console.log(1);'));
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

  it("names each page's route chunks for preloading when the build has a manifest", async () => {
    const site = mkdtempSync(join(tmpdir(), 'bff-manifest-'));
    try {
      mkdirSync(join(site, '.vite'));
      writeFileSync(join(site, 'index.html'), '<html><head></head><body></body></html>');
      const manifest = {
        'index.html': { file: 'assets/index-1.js' },
        'src/routes/stock.$thscode.tsx?tsr-split=component': { file: 'assets/stock-1.js' },
        'src/routes/hot.tsx?tsr-split=component': { file: 'assets/hot-1.js' },
      };
      writeFileSync(join(site, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const a = buildApp(site);
      const html = { accept: 'text/html' };
      const stock = await a.inject({ method: 'GET', url: '/stock/600519.SH?range=1y', headers: html });
      expect(stock.statusCode).toBe(200);
      expect(stock.headers['content-type']).toContain('text/html');
      expect(stock.headers['cache-control']).toBe('no-cache');
      expect(stock.body).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/stock-1.js">',
      );
      expect(stock.body).not.toContain('hot-1.js');
      const hot = await a.inject({ method: 'GET', url: '/hot', headers: html });
      expect(hot.body).toContain('href="/assets/hot-1.js"');
      expect(hot.body).not.toContain('stock-1.js');
      // The manifest itself is a dotfile folder: not served.
      expect((await a.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
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

  it("sends an asset's compressed form from the build, in the encoding the browser takes", async () => {
    const a = buildApp(built);
    const fromBuild = (name: string) => readFileSync(join(built, 'assets', name));
    const br = await a.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // The file the build wrote, as it is (compressing on the fly streams it, without a length).
    expect(br.headers['content-length']).toBe(String(fromBuild('app-1a2b.js.br').length));
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1);');
    const gzip = await a.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(String(fromBuild('app-1a2b.js.gz').length));
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1);');
    const plain = await a.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
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

describe('protection', () => {
  const SNAPSHOT = '/api/a-share/prices/snapshot?limit=2';

  it('limits each client on /api: 429 with Retry-After and a 6429 envelope; pages are not limited', async () => {
    const a = buildApp(built, 'simulated', { CLIENT_RATE_LIMIT_PER_MIN: '3' });
    for (let i = 0; i < 3; i++) {
      const allowed = await a.inject({ method: 'GET', url: SNAPSHOT });
      expect(allowed.statusCode).toBe(200);
      // The limit's figures come with a refusal only, not on every answer under it.
      expect(allowed.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const limited = await a.inject({ method: 'GET', url: SNAPSHOT });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-cache']).toBe('MISS');
    const env: unknown = limited.json();
    expect(env).toMatchObject({ code: 6429, data: null, request_id: limited.headers['x-request-id'] });
    // Another client is not affected; neither are the page and the status endpoint.
    const other = await a.inject({ method: 'GET', url: SNAPSHOT, remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode).toBe(
      200,
    );
    expect((await a.inject({ method: 'GET', url: '/bff/status' })).statusCode).toBe(200);
  });

  it('refuses an over-long URL with 414 and an envelope, before any upstream call', async () => {
    fake.requests.length = 0;
    const a = buildApp(empty);
    const url = `/api/a-share/auction/snapshot?thscodes=${'600519.SH,'.repeat(MAX_URL_LENGTH / 10)}`;
    const res = await a.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: 1002, data: null });
    expect(res.headers['x-request-id']).toMatch(/^bff-/);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps request bodies small, and a body sent to /api is still a 404 envelope', async () => {
    const a = buildApp(empty);
    expect(a.initialConfig.bodyLimit).toBe(BODY_LIMIT);
    const res = await a.inject({
      method: 'POST',
      url: '/api/a-share/prices/snapshot',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(2 * BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 6404 });
  });

  it('sends a referrer policy and a CSP without eval or inline script', async () => {
    const res = await buildApp(built).inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names the cache status on every /api answer, errors included', async () => {
    const a = buildApp(empty);
    for (const url of ['/api/nope', '/api/a-share/prices/snapshot?limit=0', SNAPSHOT]) {
      const res = await a.inject({ method: 'GET', url });
      expect(res.headers['x-cache'], url).toBe('MISS');
    }
    expect((await a.inject({ method: 'GET', url: SNAPSHOT })).headers['x-cache']).toBe('HIT');
  });
});

describe('GET /bff/status', () => {
  it('shows upstream health per group, budget use and cache figures', async () => {
    const a = buildApp(empty);
    await a.inject({ method: 'GET', url: '/api/a-share/prices/snapshot?limit=2' });
    await a.inject({ method: 'GET', url: '/api/a-share/prices/snapshot?limit=2' });
    const res = await a.inject({ method: 'GET', url: '/bff/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'simulated',
      upstream: {
        groups: { 'a-share': { state: 'closed', consecutiveFailures: 0, lastError: null } },
        pauses: { global: null, operations: [] },
        lastError: null,
      },
      budget: {
        ratePerSecond: 5,
        burst: 5,
        queued: { user: 0, background: 0, max: 100 },
        callsLastMinute: 1,
        inFlight: 0,
      },
      cache: { entries: 1, hits: 1, misses: 1, stale: 0, maxBytes: 64 * 1024 * 1024 },
    });
    expect(res.json()).toHaveProperty('cache.bytes', expect.any(Number));
    expect(res.body).not.toContain('app-test-key-123');
  });
});
