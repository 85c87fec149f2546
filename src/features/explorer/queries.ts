import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchOperationRaw } from '../../api/client';
import type { OperationId } from '../../contract/catalog';

/**
 * One explorer call: the raw answer of an operation for a query string (null: nothing sent). Kept until
 * the user sends again (`resetQueries` on Send), never retried or refreshed behind the user's back: the
 * page shows exactly the requests the user asked for.
 */
export function explorerCallQuery(id: OperationId, query: string | null) {
  return queryOptions({
    queryKey: ['explorer', id, query] as const,
    queryFn: query === null ? skipToken : ({ signal }) => fetchOperationRaw(id, query, { signal }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
