import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '../../src/contract/operation';
import { MARKET_DATA_BASE_PATH } from '../../src/contract/market-data';
import type { Config } from '../config';
import { apiPlugin } from '../gateway/api-plugin';
import type { Ticker } from '../gateway/ticker';
import { installMarketData, marketDataOf } from '../market-data/routes';
import { leasesFor } from '../market-data/lease';
import { registerTape, tapeStatus } from '../market-data/tape-routes';

export interface ApiOptions {
  config: Config;
  clock: () => number;
  ticker: Ticker;
  /** The per-client rate limit, shared with the calendar files. */
  limitClients: onRequestHookHandler;
}

/**
 * What reaches the market data service through the gateway (`app.gateway`): `/api`, the contract, and
 * the market data plane (MARKET_DATA): its routes, the dump signing operations' answer in /api and the
 * minute tape (server/market-data/tape-*.ts), one recorder across replicas by the lease 'tape'.
 */
const api: FastifyPluginAsync<ApiOptions> = async (app, { config, clock, ticker, limitClients }) => {
  const { gateway } = app;
  // One set of leases (Redis, else PostgreSQL, else this process) for the plane's imports and the tape.
  const leases = config.marketData.enabled ? leasesFor(config, app.log) : null;
  const dumpLinks = installMarketData(app, {
    config,
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

  const plane = marketDataOf(app);
  if (!plane || !leases) return;
  registerTape(app, MARKET_DATA_BASE_PATH, {
    storePath: config.marketData.researchDb,
    // The panel's store (one DuckDB file can be opened once per process), open once the app is ready.
    store: () => plane.store(),
    upstream: gateway.backgroundUpstream,
    // Replicas that do not hold the lease copy the holder's readings from the shared cache.
    kept: (req) => gateway.kept(req),
    leases,
    clock,
    ticker,
    budget: {
      share: config.marketData.tapeBudgetShare,
      ratePerSecond: config.upstreamRatePerSecond,
    },
    queuedUserRequests: () => gateway.status().budget.queued.user,
    limitClients,
    log: app.log,
  });
  plane.provideTapeStatus(() => tapeStatus(app));
};

export const apiRoutesPlugin = fp(api, { name: 'api' });
