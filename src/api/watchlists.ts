import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  WATCHLISTS_BASE_PATH,
  WATCHLIST_LIMITS,
  watchlistErrorBodySchema,
  watchlistIndexSchema,
  watchlistPath,
  watchlistSchema,
  type addItemsBody,
  type noteBody,
  type orderBody,
  type renameWatchlistBody,
  type versionQuery,
  type restoreVersionBody,
  type visibilityBody,
  type DeletedWatchlist,
  type WatchlistHistory,
  type WatchlistVisibility,
  deletedIndexSchema,
  watchlistHistorySchema,
  type Watchlist,
  type WatchlistIndex,
  type WatchlistItem,
} from '../contract/watchlists';
import type { FetchLike } from './client';
import { writeHeaders } from './session';

/**
 * The browser's client for the BFF's watchlist REST API (paths, bodies and answers in
 * src/contract/watchlists.ts): every answer parsed with the contract's schemas, every refusal a
 * `WatchlistApiError`. Edits are described as intents (`WatchlistEdit`) so that one written against an
 * old version can be planned again on the list as it is now (a 409 carries it) and sent once more, and
 * so that the screen can show it before the server has answered.
 */

export type {
  DeletedWatchlist,
  Watchlist,
  WatchlistHistory,
  WatchlistIndex,
  WatchlistItem,
  WatchlistSummary,
  WatchlistVersion,
  WatchlistVisibility,
} from '../contract/watchlists';

/** A refusal, with the list as it is now when the refusal is a version conflict. */
const errorBodySchema = watchlistErrorBodySchema.extend({ current: watchlistSchema.optional() });

/** A refused or failed watchlist request. `status` 0: the server could not be reached or answered nonsense. */
export class WatchlistApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  /** The list as it is now, sent with a version conflict (409). */
  readonly current: Watchlist | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    field?: string | null;
    current?: Watchlist | null;
  }) {
    super(init.message);
    this.name = 'WatchlistApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field ?? null;
    this.current = init.current ?? null;
  }

  get conflict(): boolean {
    return this.status === 409;
  }
}

export function isWatchlistApiError(error: unknown): error is WatchlistApiError {
  return error instanceof WatchlistApiError;
}

/** A write as it goes over the wire. */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface NewItemInput {
  thscode: string;
  note?: string;
}

/** `?version=n`, as the deletes take it. */
function versionQueryString(version: number): string {
  const query: Record<keyof z.input<typeof versionQuery>, string> = { version: String(version) };
  return `?${new URLSearchParams(query).toString()}`;
}

