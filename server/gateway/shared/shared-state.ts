import type { Budget } from '../budget';
import type { CircuitBreakers } from '../circuit-breaker';
import type { Pauses } from '../pauses';
import type { UpstreamOutcome } from '../upstream-client';

/**
 * What the replicas of the BFF share, as the gateway sees it: answers (a layer under each replica's
 * in-process cache), one load per key for all of them, one upstream budget, Retry-After pauses and
 * circuit-breaker openings. `redis-shared-state.ts` implements it over Redis (REDIS_URL); without it the
 * gateway has none and works in-process alone.
 *
 * Whatever happens to the shared store, no request fails because of it: each method falls back to what
 * this replica can do alone, and the status says so.
 */

/** An answer as the replicas share it: its text and lifetimes (ticker ms), as the loading replica set them. */
export interface SharedAnswer {
  /** The envelope text (code 0) as the service sent it. */
  body: string;
  upstreamRequestId: string | null;
  storedAt: number;
  freshUntil: number;
  swrUntil: number;
  staleUntil: number;
}

/** What one load produced: an answer to keep (code 0), or an outcome passed on to its callers only. */
export type Loaded = { answer: SharedAnswer } | { passOn: UpstreamOutcome };

export interface SharedStatus {
  /** `shared`: Redis answers; `local`: this replica goes on alone (its cache, its share of the budget). */
  mode: 'shared' | 'local';
  /** When the mode last changed (ticker ms). */
  since: number;
  /** Replicas that sent a heartbeat recently (the last count seen; at least 1). */
  replicas: number;
  /** Fraction of the upstream rate this replica keeps to on its own (1: the shared budget alone decides). */
  budgetShare: number;
  lastError: { at: number; detail: string } | null;
  answers: {
    /** Answers another replica stored, served here without an upstream call. */
    fromShared: number;
    /** Loads this replica made for everyone. */
    led: number;
    /** Loads another replica made while this one waited for it. */
    joined: number;
  };
}

export interface SharedState {
  /** The answer a replica stored under `key`, if it is not past its `staleUntil`; null when none. */
  answer(key: string): Promise<SharedAnswer | null>;
  /**
   * One load of `key` for every replica: an answer that became fresh meanwhile, or the result of `load`
   * run here (and stored for the others), or what the replica that was loading it got.
   */
  load(key: string, load: () => Promise<Loaded>): Promise<Loaded>;
  /** Keep the budget, the Retry-After pauses and the breakers of this replica in step with the others. */
  attach(parts: { budget: Budget; pauses: Pauses; breakers: CircuitBreakers }): void;
  status(): SharedStatus;
  /** Whether the shared store answers right now (for a readiness check). */
  ping(): Promise<boolean>;
}
