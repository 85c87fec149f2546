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

/** A breaker of this replica opened (for `ms`, after `detail`) or closed again. */
export type BreakerChange = { state: 'open'; ms: number; detail: string } | { state: 'closed' };
export type BreakerListener = (group: string, change: BreakerChange) => void;

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
  private readonly listeners: BreakerListener[] = [];

  constructor(
    private readonly opts: BreakerOptions,
    private readonly ticker: Ticker,
  ) {}

  /** Hear of every opening and closing decided here (not of those another replica reported). */
  onChange(listener: BreakerListener): void {
    this.listeners.push(listener);
  }

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
    const reopened = b.state !== 'closed';
    b.state = 'closed';
    b.failures = 0;
    b.probing = false;
    b.lastSuccessAt = this.ticker.now();
    if (reopened) for (const listener of this.listeners) listener(group, { state: 'closed' });
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
      const change: BreakerChange = { state: 'open', ms: this.opts.cooldownMs, detail };
      for (const listener of this.listeners) listener(group, change);
    }
  }

  /** Another replica opened this group's breaker: calls fail fast here too for the next `ms`. */
  openedElsewhere(group: string, ms: number, detail: string): void {
    const b = this.get(group);
    const now = this.ticker.now();
    const openUntil = now + Math.max(0, ms);
    b.openUntil = b.state === 'open' ? Math.max(b.openUntil, openUntil) : openUntil;
    b.state = 'open';
    b.probing = false;
    b.lastError = { at: now, detail };
  }

  /** Another replica's probe succeeded: the group works again. */
  closedElsewhere(group: string): void {
    const b = this.breakers.get(group);
    if (!b || b.state === 'closed') return;
    b.state = 'closed';
    b.failures = 0;
    b.probing = false;
    b.lastSuccessAt = this.ticker.now();
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
