import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operationByPath } from '../../src/contract/catalog';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { checkTemporal, parseParams } from '../../src/contract/params';
import type { RawQuery } from '../../src/contract/params';
import type { Upstream } from './upstream-client';
import { safeHeaderId } from './request-id';

/**
 * `/api/*`: catalog lookup, parameter check, one upstream call, and the answer. `answerOperation` is
 * independent of Fastify so that it can be tested and wrapped directly.
 */

export interface GatewayAnswer {
  status: number;
  /** JSON text of the envelope. */
  body: string;
  /** Goes to `X-Request-Id`: the service's request_id when there is one, else the BFF's. */
  requestId: string;
  retryAfter: string | null;
}

export interface GatewayDeps {
  upstream: Upstream;
  clock: () => number;
}

export interface GatewayLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

function fail(status: number, code: number, message: string, requestId: string): GatewayAnswer {
  return {
    status,
    body: JSON.stringify(errorEnvelope(code, message, requestId)),
    requestId,
    retryAfter: null,
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

/** Keep only the shapes a query string can have; anything else is dropped, not trusted. */
export function toRawQuery(query: unknown): RawQuery {
  const out: RawQuery = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}

export async function answerOperation(
  input: { path: string; query: unknown; requestId: string },
  deps: GatewayDeps,
  log: GatewayLog,
): Promise<GatewayAnswer> {
  const op = operationByPath(input.path);
  if (!op) return unknownOperation(input.path, input.requestId);

  const parsed = parseParams(op.params, toRawQuery(input.query), { unknown: 'reject', known: op.paramNames });
  if (!parsed.ok) return fail(400, parsed.code, parsed.message, input.requestId);
  const temporal = checkTemporal(op, parsed.value, deps.clock());
  if (temporal) return fail(400, temporal.code, temporal.message, input.requestId);

  const started = performance.now();
  const outcome = await deps.upstream.call({
    operation: op,
    query: parsed.query,
    requestId: input.requestId,
  });
  const elapsedMs = Math.round(performance.now() - started);

  if (!outcome.ok) {
    const f = outcome.failure;
    log.warn(
      { op: op.id, query: parsed.query, failure: f.kind, detail: f.detail, elapsedMs },
      'upstream call failed',
    );
    return { ...fail(f.httpStatus, f.code, f.message, input.requestId), retryAfter: f.retryAfter };
  }
  const upstreamId = safeHeaderId(outcome.envelope.request_id);
  log.info(
    { op: op.id, query: parsed.query, code: outcome.envelope.code, upstreamRequestId: upstreamId, elapsedMs },
    'upstream call',
  );
  return { status: 200, body: outcome.body, requestId: upstreamId ?? input.requestId, retryAfter: null };
}

export function sendAnswer(reply: FastifyReply, answer: GatewayAnswer): FastifyReply {
  reply.code(answer.status).header('x-request-id', answer.requestId);
  if (answer.retryAfter !== null) reply.header('retry-after', answer.retryAfter);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
}

/** Registers GET (and with it HEAD) `/api/*`; other methods fall through to the app's 404 handler. */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps): void {
  app.get('/api/*', async (request: FastifyRequest, reply: FastifyReply) => {
    // The raw path, not the decoded wildcard: '/api/a%2Fb' must not alias '/api/a/b'.
    const answer = await answerOperation(
      { path: pathOf(request.url), query: request.query, requestId: request.id },
      deps,
      request.log,
    );
    return sendAnswer(reply, answer);
  });
}
