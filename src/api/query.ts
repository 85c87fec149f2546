import { QueryClient, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../contract/envelope';
import { CLIENT_STALE_MS } from '../contract/cache-policy';
import type { DataOf, OperationId, ParamsIn } from '../contract/catalog';
import { fetchMode, fetchOperation } from './client';
import { loadedCacheClass } from './catalog';

/** At most this many retries, and only for errors a retry can fix (rate limits, 5xxx, network). */
export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.transient && failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, … capped at 8 s, like the vendor's own client; the BFF already spaces its upstream calls. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // A short default freshness: focus refetches only what is stale, so tabbing back to the
        // dashboard updates quotes without a burst of calls for reference data with longer lifetimes.
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // Live intervals (src/api/live.ts) stop in hidden tabs: nobody reads quotes nobody sees.
        refetchIntervalInBackground: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Hierarchical keys: `['op']` is every operation, `['op', id]` every call of one operation. */
export type OperationKey<Id extends OperationId> = readonly ['op', Id, ParamsIn<Id>];

export function operationKey<Id extends OperationId>(id: Id, params: ParamsIn<Id>): OperationKey<Id> {
  return ['op', id, params];
}

export interface OperationQueryOptions {
  /** Defaults to the freshness of the operation's cache class (`CLIENT_STALE_MS`). */
  staleTime?: number | Freshness;
  gcTime?: number;
  refetchInterval?: number | false;
  enabled?: boolean;
  /** Keep the last answer on screen while the parameters change (search as you type). */
  keepPrevious?: boolean;
}

/** A `staleTime` read when TanStack Query asks, that is when an answer is there to be judged. */
export type Freshness = () => number;

/**
 * How long an answer of this operation stays fresh in the browser: its cache class's freshness. Read
 * when asked: an answer in the cache was parsed with the catalog, so the catalog is loaded by then (and
 * without an answer there is nothing fresh: 0).
 */
export function freshnessOf(id: OperationId): Freshness {
  return () => {
    const cache = loadedCacheClass(id);
    return cache === null ? 0 : CLIENT_STALE_MS[cache];
  };
}

/** The generic `queryOptions` factory for one operation call; feature factories build on it. */
export function operationQuery<Id extends OperationId>(
  id: Id,
  params: ParamsIn<Id>,
  opts: OperationQueryOptions = {},
) {
  const { keepPrevious, staleTime = freshnessOf(id), ...rest } = opts;
  return queryOptions<DataOf<Id>, ApiError, DataOf<Id>, OperationKey<Id>>({
    queryKey: operationKey(id, params),
    queryFn: ({ signal }) => fetchOperation(id, params, { signal }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    staleTime,
    ...rest,
  });
}

/** The BFF's mode (simulated or live) does not change while the server runs. */
export function modeQuery() {
  return queryOptions({
    queryKey: ['bff', 'mode'] as const,
    queryFn: ({ signal }) => fetchMode({ signal }),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
