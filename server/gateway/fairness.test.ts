import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp, gatewayOf } from '../app';
import { answerOk, startFakeUpstream } from './fake-upstream.testkit';
import type { FakeUpstream } from './fake-upstream.testkit';
import { ManualClock, turn } from './manual-clock.testkit';
import { Budget } from './budget';
import { testConfig } from '../testkit';

/**
 * One client cannot take the upstream budget from the others: while one floods random searches, another
 * client's quotes keep going through. Against the counting fake upstream with a manual clock: virtual
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

describe('the upstream budget is shared fairly between clients', () => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    app = createApp({
      config: testConfig({ LOG_LEVEL: 'silent', CLIENT_RATE_LIMIT_PER_MIN: '100000' }),
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

  it('while one client floods 150 random searches, every quote of another succeeds with p95 wait under 2 s', async () => {
    const gateway = gatewayOf(app);
    if (gateway === undefined) throw new Error('no gateway');
    const before = fake.requests.length;
    const word = words(17);
    const flood = Array.from({ length: 150 }, () =>
      app.inject({
        method: 'GET',
        url: `/api/meta/tickers/search?q=${word.next().value ?? 'x'}`,
        remoteAddress: '10.0.0.1',
      }),
    );
    await turn();

    // The other client asks for a quote every 500 ms of virtual time, 20 times, while the flood waits.
    const quotes: { sent: number; done: Promise<{ status: number; at: number }> }[] = [];
    const codes = ['600519.SH', '000001.SZ', '300750.SZ', '601318.SH'];
    for (let i = 0; i < 20; i++) {
      const sent = clock.now();
      const done = app
        .inject({
          method: 'GET',
          url: `/api/a-share/prices/snapshot?thscodes=${codes[i % codes.length] ?? ''}&limit=${i + 1}`,
          remoteAddress: '10.0.0.2',
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
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const waits = results.map((r) => r.at - r.sent);
    expect(percentile(waits, 95)).toBeLessThan(2000);
    // The flood did get its share meanwhile (it is slowed, not starved), and the budget held.
    const floodStatuses = (await Promise.all(flood)).map((r) => r.statusCode);
    expect(floodStatuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    expect(floodStatuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(fake.requests.length - before).toBeLessThanOrEqual(150 + 20);
  });
});

describe('Budget: round robin between clients', () => {
  it('grants in turn: a client with one waiting call is served before the later calls of the flood', async () => {
    const clock = new ManualClock(0);
    const budget = new Budget({ ratePerSecond: 1, burst: 1, queueMax: 100, queueTimeoutMs: 60_000 }, clock);
    const order: string[] = [];
    expect(await budget.acquire('user', Infinity, 'a')).toEqual({ ok: true });
    const waits = [
      ...Array.from({ length: 5 }, (_, i) =>
        budget.acquire('user', Infinity, 'a').then(() => order.push(`a${i}`)),
      ),
      budget.acquire('user', Infinity, 'b').then(() => order.push('b0')),
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
    const budget = new Budget({ ratePerSecond: 1, burst: 1, queueMax: 3, queueTimeoutMs: 60_000 }, clock);
    await budget.acquire('user', Infinity, 'a');
    const flood = Array.from({ length: 3 }, () => budget.acquire('user', Infinity, 'a'));
    const other = budget.acquire('user', Infinity, 'b');
    // The flood's newest waiter made room.
    expect(await flood[2]).toEqual({ ok: false, reason: 'queue-full' });
    // A further call of the flooding client is refused at once: it already has the most waiting.
    expect(await budget.acquire('user', Infinity, 'a')).toEqual({ ok: false, reason: 'queue-full' });
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await turn();
    }
    expect(await other).toEqual({ ok: true });
    budget.close();
  });
});
