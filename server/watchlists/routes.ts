import type { FastifyInstance, FastifyReply } from 'fastify';
import { isWatchlistAssetType, LIMITS, WatchlistError } from './repository';
import type { NewItem, Watchlist, WatchlistRepository } from './repository';
import { openSqliteWatchlistRepository } from './sqlite-repository';
import type { ResolveInstrument } from './resolve-instrument';
import { isCrossOrigin } from './same-origin';
import {
  addBatchBody,
  addOneBody,
  apiError,
  createBody,
  idParams,
  itemParams,
  noteBody,
  orderBody,
  parseInput,
  renameBody,
  versionQuery,
} from './schemas';
import type { ApiError } from './schemas';
import { errorStatus } from '../error-status';

/**
 * REST for watchlists under /bff/watchlists (the BFF's own prefix; /api is the market data contract).
 *
 *   GET    /bff/watchlists                          → { watchlists: Summary[], limits }
 *   POST   /bff/watchlists              {name}       → 201 Watchlist
 *   GET    /bff/watchlists/:id                       → Watchlist (items in order)
 *   PATCH  /bff/watchlists/:id          {name, version}                → Watchlist
 *   DELETE /bff/watchlists/:id?version=n                               → 204
 *   POST   /bff/watchlists/:id/items    {thscode, note?, version}
 *                                    or {items: [{thscode, note?}], version} → Watchlist
 *   DELETE /bff/watchlists/:id/items/:thscode?version=n                → Watchlist
 *   PUT    /bff/watchlists/:id/order    {thscodes, version}            → Watchlist
 *   PUT    /bff/watchlists/:id/items/:thscode/note {note, version}     → Watchlist
 *
 * Every write answers the list as committed (with its new version). A write against an old version is
 * 409 `{ error, current }` with the list as it is now, and changes nothing. Other refusals are
 * `{ error: { code, message, field } }` with 400 (shape), 403 (cross-origin), 404, 422 (rule) or 503.
 */

export const WATCHLISTS_PREFIX = '/bff/watchlists';

/** How many instrument look-ups one batch add runs at a time (they share the upstream's budget). */
const RESOLVE_CONCURRENCY = 4;

/**
 * A full batch (200 items, each with a 500-character note of 4-byte UTF-8 characters) is about 420 KB,
 * more than the app-wide body limit meant for small JSON writes; only the batch add gets this much.
 */
export const ITEMS_BODY_LIMIT = 512 * 1024;

export type WatchlistStore = { dbPath: string } | { repository: WatchlistRepository };

export type WatchlistOptions = WatchlistStore & {
  resolveInstrument: ResolveInstrument;
  /** Unix ms for the timestamps of a store opened from `dbPath`. */
  clock?: () => number;
};

interface ConflictBody {
  error: ApiError['body']['error'];
  current: Watchlist;
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).send(error.body);
}

/** A refusal from the store as an answer; `fieldOf` names the request field a code came from. */
function refusal(
  err: WatchlistError,
  fieldOf: (thscode: string | null) => string | null,
): ApiError | ConflictBody {
  switch (err.kind) {
    case 'version_conflict':
      if (err.current !== null)
        return {
          error: { code: 'version_conflict', message: err.message, field: 'version' },
          current: err.current,
        };
      return apiError(409, 'version_conflict', err.message, 'version');
    case 'not_found':
      return apiError(404, 'not_found', err.message);
    case 'item_not_found':
      return apiError(404, 'item_not_found', err.message, 'thscode');
    case 'name_taken':
      return apiError(422, 'name_taken', err.message, 'name');
    case 'list_limit':
      return apiError(422, 'limit', err.message);
    case 'item_limit':
      return apiError(422, 'limit', err.message, fieldOf(null));
    case 'duplicate':
      return apiError(422, 'duplicate', err.message, fieldOf(err.thscode));
    case 'order_mismatch':
      return apiError(422, 'order_mismatch', err.message, 'thscodes');
  }
}

function isConflict(answer: ApiError | ConflictBody): answer is ConflictBody {
  return 'current' in answer;
}

