import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import Fastify, { LogController } from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyLoggerOptions,
  FastifyHttpOptions,
  onRequestHookHandler,
} from 'fastify';
import type { LoggerOptions } from 'pino';
import compress from '@fastify/compress';
import { z } from 'zod';
import { API_BASE_PATH } from '../src/contract/operation';
import type { Config } from './config';
import { answerUndecodableUrl } from './gateway/api-plugin';
import { clientRateLimit } from './gateway/client-rate-limit';
import type { Gateway } from './gateway/gateway';
import { realTicker } from './gateway/ticker';
import type { Ticker } from './gateway/ticker';
import { newRequestId } from './gateway/request-id';
import { lazyChildLogger } from './lazy-logger';
import type { WatchlistRepository } from './watchlists/repository';
import { TEST_CLOCK_PATH, testClockPlugin } from './test-clock';
import type { AdjustableClock } from './test-clock';
import { clientErrorHandler } from './http-errors';
import { createReadiness, type ReadinessRegistry } from './readiness';
import type { ChangeStreamLimits } from './watchlists/events';
import { accessLogPlugin } from './plugins/access-log';
import { apiRoutesPlugin } from './plugins/api';
import { authPlugin } from './plugins/auth';
import { calendarFilesPlugin } from './plugins/calendar-files';
import { connectionsPlugin } from './plugins/connections';
import { isUnder, plainError } from './plugins/errors';
import { createGatewayParts, gatewayPlugin } from './plugins/gateway';
import type { GatewayTuning } from './plugins/gateway';
import { healthPlugin } from './plugins/health';
import { routedUrl, securityPlugin } from './plugins/security';
import { sitePlugin } from './plugins/site';
import { watchlistsAppPlugin } from './plugins/watchlists';

/**
 * The app as plugins (server/plugins/, after fastify/demo): each concern a file, composed here in the
 * order their hooks must run. What the plugins share is on the instance: `app.readiness`, `app.gateway`
 * (made with the app, so tests reach it before it is ready) and `app.watchlistStore` (once open).
 */

export type Mode = 'simulated' | 'live';

export interface AppDeps {
  config: Config;
  upstream: { baseUrl: string; apiKey: string };
  mode: Mode;
  /** The gateway's clock (date rules, /bff/mode); pinned by SIM_NOW in simulated mode. */
  clock?: () => number;
  /** Tests only (SIM_CLOCK_CONTROL): the pinned clock, movable through /bff/test/clock. */
  testClock?: AdjustableClock;
  /** pino options (merged with the key redaction) or a ready logger; `false` silences logging. */
  logger?: boolean | (FastifyLoggerOptions & LoggerOptions) | FastifyBaseLogger;
  /**
   * The gateway's running time (cache lifetimes, budget, back-off, pauses, breakers). Real time unless a
   * test drives it; unlike `clock` it is never pinned.
   */
  ticker?: Ticker;
  /** Jitter source of the back-off, in [0, 1). */
  random?: () => number;
  /** Fine tuning that has no environment variable (tests shorten it). */
  tuning?: Partial<GatewayTuning>;
  /**
   * The readiness checks (`GET /readyz`) and shutdown switch; a fresh registry when not given. The app
   * is decorated with it (`app.readiness`), so later parts add their checks there.
   */
  readiness?: ReadinessRegistry;
  /** Limits of the watchlist events streams (heartbeat, caps); tests shorten or lower them. */
  events?: Partial<ChangeStreamLimits>;
}

export { DEFAULT_TUNING, type GatewayTuning } from './plugins/gateway';

export { MAX_URL_LENGTH } from './gateway/api-plugin';
/** How long a write over its client's limit waits for its 429 (client-rate-limit.ts, `holdRefusalMs`). */
export const WRITE_REFUSAL_HOLD_MS = 500;

/**
 * The per-client limit of writes to the store: `perMinute` in a minute, of which at most a sixth (20 at
 * least, and never more than the minute's) in any 10 s, so that a flood commits a few writes at once
 * rather than a minute's worth; refusals are held (WRITE_REFUSAL_HOLD_MS). Both measured by
 * server/watchlists/write-flood.test.ts: 116 writes committed at once took another user's cache-hit p95
 * to 2.2×, hundreds of unheld 429s a second to 4×.
 */
function writeLimit(perMinute: number, now: () => number): onRequestHookHandler {
  const common = { now, holdRefusalMs: WRITE_REFUSAL_HOLD_MS };
  const minute = clientRateLimit({ max: perMinute, windowMs: 60_000, ...common });
  const burst = Math.min(perMinute, Math.max(20, Math.ceil(perMinute / 6)));
  const tenSeconds = clientRateLimit({ max: burst, windowMs: 10_000, ...common });
  return function limitWrite(request, reply, done) {
    tenSeconds.call(this, request, reply, (err) => {
      if (err) done(err);
      else minute.call(this, request, reply, done);
    });
  };
}

