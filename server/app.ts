import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyLoggerOptions,
  FastifyReply,
  onRequestHookHandler,
} from 'fastify';
import type { LoggerOptions } from 'pino';
import compress from '@fastify/compress';
import { z } from 'zod';
import { API_BASE_PATH } from '../src/contract/operation';
import { WATCHLISTS_BASE_PATH } from '../src/contract/watchlists';
import type { Config } from './config';
import { pathOf } from './gateway/operation-handler';
import type { ApiLogFields } from './gateway/operation-handler';
import { answerUndecodableUrl, apiPlugin } from './gateway/api-plugin';
import { clientRateLimit } from './gateway/client-rate-limit';
import { createUpstreamClient } from './gateway/upstream-client';
import type { Upstream } from './gateway/upstream-client';
import { createGateway } from './gateway/gateway';
import type { Gateway } from './gateway/gateway';
import { RedisSharedState } from './gateway/shared/redis-shared-state';
import type { SharedState } from './gateway/shared/shared-state';
import { DiskAnswers } from './gateway/disk-answers';
import { createWarmer } from './gateway/warm';
import { realTicker } from './gateway/ticker';
import type { Ticker } from './gateway/ticker';
import { newRequestId } from './gateway/request-id';
import { registerStatic } from './static';
import { lazyChildLogger } from './lazy-logger';
import { searchResolver, tableResolver, watchlistsPlugin } from './watchlists/index';
import type { WatchlistRepository } from './watchlists/repository';
import { hkIpoFilesPlugin } from './hk-ipo/routes';
import { installMarketData, marketDataOf } from './market-data/routes';
import { CALENDAR_FEED_ROUTES, HK_IPO_FILES_BASE_PATH } from '../src/contract/calendar-files';
import { TEST_CLOCK_PATH, testClockPlugin } from './test-clock';
import type { AdjustableClock } from './test-clock';
import { errorStatus } from './error-status';
import { installAuth, trustedProxyCheck } from './auth/plugin';
import { limitConnectionsPerAddress } from './connection-limits';
import { isAllowedHost } from './auth/hosts';
import { clientErrorHandler, connectRequestHandler } from './http-errors';
import { ErrorCode, errorEnvelope } from '../src/contract/envelope';
import { HELMET_OPTIONS, securityHeaders } from './security-headers';
import { createReadiness, type ReadinessRegistry } from './readiness';
import { connectionDrain } from './drain';
import type { ChangeStreamLimits } from './watchlists/events';
import { HEALTH_PATHS } from '../src/contract/health';
import { NON_CANONICAL_TARGET_PATH, isSafeMethod, readTarget } from './request-target';
import type { NonCanonicalTarget } from './request-target';
import { MARKET_DATA_BASE_PATH } from '../src/contract/market-data';
import { leasesFor } from './market-data/lease';
import { registerTape, tapeStatus } from './market-data/tape-routes';

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

export interface GatewayTuning {
  backoffBaseMs: number;
  backoffCapMs: number;
  breakerThreshold: number;
  breakerCooldownMs: number;
}

/** The vendor's own client backs off 1 s, 2 s, 4 s, capped at 8 s. */
export const DEFAULT_TUNING: GatewayTuning = {
  backoffBaseMs: 1_000,
  backoffCapMs: 8_000,
  breakerThreshold: 5,
  breakerCooldownMs: 30_000,
};

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

/** The one line each request writes when its answer is done; /api requests add the gateway's part. */
type AccessLine = {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
} & Partial<ApiLogFields>;

const gateways = new WeakMap<FastifyInstance, Gateway>();
const watchlistStores = new WeakMap<FastifyInstance, WatchlistRepository>();

/** The gateway behind an app (tests wait for its upstream calls before moving a manual clock). */
export function gatewayOf(app: FastifyInstance): Gateway | undefined {
  return gateways.get(app);
}

/**
 * The watchlist store behind an app once it is ready (SQLite or PostgreSQL): a readiness check pings it.
 */
