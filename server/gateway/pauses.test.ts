import { describe, expect, it } from 'vitest';
import { CircuitBreakers } from './circuit-breaker';
import { ManualClock } from './manual-clock.testkit';
import { Pauses, retryAfterMs } from './pauses';
import { fullJitter } from './resilient-upstream';

const T0 = Date.parse('2026-10-21T07:28:00Z');

describe('retryAfterMs', () => {
  it.each([
    ['2', 2_000],
    ['0', 0],
    ['Wed, 21 Oct 2026 07:28:30 GMT', 30_000],
    // A date in the past means "now"; none means one back-off step; far future is capped at 10 min.
    ['Wed, 21 Oct 2026 07:27:00 GMT', 0],
    [null, 1_000],
    ['86400', 600_000],
  ])('%j → %d ms', (value, ms) => {
    expect(retryAfterMs(value, T0)).toBe(ms);
  });
});

describe('Pauses', () => {
  it('pauses one operation, or all of them for a global limit, until the time has passed', () => {
    const clock = new ManualClock(T0);
    const pauses = new Pauses(clock);
    pauses.pause('a', '2', false);
    expect(pauses.remaining('a')).toEqual({ ms: 2_000, scope: 'operation' });
    expect(pauses.remaining('b')).toBeNull();
    pauses.pause('b', 'Wed, 21 Oct 2026 07:28:01 GMT', true);
    expect(pauses.remaining('c')).toEqual({ ms: 1_000, scope: 'global' });
    clock.advance(1_000);
    expect(pauses.remaining('c')).toBeNull();
    expect(pauses.remaining('a')).toEqual({ ms: 1_000, scope: 'operation' });
    expect(pauses.status()).toEqual({ global: null, operations: [{ operation: 'a', until: T0 + 2_000 }] });
    clock.advance(1_000);
    expect(pauses.remaining('a')).toBeNull();
  });
});

describe('full-jitter back-off', () => {
  const opts = (random: number) => ({
    maxAttempts: 5,
    deadlineMs: 15_000,
    backoffBaseMs: 1_000,
    backoffCapMs: 8_000,
    random: () => random,
  });

  it('draws uniformly below an exponentially growing, capped ceiling', () => {
    expect([1, 2, 3, 4, 5].map((n) => fullJitter(n, opts(0.999)))).toEqual([999, 1998, 3996, 7992, 7992]);
    expect([1, 2, 3].map((n) => fullJitter(n, opts(0)))).toEqual([0, 0, 0]);
  });
});

describe('CircuitBreakers', () => {
  it('opens after the threshold, lets one probe through after the cool-down, and keeps groups apart', () => {
    const clock = new ManualClock(T0);
    const breakers = new CircuitBreakers({ threshold: 2, cooldownMs: 10_000 }, clock);
    breakers.failure('fund', 'HTTP 503');
    expect(breakers.admit('fund')).toEqual({ ok: true });
    breakers.failure('fund', 'HTTP 503');
    expect(breakers.admit('fund')).toEqual({ ok: false, remainingMs: 10_000 });
    expect(breakers.admit('a-share')).toEqual({ ok: true });
    clock.advance(10_000);
    expect(breakers.peek('fund')).toEqual({ ok: true });
    expect(breakers.admit('fund')).toEqual({ ok: true });
    // Only one probe at a time.
    expect(breakers.admit('fund').ok).toBe(false);
    breakers.failure('fund', 'timeout');
    expect(breakers.status().fund).toMatchObject({
      state: 'open',
      openUntil: T0 + 20_000,
      lastError: { detail: 'timeout' },
    });
    clock.advance(10_000);
    expect(breakers.admit('fund').ok).toBe(true);
    breakers.success('fund');
    expect(breakers.status().fund).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });
});
