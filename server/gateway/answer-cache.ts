import { LRUCache } from 'lru-cache';
import type { CacheClass } from '../../src/contract/operation';
import type { GatewayFailure } from './failures';
import type { Lifetime } from '../../src/contract/cache-policy';
import type { ResilientRequest, ResilientResult } from './resilient-upstream';
import type { Priority } from './budget';
import { isTransientBusinessCode } from './resilient-upstream';
import { safeHeaderId } from './request-id';
import { Representation } from './representation';
import type { Ticker } from './ticker';
import type { Loaded, SharedAnswer, SharedState } from './shared/shared-state';
import type { DiskAnswers } from './disk-answers';

/**
 * Answers of the service kept in memory (lru-cache, bounded in bytes). Only `code 0` answers are kept.
 * lru-cache's `fetch` merges identical in-flight requests into one upstream call; freshness is ours:
 * - fresh: HIT, no call;
 * - expired but within the class's stale-while-revalidate window: STALE at once, one background refresh;
 * - older (up to the stale-if-error window): the caller waits for a refresh, and gets the old answer as
 *   STALE only if the refresh fails (the service is down, paused or slow);
 * - beyond that, or never seen: MISS.
 *
 * With a shared layer (several replicas, shared/), a miss here first looks for an answer another replica
 * stored, kept here with the lifetimes it was stored with; a load goes through the shared layer, which
 * makes one upstream call for all replicas.
 *
 * With a disk layer (disk-answers.ts), a miss here also looks for the answer a previous run kept on disk
 * (with the lifetimes it was stored with), and every long-lived answer loaded is queued for the disk.
 */

export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

export interface CachedAnswer {
  /** The envelope text with its entity tag and compressed forms. */
  representation: Representation;
  upstreamRequestId: string | null;
  storedAt: number;
  freshUntil: number;
  swrUntil: number;
  staleUntil: number;
}

export type Served =
  | {
      type: 'answer';
      cache: CacheStatus;
      /** The envelope text as the service sent it. */
      body: string;
      /** The same text with its entity tag and compressed forms (kept with a cached answer). */
      representation: Representation;
      /** How much longer the answer is fresh (0: expired or not cached; browsers must ask again). */
      freshForMs: number;
      code: number;
      upstreamRequestId: string | null;
      attempts: number;
      upstreamMs: number;
    }
  | { type: 'failure'; cache: 'MISS'; failure: GatewayFailure; attempts: number; upstreamMs: number };

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stale: number;
  backgroundRefreshes: number;
}

/** One kept answer, as `entries()` shows it. */
export interface CacheEntry {
  key: string;
  body: string;
  upstreamRequestId: string | null;
}

export interface AnswerCacheOptions {
  maxBytes: number;
  staleIfErrorMs: number;
  ticker: Ticker;
  /** Lifetime of an answer of this class stored now (market clock). */
  lifetime: (cls: CacheClass) => Lifetime;
  /** The polite, retrying upstream. */
  call: (req: ResilientRequest) => Promise<ResilientResult>;
  onBackgroundFailure?: (req: ResilientRequest, result: ResilientResult) => void;
  /** Answers shared with other replicas (a layer under this one); none: this process alone. */
  shared?: Pick<SharedState, 'answer' | 'load'>;
  /** Answers kept on disk across restarts (disk-answers.ts); none: memory only. */
  disk?: Pick<DiskAnswers, 'get' | 'put'>;
}

interface FetchContext {
  request: ResilientRequest;
  /** Filled in by the fetch this context started (merged callers never see theirs run). */
  result: ResilientResult | null;
}

/** A result that must reach the waiting callers but not the cache. */
class NotCached extends Error {
  constructor(readonly result: ResilientResult) {
    super('not cached');
  }
}

/** Per-entry bookkeeping on top of the body (key, timestamps, lru-cache's own slots). */
const ENTRY_OVERHEAD = 256;

export class AnswerCache {
  private readonly lru: LRUCache<string, CachedAnswer, FetchContext>;
  private readonly counts = { hits: 0, misses: 0, stale: 0, backgroundRefreshes: 0 };
  /** Keys whose load is running here (a shared answer must not replace it in the LRU). */
  private readonly loading = new Set<string>();

