import { describe, expect, it } from 'vitest';
import { Budget } from './budget';
import type { Admission, Priority } from './budget';
import { callAtOnce } from './budget.testkit';
import { ManualClock, turn } from './manual-clock.testkit';

const T0 = 1_784_000_000_000;

function setup(
  opts: Partial<{
    ratePerSecond: number;
    burst: number;
    queueMax: number;
    queueTimeoutMs: number;
    windowMarginMs: number;
  }>,
) {
  const clock = new ManualClock(T0);
  const budget = new Budget(
    { ratePerSecond: 5, burst: 5, queueMax: 100, queueTimeoutMs: 5_000, windowMarginMs: 0, ...opts },
    clock,
  );
  /** Admissions in the order they were decided, with the time. */
  const log: { name: string; at: number; admission: Admission }[] = [];
  const ask = (name: string, priority: Priority, maxWaitMs?: number) =>
    budget
      .acquire(priority, maxWaitMs)
      .then(callAtOnce)
      .then((admission) => {
        log.push({ name, at: clock.now() - T0, admission });
      });
  /** Move time in 100 ms steps, letting admissions be recorded at the step they happened in. */
  const run = async (ms: number) => {
    await turn();
    for (let t = 0; t < ms; t += 100) {
      clock.advance(100);
      await turn();
    }
  };
  return { clock, budget, log, ask, run };
}

describe('Budget', () => {
  it('lets the burst go at once, then one call per 1/rate seconds within the one-second window', async () => {
    const { log, ask, run } = setup({ ratePerSecond: 5, burst: 2 });
    for (let i = 0; i < 7; i++) void ask(`c${i}`, 'user');
    await turn();
    expect(log.map((l) => l.at)).toEqual([0, 0]);
    await run(3_000);
    // Tokens come back every 200 ms; the window allows five per second.
    expect(log.map((l) => l.at)).toEqual([0, 0, 200, 400, 600, 1000, 1000]);
  });

  it('never lets more than `rate` calls into any one-second window, whatever the burst', async () => {
    const { log, ask, run } = setup({ ratePerSecond: 5, burst: 5, queueTimeoutMs: 60_000 });
    for (let i = 0; i < 30; i++) void ask(`c${i}`, 'user');
    await run(10_000);
    expect(log.every((l) => l.admission.ok)).toBe(true);
    const times = log.map((l) => l.at);
    expect(times).toHaveLength(30);
    for (let i = 5; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 5] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('serves waiting user requests before background refreshes', async () => {
    const { log, ask, run } = setup({ ratePerSecond: 1, burst: 1 });
    void ask('first', 'user');
    void ask('bg1', 'background');
    void ask('bg2', 'background');
    void ask('user1', 'user');
    void ask('user2', 'user');
    await run(10_000);
    expect(log.map((l) => l.name)).toEqual(['first', 'user1', 'user2', 'bg1', 'bg2']);
  });

  it('refuses at once when the queue is full; a user request takes the place of a queued refresh', async () => {
    const { log, ask, budget, run } = setup({ ratePerSecond: 1, burst: 1, queueMax: 2 });
    void ask('first', 'user');
    void ask('bg', 'background');
    void ask('u1', 'user');
    void ask('u2', 'user');
    void ask('u3', 'user');
    await turn();
    expect(log.map((l) => [l.name, l.admission.ok ? 'ok' : l.admission.reason])).toEqual([
      ['first', 'ok'],
      ['bg', 'queue-full'],
      ['u3', 'queue-full'],
    ]);
    await run(5_000);
    expect(log.filter((l) => l.admission.ok).map((l) => l.name)).toEqual(['first', 'u1', 'u2']);
    expect(budget.status().rejected).toEqual({ queueFull: 2, queueTimeout: 0 });
  });

  it('gives up a wait after the queue timeout, or sooner when the caller has less time left', async () => {
    const { log, ask, budget, run } = setup({ ratePerSecond: 1, burst: 1, queueTimeoutMs: 1_500 });
    void ask('first', 'user');
    void ask('second', 'user');
    void ask('third', 'user');
    void ask('hurried', 'user', 300);
    await run(5_000);
    expect(log.map((l) => [l.name, l.at, l.admission.ok ? 'ok' : l.admission.reason])).toEqual([
      ['first', 0, 'ok'],
      ['hurried', 300, 'queue-timeout'],
      ['second', 1000, 'ok'],
      ['third', 1500, 'queue-timeout'],
    ]);
    expect(budget.status()).toMatchObject({ callsLastMinute: 2, rejected: { queueTimeout: 2 } });
  });

  it('reports tokens, queue, calls in the last minute and calls in flight', async () => {
    const { clock, budget, ask } = setup({ ratePerSecond: 2, burst: 2 });
    const first = await budget.acquire('user');
    void ask('b', 'user');
    void ask('c', 'background');
    await turn();
    if (!first.ok) throw new Error('no turn');
    let release: () => void = () => undefined;
    const running = first.turn.run(
      (written) =>
        new Promise<void>((resolve) => {
          written();
          release = resolve;
        }),
    );
    expect(budget.status()).toMatchObject({
      ratePerSecond: 2,
      burst: 2,
      tokens: 0,
      queued: { user: 0, background: 1, max: 100 },
      callsLastMinute: 2,
      inFlight: 1,
    });
    release();
    await running;
    // The background call goes (and is written) once a token is back; then a minute passes.
    clock.advance(1_000);
    await turn();
    clock.advance(61_000);
    expect(budget.status()).toMatchObject({
      tokens: 2,
      queued: { background: 0 },
      callsLastMinute: 0,
      inFlight: 0,
    });
  });
});

describe('Budget: calls counted as the service receives them', () => {
  /** A granted call whose request the test writes (or not) when it says. */
  async function held(budget: Budget) {
    const admission = await budget.acquire('user');
    if (!admission.ok) throw new Error('no turn');
    let write: () => void = () => undefined;
    let end: () => void = () => undefined;
    const done = admission.turn.run(
      (written) =>
        new Promise<void>((resolve) => {
          write = written;
          end = resolve;
        }),
    );
    await turn();
    return { write: () => write(), end: () => end(), done, cancel: () => admission.turn.cancel() };
  }

  it('counts a call waiting for its connection until it is written, then for a second and the margin', async () => {
    const { budget, log, ask, run } = setup({ ratePerSecond: 1, burst: 1, windowMarginMs: 100 });
    const slow = await held(budget);
    void ask('next', 'user');
    await run(1_500);
    // Counted from its grant at 0 it would have left the window at 1.1 s; it is not written yet.
    expect(log).toEqual([]);
    slow.write();
    await run(3_000);
    expect(log.map((l) => [l.name, l.at])).toEqual([['next', 2_600]]);
    slow.end();
    await slow.done;
  });

  it('gives the place of a cancelled call back at once', async () => {
    const { budget, log, ask, run } = setup({ ratePerSecond: 1, burst: 1, windowMarginMs: 100 });
    const cancelled = await held(budget);
    void ask('next', 'user');
    await run(200);
    expect(log).toEqual([]);
    cancelled.cancel();
    await run(200);
    expect(log.map((l) => [l.name, l.at])).toEqual([['next', 200]]);
  });

  it('counts a call that ended without being seen written from when it ended', async () => {
    const { budget, log, ask, run } = setup({ ratePerSecond: 1, burst: 1, windowMarginMs: 100 });
    const unseen = await held(budget);
    void ask('next', 'user');
    await run(300);
    unseen.end();
    await unseen.done;
    await run(2_000);
    expect(log.map((l) => [l.name, l.at])).toEqual([['next', 1_400]]);
  });
});
