import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, gatewayOf } from '../../app';
import type { GatewayTuning } from '../../app';
import { testConfig } from '../../testkit';
import { engineMissing, redisServerBinary, startRedisServer } from '../../engines/redis.testkit';
import type { RedisServer } from '../../engines/redis.testkit';
import { answerJson, startFakeUpstream } from '../fake-upstream.testkit';
import type { Behaviour, FakeUpstream } from '../fake-upstream.testkit';
import { ManualClock } from '../manual-clock.testkit';
import type { SharedStatus } from './shared-state';
import { realTicker } from '../ticker';
import type { Ticker } from '../ticker';

/**
 * Several replicas (apps in this process) sharing one real redis-server and one counting fake upstream.
 * Upper bounds only where real time runs ("at most 5 calls in any second"); lifetimes on a manual clock.
 */

const KEY = 'replicas-key-4f1b2c9d8e';
/** A Tuesday, in the morning session: quotes live 3 s, then 5 s of stale-while-revalidate. */
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const quote = (code: string) => `/api/a-share/prices/snapshot?thscodes=${code}`;
const QUOTE = quote('600519.SH');
const OTHER_QUOTE = quote('000001.SZ');
const FUND = '/api/fund/profile/detail?fund_type=otc&thscode=000001.OF';

const binary = redisServerBinary();

