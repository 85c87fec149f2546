import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { operationByPath } from '../../src/contract/catalog';
import { BUSINESS_ERROR_HTTP_STATUS, ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { checkTemporal, parseParams, toRawQuery } from '../../src/contract/params';
import type { CacheStatus, Served } from './answer-cache';
import { matchesEtag, type Representation } from './representation';
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
  /** A service answer: sent with its entity tag, compressed forms and freshness. */
  representation?: Representation;
  /** How much longer the answer is fresh; browsers may reuse it that long (`Cache-Control`). */
  freshForMs?: number;
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

/** An answer the BFF gives itself: the error envelope with its code and message, never cached. */
export function errorAnswer(
  status: number,
  code: number,
  message: string,
  requestId: string,
  retryAfter: string | null = null,
): GatewayAnswer {
  return {
    status,
    body: JSON.stringify(errorEnvelope(code, message, requestId)),
    requestId,
    retryAfter,
    cache: 'MISS',
  };
}

/**
 * A business error of an operation (a refused parameter, a dump not ready, ...): the envelope with HTTP
 * 200 as the spec has it, so that a client checking the status first still reads the code.
 */
export function businessError(code: number, message: string, requestId: string): GatewayAnswer {
  return errorAnswer(BUSINESS_ERROR_HTTP_STATUS, code, message, requestId);
}

/** A path that is no operation (or a method other than GET): 404, as any server answers it. */
export function unknownOperation(path: string, requestId: string): GatewayAnswer {
  return errorAnswer(
    404,
    ErrorCode.GATEWAY_UNKNOWN_OPERATION,
    `'${path.slice(0, 200)}' is not an operation of the market data service (only GET of catalogued operations is served)`,
    requestId,
  );
}

type Operation = NonNullable<ReturnType<typeof operationByPath>>;
type Parsed = ReturnType<typeof parseParams<Operation['params']>>;

/**
 * Parameter checks by operation and query string: the same URL polled all day is parsed once. The
 * result depends on nothing else (the date rules, which read the clock, run on every request).
 */
const parsedQueries = new LRUCache<string, Parsed>({ max: 10_000 });

function parseQuery(op: Operation, query: unknown, search: string | undefined): Parsed {
  const key = search === undefined ? undefined : `${op.id}?${search}`;
  const known = key === undefined ? undefined : parsedQueries.get(key);
  if (known) return known;
  const parsed = parseParams(op.params, toRawQuery(query), { unknown: 'reject', known: op.paramNames });
  if (key !== undefined && key.length <= MEMO_KEY_MAX) parsedQueries.set(key, parsed);
  return parsed;
}

/** Longer query strings are not worth keeping (the longest legitimate one is under 2 KiB). */
const MEMO_KEY_MAX = 2_048;

/**
 * The answer to one /api request. A fresh cached answer comes back at once (the hit path takes no turn
 * of the promise queue); anything that needs the gateway's work comes back as a promise.
 */
export function answerOperation(
  input: {
    path: string;
    query: unknown;
    /** The raw query string `query` was parsed from, when known: parse results are kept by it. */
    search?: string;
    requestId: string;
    client?: string;
  },
  deps: GatewayDeps,
): GatewayAnswer | Promise<GatewayAnswer> {
  const op = operationByPath(input.path);
  if (!op) return unknownOperation(input.path, input.requestId);

  const parsed = parseQuery(op, input.query, input.search);
  if (!parsed.ok) return businessError(parsed.code, parsed.message, input.requestId);
  const temporal = checkTemporal(op, parsed.value, deps.clock());
  if (temporal) return businessError(temporal.code, temporal.message, input.requestId);

  const request = {
    operation: op,
    query: parsed.query,
    requestId: input.requestId,
    ...(input.client === undefined ? {} : { client: input.client }),
  };
  const hit = deps.gateway.fresh(request);
  if (hit) return answerOf(op.id, parsed.query, input.requestId, hit);
  return deps.gateway.serve(request).then((served) => answerOf(op.id, parsed.query, input.requestId, served));
}

function answerOf(op: string, query: string, requestId: string, served: Served): GatewayAnswer {
  // Literal objects, no spreads: this runs on every hit.
  if (served.type === 'failure') {
    const f = served.failure;
    return {
      status: f.httpStatus,
      body: JSON.stringify(errorEnvelope(f.code, f.message, requestId)),
      requestId,
      retryAfter: f.retryAfter,
      cache: 'MISS',
      log: {
        op,
        query,
        cache: served.cache,
        attempts: served.attempts,
        upstreamMs: served.upstreamMs,
        code: f.code,
        failure: f.kind,
        detail: f.detail,
      },
    };
  }
  return {
    status: 200,
    body: served.body,
    requestId: served.upstreamRequestId ?? requestId,
    retryAfter: null,
    cache: served.cache,
    log: {
      op,
      query,
      cache: served.cache,
      attempts: served.attempts,
      upstreamMs: served.upstreamMs,
      code: served.code,
      upstreamRequestId: served.upstreamRequestId,
    },
    // A business error comes with HTTP 200 like data, but as plain text: no ETag, never stored.
    representation: served.code === ErrorCode.OK ? served.representation : undefined,
    freshForMs: served.code === ErrorCode.OK ? served.freshForMs : undefined,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The gateway's part of the request's log line, picked up when the response is finished (app.ts
     * decorates every request with null: a property, where a WeakMap entry per request cost the
     * garbage collector).
     */
    apiLog: ApiLogFields | null;
  }
}

/**
 * `Cache-Control` of an answer: a fresh service answer may be reused by the browser for the rest of its
 * lifetime (private: sign-in may stand in front); an expired one is revalidated (its ETag makes that a
 * 304); errors are never stored.
 */
export function cacheControlOf(answer: GatewayAnswer): string {
  if (!answer.representation) return 'no-store';
  const seconds = Math.floor((answer.freshForMs ?? 0) / 1000);
  return seconds > 0 ? `private, max-age=${seconds}` : 'private, no-cache';
}

export function sendAnswer(reply: FastifyReply, answer: GatewayAnswer): FastifyReply {
  if (answer.log) reply.request.apiLog = answer.log;
  reply
    .code(answer.status)
    .header('x-request-id', answer.requestId)
    .header('x-cache', answer.cache)
    .header('cache-control', cacheControlOf(answer));
  const retryAfter = retryAfterHeader(answer.retryAfter);
  if (retryAfter !== null) reply.header('retry-after', retryAfter);
  reply.type('application/json; charset=utf-8');
  const rep = answer.representation;
  if (!rep) return reply.send(answer.body);
  return sendRepresentation(reply, rep);
}

/**
 * Sends a kept answer with its ETag (a matching If-None-Match gets 304) in the encoding the browser takes,
 * compressed once per answer (the compress plugin skips a body that already has an encoding).
 */
export function sendRepresentation(reply: FastifyReply, rep: Representation): FastifyReply {
  const { headers } = reply.request;
  reply.header('etag', rep.etag).header('vary', 'accept-encoding');
  if (matchesEtag(headers['if-none-match'], rep.etag)) return reply.code(304).send();
  const encoding = rep.encodingFor(headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  // Identity goes as the text: Node writes it with the headers in one piece, where a Buffer body is a
  // second chunk of a vectored write.
  return reply.send(encoding === 'identity' ? rep.body : rep.bytes(encoding));
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function searchOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
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
  app.get('/*', routeOptions, (request: FastifyRequest, reply: FastifyReply) => {
    // The raw path, not the decoded wildcard: '/api/a%2Fb' must not alias '/api/a/b'.
    const answer = answerOperation(
      {
        path: pathOf(request.url),
        query: request.query,
        search: searchOf(request.url),
        requestId: request.id,
        client: request.clientKey,
      },
      deps,
    );
    if (answer instanceof Promise) return answer.then((ready) => sendAnswer(reply, ready));
    // A fresh hit is sent at once; Fastify takes a handler that has sent its answer and returns nothing.
    sendAnswer(reply, answer);
    return undefined;
  });
}
