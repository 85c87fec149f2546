import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalog } from '../src/contract/catalog';
import { createApp } from './app';
import { startSimulator } from './simulator/index';
import { RULE_CASES, SAMPLES, url } from './simulator/conformance-cases.testkit';
import { implementedOperations } from './simulator/index';
import { TRADING_MORNING } from './simulator/testkit';
import { testConfig } from './testkit';

/**
 * The contract end to end: browser-shaped requests through the BFF to the simulator on a real loopback
 * socket, with one clock for both. Valid requests must parse with the catalog's data schema; every
 * documented rule must come back with its code, whether the BFF or the service detects it.
 */

const KEY = 'conformance-key';
let sim: { url: string; close: () => Promise<void> };
let app: FastifyInstance;

beforeAll(async () => {
  // Opened so that the restricted operations' samples and rules are exercised too (closed, they answer
  // 2003 whatever the parameters; the simulator's own tests cover that).
  sim = await startSimulator({ apiKey: KEY, now: () => TRADING_MORNING, restricted: 'open' });
  app = createApp({
    // The upstream budget is tested elsewhere; here it would only make a hundred requests slow.
    config: testConfig({ LOG_LEVEL: 'silent', UPSTREAM_RATE_PER_S: '1000', UPSTREAM_BURST: '1000' }),
    upstream: { baseUrl: sim.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => TRADING_MORNING,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

async function get(
  path: string,
): Promise<{ status: number; body: { code: number; message: string; data: unknown } }> {
  const res = await app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: res.json() };
}

describe('through the BFF: valid requests', () => {
  for (const id of implementedOperations()) {
    it(`${id} answers code 0 with data that parses with the catalog schema`, async () => {
      const sample = SAMPLES[id];
      expect(sample, `no sample request for ${id}`).toBeDefined();
      const { status, body } = await get(url(catalog[id].path, sample ?? {}));
      expect(body.code, body.message).toBe(0);
      expect(status).toBe(200);
      const parsed = catalog[id].data.safeParse(body.data);
      expect(parsed.success, parsed.error?.message).toBe(true);
    });
  }
});

describe('through the BFF: documented rules', () => {
  for (const [name, path, query, code] of RULE_CASES) {
    it(`${name} → ${code}`, async () => {
      const { body } = await get(url(path, query));
      expect(body.code, body.message).toBe(code);
      expect(body.data).toBeNull();
      expect(body.message.length).toBeGreaterThan(0);
    });
  }
});
