import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { DataOf } from '../contract/catalog';
import type { INDEX_TAGS } from '../contract/operations/index-group-terms';
import {
  INDEX_SNAPSHOT_CHUNK,
  indexSnapshotChunks,
  indexSnapshotParams,
} from '../contract/first-screens-terms';
import { operationQuery } from './query';

/**
 * The index and sector group (THS `.TI` sectors and the exchange indices), as the market home and the
 * sector pages ask for it: the same parameters give the same cache entry on both.
 */

export type IndexTag = (typeof INDEX_TAGS)[number];
export type IndexQuote = DataOf<'a-share-index/prices/snapshot'>['item'][number];
export type IndexBar = DataOf<'a-share-index/prices/historical'>['item'][number];
export type Constituent = DataOf<'a-share-index/constituents/ths-stock-list'>['item'][number];

export { MAIN_INDICES } from '../contract/operations/index-group-terms';

export function indexListQuery(tag: IndexTag) {
  return operationQuery('a-share-index/catalog/ths-index-list', { tag });
}

export { INDEX_SNAPSHOT_CHUNK };

/** One snapshot of several indices; codes are sorted so that the same set is always the same key. */
export function indexSnapshotQuery(codes: readonly string[], refetchInterval: number | false = false) {
  return operationQuery('a-share-index/prices/snapshot', indexSnapshotParams(codes), { refetchInterval });
}

/** The snapshot calls for any number of indices (sorted, de-duplicated, in chunks). */
export function indexSnapshotQueries(codes: readonly string[], refetchInterval: number | false = false) {
  return indexSnapshotChunks(codes).map(({ thscodes }) => indexSnapshotQuery(thscodes, refetchInterval));
}

export interface IndexQuotes {
  byCode: ReadonlyMap<string, IndexQuote>;
  pending: boolean;
  fetching: boolean;
  error: unknown;
  refetch: () => void;
}

/** Quotes of any number of indices, by code. */
export function useIndexQuotes(
  codes: readonly string[],
  refetchInterval: number | false = false,
): IndexQuotes {
  const queries = useMemo(() => indexSnapshotQueries(codes, refetchInterval), [codes, refetchInterval]);
  return useQueries({
    queries,
    combine: (results) => {
      const byCode = new Map<string, IndexQuote>();
      for (const result of results) {
        for (const item of result.data?.item ?? []) byCode.set(item.thscode.toUpperCase(), item);
      }
      return {
        byCode,
        pending: results.some((r) => r.isPending),
        fetching: results.some((r) => r.isFetching),
        error: results.find((r) => r.isError)?.error ?? null,
        refetch: () => {
          for (const r of results) if (r.isError) void r.refetch();
        },
      };
    },
  });
}

export function indexBarsQuery(thscode: string, start: number, end: number) {
  return operationQuery(
    'a-share-index/prices/historical',
    { thscode, interval: '1d', start, end },
    { keepPrevious: true },
  );
}

export function constituentsQuery(thscode: string) {
  return operationQuery('a-share-index/constituents/ths-stock-list', { thscode });
}
