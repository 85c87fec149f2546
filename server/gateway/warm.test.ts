import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { operationByPath } from '../../src/contract/catalog';
import { shanghaiDate, shanghaiMidnight } from '../../src/contract/time';
import { createApp, gatewayOf } from '../app';
import { testConfig } from '../testkit';
import { startCountingSimulator, type CountingSimulator } from '../simulator/counting.testkit';
import { clockOf } from '../simulator/handlers/common';
import { codeTable } from '../simulator/model/instruments';
import { createWarmer, nextCloseAfter, type WarmStatus } from './warm';
import { badResponse } from './failures';
import { ManualClock, turn } from './manual-clock.testkit';

/**
 * Warming the first screens against the simulator: what it asks for, that a restart with the disk cache
 * asks the service only for what changes within minutes, and that the default chain covers every
 * contract the code table lists for its expiry.
 */

/** Wednesday 2026-07-15 10:10 Shanghai: continuous trading. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');

let sim: CountingSimulator;
let file: string;

beforeAll(async () => {
  sim = await startCountingSimulator({ now: () => NOW });
  file = join(mkdtempSync(join(tmpdir(), 'warm-')), 'answers.sqlite');
});
afterAll(async () => {
  await sim.close();
});

function build(): FastifyInstance {
  return createApp({
    config: testConfig({ ANSWER_CACHE_DB: file }),
    upstream: { baseUrl: sim.url, apiKey: sim.apiKey },
    mode: 'simulated',
    clock: () => NOW,
    logger: false,
  });
}

async function warm(app: FastifyInstance): Promise<WarmStatus> {
  const gateway = gatewayOf(app);
  if (!gateway) throw new Error('no gateway');
  const quiet = { warn: () => undefined, info: () => undefined };
  return createWarmer({
    gateway,
    ticker: { now: Date.now, setTimer: () => () => undefined },
    marketClock: () => NOW,
    log: quiet,
  }).run();
}

function classOf(op: string): string | undefined {
  return operationByPath(`/api/${op}`)?.cache;
}

/** The simulator's code table: the 50ETF options of their nearest expiry. */
function nearestEtf50Contracts(): string[] {
  const today = shanghaiDate(NOW);
  const options = codeTable(clockOf(NOW).today).filter(
    (i) => i.assetType === 'options' && /^50ETF[购沽]/.test(i.name) && (i.lastTradeDate ?? '') >= today,
  );
  const expiry = options.map((i) => i.lastTradeDate ?? '').sort()[0];
  return options
    .filter((i) => i.lastTradeDate === expiry)
    .map((i) => i.thscode)
    .sort();
}

describe('warming the first screens', () => {
  let first: WarmStatus;

  it('asks for the home page, /limit-up and the default chain, once each', async () => {
    const app = build();
    first = await warm(app);
    await app.close();
    expect(first).toMatchObject({ state: 'done', failures: 0 });
    expect(new Set(first.keys).size).toBe(first.keys.length);
    // Every key went to the service once (a cold start).
    expect(sim.calls).toHaveLength(first.keys.length);
    const latest = shanghaiMidnight('2026-07-15');
    expect(first.keys).toEqual(
      expect.arrayContaining([
        'a-share/calendar/trading-days?',
        'a-share/prices/snapshot?limit=10000&offset=0',
        `a-share/special-data/limit-up-pool?date_ms=${latest}&page=1&size=200&sort_dir=desc&sort_field=last_price`,
        'a-share-index/prices/snapshot?thscodes=000001.SH%2C000300.SH%2C000688.SH%2C000905.SH%2C399001.SZ%2C399006.SZ',
        'options/varieties/list?',
      ]),
    );
    // The default chain (the first variety, 510050, nearest expiry): terms and bars of every contract.
    const contracts = nearestEtf50Contracts();
    expect(contracts.length).toBeGreaterThan(0);
    const details = first.keys
      .filter((k) => k.startsWith('options/contracts/detail?'))
      .map((k) => decodeURIComponent(k.split('thscode=')[1] ?? ''))
      .sort();
    expect(details).toEqual(contracts);
    expect(first.keys.filter((k) => k.startsWith('options/prices/daily?'))).toHaveLength(contracts.length);
  });

  it('after a restart asks the service only for answers that change within minutes', async () => {
    sim.calls.length = 0;
    const app = build();
    const again = await warm(app);
    await app.close();
    expect(again.keys).toEqual(first.keys);
    expect(sim.calls.length).toBeGreaterThan(0);
    const classes = new Set(sim.calls.map((c) => classOf(c.op)));
    // Reference and daily answers (calendar, sector lists, varieties, listing, contract terms, bars)
    // came from the disk; quotes of a running session (3 s) did not keep, intraday lists (1 min) only
    // while still fresh.
    expect([...classes].filter((c) => c !== 'quote' && c !== 'intraday')).toEqual([]);
    expect(classes.has('quote')).toBe(true);
    expect(gatewayOf(app)).toBeDefined();
  });
});

describe('nextCloseAfter', () => {
  it('is 15:30 Shanghai of the same weekday before it, of the next weekday after it', () => {
    expect(nextCloseAfter(NOW)).toBe(Date.parse('2026-07-15T15:30:00+08:00'));
    expect(nextCloseAfter(Date.parse('2026-07-17T16:00:00+08:00'))).toBe(
      Date.parse('2026-07-20T15:30:00+08:00'),
    );
  });
});

describe('the warming schedule', () => {
  it('warms at start and again once the day has closed, and reports failures without stopping', async () => {
    const ticker = new ManualClock(NOW);
    const asked: string[] = [];
    const warmer = createWarmer({
      // A service that fails everything: the run goes on and counts the failures.
      gateway: {
        warm: async (req) => {
          asked.push(req.operation.id);
          return { type: 'failure', cache: 'MISS', failure: badResponse('down'), attempts: 1, upstreamMs: 0 };
        },
      },
      ticker,
      marketClock: () => ticker.now(),
      log: { warn: () => undefined, info: () => undefined },
    });
    warmer.start();
    while (warmer.status().state !== 'done') await turn();
    const once = asked.length;
    expect(warmer.status()).toMatchObject({
      failures: once,
      nextAt: Date.parse('2026-07-15T15:30:00+08:00'),
    });
    ticker.advance(Date.parse('2026-07-15T15:30:00+08:00') - NOW - 1);
    await turn();
    expect(asked).toHaveLength(once);
    ticker.advance(1);
    while (warmer.status().state !== 'done' || asked.length === once) await turn();
    expect(asked).toHaveLength(2 * once);
    expect(warmer.status().nextAt).toBe(Date.parse('2026-07-16T15:30:00+08:00'));
    warmer.stop();
  });
});
