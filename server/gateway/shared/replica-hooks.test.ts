import { describe, expect, it } from 'vitest';
import { Budget } from '../budget';
import type { Admission, Priority, SharedBudget } from '../budget';
import { callAtOnce } from '../budget.testkit';
import { CircuitBreakers } from '../circuit-breaker';
import type { BreakerChange } from '../circuit-breaker';
import { ManualClock, turn } from '../manual-clock.testkit';
import { Pauses } from '../pauses';

/**
 * What the shared layer relies on in the budget, the pauses and the breakers of one replica, without
 * Redis: a shared budget asked before each call, a share of the rate, a quiet time; pauses and breaker
 * changes told to listeners, and those of other replicas applied without being told again.
 */

const T0 = 1_784_000_000_000;

function setup(opts: { ratePerSecond?: number; burst?: number; windowMarginMs?: number } = {}) {
  const clock = new ManualClock(T0);
  const budget = new Budget(
    { ratePerSecond: 5, burst: 5, queueMax: 100, queueTimeoutMs: 60_000, windowMarginMs: 0, ...opts },
    clock,
  );
  const log: { name: string; at: number; admission: Admission }[] = [];
  const ask = (name: string, priority: Priority = 'user') =>
    budget
      .acquire(priority)
      .then(callAtOnce)
      .then((admission) => {
        log.push({ name, at: clock.now() - T0, admission });
      });
  const run = async (ms: number) => {
    for (let i = 0; i < 5; i++) await turn();
    for (let t = 0; t < ms; t += 100) {
      clock.advance(100);
      for (let i = 0; i < 5; i++) await turn();
    }
  };
  return { clock, budget, log, ask, run };
}

/** A shared budget that answers from a list (then 0), counting how often it was asked. */
function scriptedGate(answers: (number | null)[]): SharedBudget & { asked: number } {
  const gate = {
    asked: 0,
    take: () => {
      gate.asked++;
      return Promise.resolve(answers.shift() ?? 0);
    },
    written: () => undefined,
  };
  return gate;
}

describe('Budget with a shared budget', () => {
  it('asks the shared budget before each call and waits as long as it says', async () => {
    const { budget, log, ask, run } = setup();
    const gate = scriptedGate([0, 700, 0]);
    budget.limit({ gate, share: 1 });
    void ask('a');
    void ask('b');
    await run(1_000);
    expect(log.map((l) => [l.name, l.at])).toEqual([
      ['a', 0],
      ['b', 700],
    ]);
    expect(gate.asked).toBe(3);
  });

  it('gives each call the shared budget lets go to the next in its own order (users first)', async () => {
    const { budget, log, ask, run } = setup();
    budget.limit({ gate: scriptedGate([300, 0, 0, 0]), share: 1 });
    void ask('bg', 'background');
    void ask('u1');
    void ask('u2');
    await run(1_000);
    expect(log.map((l) => [l.name, l.at])).toEqual([
      ['u1', 300],
      ['u2', 300],
      ['bg', 300],
    ]);
  });

  it('without an answer from the shared budget, goes on with its own share', async () => {
    const { budget, log, ask, run } = setup();
    const gate = scriptedGate([null]);
    // What the shared layer does when Redis fails: no gate, a third of the rate, a quiet second.
    gate.take = () => {
      budget.limit({ gate: null, share: 1 / 3, holdMs: 1_000 });
      return Promise.resolve(null);
    };
    budget.limit({ gate, share: 1 });
    for (let i = 0; i < 4; i++) void ask(`c${i}`);
    await run(5_000);
    // 5/3 per second of its own: one call in any second, the first after the quiet second.
    expect(log.map((l) => l.at)).toEqual([1_000, 2_000, 3_000, 4_000]);
  });

  it('keeps a share of the rate, after a quiet time, with a margin on its window', async () => {
    const { budget, log, ask, run } = setup({ ratePerSecond: 6, burst: 6, windowMarginMs: 100 });
    budget.limit({ gate: null, share: 1 / 3, holdMs: 500 });
    for (let i = 0; i < 5; i++) void ask(`c${i}`);
    await run(6_000);
    // Two per second of its own (rate and burst 6 ÷ 3), and at most two in any 1.1 s.
    expect(log.map((l) => l.at)).toEqual([500, 500, 1_600, 1_600, 2_700]);
    for (let i = 2; i < log.length; i++) {
      expect((log[i]?.at ?? 0) - (log[i - 2]?.at ?? 0)).toBeGreaterThanOrEqual(1_100);
    }
  });
});

describe('Pauses and breakers between replicas', () => {
  it('tells its own pauses; applies another replica’s without telling it again', () => {
    const clock = new ManualClock(T0);
    const pauses = new Pauses(clock);
    const told: [string | null, number][] = [];
    pauses.onPause((operation, ms) => told.push([operation, ms]));
    pauses.pause('a', '2', false);
    pauses.pause('a', '5', true);
    pauses.pausedElsewhere('b', 3_000);
    pauses.pausedElsewhere(null, 1_000);
    expect(told).toEqual([
      ['a', 2_000],
      [null, 5_000],
    ]);
    expect(pauses.remaining('b')).toEqual({ ms: 5_000, scope: 'global' });
    clock.advance(5_000);
    expect(pauses.remaining('b')).toBeNull();
  });

  it('tells its own openings and closings; applies another replica’s without telling them again', () => {
    const clock = new ManualClock(T0);
    const breakers = new CircuitBreakers({ threshold: 2, cooldownMs: 30_000 }, clock);
    const told: [string, BreakerChange][] = [];
    breakers.onChange((group, change) => told.push([group, change]));
    breakers.failure('fund', 'HTTP 503');
    breakers.failure('fund', 'HTTP 503');
    breakers.openedElsewhere('futures', 10_000, 'HTTP 502');
    expect(breakers.peek('futures')).toEqual({ ok: false, remainingMs: 10_000 });
    expect(breakers.status()['futures']).toMatchObject({
      state: 'open',
      lastError: { at: T0, detail: 'HTTP 502' },
    });
    breakers.closedElsewhere('futures');
    expect(breakers.peek('futures')).toEqual({ ok: true });
    clock.advance(30_000);
    expect(breakers.admit('fund')).toEqual({ ok: true });
    breakers.success('fund');
    breakers.success('fund');
    expect(told).toEqual([
      ['fund', { state: 'open', ms: 30_000, detail: 'HTTP 503' }],
      ['fund', { state: 'closed' }],
    ]);
  });
});
