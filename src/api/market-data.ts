import { queryOptions } from '@tanstack/react-query';
import type { ApiError } from '../contract/envelope';
import { CLIENT_STALE_MS } from '../contract/cache-policy';
import {
  MARKET_DATA_BASE_PATH,
  MARKET_DATA_ROUTES,
  TAPE_MAX_DAYS,
  intradaySeriesSchema,
  planeStatusSchema,
  type IntradaySeries,
  type PlaneStatus,
} from '../contract/market-data';
import { fetchBff, type CallOptions } from './client';

/**
 * The browser's client for the BFF's market data plane (src/contract/market-data.ts): one instrument's
 * minute tape (`/bff/market-data/intraday`) and the plane's status (`/bff/market-data/status`). Answers
 * are parsed with the contract's schemas; failures are `ApiError`s like every other call's.
 */

export type { IntradaySeries, PlaneStatus } from '../contract/market-data';

/** Trading days of the intraday chart's views: today's session, or the five-day view. */
export const INTRADAY_SPANS = [1, TAPE_MAX_DAYS] as const;
export type IntradaySpan = (typeof INTRADAY_SPANS)[number];

export function marketDataPath(route: keyof typeof MARKET_DATA_ROUTES, query?: URLSearchParams): string {
  const text = query?.toString() ?? '';
  return `${MARKET_DATA_BASE_PATH}${MARKET_DATA_ROUTES[route]}${text ? `?${text}` : ''}`;
}

export function fetchIntraday(
  thscode: string,
  days: number,
  opts: CallOptions = {},
): Promise<IntradaySeries> {
  const query = new URLSearchParams({ thscode, days: String(days) });
  return fetchBff(marketDataPath('intraday', query), intradaySeriesSchema, opts);
}

export function fetchPlaneStatus(opts: CallOptions = {}): Promise<PlaneStatus> {
  return fetchBff(marketDataPath('status'), planeStatusSchema, opts);
}

export const marketDataKeys = {
  all: ['market-data'] as const,
  intraday: (thscode: string, days: number) => ['market-data', 'intraday', thscode, days] as const,
  status: () => ['market-data', 'status'] as const,
};

/**
 * One instrument's minutes over `days` trading days. Fresh for the intraday class's time; the caller
 * polls with `useLiveRefetchInterval('intraday')` (once a minute while a session runs, as the tape
 * records).
 */
export function intradayQuery(thscode: string, days: IntradaySpan, refetchInterval: number | false = false) {
  return queryOptions<IntradaySeries, ApiError>({
    queryKey: marketDataKeys.intraday(thscode, days),
    queryFn: ({ signal }) => fetchIntraday(thscode, days, { signal }),
    staleTime: CLIENT_STALE_MS.intraday,
    refetchInterval,
  });
}

/** The panel's and the tape's state, for the notes wherever the plane's data is shown. */
export function planeStatusQuery(refetchInterval: number | false = false) {
  return queryOptions<PlaneStatus, ApiError>({
    queryKey: marketDataKeys.status(),
    queryFn: ({ signal }) => fetchPlaneStatus({ signal }),
    staleTime: CLIENT_STALE_MS.intraday,
    refetchInterval,
  });
}
