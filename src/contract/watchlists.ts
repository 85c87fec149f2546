import { z } from 'zod';
import { canonicalCode, INSTRUMENT_CODE_RE } from './params';
import { WATCHLIST_LIMITS, textLength } from './watchlist-constants';

export {
  WATCHLISTS_BASE_PATH,
  WATCHLIST_ASSET_TYPES,
  WATCHLIST_LIMITS,
  isWatchlistAssetType,
  textLength,
  type WatchlistAssetType,
} from './watchlist-constants';

/**
 * The watchlist REST API as both sides agree on it: paths, request bodies with their rules, the answer
 * shapes and the refusal body. The BFF (server/watchlists) validates requests with these schemas; the
 * browser's client (src/api/watchlists.ts) parses answers with them and checks input before sending.
 *
 * A refusal is `{ error: { code, message, field } }` where `field` is the path of the offending value
 * ('name', 'items.3.thscode') and `message` names it and the rule it broke. Structural problems
 * (missing field, wrong type, unknown field) are 400; a value of the right type that breaks a rule
 * (format, length, range, limits) is 422. A write against an old version is 409 with `current`, the
 * list as it is now.
 */

// ---- paths (under WATCHLISTS_BASE_PATH) ----

export const WATCHLIST_ROUTES = {
  /** GET: summaries and limits; POST: create. */
  index: '/',
  /** GET, PATCH (rename), DELETE `?version=n`. */
  list: '/:id',
  /** POST: add one item or a batch. */
  items: '/:id/items',
  /** DELETE `?version=n`. */
  item: '/:id/items/:thscode',
  /** PUT: the new order. */
  order: '/:id/order',
  /** PUT: an item's note. */
  note: '/:id/items/:thscode/note',
  /** PUT: who may see the list (the owner only). */
  visibility: '/:id/visibility',
  /** GET: the list's versions, newest first. */
  history: '/:id/history',
  /** POST `{ version }` (the version to bring back) with `expected` (the current one). */
  restoreVersion: '/:id/history/restore',
  /** GET: the caller's recently deleted lists. */
  deleted: '/deleted',
  /** POST: bring a deleted list back. */
  restore: '/deleted/:id/restore',
  /**
   * GET: server-sent events (`text/event-stream`), one `change` event (`watchlistChangeSchema`) for
   * every committed change of a list the caller can see, from any tab, user or replica.
   */
  events: '/events',
} as const;
export type WatchlistRoute = keyof typeof WATCHLIST_ROUTES;

