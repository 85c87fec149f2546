import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '../../src/contract/operation';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { HELMET_OPTIONS, securityHeaders } from '../security-headers';
import { NON_CANONICAL_TARGET_PATH, isSafeMethod, readTarget } from '../request-target';
import type { NonCanonicalTarget } from '../request-target';

/**
 * One reading of the target (request-target.ts), for Fastify's `rewriteUrl`: routing and every hook see
 * its canonical form, and a target in any other form is routed nowhere (a path without routes), where
 * the security plugin's hook answers it.
 */
export function routedUrl(url: string): string {
  return readTarget(url).kind === 'canonical' ? url : NON_CANONICAL_TARGET_PATH;
}

/** A non-canonical target's answer: a redirect to its canonical form (GET, HEAD) or a refusal. */
function answerNonCanonical(reply: FastifyReply, verdict: NonCanonicalTarget): FastifyReply {
  const id = reply.request.id;
  reply
    .header('x-request-id', id)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8');
  // Under /api every answer says where it came from (api-plugin.ts): this one came from no cache.
  if (reply.request.originalUrl.startsWith(API_BASE_PATH)) reply.header('x-cache', 'MISS');
  if (verdict.kind === 'redirect' && isSafeMethod(reply.request.method)) {
    const message = `This address is written in a roundabout form; its plain form is ${verdict.path.slice(0, 200)}.`;
    return reply
      .code(308)
      .header('location', verdict.location)
      .send(JSON.stringify(errorEnvelope(ErrorCode.PARAM_FORMAT, message, id)));
  }
  const message =
    verdict.kind === 'refused'
      ? verdict.reason
      : `Changes are only accepted at an address in its plain form (${verdict.path.slice(0, 200)}).`;
  return reply.code(400).send(JSON.stringify(errorEnvelope(ErrorCode.PARAM_FORMAT, message, id)));
}

/**
 * Every answer carries the security headers, refusals included: the first hook. A target not in its
 * canonical form is answered here, before sign-in and everything else.
 */
const security: FastifyPluginAsync = async (app) => {
  const headers = securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Read again from the target as written: only targets routed to the path without routes pay for it.
    const verdict = request.url === NON_CANONICAL_TARGET_PATH ? readTarget(request.originalUrl) : undefined;
    if (verdict === undefined || verdict.kind === 'canonical') done();
    else answerNonCanonical(reply, verdict);
  });
};

export const securityPlugin = fp(security, { name: 'security' });