  constructor(private readonly opts: AnswerCacheOptions) {
    this.lru = new LRUCache<string, CachedAnswer, FetchContext>({
      maxSize: opts.maxBytes,
      // The text (UTF-16), its UTF-8 bytes and room for a compressed form.
      sizeCalculation: (value, key) => value.representation.body.length * 4 + key.length * 2 + ENTRY_OVERHEAD,
      perf: { now: () => opts.ticker.now() },
      // A fetch outlives an eviction of its entry: merged callers still get the answer.
      ignoreFetchAbort: true,
      // A failed refresh leaves the previous answer in place (stale-if-error).
      noDeleteOnFetchRejection: true,
      fetchMethod: async (key, _stale, { options, context }) => {
        const background = context.request.priority === 'background';
        if (background) this.counts.backgroundRefreshes++;
        this.loading.add(key);
        let loaded: Loaded;
        try {
          const load = () => this.callUpstream(context);
          loaded = opts.shared ? await opts.shared.load(key, load) : await load();
        } finally {
          this.loading.delete(key);
        }
        if ('passOn' in loaded) {
          // Another replica's call when this one only waited for it.
          const result = context.result ?? { outcome: loaded.passOn, attempts: 0, upstreamMs: 0 };
          // Nobody waits for a background refresh: its failure is only logged.
          if (background) opts.onBackgroundFailure?.(context.request, result);
          throw new NotCached(result);
        }
        opts.disk?.put(key, loaded.answer);
        // lru-cache drops the entry once even stale-if-error can no longer use it.
        options.ttl = Math.max(1, loaded.answer.staleUntil - opts.ticker.now());
        return cachedAnswer(loaded.answer);
      },
    });
  }

  /** The polite, retrying upstream call; a code-0 answer gets its lifetimes from now. */
  private async callUpstream(context: FetchContext): Promise<Loaded> {
    const result = await this.opts.call(context.request);
    context.result = result;
    const { outcome } = result;
    if (!outcome.ok || outcome.envelope.code !== 0) return { passOn: outcome };
    const now = this.opts.ticker.now();
    const life = this.opts.lifetime(context.request.operation.cache);
    const freshUntil = now + life.freshMs;
    return {
      answer: {
        body: outcome.body,
        upstreamRequestId: safeHeaderId(outcome.envelope.request_id),
        storedAt: now,
        freshUntil,
        swrUntil: freshUntil + Math.min(life.swrMs, this.opts.staleIfErrorMs),
        staleUntil: freshUntil + this.opts.staleIfErrorMs,
      },
    };
  }

  /** A usable answer kept here: not past its stale-if-error window. */
  private usable(key: string): CachedAnswer | undefined {
    const cached = this.lru.get(key, { allowStale: true }) ?? this.fromDisk(key);
    return cached !== undefined && this.opts.ticker.now() < cached.staleUntil ? cached : undefined;
  }

  /** None in memory and none loading: the answer kept on disk (a previous run's), kept here from now on. */
  private fromDisk(key: string): CachedAnswer | undefined {
    if (!this.opts.disk || this.loading.has(key)) return undefined;
    const answer = this.opts.disk.get(key);
    if (answer === null) return undefined;
    const value = cachedAnswer(answer);
    this.lru.set(key, value, { ttl: Math.max(1, answer.staleUntil - this.opts.ticker.now()) });
    return value;
  }

  /** None here and none loading: the answer another replica stored, kept here with its own lifetimes. */
  private async fromShared(key: string): Promise<CachedAnswer | undefined> {
    const shared = this.opts.shared;
    if (!shared || this.loading.has(key)) return undefined;
    const answer = await shared.answer(key);
    const now = this.opts.ticker.now();
    if (answer === null || now >= answer.staleUntil || this.loading.has(key)) return undefined;
    const value = cachedAnswer(answer);
    this.lru.set(key, value, { ttl: answer.staleUntil - now });
    return value;
  }

  /**
   * A fresh answer (HIT) at once, without a turn of the promise queue; undefined when serving the request
   * needs more (`serve`). Counted as the hit it is.
   */
  fresh(request: Omit<ResilientRequest, 'priority'>): ServedAnswer | undefined {
    const now = this.opts.ticker.now();
    const key = keyOf(request);
    const cached = this.lru.get(key, { allowStale: true }) ?? this.fromDisk(key);
    if (cached === undefined || now >= cached.freshUntil) return undefined;
    this.counts.hits++;
    return answer(cached, 'HIT', now);
  }

  /**
  /**
   * The answer kept for a request, here or by another replica (shared layer), fresh or not, without any
   * upstream call: undefined when none is kept.
   */
  async kept(request: Omit<ResilientRequest, 'priority'>): Promise<string | undefined> {
    const key = keyOf(request);
    const usable = this.usable(key) ?? (this.opts.shared ? await this.fromShared(key) : undefined);
    return usable?.representation.body;
  }

