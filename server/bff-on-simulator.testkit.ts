import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { startSimulator } from './simulator/index';
import { TRADING_MORNING, testDumps } from './simulator/testkit';
import { testConfig } from './testkit';

/**
 * The contract end to end: the BFF in front of the simulator on a real loopback socket, one pinned clock
 * (TRADING_MORNING) for both. The simulator is opened, so that the restricted operations answer too; the
 * upstream budget is out of the way (tested elsewhere, here it would only make hundreds of calls slow).
 */
export async function startBffOnSimulator(
  apiKey: string,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; sim: { url: string; close: () => Promise<void> } }> {
  const sim = await startSimulator({
    apiKey,
    now: () => TRADING_MORNING,
    restricted: 'open',
    dumps: testDumps,
  });
  const app = createApp({
    config: testConfig({ LOG_LEVEL: 'silent', UPSTREAM_RATE_PER_S: '1000', UPSTREAM_BURST: '1000', ...env }),
    upstream: { baseUrl: sim.url, apiKey },
    mode: 'simulated',
    clock: () => TRADING_MORNING,
  });
  return { app, sim };
}
