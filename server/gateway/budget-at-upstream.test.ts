import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';
import { createApp, gatewayOf } from '../app';
import { testConfig } from '../testkit';
import { redisForSuite } from '../engines/redis.testkit';
import { startArrivalUpstream } from './arrival-upstream.testkit';
import type { ArrivalUpstream } from './arrival-upstream.testkit';
import { mostInAnySecond } from './fake-upstream.testkit';

/**
 * The upstream budget as the service sees it: a fake service on loopback, in a process of its own,
 * notes when each request arrives, behind the whole app listening on a port, under a mixed load in real time that asks for far
 * more than the budget (5/s): distinct cache misses from several client addresses, the same quotes again
 * and again (their background refreshes), calendar files, searches in bursts, retries after the service
 * answers 503 or 429 now and then, and connections the service closes (a call that must open a new one
 * arrives later than one that reuses a connection). No one second of arrivals, wherever it starts, may
 * hold more than 5 calls: with one process alone, and with two replicas sharing one Redis.
 *
 * BUDGET_SOAK_S (default 60) sets how long the load runs; the test is mostly idle meanwhile.
 */

const SOAK_MS = Number(process.env['BUDGET_SOAK_S'] ?? 60) * 1000;
const RATE = 5;
const KEY = 'budget-soak-key-7a6b5c4d3e';
/** A Tuesday in the morning session: quotes live 3 s, then stale-while-revalidate (a background refresh). */
const NOW = Date.parse('2026-07-14T10:00:00+08:00');

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Answers by status, counted (the load's own view, for the failure message). */
type Statuses = Map<number, number>;

/**
 * One client address (127.0.0.x) sending `path(i)` every `everyMs`, `batch` at a time, without waiting
 * for the answers, until `end`.
 */
async function client(
  ports: readonly number[],
  address: string,
  opts: { everyMs: number; batch: number; path: (i: number) => string; end: number },
  statuses: Statuses,
): Promise<void> {
  const pools = ports.map(
    (port) => new Pool(`http://127.0.0.1:${port}`, { connections: 16, connect: { localAddress: address } }),
  );
  const pending: Promise<void>[] = [];
  let i = 0;
  for (let next = performance.now(); next < opts.end; next += opts.everyMs) {
    await sleep(next - performance.now());
    for (let b = 0; b < opts.batch; b++) {
      const n = i++;
      const pool = pools[n % pools.length];
      if (!pool) continue;
      pending.push(
        pool.request({ method: 'GET', path: opts.path(n) }).then(async (res) => {
          await res.body.dump();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }),
      );
    }
  }
  await Promise.all(pending);
  await Promise.all(pools.map((pool) => pool.close()));
}

const quote = (code: string) => `/api/a-share/prices/snapshot?thscodes=${code}`;
const POLLED = ['600519.SH', '000001.SZ', '300750.SZ', '601318.SH', '600036.SH'];

/** The mixed load against `apps` (spread over them) for SOAK_MS. */
async function mixedLoad(apps: readonly FastifyInstance[]): Promise<Statuses> {
  const ports = apps.map(portOf);
  const end = performance.now() + SOAK_MS;
  const statuses: Statuses = new Map();
  let word = 17;
  await Promise.all([
    // Distinct cache misses, about 7/s from one address and 4/s from another.
    client(
      ports,
      '127.0.0.2',
      { everyMs: 150, batch: 1, path: (i) => quote(`${600000 + i}.SH`), end },
      statuses,
    ),
    client(
      ports,
      '127.0.0.3',
      { everyMs: 500, batch: 2, path: (i) => quote(`${300000 + i}.SZ`), end },
      statuses,
    ),
    // The same five quotes every second: hits, and a background refresh when one goes stale.
    client(
      ports,
      '127.0.0.4',
      { everyMs: 1000, batch: 5, path: (i) => quote(POLLED[i % 5] ?? ''), end },
      statuses,
    ),
    // Calendar files (server-side reads through the gateway).
    client(
      ports,
      '127.0.0.5',
      { everyMs: 2000, batch: 1, path: () => '/bff/hk-ipo/calendar.ics?status=all', end },
      statuses,
    ),
    // Searches in bursts of eight.
    client(
      ports,
      '127.0.0.6',
      {
        everyMs: 3000,
        batch: 8,
        path: () => {
          word = (word * 1_103_515_245 + 12_345) % 2 ** 31;
          return `/api/meta/tickers/search?q=k${word.toString(36)}`;
        },
        end,
      },
      statuses,
    ),
  ]);
  // Background refreshes and retries still queued go out now; wait until none is left.
  const idleSince = { at: performance.now() };
  while (performance.now() - idleSince.at < 1500) {
    if (apps.some((app) => (gatewayOf(app)?.inFlight() ?? 0) > 0)) idleSince.at = performance.now();
    await sleep(100);
  }
  return statuses;
}

async function expectBudgetHeld(fake: ArrivalUpstream, statuses: Statuses): Promise<void> {
  const requests = await fake.arrivals();
  const arrivals = requests.map((r) => r.at);
  const most = mostInAnySecond(arrivals);
  console.info(
    `budget soak: ${arrivals.length} upstream calls in ${SOAK_MS / 1000} s, at most ${most} in any second; ` +
      `answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  // The load asked for more than the budget all along: the limit was reached, not just kept under.
  expect(arrivals.length).toBeGreaterThanOrEqual((SOAK_MS / 1000) * RATE * 0.6);
  // Calls were repeated (retries after the service's 503 or 429, refreshes of the polled quotes), so
  // the window also held for a call's later attempts.
  const seen = new Map<string, number>();
  for (const r of requests) seen.set(r.url, (seen.get(r.url) ?? 0) + 1);
  expect([...seen.values()].some((count) => count > 1)).toBe(true);
  expect(most).toBeLessThanOrEqual(RATE);
}

function appFor(fake: ArrivalUpstream, env: Record<string, string> = {}): FastifyInstance {
  return createApp({
    config: testConfig({
      CLIENT_RATE_LIMIT_PER_MIN: '1000000',
      UPSTREAM_RATE_PER_S: String(RATE),
      UPSTREAM_BURST: String(RATE),
      ...env,
    }),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    logger: false,
  });
}

describe.concurrent('the upstream budget as the service receives the calls', () => {
  it(
    'one process alone: at most 5 calls in any second',
    async () => {
      const fake = await startArrivalUpstream();
      const app = appFor(fake);
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const statuses = await mixedLoad([app]);
        await expectBudgetHeld(fake, statuses);
      } finally {
        await app.close();
        await fake.close();
      }
    },
    SOAK_MS + 60_000,
  );

  describe('two replicas sharing one Redis', () => {
    const redis = redisForSuite();
    if (redis === null) return;

    it(
      'at most 5 calls in any second, both replicas together',
      async () => {
        const fake = await startArrivalUpstream();
        const env = { REDIS_URL: redis().url, REDIS_KEY_PREFIX: `soak-${process.pid}:` };
        const apps = [appFor(fake, env), appFor(fake, env)];
        try {
          await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
          const deadline = performance.now() + 10_000;
          while (!apps.every((app) => gatewayOf(app)?.status().shared?.mode === 'shared')) {
            if (performance.now() > deadline) throw new Error('the replicas never reached Redis');
            await sleep(20);
          }
          const statuses = await mixedLoad(apps);
          await expectBudgetHeld(fake, statuses);
        } finally {
          await Promise.all(apps.map((app) => app.close()));
          await fake.close();
        }
      },
      SOAK_MS + 60_000,
    );
  });
});