type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path with its parameters filled in (encoded), relative to the base path. */
export function watchlistPath<R extends WatchlistRoute>(
  route: R,
  params: Record<ParamsOf<(typeof WATCHLIST_ROUTES)[R]>, string | number>,
): string {
  const values: Record<string, string | number> = params;
  const path = WATCHLIST_ROUTES[route].replace(/:(\w+)/g, (_whole, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
  // The index is the base path itself.
  return path === '/' ? '' : path;
}

// ---- values and their rules ----

/**
 * A full code after trimming and upper-casing, of any instrument the search offers (an option contract
 * such as `IO2609-C-3800.CFX` included).
 */
export const WATCHLIST_CODE_RE = INSTRUMENT_CODE_RE;

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const NAME_CONTROL_RE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- notes may span lines but hold no other control characters
const NOTE_CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Characters that change how text is shown without being seen: bidirectional overrides, embeddings and
 * isolates (which can make 'gnp.exe' read as 'exe.png'), zero-width spaces and joiners, the word joiner
 * and the byte-order mark. Names and notes are stored without them, so two names that look the same are
 * the same.
 */
const INVISIBLE_RE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u061c]/g;

/** Text as it is stored: NFC, without invisible formatting characters. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE_RE, '');
}

/** Tells the refusal which rule a custom check stands for (its `code`). */
const rule = (name: string) => ({ params: { rule: name } });

export const watchlistNameSchema = z
  .string()
  .transform((s) => normaliseText(s).trim())
  .refine((s) => textLength(s) >= 1 && textLength(s) <= WATCHLIST_LIMITS.name_length, {
    message: `must be 1 to ${WATCHLIST_LIMITS.name_length} characters after trimming spaces`,
    ...rule('length'),
  })
  .refine((s) => !NAME_CONTROL_RE.test(s), {
    message: 'must not contain control characters',
    ...rule('format'),
  });

/** Trimmed and upper-cased first, so '600519.sh ' is 600519.SH. */
export const watchlistCodeSchema = z
  .string()
  .transform(canonicalCode)
  .pipe(
    z
      .string()
      .regex(
        WATCHLIST_CODE_RE,
        'must be a full code such as 600519.SH: letters or digits (hyphens inside), a dot, 1-6 letters',
      ),
  );

export const watchlistNoteSchema = z
  .string()
  .transform(normaliseText)
  .refine((s) => textLength(s) <= WATCHLIST_LIMITS.note_length, {
    message: `must be at most ${WATCHLIST_LIMITS.note_length} characters`,
    ...rule('length'),
  })
  .refine((s) => !NOTE_CONTROL_RE.test(s), {
    message: 'must not contain control characters other than line breaks and tabs',
    ...rule('format'),
  });

/** The version a write was computed against. */
export const versionSchema = z.number().int().min(1, 'must be a whole number of at least 1');

const positiveWholeNumber = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform(Number);

// ---- requests ----

export const listParams = z.strictObject({ id: positiveWholeNumber('must be a positive whole number') });
export const itemParams = listParams.extend({ thscode: watchlistCodeSchema });
/** `?version=n` of the deletes. */
export const versionQuery = z.strictObject({
  version: positiveWholeNumber('must be a whole number of at least 1'),
});

export const createWatchlistBody = z.strictObject({ name: watchlistNameSchema });
export const renameWatchlistBody = z.strictObject({ name: watchlistNameSchema, version: versionSchema });

const newItemSchema = z.strictObject({ thscode: watchlistCodeSchema, note: watchlistNoteSchema.optional() });
/** One item: `{ thscode, note?, version }`. */
export const addItemBody = newItemSchema.extend({ version: versionSchema });
/** A batch (the CSV import, the share link): all of them or none. */
export const addItemsBody = z.strictObject({
  items: z
    .array(newItemSchema)
    .min(1, 'must hold at least one item')
    .max(WATCHLIST_LIMITS.items_per_list, `must hold at most ${WATCHLIST_LIMITS.items_per_list} items`),
  version: versionSchema,
});

/** A request part that comes in more than one shape: `choose` gives the schema for an input. */
export class SchemaChoice<S extends z.ZodType> {
  constructor(readonly choose: (input: unknown) => S) {}
}

/** `POST …/items` takes one item or a batch; a body with `items` is a batch. */
export const addItemsRequest = new SchemaChoice((input) =>
  typeof input === 'object' && input !== null && Object.hasOwn(input, 'items') ? addItemsBody : addItemBody,
);

export const orderBody = z.strictObject({
  thscodes: z
    .array(watchlistCodeSchema)
    .max(WATCHLIST_LIMITS.items_per_list, `must hold at most ${WATCHLIST_LIMITS.items_per_list} codes`),
  version: versionSchema,
});
export const noteBody = z.strictObject({ note: watchlistNoteSchema, version: versionSchema });

export const WATCHLIST_VISIBILITIES = ['private', 'team'] as const;
export type WatchlistVisibility = (typeof WATCHLIST_VISIBILITIES)[number];
export const visibilityBody = z.strictObject({
  visibility: z.enum(WATCHLIST_VISIBILITIES, 'must be private or team'),
  version: versionSchema,
});
/** `version`: the one to bring back; `expected`: the list's current version (as every write names it). */
export const restoreVersionBody = z.strictObject({ version: versionSchema, expected: versionSchema });

/**
 * How a code is checked before it goes into a list: the instrument search (`meta/tickers/search`)
 * asked with the code, and an exact match of the thscode among its first results. The BFF checks
 * every add this way, and the import preview asks the same question, so both agree on what is known.
 */
export function watchlistLookupParams(thscode: string): { q: string; limit: number } {
  return { q: thscode, limit: 50 };
}

/**
 * A batch (CSV import, shared link) is checked against the exchanges' code table instead: one call
 * (`meta/tickers/list`, a page of `WATCHLIST_TABLE_PAGE` rows) answers every listed code at once; codes
 * the table does not hold (futures, options, off-exchange funds) are then looked up one by one.
 */
export const WATCHLIST_TABLE_PAGE = 10_000;
export function watchlistTableParams(offset: number): { exchange: string[]; limit: number; offset: number } {
  return { exchange: ['SH', 'SZ', 'BJ'], limit: WATCHLIST_TABLE_PAGE, offset };
}

// ---- answers ----

export const watchlistItemSchema = z.object({
  thscode: z.string(),
  // Text, not the enum: a type added on the server later must not blank the page.
  asset_type: z.string(),
  /** The instrument's name as the search gave it when the item was added. */
  name: z.string(),
  /** '' when there is none. */
  note: z.string(),
  /** 0-based, dense: the items of a list are always at 0..n-1. */
  position: z.number().int(),
  /** Unix ms. */
  added_at: z.number(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

export const watchlistSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  item_count: z.number().int(),
  /** Unix ms. */
  created_at: z.number(),
  updated_at: z.number(),
  /** Who owns the list: their id and the name others see. */
  owner_id: z.string(),
  owner_name: z.string(),
  /** private: the owner only; team: every signed-in user may read it. */
  visibility: z.enum(WATCHLIST_VISIBILITIES),
  /** What the caller may do: owner (everything) or read. */
  access: z.enum(['owner', 'read']),
});
export type WatchlistSummary = z.infer<typeof watchlistSummarySchema>;

/** A list with its items in order; every write answers it as committed. */
export const watchlistSchema = watchlistSummarySchema.extend({ items: z.array(watchlistItemSchema) });
export type Watchlist = z.infer<typeof watchlistSchema>;

/** A deleted list as "recently deleted" shows it (the caller's own only). */
export const deletedWatchlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  item_count: z.number().int(),
  /** Unix ms. */
  deleted_at: z.number(),
  /** Unix ms: after this the list is gone for good. */
  purge_at: z.number(),
});
export type DeletedWatchlist = z.infer<typeof deletedWatchlistSchema>;
export const deletedIndexSchema = z.object({ deleted: z.array(deletedWatchlistSchema) });

