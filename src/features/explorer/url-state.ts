import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema';

/**
 * The explorer's URL state. The index keeps its filter; an operation's page keeps every form value under
 * the parameter's own name (`?thscode=600519.SH&start=…`, like the call itself) and `run=1` once the
 * user has sent the request, so a link reproduces the call (read and written by `form-url.ts`). Kept
 * small: route files load it up front, so it is in the entry chunk.
 */

export const EXPLORER_INDEX_DEFAULTS = { q: '' } as const;

const buildExplorerIndexSchema = () =>
  z.object({
    q: z.string().max(200).default('').catch(''),
  });
export const explorerIndexSchema = lazySchema(buildExplorerIndexSchema);
export type ExplorerIndexSearch = z.output<ReturnType<typeof buildExplorerIndexSchema>>;

/**
 * A form value as the router keeps it. The router writes JSON-looking text in quotes, so digits and
 * `true`/`false` are kept as numbers and booleans where that gives back the same text, and links stay
 * readable (`limit=50`, not `limit=%2250%22`); long digit strings (opaque cursors) stay text
 * (src/lib/search-params.ts).
 */
export type SearchValue = string | number | boolean;
export type ExplorerSearch = Readonly<Record<string, SearchValue>>;

function toSearchValue(text: string): SearchValue {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d{1,15}$/.test(text)) {
    const n = Number(text);
    if (String(n) === text) return n;
  }
  return text;
}

function fromRaw(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  // A hand-written `?indexes=[…]` arrives parsed: it is the parameter's JSON text.
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return undefined;
}

/** Any search object to the explorer's: every key kept as a form value, empty values dropped. */
export function parseExplorerSearch(raw: Record<string, unknown>): ExplorerSearch {
  const out: Record<string, SearchValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    const text = fromRaw(value);
    if (text !== undefined && text !== '') out[key] = toSearchValue(text);
  }
  return out;
}
