import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp, gatewayOf } from '../app';
import { answerOk, startFakeUpstream } from './fake-upstream.testkit';
import type { FakeUpstream } from './fake-upstream.testkit';
import { ManualClock, turn } from './manual-clock.testkit';
import { Budget } from './budget';
import { callAtOnce } from './budget.testkit';
import { testConfig } from '../testkit';

/**
 * One client cannot take the upstream budget from the others: while one floods random searches, another
 * client's quotes keep going through. A client is a signed-in user (several may share one proxy
 * address) or, without sign-in, a client address. Against the counting fake upstream with a manual clock: virtual
 * time moves only while no upstream call is in flight, so the waits measured are the budget's, not the
 * machine's.
 */

const KEY = 'fairness-key-0b1c2d3e4f';
const NOW = Date.parse('2026-07-14T10:00:00+08:00');

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.behave(answerOk);
});
afterAll(async () => {
  await fake.close();
});

/** Deterministic "random" search words. */
function* words(seed: number): Generator<string> {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    yield `k${x.toString(36)}`;
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Who sends a request: the socket's address, and the headers a trusted proxy adds. */
interface Sender {
  remoteAddress: string;
  headers: Record<string, string>;
}

/**
 * One sender floods 150 random searches; meanwhile the other asks for a quote every 500 ms of virtual
 * time, 20 times. Everything is driven to the end; the quotes' statuses and waits, the flood's statuses.
 */
async function floodAndQuote(
  app: FastifyInstance,
  clock: ManualClock,
  flooder: Sender,
  quiet: Sender,
): Promise<{ quotes: { status: number; wait: number }[]; flood: number[]; calls: number }> {
  const gateway = gatewayOf(app);
  if (gateway === undefined) throw new Error('no gateway');
  const before = fake.requests.length;
  const word = words(17);
  const flood = Array.from({ length: 150 }, () =>
    app.inject({ method: 'GET', url: `/api/meta/tickers/search?q=${word.next().value ?? 'x'}`, ...flooder }),
  );
  await turn();

  const quotes: { sent: number; done: Promise<{ status: number; at: number }> }[] = [];
  const codes = ['600519.SH', '000001.SZ', '300750.SZ', '601318.SH'];
  for (let i = 0; i < 20; i++) {
    const sent = clock.now();
    const done = app
      .inject({
        method: 'GET',
        url: `/api/a-share/prices/snapshot?thscodes=${codes[i % codes.length] ?? ''}&limit=${i + 1}`,
        ...quiet,
      })
      .then((res) => ({ status: res.statusCode, at: clock.now() }));
    quotes.push({ sent, done });
    // Half a second in 100 ms steps, each only once no upstream call is running.
    for (let step = 0; step < 5; step++) {
      await turn();
      while (gateway.inFlight() > 0) await turn();
      await turn();
      clock.advance(100);
    }
  }
  // Let everything finish: the flood's remaining calls wait or time out.
  let settled = false;
  const all = Promise.all([...flood, ...quotes.map((q) => q.done)]).then(() => {
    settled = true;
  });
  while (!settled) {
    await turn();
    while (gateway.inFlight() > 0) await turn();
    await turn();
    if (!settled) clock.advance(100);
  }
  await all;
  const results = await Promise.all(quotes.map(async (q) => ({ ...(await q.done), sent: q.sent })));
  return {
    quotes: results.map((r) => ({ status: r.status, wait: r.at - r.sent })),
    flood: (await Promise.all(flood)).map((r) => r.statusCode),
    calls: fake.requests.length - before,
  };
}

/** Every quote succeeds with p95 wait under 2 s; the flood is slowed, not starved; the budget held. */
function expectFair(outcome: Awaited<ReturnType<typeof floodAndQuote>>): void {
  expect(outcome.quotes.map((q) => q.status)).toEqual(outcome.quotes.map(() => 200));
  expect(
    percentile(
      outcome.quotes.map((q) => q.wait),
      95,
    ),
  ).toBeLessThan(2000);
  expect(outcome.flood.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
  expect(outcome.flood.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  expect(outcome.calls).toBeLessThanOrEqual(150 + 20);
}

interface Lanes {
  lanes: string;
  env: Record<string, string>;
  flooder: Sender;
  quiet: Sender;
}

describe.each<Lanes>([
  {
    lanes: 'client addresses without sign-in (AUTH_MODE=none)',
    env: {},
    flooder: { remoteAddress: '10.0.0.1', headers: {} },
    quiet: { remoteAddress: '10.0.0.2', headers: {} },
  },
  {
    // Both behind the same reverse proxy: one address, told apart only by the user it names.
    lanes: 'signed-in users behind the same proxy address (AUTH_MODE=proxy)',
    env: { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '10.0.0.9', SESSION_SECRET: 'f'.repeat(32) },
    flooder: { remoteAddress: '10.0.0.9', headers: { 'x-forwarded-user': 'flood' } },
    quiet: { remoteAddress: '10.0.0.9', headers: { 'x-forwarded-user': 'quiet' } },
  },
])('the upstream budget is shared fairly between $lanes', ({ env, flooder, quiet }) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    app = createApp({
      config: testConfig({ LOG_LEVEL: 'silent', CLIENT_RATE_LIMIT_PER_MIN: '100000', ...env }),
      upstream: { baseUrl: fake.url, apiKey: KEY },
      mode: 'simulated',
      clock: () => NOW,
      ticker: clock,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('while one floods 150 random searches, every quote of the other succeeds with p95 wait under 2 s', async () => {
    expectFair(await floodAndQuote(app, clock, flooder, quiet));
  });
});

describe('the per-client rate limit is per user behind a proxy', () => {
  it('the user who goes over it gets 429; another user from the same address does not', async () => {
    const app = createApp({
      config: testConfig({
        LOG_LEVEL: 'silent',
        CLIENT_RATE_LIMIT_PER_MIN: '20',
        AUTH_MODE: 'proxy',
        TRUSTED_PROXIES: '10.0.0.9',
        SESSION_SECRET: 'f'.repeat(32),
      }),
      upstream: { baseUrl: fake.url, apiKey: KEY },
      mode: 'simulated',
      clock: () => NOW,
      logger: false,
    });
    try {
      const ask = (user: string) =>
        app.inject({
          method: 'GET',
          url: '/api/a-share/prices/snapshot?thscodes=600519.SH',
          remoteAddress: '10.0.0.9',
          headers: { 'x-forwarded-user': user },
        });
      const flood: number[] = [];
      for (let i = 0; i < 25; i++) flood.push((await ask('flood')).statusCode);
      expect(flood.filter((s) => s === 429)).toHaveLength(5);
      const other: number[] = [];
      for (let i = 0; i < 20; i++) other.push((await ask('quiet')).statusCode);
      expect(other).toEqual(other.map(() => 200));
    } finally {
      await app.close();
    }
  });
});

describe('Budget: round robin between clients', () => {
  it('grants in turn: a client with one waiting call is served before the later calls of the flood', async () => {
    const clock = new ManualClock(0);
    const budget = new Budget(
      { ratePerSecond: 1, burst: 1, queueMax: 100, queueTimeoutMs: 60_000, windowMarginMs: 0 },
      clock,
    );
    const order: string[] = [];
    expect(await budget.acquire('user', Infinity, 'a').then(callAtOnce)).toMatchObject({ ok: true });
    const waits = [
      ...Array.from({ length: 5 }, (_, i) =>
        budget
          .acquire('user', Infinity, 'a')
          .then(callAtOnce)
          .then(() => order.push(`a${i}`)),
      ),
      budget
        .acquire('user', Infinity, 'b')
        .then(callAtOnce)
        .then(() => order.push('b0')),
    ];
    for (let i = 0; i < 6; i++) {
      clock.advance(1000);
      await turn();
    }
    await Promise.all(waits);
    expect(order.slice(0, 2)).toEqual(['a0', 'b0']);
  });

  it('a full queue drops the newest call of the client with the most waiting, not a newcomer', async () => {
    const clock = new ManualClock(0);
    const budget = new Budget(
      { ratePerSecond: 1, burst: 1, queueMax: 3, queueTimeoutMs: 60_000, windowMarginMs: 0 },
      clock,
    );
    await budget.acquire('user', Infinity, 'a').then(callAtOnce);
    const flood = Array.from({ length: 3 }, () => budget.acquire('user', Infinity, 'a').then(callAtOnce));
    const other = budget.acquire('user', Infinity, 'b');
    // The flood's newest waiter made room.
    expect(await flood[2]).toEqual({ ok: false, reason: 'queue-full' });
    // A further call of the flooding client is refused at once: it already has the most waiting.
    expect(await budget.acquire('user', Infinity, 'a')).toEqual({ ok: false, reason: 'queue-full' });
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await turn();
    }
    expect(await other).toMatchObject({ ok: true });
    budget.close();
  });
});
