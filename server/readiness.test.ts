import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { createReadiness } from './readiness';
import { testConfig } from './testkit';
import { HEALTH_PATHS, livenessSchema, readinessSchema } from '../src/contract/health';

/** `/healthz` and `/readyz` as a load balancer asks them, and the registry of checks behind `/readyz`. */

describe('the readiness registry', () => {
  it('is ready when every check passes, and names the ones that fail', async () => {
    const readiness = createReadiness();
    readiness.add('store', async () => true);
    expect(await readiness.check()).toEqual({ status: 'ready', checks: { store: 'ok' } });
    const removeRedis = readiness.add('redis', async () => false);
    readiness.add('postgres', () => Promise.reject(new Error('connection refused')));
    readiness.add('broken', () => {
      throw new Error('not even a promise');
    });
    expect(await readiness.check()).toEqual({
      status: 'not_ready',
      checks: { store: 'ok', redis: 'failed', postgres: 'failed', broken: 'failed' },
    });
    removeRedis();
    expect((await readiness.check()).checks).not.toHaveProperty('redis');
  });

  it('stays ready when a dependency it can do without fails, and says it is degraded', async () => {
    const readiness = createReadiness();
    readiness.add('watchlists', async () => true);
    let redisUp = false;
    readiness.add('redis', async () => redisUp, { required: false });
    expect(await readiness.check()).toEqual({
      status: 'ready',
      checks: { watchlists: 'ok', redis: 'degraded' },
    });
    redisUp = true;
    expect(await readiness.check()).toEqual({ status: 'ready', checks: { watchlists: 'ok', redis: 'ok' } });
  });

  it('counts a check that does not answer in time as failed', async () => {
    const readiness = createReadiness({ timeoutMs: 20 });
    readiness.add('hanging', () => new Promise<boolean>(() => undefined));
    expect(await readiness.check()).toEqual({ status: 'not_ready', checks: { hanging: 'failed' } });
  });

  it('runs the checks once for requests that arrive together', async () => {
    const readiness = createReadiness();
    let runs = 0;
    readiness.add('counted', async () => {
      runs += 1;
      return true;
    });
    await Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    expect(runs).toBe(1);
    await readiness.check();
    expect(runs).toBe(2);
  });

  it('refuses a second check of the same name, and names that could carry more than a name', () => {
    const readiness = createReadiness();
    readiness.add('redis', async () => true);
    expect(() => readiness.add('redis', async () => true)).toThrow(/already/);
    expect(() => readiness.add('redis://user:secret@host', async () => true)).toThrow(/must match/);
  });

  it('is never ready again once shutdown has begun, without running the checks', async () => {
    const readiness = createReadiness();
    let runs = 0;
    readiness.add('store', async () => {
      runs += 1;
      return true;
    });
    readiness.beginShutdown();
    expect(readiness.shuttingDown).toBe(true);
    expect(await readiness.check()).toEqual({ status: 'shutting_down', checks: {} });
    expect(runs).toBe(0);
  });
});

describe('/healthz and /readyz', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  function build(env: Record<string, string> = {}) {
    app = createApp({
      config: testConfig(env),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'readiness-test-key' },
      mode: 'live',
      logger: false,
    });
    return app;
  }

  it('answers both when the store is open; /readyz names the watchlist store', async () => {
    const server = build();
    const live = await server.inject({ method: 'GET', url: HEALTH_PATHS.live });
    expect(live.statusCode).toBe(200);
    expect(livenessSchema.parse(live.json())).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await server.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({ status: 'ready', checks: { watchlists: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is 503 naming the failed check when a registered dependency fails, and ready again after', async () => {
    const server = build();
    let redisUp = false;
    await server.ready();
    server.readiness.add('redis', async () => redisUp);
    const down = await server.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not_ready', checks: { watchlists: 'ok', redis: 'failed' } });
    // Liveness does not depend on anything: the process still answers.
    expect((await server.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
    redisUp = true;
    expect((await server.inject({ method: 'GET', url: HEALTH_PATHS.ready })).statusCode).toBe(200);
  });

  it('is 503 from the moment shutdown begins, and other answers then close their connection', async () => {
    const server = build();
    await server.ready();
    server.readiness.beginShutdown();
    const res = await server.inject({ method: 'GET', url: HEALTH_PATHS.ready });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'shutting_down', checks: {} });
    const other = await server.inject({ method: 'GET', url: '/bff/health' });
    expect(other.headers['connection']).toBe('close');
  });

  it('needs no sign-in and answers to any Host (probes come by address); the rest stays guarded', async () => {
    const server = build({
      AUTH_MODE: 'proxy',
      TRUSTED_PROXIES: '10.0.0.5',
      SESSION_SECRET: 'p'.repeat(32),
      HOST: '0.0.0.0',
    });
    const byAddress = { host: '172.18.0.4:8080' };
    for (const url of [HEALTH_PATHS.live, HEALTH_PATHS.ready]) {
      const res = await server.inject({
        method: 'GET',
        url,
        headers: byAddress,
        remoteAddress: '172.18.0.9',
      });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await server.inject({ method: 'GET', url: '/bff/health', headers: byAddress })).statusCode).toBe(
      421,
    );
    expect((await server.inject({ method: 'GET', url: '/bff/watchlists' })).statusCode).toBe(401);
  });
});
