import type { DataOf } from '../../contract/catalog';
import { operationQuery } from '../../api/query';

export type SearchData = DataOf<'meta/tickers/search'>;
export type InstrumentRecord = SearchData['item'][number];

/** Enough rows to find an instrument among similar names; the service allows at most 50. */
export const SEARCH_LIMIT = 20;

/** The code table is reference data: a keyword's answer stays good for minutes. */
const SEARCH_STALE_MS = 5 * 60_000;

/** Search as you type: the previous answer stays on screen while the next keyword loads. */
export function searchQuery(q: string) {
  return operationQuery(
    'meta/tickers/search',
    { q, limit: SEARCH_LIMIT },
    { staleTime: SEARCH_STALE_MS, keepPrevious: true },
  );
}

/** Resolve one full code to its record (names are only in the search; the snapshot has none). */
export function instrumentQuery(thscode: string) {
  return operationQuery('meta/tickers/search', { q: thscode, limit: 10 }, { staleTime: 30 * 60_000 });
}

export function findInstrument(data: SearchData | undefined, thscode: string): InstrumentRecord | undefined {
  const wanted = thscode.toUpperCase();
  return data?.item.find((item) => item.thscode.toUpperCase() === wanted);
}