/** The API takes no bodies; the watchlists take small JSON ones. */
export const BODY_LIMIT = 64 * 1024;

/** The gateway behind an app (tests wait for its upstream calls before moving a manual clock). */
export function gatewayOf(app: FastifyInstance): Gateway | undefined {
  return app.hasDecorator('gateway') ? app.gateway : undefined;
}

/**
 * The watchlist store behind an app once it is ready (SQLite or PostgreSQL): a readiness check pings it.
 */
export function watchlistStoreOf(app: FastifyInstance): WatchlistRepository | undefined {
  return app.hasDecorator('watchlistStore') ? (app.watchlistStore ?? undefined) : undefined;
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
  // The database URL may hold a password.
  'config.databaseUrl',
  'databaseUrl',
  'config.redis.url',
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

/** Areas that answer URLs the router cannot decode in their own format (see `frameworkErrors`). */
const undecodableUrlOwners = [{ prefix: API_BASE_PATH, answer: answerUndecodableUrl }];

function serverOptions(deps: AppDeps, log: () => FastifyBaseLogger): FastifyHttpOptions<Server> {
  const { http } = deps.config;
  return {
    ...loggerOptions(deps),
    // One line per request, written when the answer is done (plugins/access-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's own logger is made only if it logs (a cache hit does not: its line is the access log's).
    ...(deps.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    bodyLimit: BODY_LIMIT,
    genReqId: newRequestId,
    // The browser does not get to choose ids that end up in our logs and headers.
    requestIdHeader: false,
    trustProxy: false,
    // Slow clients (a body trickled a byte at a time) are cut off; idle connections do not linger.
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      // A request without Host gets the allow-list's envelope (auth/plugin.ts), not Node's bare 400.
      requireHostHeader: false,
      headersTimeout: http.headersTimeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(http.headersTimeoutMs / 4))),
    },
    // What the HTTP parser refuses (431, 400, 408) is answered as an envelope with a request id.
    clientErrorHandler: clientErrorHandler(log),
    // A target not in its canonical form is routed nowhere and answered by the security plugin.
    rewriteUrl: (req) => routedUrl(req.url ?? '/'),
    // A URL the router cannot decode (a stray '%') never reaches a plugin: the area that owns its
    // prefix answers it in its own format.
    frameworkErrors: (error, request, reply) => {
      const owner = undecodableUrlOwners.find((o) => isUnder(request.url, o.prefix));
      if (owner) void owner.answer(request, reply);
      else void plainError(reply, error.statusCode ?? 400);
    },
  };
}

export function createApp(deps: AppDeps): FastifyInstance {
  const { config } = deps;
  const clock = deps.clock ?? Date.now;
  const ticker = deps.ticker ?? realTicker;
  const app: FastifyInstance = Fastify(serverOptions(deps, () => app.log));
  const parts = createGatewayParts({ ...deps, clock, ticker }, app.log);
  app.decorate('readiness', deps.readiness ?? createReadiness());
  app.decorate('gateway', parts.gateway);
  // Per client (the user when signed in, else the address) on the routes that reach the market data
  // service (/api and the calendar files, counted together), and on writes to the store.
  const limitClients = clientRateLimit({
    max: config.clientRateLimitPerMinute,
    windowMs: 60_000,
    now: () => ticker.now(),
  });
  const limitWrites = writeLimit(config.writeRateLimitPerMinute, () => ticker.now());

  // In this order: a route keeps the error handler and the hooks its context had when its plugin was
  // loaded, so the site's answers of last resort come first, and every hook before the routes.
  app.register(sitePlugin, { staticDir: config.staticDir });
  app.register(connectionsPlugin, { http: config.http, auth: config.auth, ticker });
  app.register(securityPlugin);
  app.register(authPlugin, { auth: config.auth, allowedHosts: config.allowedHosts });
  app.register(gatewayPlugin, { ...parts, mode: deps.mode, ticker });
  app.register(compress);
  app.register(accessLogPlugin);
  app.register(apiRoutesPlugin, { config, clock, ticker, limitClients });
  app.register(healthPlugin, { mode: deps.mode, version: appVersion, clock });
  app.register(watchlistsAppPlugin, { config, limitWrites, ...(deps.events ? { events: deps.events } : {}) });
  app.register(calendarFilesPlugin, {
    auth: config.auth,
    simulated: deps.mode === 'simulated',
    clock,
    limitClients,
    limitWrites,
  });
  if (deps.testClock) app.register(testClockPlugin, { prefix: TEST_CLOCK_PATH, clock: deps.testClock });
  return app;
}
