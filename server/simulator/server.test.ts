import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, operations } from '../../src/contract/catalog';
import { implementedOperations, startSimulator } from './index';
import { AFTER_CLOSE, HOLIDAY, KEY, TRADING_MORNING, WEEKEND, call, get, simAt, testDumps } from './testkit';
import { DATE_BOUND_SAMPLES, RULE_CASES, SAMPLES, url } from './conformance-cases.testkit';

const apps = new Map<string, ReturnType<typeof simAt>>();
function app(now: number, restricted: 'open' | 'closed' = 'closed') {
  let a = apps.get(`${now}:${restricted}`);
  if (!a) {
    a = simAt(now, restricted);
    apps.set(`${now}:${restricted}`, a);
  }
  return a;
}

/** The restricted operations' samples and rules are checked on an opened simulator. */
function modeOf(path: string): 'open' | 'closed' {
  const bare = path.split('?')[0];
  return operations.find((op) => op.path === bare)?.access === 'restricted' ? 'open' : 'closed';
}

beforeAll(async () => {
  await app(TRADING_MORNING).ready();
  // The dumps' samples answer a link once the files of the clocks' data dates exist (4040 before).
  for (const now of [TRADING_MORNING, AFTER_CLOSE, WEEKEND, HOLIDAY]) await testDumps.prepare(now);
}, 120_000);
afterAll(async () => {
  await Promise.all([...apps.values()].map((a) => a.close()));
});

describe('envelope, authentication and routing', () => {
  it('answers 2001 in an HTTP 200 envelope without a key or with a wrong one', async () => {
    for (const key of [null, 'wrong']) {
      const env = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days', key);
      expect(env.code).toBe(2001);
      expect(env.data).toBeNull();
    }
  });

  it('answers every documented business error with HTTP 200, as the service does', async () => {
    for (const [name, path, query, code] of RULE_CASES) {
      const res = await get(app(TRADING_MORNING, modeOf(path)), url(path, query));
      expect(res.statusCode, name).toBe(200);
      const body: unknown = JSON.parse(res.body);
      expect(body, name).toMatchObject({ code, data: null });
    }
  });

  it('answers 404 with a plain body for paths outside the contract', async () => {
    const res = await app(TRADING_MORNING).inject({
      method: 'GET',
      url: '/api/not/an/operation',
      headers: { 'x-api-key': KEY },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('Not Found');
  });

  it('keeps restricted operations closed (2003) unless opened', async () => {
    const restricted = operations.find((op) => op.access === 'restricted');
    expect(restricted).toBeDefined();
    if (!restricted) return;
    const closed = await call(app(TRADING_MORNING), restricted.path);
    expect(closed.code).toBe(2003);
    const opened = simAt(TRADING_MORNING, 'open');
    const env = await call(opened, restricted.path);
    expect(env.code).not.toBe(2003);
    await opened.close();
  });

  it('listens on loopback when started, and closes', async () => {
    const sim = await startSimulator({ apiKey: KEY, now: () => TRADING_MORNING });
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${sim.url}/api/a-share/calendar/trading-days`, {
      headers: { 'X-api-key': KEY },
    });
    const body: unknown = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 0, message: 'success' });
    await sim.close();
    await expect(fetch(`${sim.url}/api/a-share/calendar/trading-days`)).rejects.toThrow();
  });

  it('gives every answer its own request id', async () => {
    const a = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days');
    const b = await call(app(TRADING_MORNING), '/api/a-share/calendar/trading-days');
    expect(a.request_id).not.toBe(b.request_id);
    expect(a.message).toBe('success');
  });
});

describe('every implemented operation', () => {
  it('covers the operations of this part of the simulator', () => {
    expect(implementedOperations()).toHaveLength(Object.keys(SAMPLES).length);
  });

  for (const id of implementedOperations()) {
    it(`${id}: valid parameters give code 0 and data that parses with the catalog schema`, async () => {
      const sample = SAMPLES[id];
      expect(sample, `no sample parameters for ${id}`).toBeDefined();
      const op = catalog[id];
      const clocks = DATE_BOUND_SAMPLES.includes(id)
        ? [TRADING_MORNING]
        : [TRADING_MORNING, AFTER_CLOSE, WEEKEND, HOLIDAY];
      for (const now of clocks) {
        const env = await call(app(now, modeOf(op.path)), url(op.path, sample ?? {}));
        expect(env.code, `${id} at ${new Date(now).toISOString()}: ${env.message}`).toBe(0);
        const parsed = op.data.safeParse(env.data);
        expect(parsed.success, parsed.error?.message).toBe(true);
      }
    });
  }
});

describe('documented error codes', () => {
  for (const [name, path, query, code] of RULE_CASES) {
    it(`${name} → ${code}`, async () => {
      const env = await call(app(TRADING_MORNING, modeOf(path)), url(path, query));
      expect(env.code, env.message).toBe(code);
      expect(env.data).toBeNull();
    });
  }
});

describe('determinism', () => {
  it('gives the same bytes for the same clock, in another simulator instance', async () => {
    const other = simAt(TRADING_MORNING, 'open');
    for (const id of implementedOperations()) {
      const path = url(catalog[id].path, SAMPLES[id] ?? {});
      const a = await call(app(TRADING_MORNING, 'open'), path);
      const b = await call(other, path);
      expect(JSON.stringify(b.data), id).toBe(JSON.stringify(a.data));
    }
    await other.close();
  });

  it('moves quotes with the clock during the session', async () => {
    const later = simAt(TRADING_MORNING + 45 * 60 * 1000);
    const path = '/api/a-share/prices/snapshot?thscodes=600519.SH,000001.SZ,300033.SZ';
    const a = await call(app(TRADING_MORNING), path);
    const b = await call(later, path);
    expect(JSON.stringify(b.data)).not.toBe(JSON.stringify(a.data));
    await later.close();
  });
});
