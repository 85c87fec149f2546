import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { testConfig } from './testkit';
import { startSimulator } from './simulator/index';
import { MAX_OFFSET_MS, TEST_CLOCK_PATH, adjustableClock } from './test-clock';

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const KEY = 'test-clock-key';

let sim: { url: string; close: () => Promise<void> };
let app: FastifyInstance;
let plain: FastifyInstance;
const clock = adjustableClock(NOW);

beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, now: clock.now });
  const deps = { upstream: { baseUrl: sim.url, apiKey: KEY }, mode: 'simulated' as const, logger: false };
  app = createApp({ ...deps, config: testConfig(), clock: clock.now, testClock: clock });
  plain = createApp({ ...deps, config: testConfig(), clock: () => NOW });
  await Promise.all([app.ready(), plain.ready()]);
});
afterAll(async () => {
  await Promise.all([app.close(), plain.close()]);
  await sim.close();
});

interface Flashes {
  data: { items: { seq: string; create_time_ms: number }[] };
}

describe('the test clock', () => {
  it('moves the simulator and the gateway forward: newer flashes appear, /bff/mode tells the new time', async () => {
    const before = (await app.inject(`/api/news/flash/list?tag_id=0&seq=0`)).json<Flashes>().data.items;
    const put = await app.inject({
      method: 'PUT',
      url: TEST_CLOCK_PATH,
      payload: { offset_ms: 30 * 60_000 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ now: NOW + 30 * 60_000, offset_ms: 30 * 60_000 });
    expect((await app.inject('/bff/mode')).json<{ now: number }>().now).toBe(NOW + 30 * 60_000);
    const newest = before[0];
    const fresh = (
      await app.inject(
        `/api/news/flash/refresh?tag_id=0&seq=${newest?.seq ?? ''}&create_time_ms=${newest?.create_time_ms ?? 0}`,
      )
    ).json<Flashes>().data.items;
    expect(fresh.length).toBeGreaterThan(0);
    for (const item of fresh) expect(item.create_time_ms).toBeGreaterThan(NOW);
    // Back to SIM_NOW.
    await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offset_ms: 0 } });
    expect((await app.inject(TEST_CLOCK_PATH)).json()).toEqual({ now: NOW, offset_ms: 0 });
  });

  it('refuses a bad offset, and any client that is not on loopback', async () => {
    for (const payload of [{ offset_ms: -1 }, { offset_ms: MAX_OFFSET_MS + 1 }, { offset_ms: 1.5 }, {}]) {
      const res = await app.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload });
      expect(res.statusCode).toBe(400);
    }
    const remote = await app.inject({
      method: 'PUT',
      url: TEST_CLOCK_PATH,
      payload: { offset_ms: 60_000 },
      remoteAddress: '192.0.2.7',
    });
    expect(remote.statusCode).toBe(403);
    expect(clock.offsetMs()).toBe(0);
  });

  it('does not exist unless SIM_CLOCK_CONTROL turned it on', async () => {
    const res = await plain.inject({ method: 'PUT', url: TEST_CLOCK_PATH, payload: { offset_ms: 60_000 } });
    expect(res.statusCode).toBe(404);
    expect((await plain.inject(TEST_CLOCK_PATH)).statusCode).toBe(404);
  });
});
