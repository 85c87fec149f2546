import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CALENDAR_FEED_ROUTES, HK_IPO_FILES_BASE_PATH } from '../../src/contract/calendar-files';
import { pathOf } from '../gateway/operation-handler';
import type { ApiLogFields } from '../gateway/operation-handler';

/** The one line each request writes when its answer is done; /api requests add the gateway's part. */
type AccessLine = {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
} & Partial<ApiLogFields>;

/** The calendar feed's routes, whose paths hold a secret token. */
const FEED_ROUTES = new Set<string>(
  Object.values(CALENDAR_FEED_ROUTES).map((route) => `${HK_IPO_FILES_BASE_PATH}${route}`),
);

/** The path an access line keeps: a calendar feed's token is a credential, so its route stands in. */
function logPath(route: string | undefined, url: string): string {
  return (route !== undefined && FEED_ROUTES.has(route) ? route : pathOf(url)).slice(0, 200);
}

/** One line per request, written when the answer is done (the app turns Fastify's two off). */
const accessLog: FastifyPluginAsync = async (app) => {
  // The access line's fields are fixed (none is a header object or a key), so the redaction paths, whose
  // wildcards ran over each of its fields on every request, have nothing to find in it: it goes through
  // a child made once without them. The request's id is its first field, as the request's own logger
  // would have bound it.
  const log = app.log.child({}, { redact: [] });
  app.decorateRequest('apiLog', null);
  app.addHook('onResponse', (request, reply, done) => {
    const gatewayFields = request.apiLog;
    const line: AccessLine = {
      reqId: request.id,
      method: request.method,
      // A target that was not canonical is logged as the path it was routed to (NON_CANONICAL_TARGET_PATH),
      // not as written: what was written may hold a calendar feed's token.
      path: logPath(request.routeOptions.url, request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...gatewayFields,
    };
    if (reply.statusCode >= 500 || gatewayFields?.failure !== undefined) log.warn(line, 'request');
    else log.info(line, 'request');
    done();
  });
};

export const accessLogPlugin = fp(accessLog, { name: 'access-log' });
