import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { A_SHARE_CODE_RE } from '../../contract/params-terms';
import { lazySchema } from '../../lib/lazy-schema';
import { choice, optionalDate, parseCodeList, whole } from '../../lib/search-schema';

/**
 * The whole view state of the hot-list page as URL search parameters. Every field falls back to its
 * default (`.catch`), so a hand-edited or outdated link opens a sensible view instead of an error, and
 * defaults are left out of the URL by the route. The home page links here with `view`, `list`, `period`,
 * `limit`, `state`, `page` and `size`: keep those names.
 */

export const HOT_VIEWS = ['rank', 'history', 'trend', 'monitor'] as const;
export type HotView = (typeof HOT_VIEWS)[number];

export const HOT_LISTS = ['hot', 'skyrocket'] as const;
export type HotList = (typeof HOT_LISTS)[number];

export const HOT_PERIODS = ['day', 'hour'] as const;
export type HotPeriod = (typeof HOT_PERIODS)[number];

export const MONITOR_STATES = ['current', 'history'] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

/** The service's bounds: list `limit` 1 to 100, monitor `size` 1 to 30. */
export const LIMIT_MAX = 100;
export const SIZE_MAX = 30;
/** At most this many stocks in one rank-trend chart. */
export const TREND_MAX_CODES = 5;
/** Choices offered on screen (any value in range still works from a link). */
export const LIMIT_CHOICES = [10, 30, 50, 100] as const;
export const SIZE_CHOICES = [10, 20, 30] as const;

export const HOT_SEARCH_DEFAULTS = {
  view: 'rank',
  list: 'hot',
  period: 'day',
  limit: 30,
  state: 'current',
  page: 1,
  size: 30,
} as const;

/**
 * `600519.SH,300033.SZ`: well-formed A-share codes, upper case, first occurrence kept, at most five.
 * Anything else in a link is dropped rather than failing the page.
 */
export function parseTrendCodes(value: string | number): string[] {
  return parseCodeList(value, A_SHARE_CODE_RE, TREND_MAX_CODES);
}

const buildHotSearchSchema = () =>
  z
    .object({
      view: choice(HOT_VIEWS, HOT_SEARCH_DEFAULTS.view),
      list: choice(HOT_LISTS, HOT_SEARCH_DEFAULTS.list),
      period: choice(HOT_PERIODS, HOT_SEARCH_DEFAULTS.period),
      limit: whole(1, LIMIT_MAX, HOT_SEARCH_DEFAULTS.limit),
      /** History day; absent means the day before the server's today (the latest complete day). */
      date: optionalDate(),
      /** Rank-trend stocks, comma separated. */
      codes: z
        .union([z.string(), z.number()])
        .transform((v) => {
          const codes = parseTrendCodes(v);
          return codes.length > 0 ? codes.join(',') : undefined;
        })
        .optional()
        .catch(undefined),
      /** Rank-trend window; absent means the last three months up to today. */
      start: optionalDate(),
      end: optionalDate(),
      state: choice(MONITOR_STATES, HOT_SEARCH_DEFAULTS.state),
      page: whole(1, 100_000, HOT_SEARCH_DEFAULTS.page),
      size: whole(1, SIZE_MAX, HOT_SEARCH_DEFAULTS.size),
    })
    .transform((s) =>
      // A window whose ends are the wrong way round is a bad link: the default window replaces it.
      s.start !== undefined && s.end !== undefined && s.start > s.end
        ? { ...s, start: undefined, end: undefined }
        : s,
    );

export const hotSearchSchema = lazySchema(buildHotSearchSchema);

export type HotSearch = z.output<ReturnType<typeof buildHotSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseHotSearch(raw: unknown): HotSearch {
  return hotSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

/** The codes of the rank trend as a list. */
export function trendCodes(search: Pick<HotSearch, 'codes'>): string[] {
  return search.codes === undefined ? [] : parseTrendCodes(search.codes);
}

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = SearchPatch<HotSearch>;
