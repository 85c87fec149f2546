import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryCache } from '@tanstack/react-query';

/**
 * The data time of the shell: the newest `timestamp` among the answers in the query cache. Most
 * operations carry one (`data.timestamp`, Unix ms); an answer without it does not count.
 */

function timestampOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('timestamp' in data)) return null;
  const { timestamp } = data;
  return typeof timestamp === 'number' && Number.isFinite(timestamp) && timestamp > 0 ? timestamp : null;
}

/** Kept per cache so that an answer dropped by garbage collection does not move the data time back. */
const seen = new WeakMap<QueryCache, number>();

export function latestDataTime(cache: QueryCache): number | null {
  let latest: number | null = seen.get(cache) ?? null;
  for (const query of cache.getAll()) {
    const ts = timestampOf(query.state.data);
    if (ts !== null && (latest === null || ts > latest)) latest = ts;
  }
  if (latest !== null) seen.set(cache, latest);
  return latest;
}

export function useDataTime(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = useCallback(() => latestDataTime(cache), [cache]);
  return useSyncExternalStore(subscribe, read, () => null);
}
