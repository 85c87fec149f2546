import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { catalog } from '../../src/contract/catalog';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { MARKET_DATA_BASE_PATH, MARKET_DATA_ROUTES } from '../../src/contract/market-data';
import type { PanelBars } from '../../src/contract/market-data';
import { dumpOperationId } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { paramNames, parseParams, toRawQuery } from '../../src/contract/params';
import type { Config } from '../config';
import { errorStatus } from '../error-status';
import { ClientRateLimitError } from '../gateway/client-rate-limit';
import type { GatewayAnswer } from '../gateway/operation-handler';
import { businessError, pathOf, sendRepresentation } from '../gateway/operation-handler';
import type { Ticker } from '../gateway/ticker';
import type { Upstream } from '../gateway/upstream-client';
import { leasesFor } from './lease';
import { keptCrossSection } from './cross-section';
import { panelDailyParamsSchema } from '../../src/contract/market-data-params';
import { CROSS_SECTION_ROUTE } from '../../src/contract/market-cross-section';
import type { Leases } from './lease';
import { createMarketDataPlane } from './plane';
import type { MarketDataPlane, MarketDataPlaneOptions } from './plane';

/**
 * The market data plane's routes under MARKET_DATA_BASE_PATH (status, a code's daily bars, the dump
 * files behind the BFF's signed links) and the answer of the /api dump signing operations.
 * `installMarketData` is what server/app.ts calls: with MARKET_DATA=off it installs nothing and the
 * /api plugin answers that the plane is off.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The market data plane, when MARKET_DATA is on (installMarketData). */
    marketDataPlane?: MarketDataPlane;
  }
}

/** The plane behind an app (tests drive its updates), when MARKET_DATA is on. */
export function marketDataOf(app: FastifyInstance): MarketDataPlane | undefined {
  return app.marketDataPlane;
}

export interface MarketDataRoutesOptions {
  plane: MarketDataPlane;
  limitClients: onRequestHookHandler;
}

function sendEnvelope(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  const id = reply.request.id;
  return reply
    .code(status)
    .header('x-request-id', id)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorEnvelope(code, message, id)));
}

export const marketDataRoutes: FastifyPluginAsync<MarketDataRoutesOptions> = async (app, opts) => {
  const { plane } = opts;
  const routeOptions = { onRequest: opts.limitClients };
  const dailyParams = paramNames(panelDailyParamsSchema);
  app.setErrorHandler((error: unknown, request, reply) => answerError(error, request, reply));

  app.get(MARKET_DATA_ROUTES.status, routeOptions, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return plane.status();
  });

  app.get(MARKET_DATA_ROUTES.daily, routeOptions, async (request, reply) => {
    const parsed = parseParams(panelDailyParamsSchema, toRawQuery(request.query), {
      unknown: 'reject',
      known: dailyParams,
    });
    if (!parsed.ok) return sendEnvelope(reply, 400, parsed.code, parsed.message);
    const item = await plane.bars(parsed.value);
    const answer: PanelBars = {
      thscode: parsed.value.thscode,
      adjust: parsed.value.adjust,
      item,
      panel: plane.panelStatus(),
    };
    reply.header('cache-control', 'private, no-cache');
    return answer;
  });

  // Every stock on the panel's latest day (the bench's whole-market query; the screener's first fields).
  const crossSection = keptCrossSection(() => ({ store: plane.store(), panel: plane.panelStatus() }));
  // Made as soon as the panel changes, so the first request after an import is served at once.
  plane.onPanelChange(() => void crossSection().catch(() => undefined));
  app.get(CROSS_SECTION_ROUTE, routeOptions, async (_request, reply) => {
    const answer = await crossSection();
    reply.header('cache-control', 'private, no-cache').type('application/json; charset=utf-8');
    return sendRepresentation(reply, answer);
  });

  // The file behind a signed link: the link is the credential (no key, no session), so a download
  // tool can fetch it as it would fetch the service's own link. The answer is not compressed: its
  // length is known and Parquet is compressed already.
  app.get(MARKET_DATA_ROUTES.dumpFile, { ...routeOptions, compress: false }, async (request, reply) => {
    const verdict = plane.dumpFile(pathOf(request.url), request.query);
    if (!verdict.ok) return sendEnvelope(reply, verdict.status, verdict.code, verdict.message);
    const size = await stat(verdict.file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) {
      return sendEnvelope(
        reply,
        404,
        ErrorCode.DUMP_NOT_READY,
        'This copy of the dump is no longer kept; ask for a new link.',
      );
    }
    return reply
      .header('content-length', String(size))
      .header('cache-control', 'private, no-store')
      .type('application/vnd.apache.parquet')
      .send(createReadStream(verdict.file));
  });
};

