import { z } from 'zod';
import { INDEX_TAGS } from '../../contract/operations/index-group-terms';
import { lazySchema } from '../../lib/lazy-schema';
import { choice, sortParam } from '../../lib/search-schema';
import { chartViewParam, intradayDaysParam } from '../../components/intraday/url-state';

/**
 * The view state of `/sectors` and of an index page (`/sectors/$thscode`, `/index/$thscode`) as URL
 * search parameters. Every field falls back (`.catch`) so a hand-edited or outdated link opens a
 * sensible view; defaults are left out of the URL by the routes.
 *
 * - `tag`: the service's sector group (industries, concepts, regions, THS thematic indices).
 * - `sort`: `<column>.<asc|desc>` of the ranking (or of the constituents on an index page).
 * - `range`: the candle window of an index page.
 * - `chart`: the chart view of an index page (intraday line or candles; absent: the session decides).
 * - `days`: the intraday span of an index page (one or five trading days).
 */

export const SECTOR_SORT_COLUMNS = [
  'name',
  'thscode',
  'last',
  'change',
  'change_pct',
  'turnover',
  'volume',
] as const;
export const MEMBER_SORT_COLUMNS = [
  'thscode',
  'name',
  'last',
  'change',
  'change_pct',
  'amplitude',
  'volume',
  'turnover',
  'pe_ttm',
  'pb_mrq',
  'ps_ttm',
  'pcf_ttm',
] as const;

export const INDEX_RANGES = ['3m', '6m', '1y', '3y', '5y'] as const;
export type IndexRange = (typeof INDEX_RANGES)[number];

export const SECTORS_SEARCH_DEFAULTS = { tag: 'industry', sort: 'change_pct.desc' } as const;

const buildSectorsSearchSchema = () =>
  z.object({
    tag: choice(INDEX_TAGS, SECTORS_SEARCH_DEFAULTS.tag),
    sort: sortParam(SECTOR_SORT_COLUMNS, SECTORS_SEARCH_DEFAULTS.sort),
  });
export const sectorsSearchSchema = lazySchema(buildSectorsSearchSchema);
export type SectorsSearch = z.output<ReturnType<typeof buildSectorsSearchSchema>>;

/** Leaders first: the constituents open sorted by the day's change, largest first. */
export const INDEX_SEARCH_DEFAULTS = { range: '6m', sort: 'change_pct.desc', days: 1 } as const;

const buildIndexSearchSchema = () =>
  z.object({
    range: choice(INDEX_RANGES, INDEX_SEARCH_DEFAULTS.range),
    sort: sortParam(MEMBER_SORT_COLUMNS, INDEX_SEARCH_DEFAULTS.sort),
    chart: chartViewParam(),
    days: intradayDaysParam(),
  });
export const indexSearchSchema = lazySchema(buildIndexSearchSchema);
export type IndexSearch = z.output<ReturnType<typeof buildIndexSearchSchema>>;

/** A THS `.TI` code (sector, concept, region, thematic); the rest are exchange indices. */
export function isThsIndex(thscode: string): boolean {
  return /\.TI$/i.test(thscode);
}
