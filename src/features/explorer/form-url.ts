import { parseExplorerSearch, type ExplorerSearch } from './url-state';

/**
 * The operation page's form as its URL holds it, read and written. Loaded with the page, not up front:
 * only `url-state.ts` (what the routes validate) is in the entry chunk.
 */

/** The key that marks a sent request; no catalog parameter has this name (a test holds it). */
export const RUN_KEY = 'run';

/**
 * The form as the URL holds it, from the location's query string (the router's, values as written): a
 * value in JSON quotes is unquoted, anything else (numbers, `true`, JSON objects and arrays) is the form
 * value as it stands in the URL.
 */
export function readExplorerSearch(searchStr: string): { values: Record<string, string>; run: boolean } {
  const values: Record<string, string> = {};
  let run = false;
  for (const [key, raw] of new URLSearchParams(searchStr)) {
    let text = raw;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'string') text = parsed;
    } catch {
      // Not JSON: the text as typed.
    }
    if (key === RUN_KEY) run = text === '1';
    else if (text !== '') values[key] = text;
  }
  return { values, run };
}

/** The search for form values, with the run marker when the request is sent. */
export function explorerSearch(values: Readonly<Record<string, string>>, run: boolean): ExplorerSearch {
  const out = Object.entries(parseExplorerSearch(values)).filter(([key]) => key !== RUN_KEY);
  return Object.fromEntries(run ? [...out, [RUN_KEY, 1]] : out);
}
