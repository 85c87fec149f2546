import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ErrorCode } from '../../src/contract/envelope';
import { errorStatus } from '../error-status';
import {
  businessError,
  errorAnswer,
  pathOf,
  registerGateway,
  sendAnswer,
  unknownOperation,
} from './operation-handler';
import type { GatewayAnswer, GatewayDeps } from './operation-handler';
import { ClientRateLimitError } from './client-rate-limit';
import { DUMP_KINDS, dumpOperationId } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';

export interface ApiPluginOptions extends GatewayDeps {
  /** The per-client rate limit (client-rate-limit.ts), shared with the other routes that reach the service. */
  limitClients: onRequestHookHandler;
  /**
   * The dump signing operations are answered by the BFF itself with links of its own (the market data
   * plane, server/market-data/routes.ts), never forwarded: the upstream's link must not reach a client.
   * Without the plane they answer that it is off.
   */
  dumpLinks?: (kind: DumpKind, request: FastifyRequest) => Promise<GatewayAnswer>;
}

/**
 * `/api`: the market data contract, as a Fastify plugin registered with `prefix: API_BASE_PATH`. Every
 * answer under it is an envelope with `X-Request-Id` and `X-Cache`, whatever went wrong: an unknown
 * path or method (its not-found handler), a malformed request, the per-client rate limit, a URL too
 * long (its error handler and hooks). Nothing outside this plugin needs to know what /api answers.
 */

/** Longest request URL accepted; the longest legitimate one (100 auction codes) is well under 2 KiB. */
export const MAX_URL_LENGTH = 8_192;

/** A catalogued operation this server does not serve: said in the envelope, with HTTP 200 (the spec). */
function planeOff(request: FastifyRequest): GatewayAnswer {
  return businessError(
    ErrorCode.GATEWAY_UNKNOWN_OPERATION,
    'The market data plane is off on this server (MARKET_DATA=off): it serves no market dumps.',
    request.id,
  );
}

/** A request that failed before or outside the gateway handler still gets an envelope. */
function answerForError(request: FastifyRequest, error: unknown): GatewayAnswer {
  if (error instanceof ClientRateLimitError) {
    const s = error.retryAfterSeconds;
    return errorAnswer(
      429,
      ErrorCode.GATEWAY_CLIENT_RATE_LIMITED,
      `Too many requests from this browser; please wait ${s} s before asking again.`,
      request.id,
      String(s),
    );
  }
  // Other methods are not operations, whatever went wrong with their body.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return unknownOperation(pathOf(request.url), request.id);
  return errorStatus(error) < 500
    ? errorAnswer(400, ErrorCode.PARAM_FORMAT, 'The request is malformed.', request.id)
    : errorAnswer(
        500,
        ErrorCode.SERVER_ERROR,
        'The dashboard server failed to handle this request.',
        request.id,
      );
}

/** What /api answers for a URL the router could not even decode (Fastify's `frameworkErrors`). */
export function answerUndecodableUrl(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendAnswer(reply, unknownOperation(pathOf(request.url), request.id));
}

export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (api, deps) => {
  // Every answer carries an id and a cache status, including 404s and errors; the handler replaces
  // them with the service's id and the real status.
  api.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header('x-cache', 'MISS');
    if (request.url.length <= MAX_URL_LENGTH) {
      done();
      return;
    }
    // Answered here: a callback hook that has sent its answer does not call done().
    sendAnswer(
      reply,
      errorAnswer(
        414,
        ErrorCode.PARAM_FORMAT,
        `The request address is longer than ${MAX_URL_LENGTH} characters.`,
        request.id,
      ),
    );
  });

  // Per client (the route's own hook, after the ones above): the dashboard polls, but no one browser may
  // crowd out the rest of the team. The compress plugin's hooks stay off this route: an answer is sent in
  // the encoding made once with it (representation.ts), and a GET has no body to decompress.
  registerGateway(api, deps, { onRequest: deps.limitClients, compress: false, decompress: false });
  // Their own routes (static paths win over the gateway's wildcard), behind the same limit.
  for (const kind of DUMP_KINDS) {
    api.get(`/${dumpOperationId(kind)}`, { onRequest: deps.limitClients }, async (request, reply) =>
      sendAnswer(reply, deps.dumpLinks ? await deps.dumpLinks(kind, request) : planeOff(request)),
    );
  }

  api.setNotFoundHandler((request, reply) =>
    sendAnswer(reply, unknownOperation(pathOf(request.url), request.id)),
  );

  api.setErrorHandler((error: unknown, request, reply) => {
    if (errorStatus(error) >= 500) request.log.error({ err: error }, 'request failed');
    return sendAnswer(reply, answerForError(request, error));
  });
};
