import type { Ticker } from './ticker';

/**
 * The one global budget of upstream calls. A token bucket (`burst` tokens, refilled at `ratePerSecond`)
 * lets calls go back to back after a quiet spell; a one-second sliding window on top keeps any second,
 * wherever it starts, to at most `ratePerSecond` calls, which is what the service's limiter counts.
 *
 * Callers that cannot go at once wait in a bounded queue: requests a user is waiting for before
 * background refreshes, first come first served within each. A wait longer than the queue timeout (or
 * the caller's deadline) gives up.
 */

export type Priority = 'user' | 'background';

export type Admission = { ok: true } | { ok: false; reason: 'queue-full' | 'queue-timeout' };

export interface BudgetOptions {
  ratePerSecond: number;
  burst: number;
  queueMax: number;
  queueTimeoutMs: number;
}

export interface BudgetStatus {
  ratePerSecond: number;
  burst: number;
  tokens: number;
  queued: { user: number; background: number; max: number };
  callsLastMinute: number;
  inFlight: number;
  rejected: { queueFull: number; queueTimeout: number };
}

interface Waiter {
  resolve: (admission: Admission) => void;
  cancelTimeout: () => void;
}

export class Budget {
  private tokens: number;
  private refilledAt: number;
  /** Grant times, oldest first, from `head` on: the last minute's (the window check and the status). */
  private grants: number[] = [];
  private head = 0;
  private readonly queues: Record<Priority, Waiter[]> = { user: [], background: [] };
  private cancelPump: (() => void) | null = null;
  private pumpAt = Number.POSITIVE_INFINITY;
  private active = 0;
  private rejectedFull = 0;
  private rejectedTimeout = 0;

  constructor(
    private readonly opts: BudgetOptions,
    private readonly ticker: Ticker,
  ) {
    this.tokens = opts.burst;
    this.refilledAt = ticker.now();
  }

  /** Calls currently running under a granted token (tests wait for zero before moving time). */
  get inFlight(): number {
    return this.active;
  }

  /**
   * Wait for a token. `maxWaitMs` (the caller's remaining deadline) shortens the queue timeout.
   * On success the caller must run its call through `run` so that in-flight calls are counted.
   */
  acquire(priority: Priority, maxWaitMs = Number.POSITIVE_INFINITY): Promise<Admission> {
    const now = this.ticker.now();
    if (this.queues.user.length + this.queues.background.length === 0 && this.nextGrantAt(now) <= now) {
      this.grant(now);
      return Promise.resolve({ ok: true });
    }
    if (this.queued() >= this.opts.queueMax && !this.makeRoomFor(priority)) {
      this.rejectedFull++;
      return Promise.resolve({ ok: false, reason: 'queue-full' });
    }
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = { resolve, cancelTimeout: () => undefined };
      const waitMs = Math.max(0, Math.min(this.opts.queueTimeoutMs, maxWaitMs));
      waiter.cancelTimeout = this.ticker.setTimer(waitMs, () => {
        const queue = this.queues[priority];
        const index = queue.indexOf(waiter);
        if (index === -1) return;
        queue.splice(index, 1);
        this.rejectedTimeout++;
        resolve({ ok: false, reason: 'queue-timeout' });
      });
      this.queues[priority].push(waiter);
      this.schedule();
    });
  }

  /** Count a granted call as in flight until it settles. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await call();
    } finally {
      this.active--;
    }
  }

  status(): BudgetStatus {
    const now = this.ticker.now();
    this.refill(now);
    this.trim(now);
    return {
      ratePerSecond: this.opts.ratePerSecond,
      burst: this.opts.burst,
      tokens: Math.floor(this.tokens * 100) / 100,
      queued: {
        user: this.queues.user.length,
        background: this.queues.background.length,
        max: this.opts.queueMax,
      },
      callsLastMinute: this.grants.length - this.head,
      inFlight: this.active,
      rejected: { queueFull: this.rejectedFull, queueTimeout: this.rejectedTimeout },
    };
  }

  /** Fail every waiter (the app is closing). */
  close(): void {
    this.cancelPump?.();
    for (const queue of [this.queues.user, this.queues.background]) {
      for (const waiter of queue.splice(0)) {
        waiter.cancelTimeout();
        waiter.resolve({ ok: false, reason: 'queue-timeout' });
      }
    }
  }

  private queued(): number {
    return this.queues.user.length + this.queues.background.length;
  }

  /** A user request may take the place of the newest queued background refresh. */
  private makeRoomFor(priority: Priority): boolean {
    if (priority !== 'user') return false;
    const dropped = this.queues.background.pop();
    if (!dropped) return false;
    dropped.cancelTimeout();
    this.rejectedFull++;
    dropped.resolve({ ok: false, reason: 'queue-full' });
    return true;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(this.opts.burst, this.tokens + (elapsed * this.opts.ratePerSecond) / 1000);
    this.refilledAt = now;
  }

  private trim(now: number): void {
    while (this.head < this.grants.length && (this.grants[this.head] ?? now) <= now - 60_000) this.head++;
    // Drop the expired prefix now and then rather than shifting on every call (high rates in the bench).
    if (this.head > 1024 && this.head * 2 > this.grants.length) {
      this.grants = this.grants.slice(this.head);
      this.head = 0;
    }
  }

  /** Earliest time a call may start: a whole token, and fewer than `rate` grants in the last second. */
  private nextGrantAt(now: number): number {
    this.refill(now);
    const tokenAt =
      this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 1000) / this.opts.ratePerSecond);
    const rate = Math.max(1, Math.floor(this.opts.ratePerSecond));
    const index = this.grants.length - rate;
    const windowStart = index >= this.head ? this.grants[index] : undefined;
    const windowAt = windowStart === undefined ? now : Math.max(now, windowStart + 1000);
    return Math.max(tokenAt, windowAt);
  }

  private grant(now: number): void {
    this.refill(now);
    this.tokens -= 1;
    this.grants.push(now);
    this.trim(now);
  }

  private schedule(): void {
    const now = this.ticker.now();
    const at = this.nextGrantAt(now);
    if (at >= this.pumpAt) return;
    this.cancelPump?.();
    this.pumpAt = at;
    this.cancelPump = this.ticker.setTimer(at - now, () => {
      this.cancelPump = null;
      this.pumpAt = Number.POSITIVE_INFINITY;
      this.pump();
    });
  }

  private pump(): void {
    const now = this.ticker.now();
    while (this.queued() > 0 && this.nextGrantAt(now) <= now) {
      const waiter = this.queues.user.shift() ?? this.queues.background.shift();
      if (!waiter) break;
      waiter.cancelTimeout();
      this.grant(now);
      waiter.resolve({ ok: true });
    }
    if (this.queued() > 0) this.schedule();
  }
}
