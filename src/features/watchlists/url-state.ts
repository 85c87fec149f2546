import { z } from 'zod';
import type { SortingState } from '../../components/DataTable';
// The limits only (no wire schemas): this module is read up front, with the route tree.
import { WATCHLIST_LIMITS } from '../../contract/watchlist-constants';
import { lazySchema } from '../../lib/lazy-schema';

/**
 * View state of a list page in the URL: the column sort (`?sort=changePct.desc`). Without it the rows
 * are in the list's own order. An unknown column or direction falls back to that order.
 */

export const SORTABLE_COLUMNS = [
  'code',
  'name',
  'type',
  'last',
  'change',
  'changePct',
  'volume',
  'turnover',
  'peTtm',
  'pbMrq',
  'time',
  'note',
] as const;

const SORT_RE = new RegExp(`^(${SORTABLE_COLUMNS.join('|')})\\.(asc|desc)$`);

const buildListSearchSchema = () =>
  z.object({
    sort: z.string().regex(SORT_RE).optional().catch(undefined),
    /** `history`: the list's versions are shown below it. */
    panel: z.enum(['history']).optional().catch(undefined),
  });
export const listSearchSchema = lazySchema(buildListSearchSchema);
export type ListSearch = z.output<ReturnType<typeof buildListSearchSchema>>;

export function sortingOf(sort: string | undefined): SortingState {
  const m = sort === undefined ? null : SORT_RE.exec(sort);
  if (!m || m[1] === undefined) return [];
  return [{ id: m[1], desc: m[2] === 'desc' }];
}

export function sortParam(sorting: SortingState): string | undefined {
  const first = sorting[0];
  if (!first || !SORTABLE_COLUMNS.some((c) => c === first.id)) return undefined;
  return `${first.id}.${first.desc ? 'desc' : 'asc'}`;
}

/** A list id from the URL: a positive whole number, as the server's rule says; null otherwise. */
export function parseListId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** What a share link's fields may hold before they are ignored (the name is then cut to the list limit). */
const LINK_NAME_MAX = 200;
const LINK_CODES_MAX = 4000;

/** The share link `/watchlists/import?name=…&codes=A,B,C[&notes=[…]]` (share.ts makes and reads it). */
const buildImportSearchSchema = () =>
  z.object({
    name: z.string().max(LINK_NAME_MAX).optional().catch(undefined),
    codes: z.string().max(LINK_CODES_MAX).optional().catch(undefined),
    notes: z
      .array(z.string().max(WATCHLIST_LIMITS.note_length))
      .max(WATCHLIST_LIMITS.items_per_list)
      .optional()
      .catch(undefined),
  });
export const importSearchSchema = lazySchema(buildImportSearchSchema);
export type ImportSearch = z.output<ReturnType<typeof buildImportSearchSchema>>;
