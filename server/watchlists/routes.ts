import type {
  FastifyBaseLogger,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import {
  WATCHLISTS_BASE_PATH,
  WATCHLIST_LIMITS,
  WATCHLIST_ROUTES,
  addItemsRequest,
  createWatchlistBody,
  isWatchlistAssetType,
  itemParams,
  listParams,
  noteBody,
  orderBody,
  renameWatchlistBody,
  restoreVersionBody,
  versionQuery,
  visibilityBody,
  watchlistPath,
  type WatchlistConflictBody,
} from '../../src/contract/watchlists';
import { mapLimited } from '../../src/contract/limited';
import { LOCAL_ACTOR, WatchlistError } from './repository';
import type { Actor, NewItem, WatchlistRepository } from './repository';
import { openSqliteWatchlistRepository } from './sqlite-repository';
import { scheduleBackups, type BackupSchedule } from './backup';
import type { ResolveInstrument, ResolveInstruments } from './resolve-instrument';
import { isCrossOrigin, isLoopbackName } from './same-origin';
import {
  RequestRefusal,
  refusal,
  zodValidatorCompiler,
  type Refusal,
  type ZodTypeProvider,
} from './validation';
import { errorStatus } from '../error-status';
import { ClientRateLimitError } from '../gateway/client-rate-limit';
import type { ReadinessRegistry } from '../readiness';
import { DEFAULT_STREAM_LIMITS, createChangeStreams, type ChangeStreamLimits } from './events';

/**
 * REST for watchlists, a plugin registered under WATCHLISTS_BASE_PATH (/bff/watchlists); paths, bodies
 * and answers are those of src/contract/watchlists.ts.
 *
 *   GET    /                          → { watchlists: Summary[], limits }
 *   POST   /              {name}       → 201 Watchlist
 *   GET    /:id                       → Watchlist (items in order)
 *   PATCH  /:id          {name, version}                → Watchlist
 *   DELETE /:id?version=n                               → 204
 *   POST   /:id/items    {thscode, note?, version}
 *                     or {items: [{thscode, note?}], version} → Watchlist
 *   DELETE /:id/items/:thscode?version=n                → Watchlist
 *   PUT    /:id/order    {thscodes, version}            → Watchlist
 *   PUT    /:id/items/:thscode/note {note, version}     → Watchlist
 *   PUT    /:id/visibility {visibility, version}         → Watchlist
 *   GET    /:id/history                                  → { versions }
 *   POST   /:id/history/restore {version, expected}      → Watchlist
 *   GET    /deleted                                      → { deleted }
 *   POST   /deleted/:id/restore                          → Watchlist
 *   GET    /events                                       → text/event-stream of `change` events
 *
 * Each request acts for its user (`actorOf`): reads see the user's lists and the team's visible ones
 * (a read of someone else's private list is 404, as if it did not exist); only the owner writes: every
 * write to a list of someone else (rename, delete, items, order, notes, visibility, version restore,
 * restore from deleted) is 403 `forbidden`, whether the list is private, team-visible or deleted, and
 * before its version or body rules are looked at (the route schemas' 400 comes first).
 * Every write answers the list as committed (with its new version). A write against an old version is
 * 409 `{ error, current }` with the list as it is now, and changes nothing. Other refusals are
 * `{ error: { code, message, field } }` with 400 (shape), 403 (cross-origin, not the owner), 404, 422
 * (rule), 429 (too many writes: `rate_limited`, with Retry-After) or 503.
 * Shapes and rules are checked by the route schemas before a handler runs; the store checks versions,
 * repeats and limits (store-rules.ts, in sqlite-repository.ts or pg-repository.ts); the handlers only
 * translate.
 */

/** How many instrument look-ups one batch add runs at a time (they share the upstream's budget). */
const RESOLVE_CONCURRENCY = 4;

/**
 * A full batch (200 items, each with a 500-character note of 4-byte UTF-8 characters) is about 420 KB,
 * more than the app-wide body limit meant for small JSON writes; only the batch add gets this much.
 */
export const ITEMS_BODY_LIMIT = 512 * 1024;

/**
 * Where the lists live: an SQLite file (the embedded default), a PostgreSQL database (loaded only then,
 * so a server without DATABASE_URL never loads pg), or a repository a test made.
 */
export type WatchlistStore =
  { dbPath: string } | { databaseUrl: string } | { repository: WatchlistRepository };

export type WatchlistOptions = WatchlistStore & {
  resolveInstrument: ResolveInstrument;
  /** Unix ms for the timestamps of a store opened from `dbPath`. */
  clock?: () => number;
  /** Who is asking (the app's auth hook decides); the local user when not given. */
  actorOf?: (request: FastifyRequest) => Actor | null;
  /** Whether a host name is one of this server's (the same-origin check); loopback names when not given. */
  isAllowedHost?: (host: string) => boolean;
  /** A batch's codes in one go (the code table); without it a batch is resolved code by code. */
  resolveInstruments?: ResolveInstruments;
  /** Whose share of the upstream budget a request's look-ups use. */
  clientOf?: (request: FastifyRequest) => string;
  /** Online backups of a store opened from `dbPath` (backup.ts). */
  backup?: { dir: string; keep: number; intervalMs: number } | null;
  /** Told the store once it is open. */
  onStoreOpen?: (store: WatchlistRepository) => void;
  /** Where the store registers its readiness check (`watchlists`: it answers a ping). */
  readiness?: ReadinessRegistry;
  /** Limits of the events stream (events.ts); tests shorten the heartbeat. */
  events?: Partial<ChangeStreamLimits>;
  /**
   * The per-client limit of writes (client-rate-limit.ts, shared with the other stores' writes): over
   * it a write is 429 `rate_limited`. None when not given.
   */
  limitWrites?: onRequestHookHandler | null;
};

/**
 * Opens the PostgreSQL store; its feed and background errors go to the plugin's log. Changes committed
 * while the feed was down were not heard: `onFeedBack` is told when it listens again.
 */
async function openPostgres(
  url: string,
  log: FastifyBaseLogger,
  onFeedBack: () => void,
  clock?: () => number,
) {
  const { openPgWatchlistRepository } = await import('./pg-repository');
  let lost = false;
  return openPgWatchlistRepository(url, {
    clock,
    onFeed: (event) => {
      if (event.state === 'lost') {
        if (!lost) log.warn({ err: event.error }, 'watchlist change feed lost; reconnecting');
        lost = true;
      } else if (lost) {
        lost = false;
        log.info('watchlist change feed listening again');
        onFeedBack();
      }
    },
    onError: (err, what) => log.warn({ err }, what),
  });
}

function send(reply: FastifyReply, answer: Refusal): FastifyReply {
  return reply.code(answer.status).send(answer.body);
}

/**
 * A refusal from the store as an answer. `fieldOf` names the request field of the offending item
 * (its place in the write when known).
 */
function storeRefusal(
  err: WatchlistError,
  fieldOf: (index: number | null) => string | null,
): Refusal | { status: 409; body: WatchlistConflictBody } {
  switch (err.kind) {
    case 'version_conflict':
      if (err.current !== null)
        return {
          status: 409,
          body: {
            error: { code: 'version_conflict', message: err.message, field: 'version' },
            current: err.current,
          },
        };
      return refusal(409, 'version_conflict', err.message, 'version');
    case 'not_found':
      return refusal(404, 'not_found', err.message);
    case 'item_not_found':
      return refusal(404, 'item_not_found', err.message, 'thscode');
    case 'name_taken':
      return refusal(422, 'name_taken', err.message, 'name');
    case 'list_limit':
      return refusal(422, 'limit', err.message);
    case 'item_limit':
      return refusal(422, 'limit', err.message, fieldOf(null));
    case 'duplicate':
      return refusal(422, 'duplicate', err.message, fieldOf(err.index));
    case 'order_mismatch':
      return refusal(422, 'order_mismatch', err.message, 'thscodes');
    case 'forbidden':
      return refusal(403, 'forbidden', err.message);
    case 'version_not_found':
      return refusal(404, 'version_not_found', err.message, 'version');
  }
}

/** Thrown by a handler: the store refused, and this is the answer. */
class StoreRefusal extends Error {
  constructor(readonly answer: ReturnType<typeof storeRefusal>) {
    super(answer.body.error.message);
    this.name = 'StoreRefusal';
  }
}

/** Runs a store call; a refusal becomes a StoreRefusal (answered by the error handler). */
async function attempt<T>(
  call: () => Promise<T>,
  fieldOf: (index: number | null) => string | null = () => 'thscode',
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WatchlistError) throw new StoreRefusal(storeRefusal(err, fieldOf));
    throw err;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a watchlist request acts for, set by the watchlists' first hook (`actorOf`). */
    watchlistActor: Actor | null;
  }
}

