import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import type { CacheClass } from '../contract/operation';
import { loadedCacheClass } from './catalog';

/**
 * The data time of the shell has one meaning: the newest quote time among the market data on screen.
 * It is the newest `timestamp` (Unix ms) of the answers that components show right now (queries with
 * an observer) whose operation moves during the session (cache classes `quote` and `intraday`:
 * snapshots, auctions, hot lists, pools). End-of-day and reference answers (calendar, bars, dragon-tiger,
 * statements) carry the time their source was loaded, not a market time, and do not count; nor do
 * answers a page prefetched but does not show.
 */

const MARKET_TIME_CLASSES: readonly CacheClass[] = ['quote', 'intraday'];

function timestampOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('timestamp' in data)) return null;
  const { timestamp } = data;
  return typeof timestamp === 'number' && Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null;
}

/** Whether a query is an operation whose answers carry a market time (`['op', id, params]` keys). */
function carriesMarketTime(query: Query): boolean {
  const [scope, id] = query.queryKey;
  if (scope !== 'op' || typeof id !== 'string') return false;
  const cache = loadedCacheClass(id);
  return cache !== null && MARKET_TIME_CLASSES.includes(cache);
}

export function latestDataTime(cache: QueryCache): number | null {
  let latest: number | null = null;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0 || !carriesMarketTime(query)) continue;
    const ts = timestampOf(query.state.data);
    if (ts !== null && (latest === null || ts > latest)) latest = ts;
  }
  return latest;
}

export function useDataTime(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = useCallback(() => latestDataTime(cache), [cache]);
  return useSyncExternalStore(subscribe, read, () => null);
}
