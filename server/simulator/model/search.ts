import { codeTable, type AssetType, type Instrument } from './instruments';

/**
 * Instrument search: case-insensitive substring over code, ticker, Chinese name, English name and
 * pinyin initials; exact code, ticker or name matches first, then prefixes, then other substrings.
 */

const TYPE_ORDER: Record<AssetType, number> = {
  'a-share': 0,
  'a-share-index': 1,
  'fund-etf': 2,
  'fund-lof': 3,
  'fund-reits': 4,
  'fund-otc': 5,
  futures: 6,
  'futures-commodity-index': 7,
  options: 8,
  forex: 9,
};

/** Exchange filter values the spec accepts, mapped to the record's `exchange`. */
const EXCHANGE_ALIASES: Record<string, string> = { SSE: 'SH', SZSE: 'SZ' };

export interface SearchQuery {
  q: string;
  exchange?: string | undefined;
  assetTypes?: readonly string[] | undefined;
  limit: number;
}

function matchRank(i: Instrument, q: string): number {
  const code = i.thscode.toLowerCase();
  const ticker = i.ticker.toLowerCase();
  const name = i.name.toLowerCase();
  if (code === q || ticker === q || name === q) return 0;
  const initials = i.initials.toLowerCase();
  if (code.startsWith(q) || name.startsWith(q) || (initials !== '' && initials.startsWith(q))) return 1;
  const en = i.nameEn.toLowerCase();
  if (code.includes(q) || name.includes(q) || en.includes(q) || initials.includes(q)) return 2;
  return -1;
}

export function searchInstruments(day: number, query: SearchQuery): Instrument[] {
  const q = query.q.trim().toLowerCase();
  if (q === '') return [];
  const exchange =
    query.exchange === undefined ? undefined : (EXCHANGE_ALIASES[query.exchange] ?? query.exchange);
  const types = query.assetTypes;
  const hits: { i: Instrument; rank: number }[] = [];
  for (const i of codeTable(day)) {
    if (exchange !== undefined && i.exchange !== exchange) continue;
    if (types && !types.includes(i.assetType)) continue;
    const rank = matchRank(i, q);
    if (rank >= 0) hits.push({ i, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      TYPE_ORDER[a.i.assetType] - TYPE_ORDER[b.i.assetType] ||
      (a.i.thscode < b.i.thscode ? -1 : a.i.thscode > b.i.thscode ? 1 : 0),
  );
  return hits.slice(0, query.limit).map((h) => h.i);
}
