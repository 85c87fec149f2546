import { z } from 'zod';
import { A_SHARE_CODE_RE } from '../../contract/params-terms';
import { urlDateSchema } from '../../lib/trading-days';
import { lazySchema } from '../../lib/lazy-schema';
import {
  choice,
  optionalCode,
  parseSort as parseSortOf,
  sortParam,
  type SortSpec as SortSpecOf,
} from '../../lib/search-schema';
import { DRAGON_TIGER_BOARDS } from '../../lib/dragon-tiger';

/**
 * The view state of `/dragon-tiger` as URL search parameters. Every field falls back (`.catch`) so a
 * hand-edited or outdated link opens a sensible view; defaults are left out of the URL by the route.
 *
 * - `date`: the trading day; absent means the service's latest completed trading day. Kept as written
 *   (read it with `readUrlDate`), so that a broken one is named instead of replaced by the latest day.
 * - `board`: all, org (institutions) or hot_money.
 * - `sort`: `<column>.<asc|desc>`, for example `net_value.asc`.
 * - `code`: the stock whose institution detail is open.
 */

/** Columns the table can sort by (ids of its columns). */
export const SORT_COLUMNS = [
  'thscode',
  'name',
  'change',
  'net_value',
  'net_rate',
  'buy_value',
  'sell_value',
  'org_net_value',
  'org_net_rate',
  'org_buy_num',
  'org_sell_num',
  'hot_money_net_value',
  'hot_money_net_rate',
  'range_days',
  'change_multi',
  'hot_rank',
  'limit_reason',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export type SortSpec = SortSpecOf<SortColumn>;

export const DRAGON_TIGER_SEARCH_DEFAULTS = { board: 'all', sort: 'net_value.desc' } as const;

/** `net_value.asc` → { column, desc }; null for anything else. */
export function parseSort(text: string): SortSpec | null {
  return parseSortOf(text, SORT_COLUMNS);
}

const buildDragonTigerSearchSchema = () =>
  z.object({
    // Kept as written: an impossible day is named on the page, never sent and never silently replaced.
    date: urlDateSchema.schema(),
    board: choice(DRAGON_TIGER_BOARDS, DRAGON_TIGER_SEARCH_DEFAULTS.board),
    sort: sortParam(SORT_COLUMNS, DRAGON_TIGER_SEARCH_DEFAULTS.sort),
    code: optionalCode(A_SHARE_CODE_RE),
  });

export const dragonTigerSearchSchema = lazySchema(buildDragonTigerSearchSchema);

export type DragonTigerSearch = z.output<ReturnType<typeof buildDragonTigerSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseDragonTigerSearch(raw: unknown): DragonTigerSearch {
  return dragonTigerSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

/** The sort of a parsed search (always valid: the schema fell back to the default otherwise). */
export function sortOf(search: DragonTigerSearch): SortSpec {
  return parseSort(search.sort) ?? { column: 'net_value', desc: true };
}
