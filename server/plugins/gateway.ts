import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createUpstreamClient } from '../gateway/upstream-client';
import { createGateway } from '../gateway/gateway';
import type { Gateway } from '../gateway/gateway';
import { RedisSharedState } from '../gateway/shared/redis-shared-state';
import { DiskAnswers } from '../gateway/disk-answers';
import { createWarmer } from '../gateway/warm';
import type { Warmer } from '../gateway/warm';
import type { Ticker } from '../gateway/ticker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway behind /api and every other route that reaches the market data service. */
    gateway: Gateway;
  }
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

export interface GatewayPartsOptions {
  config: Config;
  upstream: { baseUrl: string; apiKey: string };
  mode: 'simulated' | 'live';
  /** The market clock (date rules, sessions); pinned by SIM_NOW in simulated mode. */
  clock: () => number;
  /** The gateway's running time (cache lifetimes, budget, back-off). */
  ticker: Ticker;
  random?: () => number;
  tuning?: Partial<GatewayTuning>;
}

/** The gateway and what lives beside it: Redis shared by replicas, the warmer of the first screens. */
export interface GatewayParts {
  gateway: Gateway;
  shared: RedisSharedState | null;
  warmer: Warmer | null;
}

function sharedState(opts: GatewayPartsOptions, log: FastifyBaseLogger): RedisSharedState | null {
  const { config, ticker } = opts;
  // Several replicas share state through Redis when REDIS_URL is set (ioredis is loaded only then).
  if (!config.redis) return null;
  return new RedisSharedState({
    url: config.redis.url,
    keyPrefix: config.redis.keyPrefix,
    ticker,
    budget: {
      ratePerSecond: config.upstreamRatePerSecond,
      burst: config.upstreamBurst,
      windowMarginMs: config.upstreamWindowMarginMs,
      // A granted call is written within its connect timeout or not at all (see UNWRITTEN in scripts.ts).
      unwrittenHoldMs: config.upstreamConnectTimeoutMs + 1_000,
    },
    loadDeadlineMs: config.upstreamDeadlineMs,
    log,
  });
}

/** Made when the app is made (tests reach the gateway before the app is ready). */
export function createGatewayParts(opts: GatewayPartsOptions, log: FastifyBaseLogger): GatewayParts {
  const { config, ticker, clock } = opts;
  const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const shared = sharedState(opts, log);
  const client = createUpstreamClient({
    baseUrl: opts.upstream.baseUrl,
    apiKey: opts.upstream.apiKey,
    timeoutMs: config.upstreamTimeoutMs,
    connectTimeoutMs: config.upstreamConnectTimeoutMs,
  });
  const gateway = createGateway(client, {
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
      random: opts.random ?? Math.random,
    },
    cache: { maxBytes: config.cacheMaxBytes, staleIfErrorMs: config.cacheStaleIfErrorMs },
    ...(shared ? { shared } : {}),
    ...(config.answerCacheDisk
      ? {
          disk: new DiskAnswers({
            ...config.answerCacheDisk,
            // Simulated answers are never served as the real service's, nor one pinned day's as another's.
            origin:
              opts.mode === 'simulated'
                ? `simulated ${config.simNow ?? 'real time'}`
                : `live ${opts.upstream.baseUrl}`,
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
  // The first screens' data, asked for once the server listens and after each close.
  const warmer = config.warmCache
    ? createWarmer({ gateway, ticker, marketClock: clock, log: log.child({ part: 'warm' }) })
    : null;
  return { gateway, shared, warmer };
}

export interface GatewayPluginOptions extends GatewayParts {
  mode: 'simulated' | 'live';
  ticker: Ticker;
}

/** The gateway's life with the app (Redis, the warmer, the close) and its internals at /bff/status. */
const gatewayLifecycle: FastifyPluginAsync<GatewayPluginOptions> = async (app, opts) => {
  const { gateway, shared, warmer } = opts;
  if (warmer) {
    app.addHook('onListen', async () => warmer.start());
    app.addHook('preClose', async () => warmer.stop());
  }
  // Ready once Redis answered or the first attempt failed (then local until it answers).
  if (shared) {
    app.addHook('onReady', async () => shared.start());
    // Reported, not required: without Redis a replica serves from its own cache and budget share.
    app.readiness.add('redis', () => shared.ping(), { required: false });
  }
  app.addHook('onClose', async () => {
    await gateway.close();
    await shared?.close();
  });
  // Admins only (the auth hook refuses anyone else): it shows the gateway's internals.
  app.get('/bff/status', async () => ({
    mode: opts.mode,
    now: opts.ticker.now(),
    ...gateway.status(),
    ...(warmer ? { warm: warmer.status() } : {}),
  }));
};

export const gatewayPlugin = fp(gatewayLifecycle, { name: 'gateway' });