/** Refusals and failures as the service's envelope (a download tool reads its message). */
function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ClientRateLimitError) {
    const s = error.retryAfterSeconds;
    reply.header('retry-after', String(s));
    return sendEnvelope(
      reply,
      429,
      ErrorCode.GATEWAY_CLIENT_RATE_LIMITED,
      `Too many requests from this client; please wait ${s} s before asking again.`,
    );
  }
  const status = errorStatus(error);
  if (status >= 500) request.log.error({ err: error }, 'market data request failed');
  return status >= 500
    ? sendEnvelope(reply, 500, ErrorCode.SERVER_ERROR, 'The dashboard server failed to handle this request.')
    : sendEnvelope(reply, 400, ErrorCode.PARAM_FORMAT, 'The request is malformed.');
}

const dumpParamNames = paramNames(catalog[dumpOperationId('daily-k')].params);

/** The /api plugin's answer to a dump signing request (see api-plugin.ts `dumpLinks`). */
export function dumpLinkAnswerer(plane: MarketDataPlane) {
  return async (kind: DumpKind, request: FastifyRequest): Promise<GatewayAnswer> => {
    const op = catalog[dumpOperationId(kind)];
    const base = { requestId: request.id, retryAfter: null, cache: 'MISS' as const };
    const parsed = parseParams(op.params, toRawQuery(request.query), {
      unknown: 'reject',
      known: dumpParamNames,
    });
    if (!parsed.ok) return businessError(parsed.code, parsed.message, request.id);
    // The Host was checked against the allow-list before any route (auth/plugin.ts).
    const answer = await plane.answerDumpLink(kind, `${request.protocol}://${request.host}`, request.id);
    return { ...base, status: answer.status, body: answer.body };
  };
}

export interface InstallMarketDataOptions {
  config: Config;
  upstream: Upstream;
  clock: () => number;
  ticker: Ticker;
  limitClients: onRequestHookHandler;
  /** Tests: other leases, a failing disk. */
  leases?: Leases;
  createWriter?: MarketDataPlaneOptions['createWriter'];
}

/**
 * Installs the plane on `app` when MARKET_DATA is on: its routes, its start (when the app is ready) and
 * its close. Returns what the /api plugin needs for the dump signing operations (undefined when off).
 */
export function installMarketData(
  app: FastifyInstance,
  opts: InstallMarketDataOptions,
): ((kind: DumpKind, request: FastifyRequest) => Promise<GatewayAnswer>) | undefined {
  const { config } = opts;
  if (!config.marketData.enabled) return undefined;
  const plane = createMarketDataPlane({
    researchDb: config.marketData.researchDb,
    dumpDir: config.marketData.dumpDir,
    auth: config.auth,
    upstream: opts.upstream,
    leases: opts.leases ?? leasesFor(config, app.log),
    clock: opts.clock,
    ticker: opts.ticker,
    log: app.log,
    ...(opts.createWriter ? { createWriter: opts.createWriter } : {}),
  });
  app.decorate('marketDataPlane', plane);
  app.addHook('onReady', () => plane.start());
  app.addHook('onClose', () => plane.close());
  app.register(marketDataRoutes, { prefix: MARKET_DATA_BASE_PATH, plane, limitClients: opts.limitClients });
  return dumpLinkAnswerer(plane);
}
