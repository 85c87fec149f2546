import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { errorStatus } from '../error-status';
import { registerStatic } from '../static';
import { isUnder, plainError } from './errors';

/**
 * The built SPA (STATIC_DIR), and the answers of last resort as envelopes: errors outside /api and the
 * watchlists (which answer their own), and what no route answers (/api answers its own unknown paths;
 * the rest is the site's, or an envelope under /bff). Registered first: a route keeps the error handler
 * its context had when its plugin was loaded.
 */
const site: FastifyPluginAsync<{ staticDir: string }> = async (app, { staticDir }) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    const status = errorStatus(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return plainError(reply, status);
  });
  const pages = registerStatic(app, staticDir, (reply) => plainError(reply, 404));
  app.setNotFoundHandler((request, reply) => {
    if (isUnder(request.url, '/bff')) return plainError(reply, 404);
    return pages.fallback(request, reply);
  });
};

export const sitePlugin = fp(site, { name: 'site' });
