import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { operationByPath } from '../../src/contract/catalog';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { checkTemporal, parseParams, toRawQuery } from '../../src/contract/params';
import type { CacheStatus } from './answer-cache';
import type { Gateway } from './gateway';
import { retryAfterHeader } from './failures';

/**
 * `/api/*`: catalog lookup, parameter check, then the gateway (cache, budget, retries) and the answer.
 * `answerOperation` is independent of Fastify so that it can be tested directly.
 */

export interface GatewayAnswer {
  status: number;
  /** JSON text of the envelope. */
  body: string;
  /** Goes to `X-Request-Id`: the service's request_id when there is one, else the BFF's. */
  requestId: string;
  retryAfter: string | null;
  /** `X-Cache`: HIT and STALE come from the cache; everything else (errors included) is a MISS. */
  cache: CacheStatus;
  /** Set once the request reached the gateway. */
  log?: ApiLogFields;
}

export interface GatewayDeps {
  gateway: Gateway;
  /** Market clock, for the date rules. */
  clock: () => number;
}

/** What the one log line of an /api request says about the gateway's work (never the key). */
export interface ApiLogFields {
  op: string;
  query: string;
  cache: CacheStatus;
  attempts: number;
  upstreamMs: number;
  code: number;
  upstreamRequestId?: string | null;
  failure?: string;
  detail?: string;
}

function fail(status: number, code: number, message: string, requestId: string): GatewayAnswer {
  return {
    status,
    body: JSON.stringify(errorEnvelope(code, message, requestId)),
    requestId,
    retryAfter: null,
    cache: 'MISS',
  };
}

export function unknownOperation(path: string, requestId: string): GatewayAnswer {
  return fail(
    404,
    ErrorCode.GATEWAY_UNKNOWN_OPERATION,
    `'${path.slice(0, 200)}' is not an operation of the market data service (only GET of catalogued operations is served)`,
    requestId,
  );
}

export async function answerOperation(
  input: { path: string; query: unknown; requestId: string; client?: string },
  deps: GatewayDeps,
): Promise<GatewayAnswer> {
  const op = operationByPath(input.path);
  if (!op) return unknownOperation(input.path, input.requestId);

  const parsed = parseParams(op.params, toRawQuery(input.query), { unknown: 'reject', known: op.paramNames });
  if (!parsed.ok) return fail(400, parsed.code, parsed.message, input.requestId);
  const temporal = checkTemporal(op, parsed.value, deps.clock());
  if (temporal) return fail(400, temporal.code, temporal.message, input.requestId);

  const served = await deps.gateway.serve({
    operation: op,
    query: parsed.query,
    requestId: input.requestId,
    ...(input.client === undefined ? {} : { client: input.client }),
  });
  const line = {
    op: op.id,
    query: parsed.query,
    cache: served.cache,
    attempts: served.attempts,
    upstreamMs: served.upstreamMs,
  };
  if (served.type === 'failure') {
    const f = served.failure;
    return {
      ...fail(f.httpStatus, f.code, f.message, input.requestId),
      retryAfter: f.retryAfter,
      log: { ...line, code: f.code, failure: f.kind, detail: f.detail },
    };
  }
  return {
    status: 200,
    body: served.body,
    requestId: served.upstreamRequestId ?? input.requestId,
    retryAfter: null,
    cache: served.cache,
    log: { ...line, code: served.code, upstreamRequestId: served.upstreamRequestId },
  };
}

/** The gateway's part of each request's log line, picked up when the response is finished. */
export const apiLogFields = new WeakMap<FastifyRequest, ApiLogFields>();

export function sendAnswer(reply: FastifyReply, answer: GatewayAnswer): FastifyReply {
  if (answer.log) apiLogFields.set(reply.request, answer.log);
  reply.code(answer.status).header('x-request-id', answer.requestId).header('x-cache', answer.cache);
  const retryAfter = retryAfterHeader(answer.retryAfter);
  if (retryAfter !== null) reply.header('retry-after', retryAfter);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Registers GET (and with it HEAD) of every path inside the /api plugin (api-plugin.ts); other methods
 * fall through to its not-found handler.
 */
export function registerGateway(
  app: FastifyInstance,
  deps: GatewayDeps,
  routeOptions: RouteShorthandOptions = {},
): void {
  app.get('/*', routeOptions, async (request: FastifyRequest, reply: FastifyReply) => {
    // The raw path, not the decoded wildcard: '/api/a%2Fb' must not alias '/api/a/b'.
    const answer = await answerOperation(
      { path: pathOf(request.url), query: request.query, requestId: request.id, client: request.clientKey },
      deps,
    );
    return sendAnswer(reply, answer);
  });
}