export function watchlistStoreOf(app: FastifyInstance): WatchlistRepository | undefined {
  return watchlistStores.get(app);
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

function buildGateway(
  deps: AppDeps,
  ticker: Ticker,
  clock: () => number,
  log: FastifyBaseLogger,
  shared: SharedState | null,
): Gateway {
  const { config } = deps;
  const tuning = { ...DEFAULT_TUNING, ...deps.tuning };
  const client: Upstream = createUpstreamClient({
    baseUrl: deps.upstream.baseUrl,
    apiKey: deps.upstream.apiKey,
    timeoutMs: config.upstreamTimeoutMs,
    connectTimeoutMs: config.upstreamConnectTimeoutMs,
  });
  return createGateway(client, {
    ticker,
    marketClock: clock,
    budget: {
      ratePerSecond: config.upstreamRatePerSecond,
      burst: config.upstreamBurst,
      windowMarginMs: config.upstreamWindowMarginMs,
      queueMax: config.upstreamQueueMax,
      queueTimeoutMs: config.upstreamQueueTimeoutMs,
    },
    breaker: { threshold: tuning.breakerThreshold, cooldownMs: tuning.breakerCooldownMs },
    retry: {
      maxAttempts: config.upstreamMaxAttempts,
      deadlineMs: config.upstreamDeadlineMs,
      backoffBaseMs: tuning.backoffBaseMs,
      backoffCapMs: tuning.backoffCapMs,
      random: deps.random ?? Math.random,
    },
    cache: { maxBytes: config.cacheMaxBytes, staleIfErrorMs: config.cacheStaleIfErrorMs },
    ...(shared ? { shared } : {}),
    ...(config.answerCacheDisk
      ? {
          disk: new DiskAnswers({
            ...config.answerCacheDisk,
            // Simulated answers are never served as the real service's, nor one pinned day's as another's.
            origin:
              deps.mode === 'simulated'
                ? `simulated ${config.simNow ?? 'real time'}`
                : `live ${deps.upstream.baseUrl}`,
            ticker,
            log: log.child({ part: 'answer-cache' }),
          }),
        }
      : {}),
    // No browser request waits for a background refresh, so its failure would otherwise go unseen.
    onBackgroundFailure: (req, result) => {
      const { outcome } = result;
      log.warn(
        {
          op: req.operation.id,
          query: req.query,
          attempts: result.attempts,
          ...(outcome.ok
            ? { code: outcome.envelope.code }
            : { code: outcome.failure.code, failure: outcome.failure.kind, detail: outcome.failure.detail }),
        },
        'background refresh failed',
      );
    },
  });
}

function isUnder(url: string, prefix: string): boolean {
  const path = pathOf(url);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The calendar feed's routes, whose paths hold a secret token. */
const FEED_ROUTES = new Set<string>(
  Object.values(CALENDAR_FEED_ROUTES).map((route) => `${HK_IPO_FILES_BASE_PATH}${route}`),
);

/** The path an access line keeps: a calendar feed's token is a credential, so its route stands in. */
function logPath(route: string | undefined, url: string): string {
  return (route !== undefined && FEED_ROUTES.has(route) ? route : pathOf(url)).slice(0, 200);
}

/** Areas that answer URLs the router cannot decode in their own format (see `frameworkErrors`). */
const undecodableUrlOwners = [{ prefix: API_BASE_PATH, answer: answerUndecodableUrl }];

/** An error outside /api and the watchlists, as the service's envelope with the request's id. */
function plainError(reply: FastifyReply, status: number) {
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

export function createApp(deps: AppDeps): FastifyInstance {
  const clock = deps.clock ?? Date.now;
  const ticker = deps.ticker ?? realTicker;
  // The verdicts on targets that are not canonical, for the first hook to answer (request-target.ts).
  const nonCanonical = new WeakMap<object, NonCanonicalTarget>();
  const app: FastifyInstance = Fastify({
    ...loggerOptions(deps),
    // One line per request, written when the answer is done (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's own logger is made only if it logs (a cache hit does not: its line is the access log's).
    ...(deps.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    bodyLimit: BODY_LIMIT,
    genReqId: newRequestId,
    // The browser does not get to choose ids that end up in our logs and headers.
    requestIdHeader: false,
    trustProxy: false,
    // Slow clients (a body trickled a byte at a time) are cut off; idle connections do not linger.
    requestTimeout: deps.config.http.requestTimeoutMs,
    keepAliveTimeout: deps.config.http.keepAliveTimeoutMs,
    http: {
      // A request without Host gets the allow-list's envelope (auth/plugin.ts), not Node's bare 400.
      requireHostHeader: false,
      headersTimeout: deps.config.http.headersTimeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would let them overstay).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(deps.config.http.headersTimeoutMs / 4)),
      ),
    },
    // What the HTTP parser refuses (431, 400, 408) is answered as an envelope with a request id.
    clientErrorHandler: clientErrorHandler(() => app.log),
    // One reading of the target (request-target.ts): routing and every hook see its canonical form, and
    // a target in any other form is routed nowhere (a path without routes) and answered by the first hook.
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      const verdict = readTarget(url);
      if (verdict.kind === 'canonical') return url;
      nonCanonical.set(req, verdict);
      return NON_CANONICAL_TARGET_PATH;
    },
    // A URL the router cannot decode (a stray '%') never reaches a plugin: the area that owns its
    // prefix answers it in its own format.
    frameworkErrors: (error, request, reply) => {
      const owner = undecodableUrlOwners.find((o) => isUnder(request.url, o.prefix));
      if (owner) void owner.answer(request, reply);
      else void plainError(reply, error.statusCode ?? 400);
    },
  });

  app.server.maxConnections = deps.config.http.maxConnections;
  // Each client address its share of the connections, so that one cannot take them all.
  let lastRefusalLog = Number.NEGATIVE_INFINITY;
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: deps.config.http.maxConnectionsPerClient,
    exempt: trustedProxyCheck(deps.config.auth),
    onRefused: (address, open) => {
      // One line a minute at most: a flood of refusals must not become a flood of log lines.
      const at = ticker.now();
      if (at - lastRefusalLog < 60_000) return;
      lastRefusalLog = at;
      app.log.warn({ address, open }, 'connection refused: too many open connections from one address');
    },
  });
  const readiness = deps.readiness ?? createReadiness();
  app.decorate('readiness', readiness);
  // Closing the app is a shutdown: not ready from the first moment (server/index.ts says so even
  // earlier, on the signal); every answer from then on closes its connection, and connections that
  // carry no request are closed, so the server's close waits for requests in flight and nothing else.
  const drain = connectionDrain(app.server);
  app.addHook('preClose', async () => {
    readiness.beginShutdown();
    drain.start();
  });
  // A callback hook: an async one costs every answer a promise and a turn of the microtask queue.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  // A CONNECT request is answered with an envelope too (Node would close it without a word).
  const refuseConnect = connectRequestHandler(() => app.log);
  app.server.on('connect', refuseConnect);
  // Every answer carries the security headers, refusals included: the first hook.
  const headers = securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // A target not in its canonical form is answered here, before sign-in and everything else.
    const verdict = request.url === NON_CANONICAL_TARGET_PATH ? nonCanonical.get(request.raw) : undefined;
    if (verdict === undefined) done();
    else answerNonCanonical(reply, verdict);
  });
  // Then the Host allow-list, who is asking, sign-in, CSRF (auth/plugin.ts).
  installAuth(app, { auth: deps.config.auth, allowedHosts: deps.config.allowedHosts });

  // Several replicas share state through Redis when REDIS_URL is set (ioredis is loaded only then).
  const redis = deps.config.redis;
  const shared = redis
    ? new RedisSharedState({
        url: redis.url,
        keyPrefix: redis.keyPrefix,
        ticker,
        budget: {
          ratePerSecond: deps.config.upstreamRatePerSecond,
          burst: deps.config.upstreamBurst,
          windowMarginMs: deps.config.upstreamWindowMarginMs,
          // A granted call is written within its connect timeout or not at all (see UNWRITTEN in scripts.ts).
          unwrittenHoldMs: deps.config.upstreamConnectTimeoutMs + 1_000,
        },
        loadDeadlineMs: deps.config.upstreamDeadlineMs,
        log: app.log,
      })
    : null;
  const gateway = buildGateway(deps, ticker, clock, app.log, shared);
  gateways.set(app, gateway);
  // The first screens' data, asked for once the server listens and after each close.
  const warmer = deps.config.warmCache
    ? createWarmer({ gateway, ticker, marketClock: clock, log: app.log.child({ part: 'warm' }) })
    : null;
  if (warmer) {
    app.addHook('onListen', async () => warmer.start());
    app.addHook('preClose', async () => warmer.stop());
  }
  // Ready once Redis answered or the first attempt failed (then local until it answers).
  if (shared) {
    app.addHook('onReady', async () => shared.start());
    // Reported, not required: without Redis a replica serves from its own cache and budget share.
    readiness.add('redis', () => shared.ping(), { required: false });
  }
  app.addHook('onClose', async () => {
    await gateway.close();
    await shared?.close();
  });

  app.register(compress);
  // Per client (the user when signed in: several people may share one proxy address, else the address),
  // on the routes that reach the market data service: /api and the calendar files, counted together.
  const limitClients = clientRateLimit({
    max: deps.config.clientRateLimitPerMinute,
    windowMs: 60_000,
    now: () => ticker.now(),
  });
  // Writes to the store per client (the watchlists and the calendar feed addresses, counted together):
  // one user's flood of changes must not take the store and its disk from the others.
  const limitWrites = writeLimit(deps.config.writeRateLimitPerMinute, () => ticker.now());

  // The access line's fields are fixed (none is a header object or a key), so the redaction paths, whose
  // wildcards ran over each of its fields on every request, have nothing to find in it: it goes through
  // a child made once without them. The request's id is its first field, as the request's own logger
  // would have bound it.
  const accessLog = app.log.child({}, { redact: [] });
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
    if (reply.statusCode >= 500 || gatewayFields?.failure !== undefined) accessLog.warn(line, 'request');
    else accessLog.info(line, 'request');
    done();
  });

  // The market data plane (MARKET_DATA): its routes, and the dump signing operations' answer in /api.
  // One set of leases (Redis, else PostgreSQL, else this process) for its imports and the minute tape.
  const leases = deps.config.marketData.enabled ? leasesFor(deps.config, app.log) : null;
  const dumpLinks = installMarketData(app, {
    config: deps.config,
    upstream: gateway.upstream,
    clock,
    ticker,
    limitClients,
    ...(leases ? { leases } : {}),
  });
  app.register(apiPlugin, {
    prefix: API_BASE_PATH,
    gateway,
    clock,
    limitClients,
    ...(dumpLinks ? { dumpLinks } : {}),
  });

  app.get('/bff/health', async () => ({ status: 'ok' }));
  // The load balancer's probes (src/contract/health.ts): no sign-in, nothing but names and ok/failed.
  app.get(HEALTH_PATHS.live, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const answer = await readiness.check();
    return reply
      .code(answer.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
  app.get('/bff/mode', async () => ({ mode: deps.mode, version: appVersion, now: clock() }));
  // Admins only (the auth hook refuses anyone else): it shows the gateway's internals.
  app.get('/bff/status', async () => ({
    mode: deps.mode,
    now: ticker.now(),
    ...gateway.status(),
    ...(warmer ? { warm: warmer.status() } : {}),
  }));
  // Watchlist lookups share the cache and the upstream budget with /api.
  app.register(watchlistsPlugin, {
    prefix: WATCHLISTS_BASE_PATH,
    // PostgreSQL when DATABASE_URL is set (pg is loaded only then), else the SQLite file.
    ...(deps.config.databaseUrl === null
      ? { dbPath: deps.config.watchlistDb }
      : { databaseUrl: deps.config.databaseUrl }),
    onStoreOpen: (store) => watchlistStores.set(app, store),
    resolveInstrument: searchResolver(gateway.upstream),
    resolveInstruments: tableResolver(gateway.upstream),
    actorOf: (request) => request.identity,
    clientOf: (request) => request.clientKey,
    backup: deps.config.backup,
    isAllowedHost: (host) => isAllowedHost(host, deps.config.allowedHosts),
    readiness,
    limitWrites,
    // At most half the connections the server accepts may be held by event streams.
    events: { maxTotal: Math.max(1, Math.floor(deps.config.http.maxConnections / 2)), ...deps.events },
  });

  // Calendar files read the IPO calendar through the same cache and budget as /api. With sign-in, each
  // user's secret calendar address lives in the watchlists' database.
  const auth = deps.config.auth;
  app.register(hkIpoFilesPlugin, {
    prefix: HK_IPO_FILES_BASE_PATH,
    upstream: gateway.upstream,
    simulated: deps.mode === 'simulated',
    clock,
    limitClients,
    limitWrites,
    feed:
      auth.mode === 'none'
        ? null
        : { secret: auth.sessionSecret, tokens: () => watchlistStores.get(app)?.feedTokens },
  });

  // The minute tape (server/market-data/tape-*.ts): one recorder across replicas, by the lease 'tape'.
  const plane = marketDataOf(app);
  if (plane && leases) {
    registerTape(app, MARKET_DATA_BASE_PATH, {
      storePath: deps.config.marketData.researchDb,
      // The panel's store (one DuckDB file can be opened once per process), open once the app is ready.
      store: () => plane.store(),
      upstream: gateway.backgroundUpstream,
      // Replicas that do not hold the lease copy the holder's readings from the shared cache.
      kept: (req) => gateway.kept(req),
      leases,
      clock,
      ticker,
      budget: {
        share: deps.config.marketData.tapeBudgetShare,
        ratePerSecond: deps.config.upstreamRatePerSecond,
      },
      queuedUserRequests: () => gateway.status().budget.queued.user,
      limitClients,
      log: app.log,
    });
    plane.provideTapeStatus(() => tapeStatus(app));
  }

  if (deps.testClock) app.register(testClockPlugin, { prefix: TEST_CLOCK_PATH, clock: deps.testClock });

  const site = registerStatic(app, deps.config.staticDir, (reply) => plainError(reply, 404));

  // /api answers its own unknown paths and errors (the watchlists their errors); the rest is the site's.
  app.setNotFoundHandler((request, reply) => {
    if (isUnder(request.url, '/bff')) return plainError(reply, 404);
    return site.fallback(request, reply);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const status = errorStatus(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return plainError(reply, status);
  });

  return app;
}
