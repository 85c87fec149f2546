import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HK_IPO_FILES_BASE_PATH } from '../../src/contract/calendar-files';
import type { AuthConfig } from '../config';
import { hkIpoFilesPlugin } from '../hk-ipo/routes';

export interface CalendarFilesOptions {
  auth: AuthConfig;
  simulated: boolean;
  clock: () => number;
  limitClients: onRequestHookHandler;
  limitWrites: onRequestHookHandler;
}

/**
 * Calendar files of the Hong Kong IPO calendar, read through the same cache and budget as /api. With
 * sign-in, each user's secret calendar address lives in the watchlists' database (`app.watchlistStore`).
 */
const calendarFiles: FastifyPluginAsync<CalendarFilesOptions> = async (app, opts) => {
  const { auth } = opts;
  app.register(hkIpoFilesPlugin, {
    prefix: HK_IPO_FILES_BASE_PATH,
    upstream: app.gateway.upstream,
    simulated: opts.simulated,
    clock: opts.clock,
    limitClients: opts.limitClients,
    limitWrites: opts.limitWrites,
    feed:
      auth.mode === 'none'
        ? null
        : { secret: auth.sessionSecret, tokens: () => app.watchlistStore?.feedTokens },
  });
};

export const calendarFilesPlugin = fp(calendarFiles, {
  name: 'calendar-files',
  dependencies: ['watchlists'],
});
