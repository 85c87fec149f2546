import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { catalog, operations } from '../src/contract/catalog';
import { ErrorCode } from '../src/contract/envelope';
import { FUND_TYPES, fundTypeOf } from '../src/contract/operations/fund-common';
import { startBffOnSimulator } from './bff-on-simulator.testkit';
import { RULE_CASES, SAMPLES, url } from './simulator/conformance-cases.testkit';
import { implementedOperations } from './simulator/index';
import { TRADING_MORNING, testDumps } from './simulator/testkit';

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
  ({ app, sim } = await startBffOnSimulator(KEY));
  // The dumps answer a link once their files exist (4040 while they are written).
  await testDumps.prepare(TRADING_MORNING);
  await app.ready();
}, 120_000);
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
    // The server answers the dumps itself, with links to its own copies (server/market-data/ tests them).
    if (catalog[id].group === 'market-dumps') {
      it(`${id} is answered by the server itself: with the plane off, a refusal that says so`, async () => {
        const { status, body } = await get(catalog[id].path);
        // A catalogued operation: its refusal is a business error (HTTP 200), whatever the cause.
        expect(status).toBe(200);
        expect(body.code).toBe(ErrorCode.GATEWAY_UNKNOWN_OPERATION);
        expect(body.message).toMatch(/MARKET_DATA=off/);
      });
      continue;
    }
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
    it(`${name} → ${code}, with HTTP 200`, async () => {
      const { status, body } = await get(url(path, query));
      expect(body.code, body.message).toBe(code);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(body.message.length).toBeGreaterThan(0);
    });
  }
});

/**
 * `fund_type` (upstream-extras 7): every fund operation that names one fund takes it, except the market
 * ones; the matching type is the one the search's `asset_type` gives (never the suffix), and any other
 * type is refused by the service with 1004. Both go through the BFF, which forwards the parameter.
 */
describe('through the BFF: fund_type', () => {
  const fundOps = operations.filter((op) => op.group === 'fund' && op.paramNames.includes('thscode'));
  const market = fundOps.filter((op) => op.id.startsWith('fund/market/'));
  const typed = fundOps.filter((op) => !op.id.startsWith('fund/market/'));

  /** The fund type of a code as a client finds it: the search record's asset type. */
  async function fundTypeFromSearch(thscode: string): Promise<string> {
    const { body } = await get(url(catalog['meta/tickers/search'].path, { q: thscode }));
    const parsed = catalog['meta/tickers/search'].data.parse(body.data);
    const record = parsed.item.find((i) => i.thscode === thscode);
    const type = record ? fundTypeOf(record.asset_type) : null;
    if (type === null) throw new Error(`the search does not know ${thscode} as a fund`);
    return type;
  }

  it('covers every fund operation that names a fund (21 of them beside the 2 market ones)', () => {
    expect(typed.length).toBe(21);
    expect(market.map((op) => op.id).sort()).toEqual(['fund/market/historical', 'fund/market/snapshot']);
    for (const op of typed) expect(op.paramNames, op.id).toContain('fund_type');
  });

  for (const op of typed) {
    it(`${op.id} answers with the matching fund_type and 1004 with another`, async () => {
      const sample = SAMPLES[op.id as keyof typeof SAMPLES];
      const thscode = sample?.['thscode'];
      if (sample === undefined || thscode === undefined)
        throw new Error(`no sample with a code for ${op.id}`);
      const own = await fundTypeFromSearch(thscode);
      const matching = await get(url(op.path, { ...sample, fund_type: own }));
      expect(matching.body.code, matching.body.message).toBe(0);
      for (const other of FUND_TYPES.filter((t) => t !== own)) {
        const { body } = await get(url(op.path, { ...sample, fund_type: other }));
        expect(body.code, `${op.id} with fund_type=${other}`).toBe(1004);
        expect(body.message).toContain('fund_type');
        expect(body.data).toBeNull();
      }
    });
  }

  // The fund operations that name no fund (managers, generic indicators, back-test indicators, QDII
  // quotas, offerings, companies): fund_type is optional there, checked and forwarded (the decision is
  // recorded at `fundTypeHint` in src/contract/operations/fund-common.ts); the simulator has no fund to
  // compare it with and ignores it.
  const untyped = operations.filter(
    (op) => op.group === 'fund' && !op.paramNames.includes('thscode') && !op.id.startsWith('fund/market/'),
  );

  it('takes an optional fund_type on the 11 fund operations that name no fund as well', () => {
    expect(untyped.map((op) => op.id).sort()).toEqual([
      'fund/backtest/indicators',
      'fund/companies/detail',
      'fund/indicators/line',
      'fund/indicators/table',
      'fund/managers/detail',
      'fund/managers/experience',
      'fund/managers/investment-style',
      'fund/managers/performance',
      'fund/offerings/list',
      'fund/quota/list',
      'fund/quota/summary',
    ]);
    for (const op of untyped) expect(op.paramNames, op.id).toContain('fund_type');
  });

  for (const op of untyped) {
    it(`${op.id} answers with any fund_type and refuses one outside the three (1002)`, async () => {
      const sample = SAMPLES[op.id as keyof typeof SAMPLES] ?? {};
      const plain = await get(url(op.path, sample));
      expect(plain.body.code, plain.body.message).toBe(0);
      for (const type of FUND_TYPES) {
        const { body } = await get(url(op.path, { ...sample, fund_type: type }));
        expect(body.code, `${op.id} with fund_type=${type}: ${body.message}`).toBe(0);
        expect(body.data).toEqual(plain.body.data);
      }
      const { body } = await get(url(op.path, { ...sample, fund_type: 'fund-otc' }));
      expect(body.code).toBe(1002);
      expect(body.message).toContain('fund_type');
    });
  }

  for (const op of market) {
    it(`${op.id} takes no fund_type: refused by the BFF before the service`, async () => {
      const sample = SAMPLES[op.id as keyof typeof SAMPLES] ?? {};
      const { body } = await get(url(op.path, { ...sample, fund_type: 'exchange' }));
      expect(body.code).toBe(1002);
      expect(body.message).toContain('fund_type');
    });
  }
});
