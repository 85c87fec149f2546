import type { WatchlistItem } from '../../api/watchlists';
import { WATCHLIST_LIMITS, textLength } from '../../contract/watchlists';
import { checkEntries, type ParsedImport } from './csv';
import type { ImportSearch } from './url-state';

/**
 * The share link `/watchlists/import?name=…&codes=A,B,C[&notes=[…]]`: the list travels in the URL, so
 * the link works for anyone who can open the app, with no account and nothing stored first. Notes go
 * along as a parallel list only while they are short, so links stay usable in chat and mail.
 */

/** All notes together may take this many characters in a link; longer ones are left out. */
export const SHARE_NOTES_MAX = 400;

// The link's fields as the import route reads them (its search schema) live in the URL state, so that
// checking the route's search does not load this module and the CSV reader up front.
export { importSearchSchema, type ImportSearch } from './url-state';

export interface ShareParams {
  search: { name: string; codes: string; notes?: string[] };
  /** Notes were left out because they are too long for a link. */
  notesOmitted: boolean;
}

export function shareParams(name: string, items: readonly WatchlistItem[]): ShareParams {
  const codes = items.map((i) => i.thscode).join(',');
  const notes = items.map((i) => i.note);
  const total = notes.reduce((sum, note) => sum + textLength(note), 0);
  if (total === 0) return { search: { name, codes }, notesOmitted: false };
  if (total > SHARE_NOTES_MAX) return { search: { name, codes }, notesOmitted: true };
  return { search: { name, codes, notes }, notesOmitted: false };
}

/** The codes of a link, checked like a file's lines (position = "line"). */
export function parseShared(search: ImportSearch): ParsedImport {
  const codes = (search.codes ?? '').split(',').filter((c) => c.trim() !== '');
  return checkEntries(
    codes.map((code, index) => ({ line: index + 1, thscode: code, note: search.notes?.[index] ?? '' })),
  );
}

/** Trimmed and cut to the server's length limit (in code points). */
export function cleanName(name: string): string {
  return [...name.trim()].slice(0, WATCHLIST_LIMITS.name_length).join('').trim();
}

/**
 * A name no existing list has (names are unique ignoring case): the name itself, else "name (2)",
 * "name (3)" …, cut so that the suffix still fits.
 */
export function uniqueName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  const base = cleanName(wanted);
  // No name to build on: the reader has to type one.
  if (base === '' || !used.has(base.toLowerCase())) return base;
  for (let n = 2; n < 1000; n++) {
    const suffix = ` (${n})`;
    const head = [...base]
      .slice(0, WATCHLIST_LIMITS.name_length - suffix.length)
      .join('')
      .trim();
    const candidate = `${head}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
  return base;
}