/** Runs a store call; a refusal becomes its answer, anything else propagates (500). */
async function attempt<T>(
  reply: FastifyReply,
  call: () => Promise<T>,
  fieldOf: (thscode: string | null) => string | null = () => 'thscode',
): Promise<{ ok: true; value: T } | { ok: false; reply: FastifyReply }> {
  try {
    return { ok: true, value: await call() };
  } catch (err) {
    if (!(err instanceof WatchlistError)) throw err;
    const answer = refusal(err, fieldOf);
    if (isConflict(answer)) return { ok: false, reply: reply.code(409).send(answer) };
    return { ok: false, reply: send(reply, answer) };
  }
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) out[index] = await fn(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

type Resolution = { ok: true; item: NewItem } | { ok: false; error: ApiError };

function hasKey(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

export function registerWatchlists(app: FastifyInstance, options: WatchlistOptions): void {
  const { resolveInstrument } = options;

  app.register(
    async (scope) => {
      let store: WatchlistRepository | null = 'repository' in options ? options.repository : null;
      // Opened when the app starts, so a bad path stops the server at start-up, not at first use.
      scope.addHook('onReady', async () => {
        if (store === null && 'dbPath' in options) {
          store = openSqliteWatchlistRepository(options.dbPath, { clock: options.clock });
        }
      });
      scope.addHook('onClose', async () => {
        await store?.close();
      });
      const repo = (): WatchlistRepository => {
        if (store === null) throw new Error('The watchlist store is not open');
        return store;
      };

      // Before the body is read: a refused write costs nothing.
      scope.addHook('onRequest', async (request, reply) => {
        const write = request.method !== 'GET' && request.method !== 'HEAD';
        if (write && isCrossOrigin(request.headers)) {
          return send(
            reply,
            apiError(403, 'cross_origin', 'Watchlists can only be changed from pages of this server'),
          );
        }
      });
      // Per-user data: never stored by the browser or a proxy.
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      scope.setErrorHandler((error: unknown, request, reply) => {
        const status = errorStatus(error);
        if (status === 415) return send(reply, apiError(415, 'media_type', 'The request body must be JSON'));
        if (status === 413) return send(reply, apiError(413, 'too_large', 'The request body is too large'));
        if (status >= 400 && status < 500) {
          return send(reply, apiError(400, 'malformed', 'The request body is not valid JSON'));
        }
        request.log.error({ err: error }, 'watchlist request failed');
        return send(reply, apiError(500, 'server_error', 'The watchlist store failed; nothing was changed'));
      });

      scope.get('/', async () => ({
        watchlists: await repo().list(),
        limits: {
          lists: LIMITS.lists,
          items_per_list: LIMITS.itemsPerList,
          name_length: LIMITS.nameLength,
          note_length: LIMITS.noteLength,
        },
      }));

      scope.post('/', async (request, reply) => {
        const body = parseInput(createBody, request.body, 'body');
        if (!body.ok) return send(reply, body.error);
        const result = await attempt(reply, () => repo().create(body.value.name));
        if (!result.ok) return result.reply;
        return reply
          .code(201)
          .header('location', `${WATCHLISTS_PREFIX}/${result.value.id}`)
          .send(result.value);
      });

      scope.get('/:id', async (request, reply) => {
        const params = parseInput(idParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const list = await repo().get(params.value.id);
        if (list === null) {
          return send(reply, apiError(404, 'not_found', `Watchlist ${params.value.id} does not exist.`));
        }
        return list;
      });

      scope.patch('/:id', async (request, reply) => {
        const params = parseInput(idParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const body = parseInput(renameBody, request.body, 'body');
        if (!body.ok) return send(reply, body.error);
        const result = await attempt(reply, () =>
          repo().rename(params.value.id, body.value.name, body.value.version),
        );
        return result.ok ? result.value : result.reply;
      });

      scope.delete('/:id', async (request, reply) => {
        const params = parseInput(idParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const query = parseInput(versionQuery, request.query, 'query');
        if (!query.ok) return send(reply, query.error);
        const result = await attempt(reply, () => repo().delete(params.value.id, query.value.version));
        return result.ok ? reply.code(204).send() : result.reply;
      });

      scope.post('/:id/items', { bodyLimit: ITEMS_BODY_LIMIT }, async (request, reply) => {
        const params = parseInput(idParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const batch = hasKey(request.body, 'items');
        let wanted: { thscode: string; note?: string | undefined }[];
        let version: number;
        if (batch) {
          const body = parseInput(addBatchBody, request.body, 'body');
          if (!body.ok) return send(reply, body.error);
          wanted = body.value.items;
          version = body.value.version;
        } else {
          const body = parseInput(addOneBody, request.body, 'body');
          if (!body.ok) return send(reply, body.error);
          wanted = [{ thscode: body.value.thscode, note: body.value.note }];
          version = body.value.version;
        }
        const fieldOf = (thscode: string | null): string => {
          if (!batch) return 'thscode';
          const index = wanted.findIndex((w) => w.thscode === thscode);
          return index === -1 ? 'items' : `items.${index}.thscode`;
        };

        const seen = new Set<string>();
        for (const [index, w] of wanted.entries()) {
          if (seen.has(w.thscode)) {
            return send(
              reply,
              apiError(422, 'duplicate', `${w.thscode} is given twice`, `items.${index}.thscode`),
            );
          }
          seen.add(w.thscode);
        }

        // The cheap checks first, so a stale or doomed write does not cost instrument look-ups. The
        // store checks all of them again inside its transaction.
        const id = params.value.id;
        const current = await repo().get(id);
        if (current === null)
          return send(reply, apiError(404, 'not_found', `Watchlist ${id} does not exist.`));
        const early = await attempt(
          reply,
          async () => {
            if (current.version !== version) {
              throw new WatchlistError(
                'version_conflict',
                `Watchlist ${id} has changed: it is at version ${current.version}, the change was made against version ${version}.`,
                { current },
              );
            }
            const there = current.items.find((i) => seen.has(i.thscode));
            if (there !== undefined) {
              throw new WatchlistError('duplicate', `${there.thscode} is already in this watchlist.`, {
                thscode: there.thscode,
              });
            }
            if (current.items.length + wanted.length > LIMITS.itemsPerList) {
              throw new WatchlistError(
                'item_limit',
                `A watchlist holds at most ${LIMITS.itemsPerList} items; it has ${current.items.length} and ${wanted.length} would be added.`,
              );
            }
          },
          fieldOf,
        );
        if (!early.ok) return early.reply;

        let resolutions: Resolution[];
        try {
          resolutions = await mapLimit(wanted, RESOLVE_CONCURRENCY, async (w): Promise<Resolution> => {
            const found = await resolveInstrument(w.thscode);
            if (found === null) {
              return {
                ok: false,
                error: apiError(
                  422,
                  'unknown_instrument',
                  `${w.thscode} is not a known instrument`,
                  fieldOf(w.thscode),
                ),
              };
            }
            if (!isWatchlistAssetType(found.asset_type)) {
              return {
                ok: false,
                error: apiError(
                  422,
                  'unsupported_asset_type',
                  `${w.thscode} is a ${found.asset_type} instrument, which watchlists do not hold`,
                  fieldOf(w.thscode),
                ),
              };
            }
            return {
              ok: true,
              item: {
                thscode: w.thscode,
                asset_type: found.asset_type,
                name: found.name,
                note: w.note ?? '',
              },
            };
          });
        } catch (err) {
          request.log.warn({ err }, 'instrument search failed');
          return send(
            reply,
            apiError(
              503,
              'search_unavailable',
              'The instrument search cannot be reached, so the codes could not be checked; nothing was changed',
            ),
          );
        }
        const items: NewItem[] = [];
        for (const r of resolutions) {
          if (!r.ok) return send(reply, r.error);
          items.push(r.item);
        }
        const result = await attempt(reply, () => repo().addItems(id, items, version), fieldOf);
        return result.ok ? result.value : result.reply;
      });

      scope.delete('/:id/items/:thscode', async (request, reply) => {
        const params = parseInput(itemParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const query = parseInput(versionQuery, request.query, 'query');
        if (!query.ok) return send(reply, query.error);
        const { id, thscode } = params.value;
        const result = await attempt(reply, () => repo().removeItem(id, thscode, query.value.version));
        return result.ok ? result.value : result.reply;
      });

      scope.put('/:id/order', async (request, reply) => {
        const params = parseInput(idParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const body = parseInput(orderBody, request.body, 'body');
        if (!body.ok) return send(reply, body.error);
        const result = await attempt(reply, () =>
          repo().reorder(params.value.id, body.value.thscodes, body.value.version),
        );
        return result.ok ? result.value : result.reply;
      });

      scope.put('/:id/items/:thscode/note', async (request, reply) => {
        const params = parseInput(itemParams, request.params, 'path');
        if (!params.ok) return send(reply, params.error);
        const body = parseInput(noteBody, request.body, 'body');
        if (!body.ok) return send(reply, body.error);
        const { id, thscode } = params.value;
        const result = await attempt(reply, () =>
          repo().setNote(id, thscode, body.value.note, body.value.version),
        );
        return result.ok ? result.value : result.reply;
      });
    },
    { prefix: WATCHLISTS_PREFIX },
  );
}
