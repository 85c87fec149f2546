import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';

/** The instrument search as the watchlist pages use it: adding by keyword, and checking imported codes. */

export type SearchData = DataOf<'meta/tickers/search'>;
export type InstrumentRecord = SearchData['item'][number];

/** Code tables change rarely: an answer stays good for minutes. */
const SEARCH_STALE_MS = 5 * 60_000;

/** Search as you type; the previous answer stays on screen while the next keyword loads. */
export function addSearchQuery(q: string) {
  return operationQuery(
    'meta/tickers/search',
    { q, limit: 20 },
    { staleTime: SEARCH_STALE_MS, keepPrevious: true },
  );
}

/**
 * One full code, looked up the way the server checks it before accepting it (exact match among the
 * search's 50 best), so that the preview and the server agree on what is known.
 */
export function lookupQuery(thscode: string) {
  return operationQuery('meta/tickers/search', { q: thscode, limit: 50 }, { staleTime: 30 * 60_000 });
}

export function exactMatch(
  data: { item: readonly InstrumentRecord[] } | undefined,
  thscode: string,
): InstrumentRecord | undefined {
  const wanted = thscode.toUpperCase();
  return data?.item.find((item) => item.thscode.toUpperCase() === wanted);
}

function score(record: InstrumentRecord, q: string): number {
  const code = record.thscode.toUpperCase();
  const ticker = record.ticker.toUpperCase();
  const name = record.name.toUpperCase();
  if (code === q || ticker === q || name === q) return 0;
  if (code.startsWith(q) || ticker.startsWith(q) || name.startsWith(q)) return 1;
  return 2;
}

/** Exact matches first, then prefixes, otherwise the service's order: "600519" + Enter adds 600519.SH. */
export function rankInstruments(items: readonly InstrumentRecord[], q: string): InstrumentRecord[] {
  const key = q.trim().toUpperCase();
  return items
    .map((record, index) => ({ record, index, score: score(record, key) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.record);
}
