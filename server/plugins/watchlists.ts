import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { WATCHLISTS_BASE_PATH } from '../../src/contract/watchlists';
import type { Config } from '../config';
import { isAllowedHost } from '../auth/hosts';
import { searchResolver, tableResolver, watchlistsPlugin } from '../watchlists/index';
import type { WatchlistRepository } from '../watchlists/repository';
import type { ChangeStreamLimits } from '../watchlists/events';

declare module 'fastify' {
  interface FastifyInstance {
    /** The watchlist store (SQLite or PostgreSQL) once the app is ready; null before. */
    watchlistStore: WatchlistRepository | null;
  }
}

export interface WatchlistsOptions {
  config: Config;
  /** Writes to the store per client (shared with the calendar feed addresses). */
  limitWrites: onRequestHookHandler;
  /** Limits of the events streams (tests shorten or lower them). */
  events?: Partial<ChangeStreamLimits>;
}

/**
 * The watchlists under WATCHLISTS_BASE_PATH, for the signed-in user (`request.identity`). Their lookups
 * share the cache and the upstream budget with /api (`app.gateway`); the store is on the app
 * (`app.watchlistStore`) once open, for the calendar feed's tokens and the readiness check.
 */
const watchlists: FastifyPluginAsync<WatchlistsOptions> = async (app, { config, limitWrites, events }) => {
  app.decorate('watchlistStore', null);
  app.register(watchlistsPlugin, {
    prefix: WATCHLISTS_BASE_PATH,
    // PostgreSQL when DATABASE_URL is set (pg is loaded only then), else the SQLite file.
    ...(config.databaseUrl === null ? { dbPath: config.watchlistDb } : { databaseUrl: config.databaseUrl }),
    onStoreOpen: (store) => {
      app.watchlistStore = store;
    },
    resolveInstrument: searchResolver(app.gateway.upstream),
    resolveInstruments: tableResolver(app.gateway.upstream),
    actorOf: (request) => request.identity,
    clientOf: (request) => request.clientKey,
    backup: config.backup,
    isAllowedHost: (host) => isAllowedHost(host, config.allowedHosts),
    readiness: app.readiness,
    limitWrites,
    // At most half the connections the server accepts may be held by event streams.
    events: { maxTotal: Math.max(1, Math.floor(config.http.maxConnections / 2)), ...events },
  });
};

export const watchlistsAppPlugin = fp(watchlists, { name: 'watchlists' });
