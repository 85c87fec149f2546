import type { Ticker } from './ticker';

/**
 * The one global budget of upstream calls. A token bucket (`burst` tokens, refilled at `ratePerSecond`)
 * lets calls go back to back after a quiet spell; a one-second sliding window on top keeps any second,
 * wherever it starts, to at most `ratePerSecond` calls, which is what the service's limiter counts.
 *
 * Callers that cannot go at once wait in a bounded queue: requests a user is waiting for before
 * background refreshes. Within each, the queue is fair between clients (a user, or a client address
 * without sign-in): every client with waiting calls gets a turn in round robin, first come first served
 * within its own lane, so a client that floods the queue slows only itself. When the queue is full, the
 * newest call of the client with the most waiting calls makes room (longest-queue drop), never the call
 * of a client with fewer. A wait longer than the queue timeout (or the caller's deadline) gives up.
 *
 * Several replicas (shared/) keep one budget between them: this queue still decides whose turn it is,
 * and a `SharedBudget` then decides whether that call may go now or how long to wait. Without one (Redis
 * unreachable), each replica keeps to its share of the rate (`limit`).
 *
 * The limit holds where the service counts: when a request *arrives* there, not when it is let go here.
 * Between the two lie the wait for a connection (a new TCP and TLS handshake for one call, a kept-alive
 * socket for the next), a busy event loop, and the network; so calls let go a second apart can arrive
 * much closer together (ten within 981 ms at 5/s, seen). Hence a call is counted in the window:
 * - from the moment its turn is granted until its request is written on a connection (the HTTP client
 *   says so: `Turn.run`'s `written`), as if it went at every instant of that wait: while it has not
 *   been written it fills a place in every window, so a call that waits long for its connection cannot
 *   arrive together with the ones let go after it;
 * - then from that write for one second plus `windowMarginMs`: a request reaches the service a little
 *   after it was written (the network, the service's own queue); what may vary from one call to the
 *   next is covered by the margin.
 * For any two calls i and j, arrival(j) − arrival(i) ≥ write(j) − write(i) − (the spread of the delay
 * after writing), so `rate` calls per (1 s + margin) of writes gives at most `rate` arrivals in any second
 * while that spread stays under the margin. A call that ends without having been seen written is counted
 * from the moment it ended (no arrival comes after its answer). No spacing beyond that: calls closer
 * together than 1/rate only spend the burst, which the service allows within its second.
 */

export type Priority = 'user' | 'background';

export type Admission = { ok: true; turn: Turn } | { ok: false; reason: 'queue-full' | 'queue-timeout' };

/** A granted call: run it through `run`, or `cancel` it when it will not be made after all. */
export interface Turn {
  /**
   * Run the call, counted as in flight until it settles. `written` is for the HTTP client: call it when
   * the request is written on a connection (again if it is written again on another one).
   */
  run<T>(call: (written: () => void) => Promise<T>): Promise<T>;
  /** The call is not made (a pause or an open breaker came meanwhile): its place goes back. */
  cancel(): void;
}

export interface BudgetOptions {
  ratePerSecond: number;
  burst: number;
  queueMax: number;
  queueTimeoutMs: number;
  /** Added to the one-second window after a call is written: room for jitter on the way to the service. */
  windowMarginMs: number;
}

export interface BudgetStatus {
  ratePerSecond: number;
  burst: number;
  tokens: number;
  queued: { user: number; background: number; max: number; clients: number };
  callsLastMinute: number;
  inFlight: number;
  rejected: { queueFull: number; queueTimeout: number };
}

/** The budget of every replica together (shared/): asked once per call, after this replica's own turn. */
export interface SharedBudget {
  /**
   * 0: the call `id` may go now (it is counted as not yet written); n > 0: ask again in n ms; null: no
   * answer (Redis down).
   */
  take(id: string): Promise<number | null>;
  /** The call `id` was written now (`made`), or will not be made after all (its place goes back). */
  written(id: string, made: boolean): void;
}

/** How this replica's calls are limited besides its own queue (see `Budget.limit`). */
export interface BudgetLimits {
  /** The budget shared with the other replicas, asked before every call; null: this replica alone. */
  gate: SharedBudget | null;
  /** Fraction of `ratePerSecond` and `burst` this replica uses on its own (1: all of it). */
  share: number;
  /** No call for this long from now (a quiet second when the shared budget is lost). */
  holdMs?: number;
}

interface Waiter {
  client: string;
  resolve: (admission: Admission) => void;
  cancelTimeout: () => void;
}

/**
 * Waiting calls of one priority, one lane per client. The map's order is the round: the client served
 * goes to the back.
 */
