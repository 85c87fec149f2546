import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { operations } from '../src/contract/catalog';
import { ErrorCode, rawEnvelopeSchema, type RawEnvelope } from '../src/contract/envelope';
import type { AnyOperation } from '../src/contract/operation';
import { paramFields, type ParamField } from '../src/contract/params';
import { createApp } from './app';
import { startBffOnSimulator } from './bff-on-simulator.testkit';
import { RULE_CASES, SAMPLES, url } from './simulator/conformance-cases.testkit';
import { startSimulator } from './simulator/index';
import { TRADING_MORNING, testDumps } from './simulator/testkit';
import { testConfig } from './testkit';

/**
 * A client written to the spec, over a real socket: the BFF on loopback in front of the simulator.
 * The spec: "Business errors are carried in `code` with HTTP status 200"; the vendor's README: success
 * is "HTTP 200 and `code == 0`". So this client treats any other status as a transport failure and
 * never reads its body. Every wrong parameter of every operation must still reach it as an envelope
 * with the contract's code (1001 missing, 1002 format, 1003 range, as the spec's error table defines
 * them), and so must the service's own business errors that the BFF passes on.
 */

const KEY = 'spec-client-key';
let sim: { url: string; close: () => Promise<void> };
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ({ app, sim } = await startBffOnSimulator(KEY, { CLIENT_RATE_LIMIT_PER_MIN: '1000000' }));
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await app.close();
  await sim.close();
});

class TransportFailure extends Error {}

/** The whole client: check the status as the spec says, then read the envelope's code. */
async function specClient(at: string, path: string): Promise<RawEnvelope> {
  const res = await fetch(new URL(path, at), { headers: { accept: 'application/json' } });
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new TransportFailure(`HTTP ${res.status}`);
  }
  return rawEnvelopeSchema.parse(await res.json());
}

interface BadRequest {
  what: string;
  query: Record<string, string>;
  code: number;
  /** The parameter the message must name. */
  param: string;
}

/** Where the spec or the vendor's documentation names another code than the general table. */
const DOCUMENTED_CODES: Readonly<Record<string, number>> = {
  // The spec: "instrument search with an invalid `asset_type`" is 1003; the vendor's code table too.
  'meta/tickers/search asset_type': ErrorCode.PARAM_RANGE,
  'meta/tickers/list asset_type': ErrorCode.PARAM_RANGE,
  // The spec: `range_days` "1 or 3", a choice: any other number is a format error.
  'a-share/special-data/dragon-tiger-stock-institution range_days': ErrorCode.PARAM_FORMAT,
};

/** One wrong value per kind of parameter, with the code the spec's error table gives it. */
function wrongValue(field: ParamField): { value: string; code: number; what: string } | null {
  const { doc } = field;
  switch (doc.kind) {
    case 'enum':
      return { value: 'no-such-choice', code: ErrorCode.PARAM_FORMAT, what: 'a bad enum value' };
    case 'list':
      return doc.values
        ? { value: 'no-such-choice', code: ErrorCode.PARAM_FORMAT, what: 'a bad choice in a list' }
        : null;
    case 'date':
      return { value: '2026-02-30', code: ErrorCode.PARAM_FORMAT, what: 'a date that does not exist' };
    case 'code':
      return { value: 'NOT-A-CODE', code: ErrorCode.PARAM_FORMAT, what: 'a malformed code' };
    case 'bool':
      return { value: 'maybe', code: ErrorCode.PARAM_FORMAT, what: 'a bad boolean' };
    case 'int':
      return doc.max === undefined
        ? { value: 'many', code: ErrorCode.PARAM_FORMAT, what: 'a number that is not one' }
        : { value: String(doc.max + 1), code: ErrorCode.PARAM_RANGE, what: 'a number over its maximum' };
    default:
      return null;
  }
}

