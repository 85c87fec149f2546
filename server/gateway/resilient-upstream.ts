import type { Budget, Priority } from './budget';
import type { CircuitBreakers } from './circuit-breaker';
import { busy, circuitOpen, paused, timedOut } from './failures';
import type { GatewayFailure } from './failures';
import type { Pauses } from './pauses';
import type { Ticker } from './ticker';
import { sleep } from './ticker';
import type { Upstream, UpstreamOutcome, UpstreamRequest } from './upstream-client';

/**
 * One logical upstream call made polite and robust: every attempt, retries included, first honours a
 * Retry-After pause and the group's circuit breaker, then waits for its turn in the global budget, then
 * calls the service.
 * Transient failures are retried with full-jitter exponential back-off, within a bounded number of
 * attempts and one overall deadline that also bounds the time spent queueing.
 */

export interface RetryOptions {
  maxAttempts: number;
  /** Overall time for the call, from the first wait in the queue to the last byte of the last attempt. */
  deadlineMs: number;
  /** Back-off before attempt n+1 is uniform in [0, min(cap, base · 2^(n-1))] ("full jitter"). */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** In [0, 1); injectable so tests can pin the jitter. */
  random: () => number;
}

export interface ResilientRequest extends UpstreamRequest {
  priority: Priority;
}

export interface ResilientResult {
  outcome: UpstreamOutcome;
  /** Calls that actually went to the service. */
  attempts: number;
  /** Time spent in those calls (real time), excluding queueing and back-off. */
  upstreamMs: number;
}

/** Business codes the vendor says may be retried: rate limited, service error, source timeout/unavailable. */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([4001, 5001, 5002, 5003]);
const TRANSIENT_HTTP: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export function isTransientBusinessCode(code: number): boolean {
  return TRANSIENT_CODES.has(code);
}

/** Worth another attempt: the same request may well succeed in a moment. */
export function isTransient(outcome: UpstreamOutcome): boolean {
  if (outcome.ok) return TRANSIENT_CODES.has(outcome.envelope.code);
  const f = outcome.failure;
  if (f.kind === 'unreachable' || f.kind === 'timeout' || f.kind === 'rate-limited') return true;
  return f.kind === 'http-error' && f.upstreamStatus !== undefined && TRANSIENT_HTTP.has(f.upstreamStatus);
}

/** Says the service is unwell (counts towards the group's circuit breaker). */
function isHealthFailure(outcome: UpstreamOutcome): boolean {
  if (outcome.ok) return outcome.envelope.code >= 5001 && outcome.envelope.code <= 5003;
  const f = outcome.failure;
  if (f.kind === 'unreachable' || f.kind === 'timeout' || f.kind === 'bad-response') return true;
  return f.kind === 'http-error' && (f.upstreamStatus ?? 0) >= 500;
}

export function fullJitter(attempt: number, opts: RetryOptions): number {
  const ceiling = Math.min(opts.backoffCapMs, opts.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(opts.random() * ceiling);
}

export interface ResilientDeps {
  client: Upstream;
  budget: Budget;
  breakers: CircuitBreakers;
  pauses: Pauses;
  ticker: Ticker;
  retry: RetryOptions;
}

export interface ResilientUpstream {
  call(req: ResilientRequest): Promise<ResilientResult>;
}

export function createResilientUpstream(deps: ResilientDeps): ResilientUpstream {
  const { client, budget, breakers, pauses, ticker, retry } = deps;
  const local = (failure: GatewayFailure): UpstreamOutcome => ({ ok: false, failure });

  /** Why this operation may not be called right now, if it may not. */
  function blocked(req: ResilientRequest): UpstreamOutcome | null {
    const pause = pauses.remaining(req.operation.id);
    if (pause) return local(paused(pause.ms, pause.scope));
    const gate = breakers.peek(req.operation.group);
    if (!gate.ok) return local(circuitOpen(req.operation.group, gate.remainingMs));
    return null;
  }

  async function attempt(
    req: ResilientRequest,
    deadlineAt: number,
  ): Promise<{ outcome: UpstreamOutcome; called: boolean; ms: number }> {
    const refused = blocked(req);
    if (refused) return { outcome: refused, called: false, ms: 0 };
    const admission = await budget.acquire(req.priority, deadlineAt - ticker.now(), req.client);
    if (!admission.ok) return { outcome: local(busy(admission.reason)), called: false, ms: 0 };
    const { turn } = admission;
    // A pause or an open breaker may have started while this call waited for its turn.
    const late = blocked(req);
    if (late) {
      turn.cancel();
      return { outcome: late, called: false, ms: 0 };
    }
    const group = req.operation.group;
    const gate = breakers.admit(group);
    if (!gate.ok) {
      turn.cancel();
      return { outcome: local(circuitOpen(group, gate.remainingMs)), called: false, ms: 0 };
    }
    const started = performance.now();
    // The budget counts the call from its turn until the client has written it (see budget.ts).
    const outcome = await turn.run((written) =>
      client.call({ ...req, timeoutMs: Math.max(1, deadlineAt - ticker.now()), onWritten: written }),
    );
    const ms = performance.now() - started;
    if (!outcome.ok && outcome.failure.kind === 'rate-limited') {
      pauses.pause(req.operation.id, outcome.failure.retryAfter, outcome.failure.globalLimit === true);
    }
    if (isHealthFailure(outcome)) {
      breakers.failure(group, outcome.ok ? `code ${outcome.envelope.code}` : outcome.failure.detail);
    } else if (outcome.ok || outcome.failure.kind !== 'rate-limited') {
      breakers.success(group);
    } else {
      breakers.release(group);
    }
    return { outcome, called: true, ms };
  }

  /**
   * A timeout says how long the caller actually waited (every attempt, the back-off and the queue), not
   * the last attempt's share of the deadline.
   */
  function withRealWait(outcome: UpstreamOutcome, started: { at: number; real: number }): UpstreamOutcome {
    if (outcome.ok || outcome.failure.kind !== 'timeout') return outcome;
    // The ticker is real time in production; a test's manual clock moves only for waits it drives.
    const elapsed = Math.max(ticker.now() - started.at, performance.now() - started.real);
    const waited = timedOut(Math.max(0, elapsed), outcome.failure.detail);
    return { ok: false, failure: { ...outcome.failure, message: waited.message } };
  }

  async function call(req: ResilientRequest): Promise<ResilientResult> {
    const startedAt = { at: ticker.now(), real: performance.now() };
    const deadlineAt = startedAt.at + retry.deadlineMs;
    let attempts = 0;
    let upstreamMs = 0;
    for (let n = 1; ; n++) {
      const result = await attempt(req, deadlineAt);
      if (result.called) attempts++;
      upstreamMs += result.ms;
      const { outcome } = result;
      const done = () => ({
        outcome: withRealWait(outcome, startedAt),
        attempts,
        upstreamMs: Math.round(upstreamMs),
      });
      if (!result.called || !isTransient(outcome) || n >= retry.maxAttempts) return done();
      let delay = fullJitter(n, retry);
      if (!outcome.ok && outcome.failure.kind === 'rate-limited') {
        // No call before the pause ends; retry then if the deadline allows it.
        delay = Math.max(delay, pauses.remaining(req.operation.id)?.ms ?? 0);
      }
      if (ticker.now() + delay >= deadlineAt) return done();
      await sleep(ticker, delay);
    }
  }

  return { call };
}
