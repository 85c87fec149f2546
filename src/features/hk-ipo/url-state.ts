import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { lazySchema } from '../../lib/lazy-schema';
import { choice } from '../../lib/search-schema';
import { CALENDAR_FILE_STATUSES, ISSUE_CODE_RE } from '../../contract/calendar-files-terms';

/**
 * The whole view state of the Hong Kong IPO page as URL search parameters. Every field falls back to its
 * default (`.catch`), so a hand-edited or outdated link opens a sensible view; defaults are left out of
 * the URL by the route.
 */

export const HK_IPO_VIEWS = ['list', 'grid'] as const;
export type HkIpoLayout = (typeof HK_IPO_VIEWS)[number];

/** `all` is both calendar lists; the calendar files take the same values. */
export const STATUS_FILTERS = CALENDAR_FILE_STATUSES;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Longest name filter kept from a link. */
export const FILTER_MAX = 40;

export const HK_IPO_SEARCH_DEFAULTS = {
  view: 'list',
  status: 'all',
  apps: 1,
} as const;

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

const buildHkIpoSearchSchema = () =>
  z.object({
    view: choice(HK_IPO_VIEWS, HK_IPO_SEARCH_DEFAULTS.view),
    status: choice(STATUS_FILTERS, HK_IPO_SEARCH_DEFAULTS.status),
    /** Month of the grid, `yyyy-MM`; absent means the month of the server's today. */
    month: z.string().regex(MONTH_RE).optional().catch(undefined),
    /** The issue whose detail is open. */
    issue: z.string().regex(ISSUE_CODE_RE).optional().catch(undefined),
    /** Filter by name or code, applied to the calendar and the application page on screen. */
    q: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().slice(0, FILTER_MAX))
      .transform((v) => (v === '' ? undefined : v))
      .optional()
      .catch(undefined),
    /** Page of the application list. */
    apps: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(HK_IPO_SEARCH_DEFAULTS.apps)
      .catch(HK_IPO_SEARCH_DEFAULTS.apps),
  });

export const hkIpoSearchSchema = lazySchema(buildHkIpoSearchSchema);

export type HkIpoSearch = z.output<ReturnType<typeof buildHkIpoSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseHkIpoSearch(raw: unknown): HkIpoSearch {
  return hkIpoSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

export type UpdateSearch = SearchPatch<HkIpoSearch>;