class FairQueue {
  private readonly lanes = new Map<string, Waiter[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get clients(): number {
    return this.lanes.size;
  }

  push(waiter: Waiter): void {
    const lane = this.lanes.get(waiter.client);
    if (lane) lane.push(waiter);
    else this.lanes.set(waiter.client, [waiter]);
    this.count++;
  }

  /** The next client's oldest call; that client goes to the back of the round. */
  shift(): Waiter | undefined {
    for (const [client, lane] of this.lanes) {
      const waiter = lane.shift();
      this.lanes.delete(client);
      if (lane.length > 0) this.lanes.set(client, lane);
      if (waiter) {
        this.count--;
        return waiter;
      }
    }
    return undefined;
  }

  remove(waiter: Waiter): boolean {
    const lane = this.lanes.get(waiter.client);
    const index = lane?.indexOf(waiter) ?? -1;
    if (!lane || index === -1) return false;
    lane.splice(index, 1);
    if (lane.length === 0) this.lanes.delete(waiter.client);
    this.count--;
    return true;
  }

  laneLength(client: string): number {
    return this.lanes.get(client)?.length ?? 0;
  }

  /** The newest call of the client with the most waiting calls, if it has more than `than`. */
  popLongest(than: number): Waiter | undefined {
    let longest: Waiter[] | undefined;
    for (const lane of this.lanes.values()) if (!longest || lane.length > longest.length) longest = lane;
    if (!longest || longest.length <= than) return undefined;
    const waiter = longest[longest.length - 1];
    if (waiter) this.remove(waiter);
    return waiter;
  }

  drain(): Waiter[] {
    const all = [...this.lanes.values()].flat();
    this.lanes.clear();
    this.count = 0;
    return all;
  }
}

/** Whose turn a call uses when the caller does not say (tests, server-side callers). */
export const ANONYMOUS_CLIENT = 'anonymous';

/** How soon to ask the shared budget again after it gave no answer (normally `limit` comes first). */
const GATE_RETRY_MS = 100;

export class Budget {
  private tokens: number;
  private refilledAt: number;
  /**
   * Times calls were written (or ended unwritten), oldest first, from `head` on: the last minute's (the
   * window check and the status).
   */
  private grants: number[] = [];
  private head = 0;
  /** Calls granted and not yet written: each fills a place in every window until it is. */
  private unwritten = 0;
  private seq = 0;
  private readonly queues: Record<Priority, FairQueue> = {
    user: new FairQueue(),
    background: new FairQueue(),
  };
  private cancelPump: (() => void) | null = null;
  private pumpAt = Number.POSITIVE_INFINITY;
  private active = 0;
  private rejectedFull = 0;
  private rejectedTimeout = 0;
  private gate: SharedBudget | null = null;
  private share = 1;
  private holdUntil = 0;
  private readonly windowMs: number;
  /** A `gate.take()` is on its way (one at a time: the queue decides who gets its answer). */
  private asking = false;

  constructor(
    private readonly opts: BudgetOptions,
    private readonly ticker: Ticker,
  ) {
    this.tokens = opts.burst;
    this.refilledAt = ticker.now();
    this.windowMs = 1000 + opts.windowMarginMs;
  }

  /** Calls currently running under a granted token (tests wait for zero before moving time). */
  get inFlight(): number {
    return this.active;
  }