type Resolution = { ok: true; item: NewItem } | { ok: false; refusal: Refusal };

/** The watchlists, as a Fastify plugin: `app.register(watchlistsPlugin, { prefix: WATCHLISTS_BASE_PATH, … })`. */
export const watchlistsPlugin: FastifyPluginAsync<WatchlistOptions> = async (plugin, options) => {
  const { resolveInstrument } = options;
  const scope = plugin.withTypeProvider<ZodTypeProvider>();
  scope.setValidatorCompiler(zodValidatorCompiler);

  let store: WatchlistRepository | null = 'repository' in options ? options.repository : null;
  let backups: BackupSchedule | null = null;
  // Every open events stream hears the store through one subscription. The streams end before the
  // server waits for its requests to finish (preClose), so an open stream never holds up a shutdown.
  const streams = createChangeStreams({ ...DEFAULT_STREAM_LIMITS, ...options.events });
  let unsubscribe: (() => void) | null = null;
  let unregisterCheck: (() => void) | null = null;
  // Opened when the app starts, so a bad path stops the server at start-up, not at first use.
  scope.addHook('onReady', async () => {
    if (store === null && 'databaseUrl' in options) {
      // Pages whose stream ends open it again and read their lists anew (live.ts): nothing missed
      // while the feed was down stays on screen.
      store = await openPostgres(options.databaseUrl, scope.log, () => streams.closeAll(), options.clock);
    }
    if (store === null && 'dbPath' in options) {
      const sqlite = openSqliteWatchlistRepository(options.dbPath, { clock: options.clock });
      store = sqlite;
      if (options.backup) {
        backups = scheduleBackups(sqlite, options.backup, (result) => {
          if (result.ok) scope.log.info({ path: result.path }, 'watchlist backup written');
          else scope.log.error({ err: result.error }, 'watchlist backup failed');
        });
      }
    }
    const opened = store;
    if (opened === null) return;
    options.onStoreOpen?.(opened);
    unsubscribe = opened.subscribe((change) => streams.publish(change));
    unregisterCheck = options.readiness?.add('watchlists', () => opened.ping()) ?? null;
  });
  scope.addHook('preClose', async () => {
    streams.closeAll();
  });
  scope.addHook('onClose', async () => {
    unregisterCheck?.();
    unsubscribe?.();
    streams.closeAll();
    backups?.stop();
    await store?.close();
  });
  const actorOf = options.actorOf ?? (() => LOCAL_ACTOR);
  const clientOf = options.clientOf ?? ((request: FastifyRequest) => `ip:${request.ip}`);
  const hostAllowed = options.isAllowedHost ?? isLoopbackName;
  scope.decorateRequest('watchlistActor', null);
  /** The store acting for the request's user. */
  const repoFor = (request: FastifyRequest): WatchlistRepository => {
    if (store === null) throw new Error('The watchlist store is not open');
    const actor = request.watchlistActor;
    if (actor === null) throw new Error('A watchlist request without a user');
    return store.as(actor);
  };

  // Before the body is read: a refused write costs nothing.
  scope.addHook('onRequest', async (request, reply) => {
    const actor = actorOf(request);
    if (actor === null) {
      return send(reply, refusal(401, 'unauthenticated', 'Please sign in to use watchlists'));
    }
    request.watchlistActor = actor;
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && isCrossOrigin(request.headers, hostAllowed)) {
      return send(
        reply,
        refusal(403, 'cross_origin', 'Watchlists can only be changed from pages of this server'),
      );
    }
  });
  // Writes per client: one user's flood of changes must not take the store (and its disk) from the
  // others. Counted after the sign-in and origin checks, so a refused write costs no turn.
  const limitWrites = options.limitWrites ?? null;
  if (limitWrites !== null) {
    scope.addHook('onRequest', function limitWrite(request, reply, done) {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.sent) {
        done();
        return;
      }
      limitWrites.call(this, request, reply, done);
    });
  }
  // Per-user data: never stored by the browser or a proxy.
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  scope.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof RequestRefusal) return send(reply, error.refusal);
    if (error instanceof StoreRefusal) return reply.code(error.answer.status).send(error.answer.body);
    if (error instanceof ClientRateLimitError) {
      const seconds = error.retryAfterSeconds;
      return send(
        reply.header('retry-after', String(seconds)),
        refusal(
          429,
          'rate_limited',
          `Too many watchlist changes in a short time; wait ${seconds} s and try again. Nothing was changed.`,
        ),
      );
    }
    const status = errorStatus(error);
    if (status === 415) return send(reply, refusal(415, 'media_type', 'The request body must be JSON'));
    if (status === 413) return send(reply, refusal(413, 'too_large', 'The request body is too large'));
    if (status >= 400 && status < 500) {
      return send(reply, refusal(400, 'malformed', 'The request body is not valid JSON'));
    }
    request.log.error({ err: error }, 'watchlist request failed');
    return send(reply, refusal(500, 'server_error', 'The watchlist store failed; nothing was changed'));
  });

  scope.get(WATCHLIST_ROUTES.index, async (request) => ({
    watchlists: await repoFor(request).list(),
    limits: WATCHLIST_LIMITS,
  }));

  scope.post(WATCHLIST_ROUTES.index, { schema: { body: createWatchlistBody } }, async (request, reply) => {
    const list = await attempt(() => repoFor(request).create(request.body.name));
    return reply
      .code(201)
      .header('location', `${WATCHLISTS_BASE_PATH}${watchlistPath('list', { id: list.id })}`)
      .send(list);
  });

  scope.get(WATCHLIST_ROUTES.list, { schema: { params: listParams } }, async (request, reply) => {
    const { id } = request.params;
    const list = await repoFor(request).get(id);
    if (list === null) return send(reply, refusal(404, 'not_found', `Watchlist ${id} does not exist.`));
    return list;
  });

  scope.patch(
    WATCHLIST_ROUTES.list,
    { schema: { params: listParams, body: renameWatchlistBody } },
    async (request) => {
      const { name, version } = request.body;
      return attempt(() => repoFor(request).rename(request.params.id, name, version));
    },
  );

  scope.delete(
    WATCHLIST_ROUTES.list,
    { schema: { params: listParams, querystring: versionQuery } },
    async (request, reply) => {
      await attempt(() => repoFor(request).delete(request.params.id, request.query.version));
      return reply.code(204).send();
    },
  );

  scope.post(
    WATCHLIST_ROUTES.items,
    { bodyLimit: ITEMS_BODY_LIMIT, schema: { params: listParams, body: addItemsRequest } },
    async (request, reply) => {
      const { id } = request.params;
      const { body } = request;
      const batch = 'items' in body;
      const wanted = 'items' in body ? body.items : [{ thscode: body.thscode, note: body.note }];
      const { version } = body;
      const fieldOf = (index: number | null): string => {
        if (!batch) return 'thscode';
        return index === null ? 'items' : `items.${index}.thscode`;
      };
      const codes = wanted.map((w) => w.thscode);

      // The store's refusals first, so a stale or doomed write does not cost instrument look-ups.
      await attempt(() => repoFor(request).checkAddItems(id, codes, version), fieldOf);

      let resolutions: Resolution[];
      try {
        const client = clientOf(request);
        // A batch is resolved in one go (the code table) when the app offers that; else code by code.
        const batchFound =
          batch && options.resolveInstruments ? await options.resolveInstruments(codes, client) : null;
        resolutions = await mapLimited(
          [...wanted.entries()],
          RESOLVE_CONCURRENCY,
          async ([index, w]): Promise<Resolution> => {
            const found = batchFound
              ? (batchFound.get(w.thscode) ?? null)
              : await resolveInstrument(w.thscode, client);
            if (found === null) {
              return {
                ok: false,
                refusal: refusal(
                  422,
                  'unknown_instrument',
                  `${w.thscode} is not a known instrument`,
                  fieldOf(index),
                ),
              };
            }
            if (!isWatchlistAssetType(found.asset_type)) {
              return {
                ok: false,
                refusal: refusal(
                  422,
                  'unsupported_asset_type',
                  `${w.thscode} is a ${found.asset_type} instrument, which watchlists do not hold`,
                  fieldOf(index),
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
          },
        );
      } catch (err) {
        request.log.warn({ err }, 'instrument search failed');
        return send(
          reply,
          refusal(
            503,
            'search_unavailable',
            'The instrument search cannot be reached, so the codes could not be checked; nothing was changed',
          ),
        );
      }
      const items: NewItem[] = [];
      for (const r of resolutions) {
        if (!r.ok) return send(reply, r.refusal);
        items.push(r.item);
      }
      return attempt(() => repoFor(request).addItems(id, items, version), fieldOf);
    },
  );

  scope.delete(
    WATCHLIST_ROUTES.item,
    { schema: { params: itemParams, querystring: versionQuery } },
    async (request) => {
      const { id, thscode } = request.params;
      return attempt(() => repoFor(request).removeItem(id, thscode, request.query.version));
    },
  );

  scope.put(WATCHLIST_ROUTES.order, { schema: { params: listParams, body: orderBody } }, async (request) => {
    const { thscodes, version } = request.body;
    return attempt(() => repoFor(request).reorder(request.params.id, thscodes, version));
  });

  scope.put(WATCHLIST_ROUTES.note, { schema: { params: itemParams, body: noteBody } }, async (request) => {
    const { id, thscode } = request.params;
    const { note, version } = request.body;
    return attempt(() => repoFor(request).setNote(id, thscode, note, version));
  });

  scope.put(
    WATCHLIST_ROUTES.visibility,
    { schema: { params: listParams, body: visibilityBody } },
    async (request) => {
      const { visibility, version } = request.body;
      return attempt(() => repoFor(request).setVisibility(request.params.id, visibility, version));
    },
  );

  scope.get(WATCHLIST_ROUTES.history, { schema: { params: listParams } }, async (request, reply) => {
    const { id } = request.params;
    const versions = await repoFor(request).history(id);
    if (versions === null) return send(reply, refusal(404, 'not_found', `Watchlist ${id} does not exist.`));
    return { versions };
  });

  scope.post(
    WATCHLIST_ROUTES.restoreVersion,
    { schema: { params: listParams, body: restoreVersionBody } },
    async (request) => {
      const { version, expected } = request.body;
      return attempt(() => repoFor(request).restoreVersion(request.params.id, version, expected));
    },
  );

  scope.get(WATCHLIST_ROUTES.deleted, async (request) => ({ deleted: await repoFor(request).listDeleted() }));

  scope.post(WATCHLIST_ROUTES.restore, { schema: { params: listParams } }, async (request) =>
    attempt(() => repoFor(request).restore(request.params.id)),
  );

  // Not compressed (a gzip stream would hold events back) and no HEAD twin (it would open a stream).
  scope.get(WATCHLIST_ROUTES.events, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const actor = request.watchlistActor;
    if (actor === null) throw new Error('A watchlist request without a user');
    const admission = streams.open(actor.id);
    if (!admission.ok) {
      const { limit } = admission;
      return admission.reason === 'user'
        ? send(
            reply.header('retry-after', '60'),
            refusal(
              429,
              'limit',
              `At most ${limit} live connections per user can be open at once; close some watchlist tabs`,
            ),
          )
        : send(
            reply.header('retry-after', '30'),
            refusal(
              503,
              'limit',
              `The server has ${limit} live connections open, its most; try again shortly`,
            ),
          );
    }
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        // When the stream ends (the server closes), so does its connection: nothing waits on it.
        .header('connection', 'close')
        .send(admission.stream)
    );
  });
};
