import type { FastifyReply } from 'fastify';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { pathOf } from '../gateway/operation-handler';

/** Whether a URL's path is `prefix` or under it. */
export function isUnder(url: string, prefix: string): boolean {
  const path = pathOf(url);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** An error outside /api and the watchlists, as the service's envelope with the request's id. */
export function plainError(reply: FastifyReply, status: number): FastifyReply {
  const code = status >= 400 && status < 600 ? status : 500;
  const id = reply.request.id;
  const envelope =
    code === 404
      ? errorEnvelope(ErrorCode.GATEWAY_UNKNOWN_OPERATION, 'Not found', id)
      : code < 500
        ? errorEnvelope(
            code === 413 ? ErrorCode.PARAM_RANGE : ErrorCode.PARAM_FORMAT,
            code === 413 ? 'The request body is too large.' : 'The request is malformed.',
            id,
          )
        : errorEnvelope(ErrorCode.SERVER_ERROR, 'The dashboard server failed to handle this request.', id);
  return reply
    .code(code)
    .header('x-request-id', id)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelope));
}
