import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { HEALTH_PATHS } from '../../src/contract/health';

export interface HealthOptions {
  mode: 'simulated' | 'live';
  version: string;
  /** The gateway's clock (pinned by SIM_NOW in simulated mode). */
  clock: () => number;
}

/**
 * Whether the server is up and should get traffic, and in which mode it runs: the load balancer's probes
 * (src/contract/health.ts: no sign-in, nothing but names and ok/failed) and the SPA's mode badge.
 */
const health: FastifyPluginAsync<HealthOptions> = async (app, { mode, version, clock }) => {
  app.get('/bff/health', async () => ({ status: 'ok' }));
  app.get(HEALTH_PATHS.live, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const answer = await app.readiness.check();
    return reply
      .code(answer.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
  app.get('/bff/mode', async () => ({ mode, version, now: clock() }));
};

export const healthPlugin = fp(health, { name: 'health' });
