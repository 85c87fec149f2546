import { queryOptions } from '@tanstack/react-query';
import type { DataOf } from '../contract/catalog';
import type { ContractSearch } from '../contract/operations/futures';
import { fetchOperation } from './client';
import { freshnessOf, operationQuery } from './query';

/** The instrument search (`meta/tickers/search`) as every page uses it. */

export type InstrumentSearchData = DataOf<'meta/tickers/search'>;
export type InstrumentRecord = InstrumentSearchData['item'][number];

/** Enough rows to find an instrument among similar names; the service allows at most 50. */
export const INSTRUMENT_SEARCH_LIMIT = 20;

/** Search as you type: the previous answer stays on screen while the next keyword loads. */
export function instrumentSearchQuery(q: string) {
  return operationQuery('meta/tickers/search', { q, limit: INSTRUMENT_SEARCH_LIMIT }, { keepPrevious: true });
}

function score(record: InstrumentRecord, q: string): number {
  const code = record.thscode.toUpperCase();
  const ticker = record.ticker.toUpperCase();
  const name = record.name.toUpperCase();
  if (code === q || ticker === q || name === q) return 0;
  if (code.startsWith(q) || ticker.startsWith(q) || name.startsWith(q)) return 1;
  return 2;
}

/**
 * Exact matches first, then prefixes, otherwise the service's order: typing "600519" and pressing Enter
 * must pick 600519.SH even when the service lists 600519 inside another code first.
 */
export function rankInstruments(items: readonly InstrumentRecord[], q: string): InstrumentRecord[] {
  const key = q.trim().toUpperCase();
  return items
    .map((record, index) => ({ record, index, score: score(record, key) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.record);
}

/** Names and listing details live only in the search (snapshots have none): one code's lookup. */
export function instrumentQuery(thscode: string) {
  return operationQuery('meta/tickers/search', { q: thscode, limit: 10 });
}

/** The exact, case-insensitive match of a full code among search results, or undefined. */
export function findInstrument(
  data: { item: readonly InstrumentRecord[] } | undefined,
  thscode: string,
): InstrumentRecord | undefined {
  const wanted = thscode.toUpperCase();
  return data?.item.find((item) => item.thscode.toUpperCase() === wanted);
}

/**
 * One of the searches that list a variety's futures months or option contracts (the contract's
 * `futuresContractSearches` and `optionContractSearches`: the catalog has no other contract list).
 */
export function contractListingQuery(search: ContractSearch) {
  return operationQuery('meta/tickers/search', search);
}

/** One page of the code table: the service allows at most 10,000 rows a call. */
const CODE_TABLE_PAGE = 10_000;

export type CodeTableRow = DataOf<'meta/tickers/list'>['item'][number];

/**
 * Every A-share of the three exchanges (`meta/tickers/list`, paged until a page comes back short), to
 * check typed codes against: does `600519.SZ` exist, which A-share is a bare `600519`. One request for
 * about 5,500 rows, cached with the reference class's freshness.
 */
export function aShareCodeTableQuery() {
  const params = { exchange: ['SH', 'SZ', 'BJ'], asset_type: 'a-share', limit: CODE_TABLE_PAGE } as const;
  return queryOptions({
    queryKey: ['op', 'meta/tickers/list', { ...params, offset: 'all' }] as const,
    queryFn: async ({ signal }) => {
      const rows: CodeTableRow[] = [];
      for (let offset = 0; ; offset += CODE_TABLE_PAGE) {
        const page = await fetchOperation('meta/tickers/list', { ...params, offset }, { signal });
        rows.push(...page.item);
        if (page.item.length < CODE_TABLE_PAGE) return rows;
      }
    },
    staleTime: freshnessOf('meta/tickers/list'),
  });
}
