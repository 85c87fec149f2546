import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyLoggerOptions,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { LoggerOptions } from 'pino';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import { z } from 'zod';
import { ErrorCode, errorEnvelope } from '../src/contract/envelope';
import type { Config } from './config';
import {
  isApiPath,
  pathOf,
  registerGateway,
  sendAnswer,
  unknownOperation,
} from './gateway/operation-handler';
import { createUpstreamClient } from './gateway/upstream-client';
import type { Upstream } from './gateway/upstream-client';
import type { GatewayAnswer } from './gateway/operation-handler';
import { newRequestId } from './gateway/request-id';
import { registerStatic } from './static';

export type Mode = 'simulated' | 'live';

export interface AppDeps {
  config: Config;
  upstream: { baseUrl: string; apiKey: string };
  mode: Mode;
  /** The gateway's clock (date rules, /bff/mode); pinned by SIM_NOW in simulated mode. */
  clock?: () => number;
  /** pino options (merged with the key redaction) or a ready logger; `false` silences logging. */
  logger?: boolean | (FastifyLoggerOptions & LoggerOptions) | FastifyBaseLogger;
}

/** Wherever a header object is logged, the key is censored (defence in depth: the gateway never logs it). */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'apiKey',
  '*.apiKey',
  'upstream.apiKey',
  'config.marketApi.apiKey',
];

const packageSchema = z.object({ version: z.string() });
export const appVersion: string = packageSchema.parse(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')),
).version;

function isLogger(value: unknown): value is FastifyBaseLogger {
  return (
    typeof value === 'object' &&
    value !== null &&
    'child' in value &&
    typeof value.child === 'function' &&
    'info' in value &&
    typeof value.info === 'function'
  );
}

function loggerOptions(deps: AppDeps) {
  const { logger } = deps;
  if (isLogger(logger)) return { loggerInstance: logger };
  if (logger === false) return { logger: false };
  const base = typeof logger === 'object' ? logger : { level: deps.config.logLevel };
  return { logger: { ...base, redact: { paths: REDACT_PATHS, censor: '[redacted]' } } };
}

/** An /api request that failed before or outside the gateway handler still gets an envelope. */
function apiErrorAnswer(request: FastifyRequest, status: number): GatewayAnswer {
  // Other methods are not operations, whatever went wrong with their body.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return unknownOperation(pathOf(request.url), request.id);
  const [httpStatus, code, message] =
    status < 500
      ? [400, ErrorCode.PARAM_FORMAT, 'The request is malformed.']
      : [500, ErrorCode.SERVER_ERROR, 'The dashboard server failed to handle this request.'];
  return {
    status: httpStatus,
    body: JSON.stringify(errorEnvelope(code, message, request.id)),
    requestId: request.id,
    retryAfter: null,
  };
}

function plainError(reply: FastifyReply, status: number) {
  const code = status >= 400 && status < 600 ? status : 500;
  return reply
    .code(code)
    .send({ statusCode: code, message: code < 500 ? 'Bad request' : 'Internal server error' });
}

export function createApp(deps: AppDeps): FastifyInstance {
  const clock = deps.clock ?? Date.now;
  const app = Fastify({
    ...loggerOptions(deps),
    genReqId: newRequestId,
    // The browser does not get to choose ids that end up in our logs and headers.
    requestIdHeader: false,
    trustProxy: false,
    frameworkErrors: (error, request, reply) => {
      if (isApiPath(request.url)) {
        void sendAnswer(reply, unknownOperation(pathOf(request.url), request.id));
        return;
      }
      void plainError(reply, error.statusCode ?? 400);
    },
  });

  const upstream: Upstream = createUpstreamClient({
    baseUrl: deps.upstream.baseUrl,
    apiKey: deps.upstream.apiKey,
    timeoutMs: deps.config.upstreamTimeoutMs,
    connectTimeoutMs: deps.config.upstreamConnectTimeoutMs,
  });
  app.addHook('onClose', async () => upstream.close());

  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // React writes style attributes (chart containers, virtual rows).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Served over plain HTTP on loopback by default; HSTS belongs to whatever terminates TLS.
    strictTransportSecurity: false,
    // Same rule as frame-ancestors 'none', for browsers that only read the old header.
    xFrameOptions: { action: 'deny' },
  });
  app.register(compress);

  // Every /api answer carries an id, including 404s and errors; the handler replaces it with the service's.
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('x-request-id', request.id);
  });

  registerGateway(app, { upstream, clock });

  app.get('/bff/health', async () => ({ status: 'ok' }));
  app.get('/bff/mode', async () => ({ mode: deps.mode, version: appVersion, now: clock() }));

  const site = registerStatic(app, deps.config.staticDir);

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiPath(request.url)) return sendAnswer(reply, unknownOperation(path, request.id));
    if (path === '/bff' || path.startsWith('/bff/')) {
      return reply.code(404).send({ statusCode: 404, message: 'Not found' });
    }
    return site.fallback(request, reply);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'statusCode' in error &&
      typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (isApiPath(request.url)) return sendAnswer(reply, apiErrorAnswer(request, status));
    return plainError(reply, status);
  });

  return app;
}
