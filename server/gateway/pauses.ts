import { RETRY_AFTER_MAX_S } from './failures';
import type { Ticker } from './ticker';

/**
 * Retry-After, honoured: after an HTTP 429 the operation (or every operation, when the service says its
 * global limit was hit) is not called again until the time has passed.
 */

/** Without a Retry-After the service still said "too fast": wait about one back-off step. */
const DEFAULT_PAUSE_MS = 1_000;
/** A far-off date (or a clock mismatch) must not silence the service for the rest of the day. */
const MAX_PAUSE_MS = RETRY_AFTER_MAX_S * 1000;

export interface PauseStatus {
  global: { until: number } | null;
  operations: { operation: string; until: number }[];
}

/** Milliseconds to wait for a Retry-After value (delay-seconds or HTTP date), measured from `now`. */
export function retryAfterMs(value: string | null, now: number): number {
  if (value === null) return DEFAULT_PAUSE_MS;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return DEFAULT_PAUSE_MS;
  return Math.min(MAX_PAUSE_MS, Math.max(0, ms));
}

/** A pause this replica started: the operation (null: every operation) and how long, from now. */
export type PauseListener = (operation: string | null, ms: number) => void;

export class Pauses {
  private globalUntil = 0;
  private readonly byOperation = new Map<string, number>();
  private readonly listeners: PauseListener[] = [];

  constructor(private readonly ticker: Ticker) {}

  /** Hear of every pause this replica starts (not of those another replica reported). */
  onPause(listener: PauseListener): void {
    this.listeners.push(listener);
  }

  /** Time left before this operation may be called again, and whether the global limit is the reason. */
  remaining(operation: string): { ms: number; scope: 'operation' | 'global' } | null {
    const now = this.ticker.now();
    const op = this.byOperation.get(operation) ?? 0;
    if (op <= now) this.byOperation.delete(operation);
    const until = Math.max(op, this.globalUntil);
    if (until <= now) return null;
    return { ms: until - now, scope: this.globalUntil >= op ? 'global' : 'operation' };
  }

  pause(operation: string, retryAfter: string | null, global: boolean): number {
    const now = this.ticker.now();
    const ms = retryAfterMs(retryAfter, now);
    const scope = global ? null : operation;
    this.extend(scope, now + ms);
    for (const listener of this.listeners) listener(scope, ms);
    return now + ms;
  }

  /** A pause another replica started, `ms` from now (null: every operation). */
  pausedElsewhere(operation: string | null, ms: number): void {
    this.extend(operation, this.ticker.now() + Math.min(MAX_PAUSE_MS, Math.max(0, ms)));
  }

  private extend(operation: string | null, until: number): void {
    if (operation === null) this.globalUntil = Math.max(this.globalUntil, until);
    else this.byOperation.set(operation, Math.max(this.byOperation.get(operation) ?? 0, until));
  }

  status(): PauseStatus {
    const now = this.ticker.now();
    const operations = [...this.byOperation]
      .filter(([, until]) => until > now)
      .map(([operation, until]) => ({ operation, until }));
    return { global: this.globalUntil > now ? { until: this.globalUntil } : null, operations };
  }
}
