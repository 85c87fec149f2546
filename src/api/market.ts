import { CLIENT_STALE_MS } from '../contract/cache-policy';
import type { DataOf } from '../contract/catalog';
import { WHOLE_MARKET_PARAMS } from '../contract/first-screens-terms';
import { operationQuery } from './query';

/**
 * The whole A-share table in ONE snapshot call (the contract lets a page hold the whole market). The
 * market home's breadth and every sector page's constituent quotes read this one answer: one request,
 * one cache entry, whatever the number of stocks. Market-wide figures need no five-second refresh, so it
 * keeps the freshness (and the polling, see `useLiveRefetchInterval('intraday')`) of intraday lists.
 */

export type MarketSnapshot = DataOf<'a-share/prices/snapshot'>;
export type QuoteRow = MarketSnapshot['item'][number];

export { WHOLE_MARKET_PARAMS };

export function wholeMarketQuery(refetchInterval: number | false = false) {
  return operationQuery('a-share/prices/snapshot', WHOLE_MARKET_PARAMS, {
    staleTime: CLIENT_STALE_MS.intraday,
    refetchInterval,
  });
}

/** Quotes by code, for joining the table with lists that only name their stocks. */
export function quotesByCode(data: MarketSnapshot | undefined): ReadonlyMap<string, QuoteRow> {
  return new Map((data?.item ?? []).map((row) => [row.thscode.toUpperCase(), row]));
}