  /**
   * Wait for a token. `maxWaitMs` (the caller's remaining deadline) shortens the queue timeout.
   * On success the caller must run its call through the turn's `run` (or `cancel` it): until then it
   * fills a place in the window.
   */
  acquire(
    priority: Priority,
    maxWaitMs = Number.POSITIVE_INFINITY,
    client: string = ANONYMOUS_CLIENT,
  ): Promise<Admission> {
    const now = this.ticker.now();
    if (this.queued() === 0 && this.gate === null && this.nextGrantAt(now) <= now) {
      return Promise.resolve({ ok: true, turn: this.grant(now, null) });
    }
    if (this.queued() >= this.opts.queueMax && !this.makeRoomFor(priority, client)) {
      this.rejectedFull++;
      return Promise.resolve({ ok: false, reason: 'queue-full' });
    }
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = { client, resolve, cancelTimeout: () => undefined };
      const waitMs = Math.max(0, Math.min(this.opts.queueTimeoutMs, maxWaitMs));
      waiter.cancelTimeout = this.ticker.setTimer(waitMs, () => {
        if (!this.queues[priority].remove(waiter)) return;
        this.rejectedTimeout++;
        resolve({ ok: false, reason: 'queue-timeout' });
      });
      this.queues[priority].push(waiter);
      if (this.gate) this.pump();
      else this.schedule();
    });
  }

  /**
   * Change what limits this replica besides its own queue: the shared budget when there is one, and
   * its share of the rate (all of it with a shared budget; a part when several replicas go on alone).
   */
  limit(limits: BudgetLimits): void {
    this.gate = limits.gate;
    this.share = Math.min(1, Math.max(Number.MIN_VALUE, limits.share));
    if (limits.holdMs !== undefined) this.holdUntil = this.ticker.now() + limits.holdMs;
    this.cancelPump?.();
    this.cancelPump = null;
    this.pumpAt = Number.POSITIVE_INFINITY;
    this.pump();
  }

  /** A call let go now: it fills a place in every window until its request is written (see the top). */
  private grant(now: number, shared: { gate: SharedBudget; id: string } | null): Turn {
    this.refill(now);
    this.tokens -= 1;
    this.unwritten++;
    let unwritten = true;
    const written = (made: boolean) => {
      const at = this.ticker.now();
      if (made) {
        this.grants.push(at);
        this.trim(at);
      }
      if (unwritten) {
        unwritten = false;
        this.unwritten--;
        // A place in the window may have come free.
        if (this.queued() > 0) this.pump();
      }
      shared?.gate.written(shared.id, made);
    };
    return {
      run: async (call) => {
        this.active++;
        try {
          return await call(() => written(true));
        } finally {
          this.active--;
          // Not seen written (the client failed before, or did not say): counted from now, the latest
          // moment it can have arrived.
          if (unwritten) written(true);
        }
      },
      cancel: () => {
        if (!unwritten) return;
        // Not made: its token goes back too.
        this.tokens = Math.min(this.own().burst, this.tokens + 1);
        written(false);
      },
    };
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
        user: this.queues.user.size,
        background: this.queues.background.size,
        max: this.opts.queueMax,
        clients: this.queues.user.clients,
      },
      callsLastMinute: this.grants.length - this.head + this.unwritten,
      inFlight: this.active,
      rejected: { queueFull: this.rejectedFull, queueTimeout: this.rejectedTimeout },
    };
  }

  /** Fail every waiter (the app is closing). */
  close(): void {
    this.cancelPump?.();
    for (const queue of [this.queues.user, this.queues.background]) {
      for (const waiter of queue.drain()) {
        waiter.cancelTimeout();
        waiter.resolve({ ok: false, reason: 'queue-timeout' });
      }
    }
  }

  private queued(): number {
    return this.queues.user.size + this.queues.background.size;
  }

  /**
   * A user request may take the place of the newest queued background refresh, or of the newest call
   * of a client that has more calls waiting than this client would have with it.
   */
  private makeRoomFor(priority: Priority, client: string): boolean {
    if (priority !== 'user') return false;
    const dropped =
      this.queues.background.popLongest(0) ??
      this.queues.user.popLongest(this.queues.user.laneLength(client) + 1);
    if (!dropped) return false;
    dropped.cancelTimeout();
    this.rejectedFull++;
    dropped.resolve({ ok: false, reason: 'queue-full' });
    return true;
  }

  /** This replica's own rate and burst: its share of the configured ones. */
  private own(): { rate: number; burst: number } {
    if (this.share === 1) return { rate: this.opts.ratePerSecond, burst: this.opts.burst };
    return {
      rate: this.opts.ratePerSecond * this.share,
      burst: Math.max(1, this.opts.burst * this.share),
    };
  }

  private refill(now: number): void {
    const { rate, burst } = this.own();
    const elapsed = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(burst, this.tokens + (elapsed * rate) / 1000);
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

  /**
   * Earliest time a call may start: a whole token, and fewer than `rate` calls in the window (those not
   * yet written, and those written within the last second and margin). Infinity: only a write can free
   * a place.
   */
  private nextGrantAt(now: number): number {
    this.refill(now);
    const own = this.own();
    const tokenAt = this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 1000) / own.rate);
    const free = Math.max(1, Math.floor(own.rate)) - this.unwritten;
    if (free <= 0) return Number.POSITIVE_INFINITY;
    const index = this.grants.length - free;
    const windowStart = index >= this.head ? this.grants[index] : undefined;
    const windowAt = windowStart === undefined ? now : Math.max(now, windowStart + this.windowMs);
    return Math.max(tokenAt, windowAt, this.holdUntil);
  }

  private schedule(at = this.nextGrantAt(this.ticker.now())): void {
    const now = this.ticker.now();
    if (at >= this.pumpAt || !Number.isFinite(at)) return;
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
      if (this.gate) {
        this.askGate(this.gate);
        return;
      }
      this.grantNext(now);
    }
    if (this.queued() > 0) this.schedule();
  }

  /** The next waiter in turn gets its call (false: nobody waits any more). */
  private grantNext(now: number, shared: { gate: SharedBudget; id: string } | null = null): boolean {
    const waiter = this.queues.user.shift() ?? this.queues.background.shift();
    if (!waiter) return false;
    waiter.cancelTimeout();
    waiter.resolve({ ok: true, turn: this.grant(now, shared) });
    return true;
  }

  /** This replica's turn is due: may it go as far as the shared budget is concerned? */
  private askGate(gate: SharedBudget): void {
    if (this.asking) return;
    this.asking = true;
    const id = String(++this.seq);
    void gate.take(id).then((wait) => {
      this.asking = false;
      const now = this.ticker.now();
      // A granted call that nobody waits for any more (timed out meanwhile) is simply not made.
      if (wait === 0 && !this.grantNext(now, { gate, id })) gate.written(id, false);
      if (this.queued() === 0) return;
      if (wait !== null && wait > 0) this.schedule(now + wait);
      // No answer: the shared layer has switched to the local share (`limit`); go on with that.
      else if (wait === null && this.gate === gate) this.schedule(now + GATE_RETRY_MS);
      else this.pump();
    });
  }
}
