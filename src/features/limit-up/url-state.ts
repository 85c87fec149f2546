import { z } from 'zod';
import { ANOMALY_TAGS } from '../../contract/operations/market-extras-terms';
import { A_SHARE_CODE_RE } from '../../contract/params-terms';
import { BOARDS } from '../../contract/price-limits';
import { POOLS } from '../../contract/first-screens-terms';
import { lazySchema } from '../../lib/lazy-schema';
import {
  choice,
  optionalCode,
  optionalDate,
  parseSort as parseSortOf,
  type SortSpec as SortSpecOf,
} from '../../lib/search-schema';

/**
 * The view state of `/limit-up` as URL search parameters. Every field falls back (`.catch`) so a
 * hand-edited or outdated link opens a sensible view; defaults are left out of the URL by the route.
 *
 * - `date`: the trading day (absent: the latest one).
 * - `pool`: `up`, `down` or `break`.
 * - `sort`: `<column>.<asc|desc>`; absent (or a column the pool has not) means the pool's own default.
 * - `board`: the market segment (main boards, ChiNext, STAR, Beijing), `all` by default.
 * - `min`: the least consecutive boards of a limit-up row (1 shows every limit-up).
 * - `q`: text filter on code, name, reason and industry.
 * - `code`: the stock whose detail (pool row and anomaly analysis) is open.
 * - `tag`: the anomaly tag the day's anomaly list shows (absent: all).
 */

export type { Pool } from '../../api/limit-pools';

export const SORT_COLUMNS = [
  'code',
  'name',
  'last',
  'change_pct',
  'first_time',
  'last_time',
  'boards',
  'seal_money',
  'max_seal_money',
  'open_times',
  'turnover',
  'turnover_ratio',
  'reason',
  'industry',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export type SortSpec = SortSpecOf<SortColumn>;

export function parseSort(text: string): SortSpec | null {
  return parseSortOf(text, SORT_COLUMNS);
}

export const BOARD_FILTERS = ['all', ...BOARDS] as const;
export type BoardFilter = (typeof BOARD_FILTERS)[number];

/** Consecutive boards a filter can ask for: 1 (all) up to 7 (7 and more). */
export const MIN_BOARDS = [1, 2, 3, 4, 5, 7] as const;

export const LIMIT_UP_SEARCH_DEFAULTS = { pool: 'up', board: 'all', min: 1, q: '' } as const;

const buildLimitUpSearchSchema = () =>
  z.object({
    date: optionalDate(),
    pool: choice(POOLS, LIMIT_UP_SEARCH_DEFAULTS.pool),
    sort: z
      .string()
      .refine((v) => parseSort(v) !== null)
      .optional()
      .catch(undefined),
    board: choice(BOARD_FILTERS, LIMIT_UP_SEARCH_DEFAULTS.board),
    min: z.coerce
      .number()
      .int()
      .min(1)
      .max(7)
      .default(LIMIT_UP_SEARCH_DEFAULTS.min)
      .catch(LIMIT_UP_SEARCH_DEFAULTS.min),
    q: z
      .string()
      .transform((v) => v.trim().slice(0, 40))
      .default(LIMIT_UP_SEARCH_DEFAULTS.q)
      .catch(LIMIT_UP_SEARCH_DEFAULTS.q),
    code: optionalCode(A_SHARE_CODE_RE),
    tag: z.enum(ANOMALY_TAGS).optional().catch(undefined),
  });

export const limitUpSearchSchema = lazySchema(buildLimitUpSearchSchema);

export type LimitUpSearch = z.output<ReturnType<typeof buildLimitUpSearchSchema>>;