export function createWatchlistClient(
  opts: { fetch?: FetchLike; baseUrl?: string; csrfHeaders?: () => Promise<Record<string, string>> } = {},
) {
  const csrfHeaders = opts.csrfHeaders ?? (opts.fetch === undefined ? writeHeaders : async () => ({}));
  // Looked up per call so that a test replacing globalThis.fetch is honoured.
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = `${opts.baseUrl ?? ''}${WATCHLISTS_BASE_PATH}`;

  async function request(
    method: 'GET' | WriteRequest['method'],
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Every write carries the session's CSRF token (when the server uses sign-in).
    if (method !== 'GET') Object.assign(headers, await csrfHeaders());
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        // Writes are refused from other origins; a same-origin page sends its Origin anyway.
        credentials: 'same-origin',
      });
    } catch (error) {
      if (signal?.aborted === true) throw error;
      throw new WatchlistApiError({
        status: 0,
        code: 'network',
        message: `The server could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    if (res.status === 204) return { status: 204, json: null };
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new WatchlistApiError({
        status: res.status,
        code: 'bad_response',
        message: `The server answered HTTP ${res.status} without JSON`,
      });
    }
    if (!res.ok) {
      const parsed = errorBodySchema.safeParse(json);
      if (!parsed.success) {
        throw new WatchlistApiError({
          status: res.status,
          code: 'bad_response',
          message: `The server answered HTTP ${res.status}`,
        });
      }
      const { error, current } = parsed.data;
      throw new WatchlistApiError({
        status: res.status,
        code: error.code,
        message: error.message,
        field: error.field,
        current: current ?? null,
      });
    }
    return { status: res.status, json };
  }

  function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new WatchlistApiError({
      status: 0,
      code: 'bad_response',
      message: `The ${what} does not have the expected shape${issue ? ` at ${issue.path.join('.') || 'top level'}: ${issue.message}` : ''}`,
    });
  }

  async function list(signal?: AbortSignal): Promise<WatchlistIndex> {
    const { json } = await request('GET', watchlistPath('index', {}), undefined, signal);
    return parse(watchlistIndexSchema, json, 'list of watchlists');
  }

  async function get(id: number, signal?: AbortSignal): Promise<Watchlist> {
    const { json } = await request('GET', watchlistPath('list', { id }), undefined, signal);
    return parse(watchlistSchema, json, 'watchlist');
  }

  async function create(name: string): Promise<Watchlist> {
    const { json } = await request('POST', watchlistPath('index', {}), { name }, undefined);
    return parse(watchlistSchema, json, 'new watchlist');
  }

  async function remove(id: number, version: number): Promise<void> {
    await request(
      'DELETE',
      `${watchlistPath('list', { id })}${versionQueryString(version)}`,
      undefined,
      undefined,
    );
  }

  /** A write that answers the list as committed. */
  async function send(write: WriteRequest): Promise<Watchlist> {
    const { json } = await request(write.method, write.path, write.body, undefined);
    return parse(watchlistSchema, json, 'watchlist');
  }

  async function history(id: number, signal?: AbortSignal): Promise<WatchlistHistory> {
    const { json } = await request('GET', watchlistPath('history', { id }), undefined, signal);
    return parse(watchlistHistorySchema, json, 'history');
  }

  async function deleted(signal?: AbortSignal): Promise<DeletedWatchlist[]> {
    const { json } = await request('GET', watchlistPath('deleted', {}), undefined, signal);
    return parse(deletedIndexSchema, json, 'list of deleted watchlists').deleted;
  }

  async function restore(id: number): Promise<Watchlist> {
    const { json } = await request('POST', watchlistPath('restore', { id }), undefined, undefined);
    return parse(watchlistSchema, json, 'restored watchlist');
  }

  return { list, get, create, remove, send, history, deleted, restore };
}

export type WatchlistClient = ReturnType<typeof createWatchlistClient>;

/** Where the browser listens for list changes (server-sent events, `WATCHLIST_CHANGE_EVENT`). */
export function watchlistEventsUrl(baseUrl = ''): string {
  return `${baseUrl}${WATCHLISTS_BASE_PATH}${watchlistPath('events', {})}`;
}

export const watchlistClient: WatchlistClient = createWatchlistClient();

// ---- the writes, as requests ----

export const writes = {
  rename: (id: number, name: string, version: number): WriteRequest => ({
    method: 'PATCH',
    path: watchlistPath('list', { id }),
    body: { name, version } satisfies z.input<typeof renameWatchlistBody>,
  }),
  addItems: (id: number, items: readonly NewItemInput[], version: number): WriteRequest => ({
    method: 'POST',
    path: watchlistPath('items', { id }),
    body: {
      items: items.map((i) => (i.note ? { thscode: i.thscode, note: i.note } : { thscode: i.thscode })),
      version,
    } satisfies z.input<typeof addItemsBody>,
  }),
  removeItem: (id: number, thscode: string, version: number): WriteRequest => ({
    method: 'DELETE',
    path: `${watchlistPath('item', { id, thscode })}${versionQueryString(version)}`,
  }),
  reorder: (id: number, thscodes: readonly string[], version: number): WriteRequest => ({
    method: 'PUT',
    path: watchlistPath('order', { id }),
    body: { thscodes: [...thscodes], version } satisfies z.input<typeof orderBody>,
  }),
  visibility: (id: number, visibility: WatchlistVisibility, version: number): WriteRequest => ({
    method: 'PUT',
    path: watchlistPath('visibility', { id }),
    body: { visibility, version } satisfies z.input<typeof visibilityBody>,
  }),
  restoreVersion: (id: number, version: number, expected: number): WriteRequest => ({
    method: 'POST',
    path: watchlistPath('restoreVersion', { id }),
    body: { version, expected } satisfies z.input<typeof restoreVersionBody>,
  }),
  note: (id: number, thscode: string, note: string, version: number): WriteRequest => ({
    method: 'PUT',
    path: watchlistPath('note', { id, thscode }),
    body: { note, version } satisfies z.input<typeof noteBody>,
  }),
};

// ---- query keys and options ----

export const watchlistKeys = {
  all: ['watchlists'] as const,
  index: () => ['watchlists', 'index'] as const,
  detail: (id: number) => ['watchlists', 'detail', id] as const,
  history: (id: number) => ['watchlists', 'history', id] as const,
  deleted: () => ['watchlists', 'deleted'] as const,
};

/** Per-user data edited in other tabs too: read again on focus, never older than a few seconds. */
const WATCHLIST_STALE_MS = 2_000;

export function watchlistIndexQuery(client: WatchlistClient = watchlistClient) {
  return queryOptions<WatchlistIndex, WatchlistApiError>({
    queryKey: watchlistKeys.index(),
    queryFn: ({ signal }) => client.list(signal),
    staleTime: WATCHLIST_STALE_MS,
  });
}

export function watchlistQuery(id: number, client: WatchlistClient = watchlistClient) {
  return queryOptions<Watchlist, WatchlistApiError>({
    queryKey: watchlistKeys.detail(id),
    queryFn: ({ signal }) => client.get(id, signal),
    staleTime: WATCHLIST_STALE_MS,
    // A missing list stays missing; other failures are worth one more try.
    retry: (count, error) => error.status !== 404 && error.status !== 400 && count < 1,
  });
}

export function watchlistHistoryQuery(id: number, client: WatchlistClient = watchlistClient) {
  return queryOptions<WatchlistHistory, WatchlistApiError>({
    queryKey: watchlistKeys.history(id),
    queryFn: ({ signal }) => client.history(id, signal),
    staleTime: WATCHLIST_STALE_MS,
  });
}

export function deletedWatchlistsQuery(client: WatchlistClient = watchlistClient) {
  return queryOptions<DeletedWatchlist[], WatchlistApiError>({
    queryKey: watchlistKeys.deleted(),
    queryFn: ({ signal }) => client.deleted(signal),
    staleTime: WATCHLIST_STALE_MS,
  });
}

// ---- edits: intents that survive a version conflict ----

/** What the user asked for, independent of the version it was asked against. */
export type WatchlistEdit =
  | {
      kind: 'add';
      /** `name` and `asset_type` (from the search) only serve to show the item before the server answers. */
      items: readonly { thscode: string; note?: string; name?: string; asset_type?: string }[];
    }
  | { kind: 'remove'; thscode: string; name?: string }
  | {
      kind: 'move';
      thscode: string;
      /** The item it goes right after (null: first); `index` is the fallback when that item is gone. */
      after: string | null;
      index: number;
    }
  | {
      kind: 'note';
      thscode: string;
      note: string;
      /** The note the user started from: a different note now means someone else changed it meanwhile. */
      base: string;
    }
  | { kind: 'rename'; name: string; base: string }
  | { kind: 'visibility'; visibility: WatchlistVisibility };

/**
 * The edit on one version of the list: a request, nothing to do (`noop`: already done, e.g. the item is
 * already there or already gone), or not possible any more (`refused`: the item is gone, or someone
 * changed the same note or name meanwhile, which is not overwritten).
 */
export type EditPlan =
  | { kind: 'send'; request: WriteRequest }
  | { kind: 'noop'; reason: 'already' | 'unchanged' }
  | { kind: 'refused'; reason: 'gone' | 'changed' | 'limit' };

/** The codes in their new order, or null when the item is not in the list. */
export function movedOrder(
  codes: readonly string[],
  edit: { thscode: string; after: string | null; index: number },
): string[] | null {
  if (!codes.includes(edit.thscode)) return null;
  const rest = codes.filter((c) => c !== edit.thscode);
  let at: number;
  if (edit.after === null) at = 0;
  else {
    const anchor = rest.indexOf(edit.after);
    at = anchor === -1 ? Math.min(Math.max(edit.index, 0), rest.length) : anchor + 1;
  }
  rest.splice(at, 0, edit.thscode);
  return rest;
}

export function planEdit(list: Watchlist, edit: WatchlistEdit): EditPlan {
  const find = (code: string) => list.items.find((i) => i.thscode === code);
  switch (edit.kind) {
    case 'add': {
      const fresh = edit.items.filter((i) => find(i.thscode) === undefined);
      if (fresh.length === 0) return { kind: 'noop', reason: 'already' };
      if (list.items.length + fresh.length > WATCHLIST_LIMITS.items_per_list)
        return { kind: 'refused', reason: 'limit' };
      return { kind: 'send', request: writes.addItems(list.id, fresh, list.version) };
    }
    case 'remove':
      return find(edit.thscode) === undefined
        ? { kind: 'noop', reason: 'already' }
        : { kind: 'send', request: writes.removeItem(list.id, edit.thscode, list.version) };
    case 'move': {
      const codes = list.items.map((i) => i.thscode);
      const order = movedOrder(codes, edit);
      if (order === null) return { kind: 'refused', reason: 'gone' };
      if (order.every((code, i) => code === codes[i])) return { kind: 'noop', reason: 'unchanged' };
      return { kind: 'send', request: writes.reorder(list.id, order, list.version) };
    }
    case 'note': {
      const item = find(edit.thscode);
      if (item === undefined) return { kind: 'refused', reason: 'gone' };
      if (item.note === edit.note) return { kind: 'noop', reason: 'unchanged' };
      if (item.note !== edit.base) return { kind: 'refused', reason: 'changed' };
      return { kind: 'send', request: writes.note(list.id, edit.thscode, edit.note, list.version) };
    }
    case 'rename':
      if (list.name === edit.name) return { kind: 'noop', reason: 'unchanged' };
      if (list.name !== edit.base) return { kind: 'refused', reason: 'changed' };
      return { kind: 'send', request: writes.rename(list.id, edit.name, list.version) };
    case 'visibility':
      return list.visibility === edit.visibility
        ? { kind: 'noop', reason: 'unchanged' }
        : { kind: 'send', request: writes.visibility(list.id, edit.visibility, list.version) };
  }
}

/** The list as it will look once the edit is applied (shown while the request is on its way). */
export function applyEdit(list: Watchlist, edit: WatchlistEdit): Watchlist {
  const plan = planEdit(list, edit);
  if (plan.kind !== 'send') return list;
  const renumber = (items: WatchlistItem[]) => items.map((item, position) => ({ ...item, position }));
  switch (edit.kind) {
    case 'add': {
      const added = edit.items
        .filter((i) => !list.items.some((x) => x.thscode === i.thscode))
        .map((i) => ({
          thscode: i.thscode,
          asset_type: i.asset_type ?? '',
          name: i.name ?? i.thscode,
          note: i.note ?? '',
          position: 0,
          added_at: list.updated_at,
        }));
      const items = renumber([...list.items, ...added]);
      return { ...list, items, item_count: items.length };
    }
    case 'remove': {
      const items = renumber(list.items.filter((i) => i.thscode !== edit.thscode));
      return { ...list, items, item_count: items.length };
    }
    case 'move': {
      const order = movedOrder(
        list.items.map((i) => i.thscode),
        edit,
      );
      if (order === null) return list;
      const byCode = new Map(list.items.map((i) => [i.thscode, i]));
      const items = order.flatMap((code) => {
        const item = byCode.get(code);
        return item ? [item] : [];
      });
      return { ...list, items: renumber(items) };
    }
    case 'note':
      return {
        ...list,
        items: list.items.map((i) => (i.thscode === edit.thscode ? { ...i, note: edit.note } : i)),
      };
    case 'rename':
      return { ...list, name: edit.name };
    case 'visibility':
      return { ...list, visibility: edit.visibility };
  }
}

export type EditOutcome =
  | {
      status: 'applied';
      list: Watchlist;
      /** It took a second attempt on a newer version. */ retried: boolean;
    }
  | { status: 'noop'; list: Watchlist; reason: 'already' | 'unchanged' }
  | {
      status: 'failed';
      /** The newest list known, when there is one; otherwise the caller reloads. */
      list: Watchlist | null;
      reason: 'gone' | 'changed' | 'limit' | 'conflict' | 'error';
      error: WatchlistApiError | null;
    };

function asApiError(error: unknown): WatchlistApiError {
  if (error instanceof WatchlistApiError) return error;
  return new WatchlistApiError({
    status: 0,
    code: 'unexpected',
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Plans the edit on `base` and sends it. A version conflict (another tab or colleague wrote first)
 * plans it again on the list the 409 carries and sends it once more; a second conflict, or an edit
 * that no longer makes sense on the newer list, is reported as failed, never dropped silently.
 */
export async function runEdit(
  client: WatchlistClient,
  base: Watchlist,
  edit: WatchlistEdit,
): Promise<EditOutcome> {
  let list = base;
  for (let attempt = 0; attempt < 2; attempt++) {
    const plan = planEdit(list, edit);
    if (plan.kind === 'noop') return { status: 'noop', list, reason: plan.reason };
    if (plan.kind === 'refused') return { status: 'failed', list, reason: plan.reason, error: null };
    try {
      return { status: 'applied', list: await client.send(plan.request), retried: attempt > 0 };
    } catch (error) {
      const failure = asApiError(error);
      if (!failure.conflict || failure.current === null) {
        return { status: 'failed', list: failure.current, reason: 'error', error: failure };
      }
      if (attempt > 0) return { status: 'failed', list: failure.current, reason: 'conflict', error: failure };
      list = failure.current;
    }
  }
  // Unreachable: the loop returns on its second attempt.
  return { status: 'failed', list, reason: 'conflict', error: null };
}
