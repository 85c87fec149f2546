import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readPagePreloads } from './page-preload';

/**
 * The built SPA: files from STATIC_DIR, and index.html for any other page path (client-side routes),
 * so a shared link such as /stock/600519.SH opens the app rather than a 404. Each page's index.html names
 * the chunks of its route for preloading (server/page-preload.ts).
 */

export const BUILD_HINT =
  'The dashboard server is running, but the web app has not been built yet.\n' +
  'Run `npm run build` and reload this page (or use `npm run dev` while developing).\n';

export interface StaticSite {
  /** True when STATIC_DIR holds an index.html to serve. */
  hasIndex: boolean;
  /** The 404 path for non-API GETs: index.html for pages, a plain 404 for missing files. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

export function registerStatic(
  app: FastifyInstance,
  staticDir: string,
  /** The answer to a missing file (the app's error envelope). */
  notFound: (reply: FastifyReply) => FastifyReply,
): StaticSite {
  const root = resolve(staticDir);
  const hasIndex = isDirectory(root) && existsSync(join(root, 'index.html'));
  // Read once: a new build means a new server (the hashed chunk names change with it).
  const preloads = hasIndex ? readPagePreloads(root) : null;
  if (isDirectory(root)) {
    // Loaded with the app's other plugins on ready(); registration itself is synchronous.
    app.register(fastifyStatic, {
      root,
      dotfiles: 'ignore',
      // The build writes each asset also compressed (.br, .gz): sent as it is, nothing compressed per request.
      preCompressed: true,
      // Source maps stay in the build (scripts/size.mjs reads them) but are not served: they would
      // hand out the source to anyone who asks.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Our own cache-control below; the plugin's default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, path) {
        // The same path answers in several encodings (preCompressed): caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        // Vite puts content-hashed files under assets/; everything else (index.html) must be revalidated.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  function fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && (acceptsHtml(request) || path === '/');
    if (!hasIndex && isPage) {
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(BUILD_HINT);
    }
    if (isPage && preloads !== null) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(preloads.htmlFor(path));
    }
    if (isPage) return reply.code(200).sendFile('index.html');
    return notFound(reply);
  }

  // `/` is a page like the others (with its route's preload links), not the plugin's directory index.
  app.get('/', (request, reply) => fallback(request, reply));

  return { hasIndex, fallback };
}