  /**
   * `priority` 'background' is for server-side work nobody waits for (the minute tape, warming): its call
   * queues behind every user request in the budget and is the first dropped when the queue is full.
   */
  async serve(request: Omit<ResilientRequest, 'priority'>, priority: Priority = 'user'): Promise<Served> {
    const key = keyOf(request);
    const usable = this.usable(key) ?? (this.opts.shared ? await this.fromShared(key) : undefined);
    const now = this.opts.ticker.now();
    if (usable && now < usable.freshUntil) {
      this.counts.hits++;
      return answer(usable, 'HIT', now);
    }
    if (usable && now < usable.swrUntil) {
      this.counts.stale++;
      this.refreshInBackground(key, { ...request, priority: 'background' });
      return answer(usable, 'STALE', now);
    }
    const context: FetchContext = { request: { ...request, priority }, result: null };
    try {
      const value = await this.lru.fetch(key, { forceRefresh: usable !== undefined, context });
      // Only a rejected fetch yields no value (fetchMethod never returns undefined).
      if (value === undefined) throw new Error(`no value for ${request.operation.id}`);
      this.counts.misses++;
      return { ...answer(value, 'MISS', this.opts.ticker.now()), ...callFigures(context) };
    } catch (err) {
      if (!(err instanceof NotCached)) throw err;
      const { outcome } = err.result;
      const worthStale = !outcome.ok || isTransientBusinessCode(outcome.envelope.code);
      if (usable && worthStale && this.opts.ticker.now() < usable.staleUntil) {
        this.counts.stale++;
        return { ...answer(usable, 'STALE', now), ...callFigures(context) };
      }
      this.counts.misses++;
      const figures = callFigures(context);
      if (!outcome.ok) return { type: 'failure', cache: 'MISS', failure: outcome.failure, ...figures };
      return {
        type: 'answer',
        cache: 'MISS',
        body: outcome.body,
        representation: new Representation(outcome.body),
        freshForMs: 0,
        code: outcome.envelope.code,
        upstreamRequestId: safeHeaderId(outcome.envelope.request_id),
        ...figures,
      };
    }
  }

  stats(): CacheStats {
    return {
      entries: this.lru.size,
      bytes: this.lru.calculatedSize,
      maxBytes: this.opts.maxBytes,
      ...this.counts,
    };
  }

  /**
   * Every answer the cache holds (stale ones included), as it would serve it: its key, its text and the
   * upstream request id it echoes. For checks of what is kept (the key is in no entry) and diagnosis.
   */
  entries(): CacheEntry[] {
    return this.lru.dump().map(([key, { value }]) => ({
      key,
      body: value.representation.body,
      upstreamRequestId: value.upstreamRequestId,
    }));
  }

  clear(): void {
    this.lru.clear();
  }

  /** At most one refresh per key runs at a time: lru-cache joins a running one. */
  private refreshInBackground(key: string, request: ResilientRequest): void {
    // With allowStale the promise resolves to the stale answer at once; the refresh goes on behind it.
    this.lru
      .fetch(key, { forceRefresh: true, allowStale: true, context: { request, result: null } })
      .catch(() => undefined);
  }
}

export type ServedAnswer = Extract<Served, { type: 'answer' }>;

function keyOf(request: Omit<ResilientRequest, 'priority'>): string {
  return `${request.operation.id}?${request.query}`;
}

function cachedAnswer(answer: SharedAnswer): CachedAnswer {
  return {
    representation: new Representation(answer.body),
    upstreamRequestId: answer.upstreamRequestId,
    storedAt: answer.storedAt,
    freshUntil: answer.freshUntil,
    swrUntil: answer.swrUntil,
    staleUntil: answer.staleUntil,
  };
}

function answer(value: CachedAnswer, cache: CacheStatus, now: number): ServedAnswer {
  return {
    type: 'answer',
    cache,
    body: value.representation.body,
    representation: value.representation,
    freshForMs: cache === 'STALE' ? 0 : Math.max(0, value.freshUntil - now),
    code: 0,
    upstreamRequestId: value.upstreamRequestId,
    attempts: 0,
    upstreamMs: 0,
  };
}

/** Attempts and time of the upstream call this request started itself; 0 when it joined another. */
function callFigures(context: FetchContext): { attempts: number; upstreamMs: number } {
  return { attempts: context.result?.attempts ?? 0, upstreamMs: context.result?.upstreamMs ?? 0 };
}