describe('replicas sharing Redis', () => {
  if ('missing' in binary) {
    engineMissing('redis-server', binary.missing);
    return;
  }

  let redis: RedisServer;
  let fake: FakeUpstream;
  /** Every request the fake upstream got: real time (ms, monotonic) and path. */
  let calls: { at: number; url: string }[];
  let apps: FastifyInstance[] = [];
  let logLines: string[];
  /** This test's own keys in the one Redis. */
  let prefix: string;
  let tests = 0;

  function body(n: number, code = 0): string {
    return JSON.stringify({
      code,
      message: code === 0 ? 'success' : `failure ${code}`,
      request_id: `up-${n}`,
      data: code === 0 ? { timestamp: NOW, total: 1, item: [{ n }] } : null,
    });
  }

  const numbered: Behaviour = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body(calls.length));
  };

  function behave(b: Behaviour): void {
    fake.behave((req, res) => {
      calls.push({ at: performance.now(), url: req.url ?? '' });
      b(req, res);
    });
  }

  /** `count` more replicas of this test, ready. */
  async function replicas(
    count: number,
    opts: { env?: NodeJS.ProcessEnv; ticker?: Ticker; tuning?: Partial<GatewayTuning> } = {},
  ): Promise<FastifyInstance[]> {
    const made = Array.from({ length: count }, () =>
      createApp({
        config: testConfig({
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: prefix,
          CLIENT_RATE_LIMIT_PER_MIN: '1000000',
          ...opts.env,
        }),
        upstream: { baseUrl: fake.url, apiKey: KEY },
        mode: 'simulated',
        clock: () => NOW,
        ticker: opts.ticker ?? realTicker,
        random: () => 0.5,
        ...(opts.tuning ? { tuning: opts.tuning } : {}),
        logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
      }),
    );
    apps.push(...made);
    await Promise.all(made.map((app) => app.ready()));
    return made;
  }

  function sharedStatus(app: FastifyInstance | undefined): SharedStatus {
    const status = app && gatewayOf(app)?.status().shared;
    if (!status) throw new Error('no shared status');
    return status;
  }

  async function until(what: string, predicate: () => boolean, ms = 10_000): Promise<void> {
    const deadline = performance.now() + ms;
    while (!predicate()) {
      if (performance.now() > deadline) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Every replica counts them all and has settled (the shared budget alone decides), and has opened
   * `connections` connections to the service: the budget counts a call when it lets it go, and a call
   * that must first open a connection (on this loaded test machine, with cold code) can arrive later
   * than the 100 ms margin the budget keeps for such jitter.
   */
  async function settled(group: FastifyInstance[], connections = 1): Promise<void> {
    await until('settled', () =>
      group.every((app) => {
        const s = sharedStatus(app);
        return s.mode === 'shared' && s.replicas === group.length && s.budgetShare === 1;
      }),
    );
    let warm = 0;
    await Promise.all(
      group.flatMap((app) =>
        Array.from({ length: connections }, () => get(app, quote(`${699000 + warm++}.SH`))),
      ),
    );
    // The warm-up's calls leave the shared window before the test's own begin.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    calls.length = 0;
  }

  /** The most calls the fake upstream got within any window of one second. */
  function mostInOneSecond(): number {
    const times = calls.map((c) => c.at).sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; j < times.length; j++) {
      while ((times[j] ?? 0) - (times[i] ?? 0) >= 1000) i++;
      most = Math.max(most, j - i + 1);
    }
    return most;
  }

  const get = (app: FastifyInstance | undefined, url: string) => {
    if (!app) throw new Error('no such replica');
    return app.inject({ method: 'GET', url });
  };

  function messageOf(line: string): string {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && 'msg' in value ? String(value.msg) : '';
  }

  function code(res: LightMyRequestResponse): number {
    const value: unknown = res.json();
    if (typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number') {
      return value.code;
    }
    throw new Error(`not an envelope: ${res.body}`);
  }

  beforeAll(async () => {
    redis = await startRedisServer(binary.path);
    fake = await startFakeUpstream();
  });
  afterAll(async () => {
    await fake.close();
    await redis.close();
  });
  beforeEach(() => {
    prefix = `test-${process.pid}-${++tests}:`;
    calls = [];
    logLines = [];
    behave(numbered);
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });

  it('60 identical cold requests spread over 3 replicas make exactly 1 upstream call', async () => {
    const group = await replicas(3);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    behave((req, res) => void held.then(() => numbered(req, res)));
    const pending = Array.from({ length: 60 }, (_, i) => get(group[i % 3], QUOTE));
    await until('the first call', () => calls.length === 1);
    // Time for the other replicas to find the load under way (it changes nothing if they are late).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const answers = await Promise.all(pending);
    expect(calls).toHaveLength(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(body(1));
      expect(res.headers['x-request-id']).toBe('up-1');
    }
    const led = group.map((app) => sharedStatus(app).answers.led);
    expect(led.reduce((a, b) => a + b)).toBe(1);
  });

  it('an answer stored by one replica is a HIT on another, with the time it has left, not a new lifetime', async () => {
    const clock = new ManualClock(NOW);
    const [a, b] = await replicas(2, { ticker: clock });
    const first = await get(a, QUOTE);
    expect(first.headers).toMatchObject({ 'x-cache': 'MISS', 'cache-control': 'private, max-age=3' });
    clock.advance(2_000);
    const hit = await get(b, QUOTE);
    expect(hit.headers).toMatchObject({
      'x-cache': 'HIT',
      'x-request-id': 'up-1',
      'cache-control': 'private, max-age=1',
    });
    expect(hit.body).toBe(first.body);
    expect(calls).toHaveLength(1);
    // Past its lifetime the copy is as old as the original: served stale at once.
    clock.advance(1_500);
    expect((await get(b, QUOTE)).headers['x-cache']).toBe('STALE');
    expect(sharedStatus(b).answers.fromShared).toBe(1);
  });

  it('a business error reaches the replicas that waited for it and is not stored', async () => {
    const group = await replicas(3);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    behave((_req, res) => void held.then(() => answerJson(body(1, 2003))(_req, res)));
    const pending = Array.from({ length: 30 }, (_, i) => get(group[i % 3], QUOTE));
    await until('the first call', () => calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    for (const res of await Promise.all(pending)) expect(code(res)).toBe(2003);
    expect(calls).toHaveLength(1);
    behave(numbered);
    expect(code(await get(group[1], QUOTE))).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('a lock left by a replica that died is taken over once it expires', async () => {
    const [app] = await replicas(1, { env: { UPSTREAM_DEADLINE_MS: '1000' } });
    // What a replica that died while loading leaves behind: the lock (deadline + 2 s), no answer.
    const raw = new Redis(redis.url);
    try {
      const lock = `${prefix}lock:a-share/prices/snapshot?limit=100&offset=0&thscodes=600519.SH`;
      expect(await raw.set(lock, 'dead-replica:1', 'PX', 3_000, 'NX')).toBe('OK');
      const started = performance.now();
      const res = await get(app, QUOTE);
      expect(res.statusCode).toBe(200);
      expect(calls).toHaveLength(1);
      // Nothing stored, no message: it waited until the lock expired, then loaded itself.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(await raw.exists(lock)).toBe(0);
    } finally {
      raw.disconnect();
    }
  });

  it('many distinct requests over 3 replicas: never more than the rate in any second at the service', async () => {
    const group = await replicas(3, {
      env: {
        UPSTREAM_RATE_PER_S: '10',
        UPSTREAM_BURST: '10',
        UPSTREAM_QUEUE_MAX: '1000',
        UPSTREAM_QUEUE_TIMEOUT_MS: '60000',
        UPSTREAM_DEADLINE_MS: '60000',
      },
    });
    await settled(group, 5);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => get(group[i % 3], quote(`${600000 + i}.SH`))),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(calls).toHaveLength(60);
    // Each replica alone would let 10 go at once: 30 in the first second.
    expect(mostInOneSecond()).toBeLessThanOrEqual(10);
  }, 30_000);

  it('a 429 with Retry-After on one replica pauses that operation on the others, also on one that starts later', async () => {
    const clock = new ManualClock(NOW);
    const [a, b] = await replicas(2, { ticker: clock, env: { UPSTREAM_MAX_ATTEMPTS: '1' } });
    behave(answerJson('Per-user request rate limit exceeded', 429, { 'retry-after': '30' }));
    expect((await get(a, QUOTE)).statusCode).toBe(429);
    expect(calls).toHaveLength(1);
    behave(numbered);
    const pausedOn = (app: FastifyInstance | undefined) => () =>
      (app ? gatewayOf(app)?.status().upstream.pauses.operations.length : 0) === 1;
    await until('B hears of the pause', pausedOn(b));
    const refused = await get(b, OTHER_QUOTE);
    expect(refused.statusCode).toBe(429);
    expect(code(refused)).toBe(6003);
    const [c] = await replicas(1, { ticker: clock, env: { UPSTREAM_MAX_ATTEMPTS: '1' } });
    expect(pausedOn(c)()).toBe(true);
    expect((await get(c, OTHER_QUOTE)).statusCode).toBe(429);
    expect(calls).toHaveLength(1);
    // Only that operation, and only until the pause ends.
    expect((await get(b, FUND)).statusCode).toBe(200);
    clock.advance(30_000);
    expect((await get(b, OTHER_QUOTE)).statusCode).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it("a breaker opened on one replica fails the group's calls fast on the others", async () => {
    const clock = new ManualClock(NOW);
    const [a, b] = await replicas(2, {
      ticker: clock,
      env: { UPSTREAM_MAX_ATTEMPTS: '1' },
      tuning: { breakerThreshold: 1, breakerCooldownMs: 30_000 },
    });
    behave(answerJson('unavailable', 503));
    expect((await get(a, FUND)).statusCode).toBe(502);
    behave(numbered);
    await until('B hears of the opening', () => {
      const groups = b ? gatewayOf(b)?.status().upstream.groups : undefined;
      return groups?.['fund']?.state === 'open';
    });
    const fast = await get(b, FUND);
    expect(fast.statusCode).toBe(503);
    expect(fast.headers['retry-after']).toBe('30');
    expect(calls).toHaveLength(1);
    expect((await get(b, QUOTE)).statusCode).toBe(200);
  });

  it('Redis stopped mid-run: every request answered, calls within the budget, local mode; shared again after a restart', async () => {
    const group = await replicas(3);
    await settled(group);
    const codes = Array.from({ length: 10 }, (_, i) => `${600100 + i}.SH`);
    const answers: LightMyRequestResponse[] = [];
    let round = 0;
    /** Ten tabs' quotes, each round through the replicas in turn, every 200 ms for `ms`. */
    async function poll(ms: number): Promise<void> {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        round++;
        const batch = codes.map((c, i) => get(group[(round + i) % 3], quote(c)));
        answers.push(...(await Promise.all(batch)));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await poll(3_000);
    await redis.stop();
    try {
      await poll(1_000);
      for (const app of group) expect(sharedStatus(app).mode).toBe('local');
      for (const app of group) expect(sharedStatus(app).budgetShare).toBeCloseTo(1 / 3);
      const status: unknown = (await get(group[0], '/bff/status')).json();
      expect(status).toMatchObject({
        shared: { mode: 'local', replicas: 3, lastError: { detail: expect.any(String) } },
      });
      await poll(4_000);
    } finally {
      await redis.restart();
    }
    const backAt = performance.now();
    while (!group.every((app) => sharedStatus(app).mode === 'shared')) {
      if (performance.now() - backAt > 10_000) throw new Error('not shared again within 10 s');
      await poll(200);
    }
    await poll(3_000);
    expect(answers.filter((res) => res.statusCode !== 200)).toEqual([]);
    expect(mostInOneSecond()).toBeLessThanOrEqual(5);
    // Each transition is logged once per replica.
    const messages = logLines.map(messageOf);
    expect(messages.filter((m) => m.includes('Redis unreachable'))).toHaveLength(3);
    expect(messages.filter((m) => m.includes('Redis answers'))).toHaveLength(6);
  }, 60_000);

  it('says when Redis cannot be reached at start, still answers, and shares once Redis is there', async () => {
    await redis.stop();
    let app: FastifyInstance | undefined;
    try {
      [app] = await replicas(1);
      if (!app) throw new Error('no replica');
      expect(sharedStatus(app)).toMatchObject({ mode: 'local', replicas: 1 });
      expect(sharedStatus(app).lastError?.detail).toMatch(/ECONNREFUSED|closed/);
      expect((await get(app, QUOTE)).statusCode).toBe(200);
      expect(await gatewayOf(app)?.shared?.ping()).toBe(false);
      // The balancer keeps sending it traffic: it serves, and says Redis is missing.
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'degraded' } });
    } finally {
      await redis.restart();
    }
    const started = app;
    await until('shared', () => sharedStatus(started).mode === 'shared');
    expect(await gatewayOf(started)?.shared?.ping()).toBe(true);
    const ready = await started.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
    const messages = logLines.map(messageOf).filter((m) => m.startsWith('shared state'));
    expect(messages).toEqual([
      expect.stringMatching(/Redis unreachable/),
      expect.stringMatching(/Redis answers/),
    ]);
  });
});