/** What a change did, for the history. */
export const WATCHLIST_ACTIONS = [
  'create',
  'rename',
  'add',
  'remove',
  'reorder',
  'note',
  'visibility',
  'restore_version',
  'snapshot',
] as const;

/** One version of a list: who made it, when, what changed, and the list as it was then. */
export const watchlistVersionSchema = z.object({
  version: z.number().int(),
  at: z.number(),
  by: z.string(),
  /** Text, not the enum: an action added on the server later must not blank the page. */
  action: z.string(),
  /** Codes added or removed, the new name, the restored version, …: plain text. */
  detail: z.string(),
  name: z.string(),
  codes: z.array(z.string()),
});
export type WatchlistVersion = z.infer<typeof watchlistVersionSchema>;
export const watchlistHistorySchema = z.object({ versions: z.array(watchlistVersionSchema) });
export type WatchlistHistory = z.infer<typeof watchlistHistorySchema>;

export const watchlistLimitsSchema = z.object({
  lists: z.number().int(),
  items_per_list: z.number().int(),
  name_length: z.number().int(),
  note_length: z.number().int(),
});
export type WatchlistLimits = z.infer<typeof watchlistLimitsSchema>;

/** `GET /bff/watchlists`: summaries in creation order, and the limits. */
export const watchlistIndexSchema = z.object({
  watchlists: z.array(watchlistSummarySchema),
  limits: watchlistLimitsSchema,
});
export type WatchlistIndex = z.infer<typeof watchlistIndexSchema>;

/** The server-sent event name of a list change (`WATCHLIST_ROUTES.events`). */
export const WATCHLIST_CHANGE_EVENT = 'change';

/**
 * A committed change of a list, as the events stream sends it: the list's id and its new version
 * (`deleted`: it went to "recently deleted"). The page reads the list again when its version is newer
 * than the one on screen; the event itself carries no content, so it tells nobody more than a GET would.
 */
export const watchlistChangeSchema = z.object({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative(),
  deleted: z.boolean(),
});
export type WatchlistChange = z.infer<typeof watchlistChangeSchema>;

/** The codes a refusal can carry. */
export const WATCHLIST_ERROR_CODES = [
  // the request's shape (400) and rules (422)
  'required',
  'type',
  'unknown_field',
  'invalid',
  'format',
  'length',
  'range',
  // the store
  'not_found',
  'item_not_found',
  'version_conflict',
  'name_taken',
  'limit',
  'duplicate',
  'order_mismatch',
  'version_not_found',
  // the instrument search
  'unknown_instrument',
  'unsupported_asset_type',
  'search_unavailable',
  // sign-in and ownership
  'unauthenticated',
  'forbidden',
  'csrf',
  'host_not_allowed',
  // the transport
  'cross_origin',
  'media_type',
  'too_large',
  'malformed',
  'rate_limited',
  'server_error',
] as const;
export type WatchlistErrorCode = (typeof WATCHLIST_ERROR_CODES)[number];

/** Any refusal. `code` is read as text: a code added on the server later is still an error. */
export const watchlistErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().nullable() }),
});
export type WatchlistErrorBody = z.infer<typeof watchlistErrorBodySchema>;

/** 409: the write was computed against an old version; `current` is the list as it is now. */
export const watchlistConflictBodySchema = watchlistErrorBodySchema.extend({ current: watchlistSchema });
export type WatchlistConflictBody = z.infer<typeof watchlistConflictBodySchema>;
