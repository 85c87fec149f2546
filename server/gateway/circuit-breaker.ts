import type { Ticker } from './ticker';

/**
 * One breaker per operation group: after `threshold` failures in a row the group's calls fail fast for
 * `cooldownMs`; then one probe call is let through (half-open) and its result closes or reopens it.
 * One failing group (say, funds) thus never slows the others down with timeouts and retries.
 */

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
}

export interface BreakerStatus {
  state: BreakerState;
  consecutiveFailures: number;
  /** Until when calls fail fast (ticker ms), when open. */
  openUntil: number | null;
  lastError: { at: number; detail: string } | null;
  lastSuccessAt: number | null;
}

export type BreakerDecision = { ok: true } | { ok: false; remainingMs: number };

class Breaker {
  state: BreakerState = 'closed';
  failures = 0;
  openUntil = 0;
  probing = false;
  lastError: { at: number; detail: string } | null = null;
  lastSuccessAt: number | null = null;
}

export class CircuitBreakers {
  private readonly breakers = new Map<string, Breaker>();

  constructor(
    private readonly opts: BreakerOptions,
    private readonly ticker: Ticker,
  ) {}

  private get(group: string): Breaker {
    let b = this.breakers.get(group);
    if (!b) {
      b = new Breaker();
      this.breakers.set(group, b);
    }
    return b;
  }

  /** Would `admit` refuse? Without side effects: checked before a call queues for the budget. */
  peek(group: string): BreakerDecision {
    const b = this.breakers.get(group);
    if (!b) return { ok: true };
    const now = this.ticker.now();
    if (b.state === 'open' && now < b.openUntil) return { ok: false, remainingMs: b.openUntil - now };
    if (b.state !== 'closed' && b.probing) return { ok: false, remainingMs: 1000 };
    return { ok: true };
  }

  /** May a call of this group go out now? A half-open breaker lets exactly one probe through. */
  admit(group: string): BreakerDecision {
    const b = this.get(group);
    const now = this.ticker.now();
    if (b.state === 'open') {
      if (now < b.openUntil) return { ok: false, remainingMs: b.openUntil - now };
      b.state = 'half-open';
      b.probing = false;
    }
    if (b.state === 'half-open') {
      if (b.probing) return { ok: false, remainingMs: 1000 };
      b.probing = true;
    }
    return { ok: true };
  }

  /** The service answered (with data or a business error): the group works. */
  success(group: string): void {
    const b = this.get(group);
    b.state = 'closed';
    b.failures = 0;
    b.probing = false;
    b.lastSuccessAt = this.ticker.now();
  }

  /** The service failed in a way that says it is unwell (unreachable, timeout, 5xx, bad answer). */
  failure(group: string, detail: string): void {
    const b = this.get(group);
    const now = this.ticker.now();
    b.failures++;
    b.lastError = { at: now, detail };
    if (b.state === 'half-open' || b.failures >= this.opts.threshold) {
      b.state = 'open';
      b.openUntil = now + this.opts.cooldownMs;
      b.probing = false;
    }
  }

  /** A call that was admitted ended without telling anything about the service's health. */
  release(group: string): void {
    const b = this.get(group);
    if (b.state === 'half-open') b.probing = false;
  }

  status(): Record<string, BreakerStatus> {
    const out: Record<string, BreakerStatus> = {};
    const now = this.ticker.now();
    for (const [group, b] of [...this.breakers].sort(([a], [c]) => a.localeCompare(c))) {
      const open = b.state === 'open' && now < b.openUntil;
      out[group] = {
        state: b.state === 'open' && !open ? 'half-open' : b.state,
        consecutiveFailures: b.failures,
        openUntil: open ? b.openUntil : null,
        lastError: b.lastError,
        lastSuccessAt: b.lastSuccessAt,
      };
    }
    return out;
  }
}