/** A sweep of the wrong requests a caller can make to one operation, built from its parameters. */
function badRequests(op: AnyOperation): BadRequest[] {
  const sample: Record<string, string> = SAMPLES[op.id as keyof typeof SAMPLES] ?? {};
  const cases: BadRequest[] = [
    {
      what: 'an unknown parameter',
      query: { ...sample, no_such_param: '1' },
      code: ErrorCode.PARAM_FORMAT,
      param: 'no_such_param',
    },
  ];
  for (const field of paramFields(op.params)) {
    if (field.required) {
      const { [field.name]: _left, ...rest } = sample;
      cases.push({
        what: 'a missing parameter',
        query: rest,
        code: ErrorCode.PARAM_MISSING,
        param: field.name,
      });
    }
    const wrong = wrongValue(field);
    if (wrong) {
      cases.push({
        what: wrong.what,
        query: { ...sample, [field.name]: wrong.value },
        code: DOCUMENTED_CODES[`${op.id} ${field.name}`] ?? wrong.code,
        param: field.name,
      });
    }
  }
  return cases;
}

const forwarded = operations.filter((op) => op.group !== 'market-dumps');
const dumps = operations.filter((op) => op.group === 'market-dumps');

describe('a client that checks the HTTP status as the spec says', () => {
  it('sweeps every kind of wrong parameter over the catalog', () => {
    const all = forwarded.flatMap(badRequests);
    const kinds = new Set(all.map((c) => c.what));
    for (const kind of [
      'a missing parameter',
      'a bad enum value',
      'a date that does not exist',
      'a malformed code',
    ])
      expect(kinds, kind).toContain(kind);
    expect(all.length).toBeGreaterThan(forwarded.length * 2);
  });

  for (const op of forwarded) {
    it(`${op.id}: every wrong parameter is HTTP 200 with its code, naming the parameter`, async () => {
      for (const bad of badRequests(op)) {
        const label = `${op.id} with ${bad.what} (${bad.param})`;
        const envelope = await specClient(base, url(op.path, bad.query));
        expect(envelope.code, `${label}: ${envelope.message}`).toBe(bad.code);
        expect(envelope.message, label).toContain(`'${bad.param}'`);
        expect(envelope.data, label).toBeNull();
      }
    });
  }

  it("gets the service's business errors (unknown instrument, data not ready, conflicts) with HTTP 200", async () => {
    for (const [name, path, query, code] of RULE_CASES) {
      const envelope = await specClient(base, url(path, query));
      expect(envelope.code, `${name}: ${envelope.message}`).toBe(code);
      expect(envelope.data, name).toBeNull();
    }
  });

  it('gets the dump operations of a server without the market data plane as a business error too', async () => {
    for (const op of dumps) {
      const envelope = await specClient(base, op.path);
      expect(envelope.code, op.id).toBe(ErrorCode.GATEWAY_UNKNOWN_OPERATION);
      expect(envelope.message).toMatch(/MARKET_DATA=off/);
    }
  });

  it('sees a status other than 200 only where the spec gives one: the service out of reach', async () => {
    const closed = await startSimulator({ apiKey: KEY, now: () => TRADING_MORNING, dumps: testDumps });
    const gone = closed.url;
    await closed.close();
    const cut = createApp({
      config: testConfig({ LOG_LEVEL: 'silent', UPSTREAM_MAX_ATTEMPTS: '1' }),
      upstream: { baseUrl: gone, apiKey: KEY },
      mode: 'simulated',
      clock: () => TRADING_MORNING,
    });
    try {
      const at = await cut.listen({ host: '127.0.0.1', port: 0 });
      await expect(specClient(at, '/api/a-share/calendar/trading-days')).rejects.toThrow(
        new TransportFailure('HTTP 502'),
      );
      // A wrong parameter is refused before the service is asked: still the envelope, still 200.
      const refused = await specClient(at, '/api/a-share/prices/snapshot?limit=0');
      expect(refused.code).toBe(ErrorCode.PARAM_RANGE);
    } finally {
      await cut.close();
    }
  });

  it('sees 429 when one client asks too often, as the spec allows', async () => {
    const limited = createApp({
      config: testConfig({ LOG_LEVEL: 'silent', CLIENT_RATE_LIMIT_PER_MIN: '2' }),
      upstream: { baseUrl: sim.url, apiKey: KEY },
      mode: 'simulated',
      clock: () => TRADING_MORNING,
    });
    try {
      const at = await limited.listen({ host: '127.0.0.1', port: 0 });
      const path = '/api/a-share/prices/snapshot?limit=0';
      for (let i = 0; i < 2; i++) expect((await specClient(at, path)).code).toBe(ErrorCode.PARAM_RANGE);
      await expect(specClient(at, path)).rejects.toThrow(new TransportFailure('HTTP 429'));
    } finally {
      await limited.close();
    }
  });
});
