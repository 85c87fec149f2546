import { AnswerCache } from './answer-cache';
import type { CacheEntry, CacheStats, Served, ServedAnswer } from './answer-cache';
import { Budget } from './budget';
import type { BudgetOptions, BudgetStatus, Priority } from './budget';
import { lifetime } from '../../src/contract/cache-policy';
import type { CacheClass } from '../../src/contract/operation';
import { CircuitBreakers } from './circuit-breaker';
import type { BreakerOptions, BreakerStatus } from './circuit-breaker';
import { Pauses } from './pauses';
import type { PauseStatus } from './pauses';
import { createResilientUpstream } from './resilient-upstream';
import type { ResilientRequest, ResilientResult, RetryOptions } from './resilient-upstream';
import type { Ticker } from './ticker';
import { rawEnvelopeSchema } from '../../src/contract/envelope';
import { badResponse } from './failures';
import type { Upstream, UpstreamOutcome, UpstreamRequest } from './upstream-client';
import type { SharedState, SharedStatus } from './shared/shared-state';
import type { DiskAnswers, DiskAnswersStatus } from './disk-answers';

/**
 * The whole path from a checked request to an answer: cache → retries → Retry-After pauses → circuit
 * breaker per group → global budget → the HTTP client. Built once per app; `status()` feeds /bff/status.
 * With `shared` (several replicas, see shared/shared-state.ts) the cache, the budget, the pauses and the
 * breakers are kept in step with the other replicas; without it everything stays in this process.
 */

export interface GatewayOptions {
  ticker: Ticker;
  /** Market clock (Asia/Shanghai sessions); may be pinned by SIM_NOW while the ticker runs. */
  marketClock: () => number;
  budget: BudgetOptions;
  breaker: BreakerOptions;
  retry: RetryOptions;
  cache: { maxBytes: number; staleIfErrorMs: number };
  /** Where failed background refreshes are reported (nobody else sees them). */
  onBackgroundFailure?: (req: ResilientRequest, result: ResilientResult) => void;
  /** State shared with other replicas (its owner starts and closes it); none: this process alone. */
  shared?: SharedState;
  /** The answer cache's copy on disk (closed with the gateway); none: memory only. */
  disk?: DiskAnswers;
}

export interface GatewayStatus {
  upstream: {
    groups: Record<string, BreakerStatus>;
    pauses: PauseStatus;
    lastError: { at: number; group: string; detail: string } | null;
    /** Calls made to the service since start, by the cache class of their operation (retries included). */
    calls: Record<CacheClass, number>;
  };
  budget: BudgetStatus;
  cache: CacheStats;
  /** Only with a shared layer. */
  shared?: SharedStatus;
  /** Only with the disk copy of the cache (ANSWER_CACHE_DB). */
  disk?: DiskAnswersStatus;
}

export interface Gateway {
  serve(req: UpstreamRequest): Promise<Served>;
  /** `serve` for no one waiting (warming): an upstream call it needs has background priority. */
  warm(req: UpstreamRequest): Promise<Served>;
  /** A fresh cached answer at once (the hit path), or undefined when only `serve` can answer. */
  fresh(req: UpstreamRequest): ServedAnswer | undefined;
  /** The same path as an `Upstream`, for server-side callers (the watchlists' instrument lookup). */
  upstream: Upstream;
  /**
   * The same path for server-side work nobody waits for (the minute tape): its calls queue behind every
   * user request in the budget and are the first dropped when the queue is full.
   */
  backgroundUpstream: Upstream;
  /**
   * The answer the cache keeps for a request (here or shared by another replica), without calling the
   * service; null when none is kept. Replicas that do not hold the tape's lease copy its readings so.
   */
  kept(req: UpstreamRequest): Promise<UpstreamOutcome | null>;
  status(): GatewayStatus;
  /** Upstream calls running now (tests move a manual clock only when this is zero). */
  inFlight(): number;
  /** The shared layer, if any (a readiness check pings it). */
  shared: SharedState | null;
  /** The answers the cache holds, as it would serve them (tests read what is kept). */
  cacheEntries(): CacheEntry[];
  close(): Promise<void>;
}

export function createGateway(client: Upstream, opts: GatewayOptions): Gateway {
  const budget = new Budget(opts.budget, opts.ticker);
  const breakers = new CircuitBreakers(opts.breaker, opts.ticker);
  const pauses = new Pauses(opts.ticker);
  const shared = opts.shared ?? null;
  shared?.attach({ budget, pauses, breakers });
  const resilient = createResilientUpstream({
    client,
    budget,
    breakers,
    pauses,
    ticker: opts.ticker,
    retry: opts.retry,
  });
  const calls: Record<CacheClass, number> = { quote: 0, intraday: 0, daily: 0, reference: 0, link: 0 };
  const cache = new AnswerCache({
    maxBytes: opts.cache.maxBytes,
    staleIfErrorMs: opts.cache.staleIfErrorMs,
    ticker: opts.ticker,
    lifetime: (cls) => lifetime(cls, opts.marketClock()),
    call: async (req) => {
      const result = await resilient.call(req);
      calls[req.operation.cache] += result.attempts;
      return result;
    },
    ...(opts.onBackgroundFailure ? { onBackgroundFailure: opts.onBackgroundFailure } : {}),
    ...(shared ? { shared } : {}),
    ...(opts.disk ? { disk: opts.disk } : {}),
  });

  function status(): GatewayStatus {
    const groups = breakers.status();
    let lastError: GatewayStatus['upstream']['lastError'] = null;
    for (const [group, s] of Object.entries(groups)) {
      if (s.lastError && (lastError === null || s.lastError.at > lastError.at)) {
        lastError = { group, ...s.lastError };
      }
    }
    return {
      upstream: { groups, pauses: pauses.status(), lastError, calls: { ...calls } },
      budget: budget.status(),
      cache: cache.stats(),
      ...(shared ? { shared: shared.status() } : {}),
      ...(opts.disk ? { disk: opts.disk.status() } : {}),
    };
  }

  /** Cached answers keep only their text; it was an envelope when it was stored. */
  function outcomeOf(body: string): UpstreamOutcome {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, failure: badResponse('not JSON') };
    }
    const envelope = rawEnvelopeSchema.safeParse(json);
    if (!envelope.success) return { ok: false, failure: badResponse('JSON without the standard envelope') };
    return { ok: true, envelope: envelope.data, body };
  }

  async function callThrough(req: UpstreamRequest, priority: Priority = 'user'): Promise<UpstreamOutcome> {
    const served = await cache.serve(req, priority);
    if (served.type === 'failure') return { ok: false, failure: served.failure };
    return outcomeOf(served.body);
  }

  return {
    serve: (req) => cache.serve(req),
    warm: (req) => cache.serve(req, 'background'),
    fresh: (req) => cache.fresh(req),
    upstream: { call: (req) => callThrough(req), close: async () => undefined },
    backgroundUpstream: { call: (req) => callThrough(req, 'background'), close: async () => undefined },
    kept: async (req) => {
      const body = await cache.kept(req);
      return body === undefined ? null : outcomeOf(body);
    },
    status,
    inFlight: () => budget.inFlight,
    shared,
    cacheEntries: () => cache.entries(),
    close: async () => {
      budget.close();
      cache.clear();
      opts.disk?.close();
      await client.close();
    },
  };
}
