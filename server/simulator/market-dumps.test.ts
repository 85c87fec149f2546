import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { catalog } from '../../src/contract/catalog';
import { panelBarSchema } from '../../src/contract/market-data';
import {
  ADJUSTMENT_COLUMNS,
  DAILY_K_COLUMNS,
  DUMP_KINDS,
  DUMP_LINK_TTL_MS,
  DUMP_RECENT_DAYS,
  dumpOperationId,
  type DumpKind,
} from '../../src/contract/operations/market-dumps';
import { createDumpStore, createSimulator } from './index';
import { adjustedCloses } from './dumps/adjusted-closes.testkit';
import { openResearchStore } from '../market-data/research-store';
import { createPanelTables } from '../market-data/panel-schema';
import { importDumpFile } from '../market-data/panel-import';
import { readPanelBars } from '../market-data/panel-read';
import { KEY, TEST_DUMP_CODES, call, fetchData, get } from './testkit';

/**
 * The whole-market dumps as a client of the service sees them: 4040 until the data date's file is
 * written, then a signed link that works without a key for five minutes; files with the columns and
 * types of §8.2 that agree exactly with prices/historical?adjust=none and adjustment-factors, and from
 * which the forward- and backward-adjusted closes of prices/historical are rebuilt.
 */

/** The pinned clock: a Friday morning in session (the day's bar is not in the dumps yet). */
const SIM_NOW = Date.parse('2026-11-27T10:30:00+08:00');
const DATA_DATE_MS = Date.parse('2026-11-26T00:00:00+08:00');
const HISTORY_START_MS = Date.parse('2016-01-04T00:00:00+08:00');

const dir = mkdtempSync(join(tmpdir(), 'sim-dumps-'));
let clock = SIM_NOW;
const dumps = createDumpStore({ dir, codes: TEST_DUMP_CODES, secret: KEY });
const app = createSimulator({ apiKey: KEY, now: () => clock, dumps });
let duck: DuckDBConnection;
const files = new Map<DumpKind, string>();

afterAll(async () => {
  await app.close();
  await dumps.close();
  duck.closeSync();
});

const linkData = z.object({ presigned_url: z.string(), presigned_url_expires_at: z.string() });

async function link(kind: DumpKind) {
  const env = await call(app, catalog[dumpOperationId(kind)].path);
  return { ...env, link: env.code === 0 ? linkData.parse(env.data) : null };
}

/** GET a link as a download client does: no key. */
function download(url: string) {
  const target = new URL(url);
  return app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
}

/** A row of a bar dump: the panel's bar (the same fields) with the code and the constant columns. */
const barRow = panelBarSchema.extend({
  thscode: z.string(),
  currency: z.literal('CNY'),
  interval: z.literal('1d'),
  adjusted: z.literal('none'),
  // BIGINT is read as a string.
  date_ms: z.string().transform(Number),
});
const eventRow = z.object({
  thscode: z.string(),
  ticker: z.string(),
  ex_date_ms: z.string().transform(Number),
  dividend_per_share: z.number(),
  per_share_bonus: z.number(),
  allotment_ratio: z.number(),
  allotment_price: z.null(),
  currency: z.literal('CNY'),
});

async function rows<T extends z.ZodType>(kind: DumpKind, row: T): Promise<z.output<T>[]> {
  const reader = await duck.runAndReadAll('SELECT * FROM read_parquet($path)', {
    path: files.get(kind) ?? '',
  });
  return z.array(row).parse(reader.getRowObjectsJson());
}

async function columns(kind: DumpKind): Promise<string[][]> {
  const reader = await duck.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($path)', {
    path: files.get(kind) ?? '',
  });
  return reader.getRowsJson().map((r) => [String(r[0]), String(r[1])]);
}

const day = (ms: number) => String(ms);

beforeAll(async () => {
  duck = await (await DuckDBInstance.create(':memory:')).connect();
}, 30_000);

describe('signing', () => {
  it('answers 4040 (not ready) until the data date’s file is written, then a link for five minutes', async () => {
    for (const kind of DUMP_KINDS) {
      const first = await link(kind);
      expect(first.code, first.message).toBe(4040);
      expect(first.data).toBeNull();
      expect(first.message).toContain('2026-11-26');
    }
    await dumps.prepare(clock);
    for (const kind of DUMP_KINDS) {
      const answer = await link(kind);
      expect(answer.code, answer.message).toBe(0);
      expect(answer.link?.presigned_url).toMatch(
        new RegExp(
          `^http://localhost(:80)?/dump-files/${kind}/20261126-[0-9a-f]{10}/${kind}\\.parquet\\?expires=${clock + DUMP_LINK_TTL_MS}&signature=[0-9a-f]{64}$`,
        ),
      );
      expect(answer.link?.presigned_url_expires_at).toBe('2026-11-27T02:35:00.000Z');
      const res = await download(answer.link?.presigned_url ?? '');
      expect(res.statusCode).toBe(200);
      const file = join(dir, `downloaded-${kind}.parquet`);
      writeFileSync(file, res.rawPayload);
      files.set(kind, file);
    }
  }, 120_000);

  it('serves a file without a key, and refuses an altered or expired link with 403 and a plain body', async () => {
    const url = (await link('adjustment-factors')).link?.presigned_url ?? '';
    const ok = await download(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(ok.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
    const signature = /signature=([0-9a-f]+)/.exec(url)?.[1] ?? '';
    const altered = [
      url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      url.replace(/expires=(\d+)/, (_, ms: string) => `expires=${Number(ms) + 60_000}`),
      url.replace('/adjustment-factors.parquet', '/daily-k.parquet'),
      url.replace(
        /\/adjustment-factors\/(\d{8})-/,
        (_, d: string) => `/adjustment-factors/${Number(d) - 1}-`,
      ),
      url.replace(/&signature=.*$/, ''),
    ];
    for (const bad of altered) {
      const res = await download(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe('Signature does not match');
    }
    clock = SIM_NOW + DUMP_LINK_TTL_MS + 1;
    try {
      const expired = await download(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toBe('Request has expired');
    } finally {
      clock = SIM_NOW;
    }
  });

  it('reuses the files of the data date after a restart (no 4040, same release)', async () => {
    const before = (await link('daily-k')).link?.presigned_url ?? '';
    const restarted = createDumpStore({ dir, codes: TEST_DUMP_CODES, secret: KEY });
    const again = createSimulator({ apiKey: KEY, now: () => clock, dumps: restarted });
    try {
      const env = await call(again, catalog[dumpOperationId('daily-k')].path);
      expect(env.code, env.message).toBe(0);
      expect(linkData.parse(env.data).presigned_url).toBe(before);
    } finally {
      await again.close();
      await restarted.close();
    }
  });

  it('needs the API key to sign (2001), like every operation', async () => {
    const env = await call(app, catalog[dumpOperationId('daily-k')].path, null);
    expect(env.code).toBe(2001);
    expect((await get(app, '/dump-files/daily-k/x/daily-k.parquet', null)).statusCode).toBe(403);
  });
});

describe('files', () => {
  it('daily-k has the columns and types of §8.2', async () => {
    const types = await columns('daily-k');
    expect(types.map(([name]) => name)).toEqual([...DAILY_K_COLUMNS]);
    expect(Object.fromEntries(types)).toEqual({
      thscode: 'VARCHAR',
      currency: 'VARCHAR',
      interval: 'VARCHAR',
      adjusted: 'VARCHAR',
      date_ms: 'BIGINT',
      open_price: 'DOUBLE',
      high_price: 'DOUBLE',
      low_price: 'DOUBLE',
      close_price: 'DOUBLE',
      volume: 'DOUBLE',
      turnover: 'DOUBLE',
    });
    expect((await columns('daily-k-10d')).map(([name]) => name)).toEqual([...DAILY_K_COLUMNS]);
    expect(await columns('adjustment-factors')).toEqual([
      ['thscode', 'VARCHAR'],
      ['ticker', 'VARCHAR'],
      ['ex_date_ms', 'BIGINT'],
      ['dividend_per_share', 'DOUBLE'],
      ['per_share_bonus', 'DOUBLE'],
      ['allotment_ratio', 'DOUBLE'],
      ['allotment_price', 'DOUBLE'],
      ['currency', 'VARCHAR'],
    ]);
    expect((await columns('adjustment-factors')).map(([name]) => name)).toEqual([...ADJUSTMENT_COLUMNS]);
  });

  it('daily-k equals prices/historical?adjust=none for every code, from the first bar to the last closed day', async () => {
    const all = await rows('daily-k', barRow);
    const codes = [...new Set(all.map((r) => r.thscode))];
    expect(codes).toEqual([...TEST_DUMP_CODES].sort());
    // Code and date order; the session in progress (2026-11-27) is not in it.
    expect(all.map((r) => `${r.thscode} ${r.date_ms}`)).toEqual(
      all.map((r) => `${r.thscode} ${r.date_ms}`).sort((a, b) => (a < b ? -1 : 1)),
    );
    for (const thscode of codes) {
      const mine = all.filter((r) => r.thscode === thscode);
      const windows = [
        [HISTORY_START_MS - 86_400_000, Date.parse('2025-12-31T00:00:00+08:00')],
        [Date.parse('2026-01-01T00:00:00+08:00'), SIM_NOW],
      ] as const;
      const served = [];
      for (const [start, end] of windows) {
        const data = await fetchData(app, catalog['a-share/prices/historical'], {
          thscode,
          start: day(start),
          end: day(end),
          adjust: 'none',
        });
        served.push(...data.item.filter((b) => b.date_ms <= DATA_DATE_MS));
      }
      expect(
        mine.map(({ thscode: _c, currency: _u, interval: _i, adjusted: _a, ...bar }) => bar),
        thscode,
      ).toEqual(served);
      expect(mine[mine.length - 1]?.date_ms).toBe(DATA_DATE_MS);
      expect(mine[0]?.date_ms).toBeGreaterThanOrEqual(HISTORY_START_MS);
    }
    // The oldest rows are the history's first day for the stocks listed before it.
    expect(all.filter((r) => r.date_ms === HISTORY_START_MS).length).toBeGreaterThan(10);
  }, 60_000);

  it(`daily-k-10d holds the last ${DUMP_RECENT_DAYS} trading days, the same rows as daily-k`, async () => {
    const recent = await rows('daily-k-10d', barRow);
    const dates = [...new Set(recent.map((r) => r.date_ms))].sort((a, b) => a - b);
    expect(dates).toHaveLength(DUMP_RECENT_DAYS);
    expect(dates[dates.length - 1]).toBe(DATA_DATE_MS);
    const all = await rows('daily-k', barRow);
    expect(recent).toEqual(all.filter((r) => r.date_ms >= (dates[0] ?? 0)));
  });

  it('adjustment-factors equals the adjustment-factors operation for every code, up to the data date', async () => {
    const events = await rows('adjustment-factors', eventRow);
    let bonus = 0;
    for (const thscode of TEST_DUMP_CODES) {
      const served = await fetchData(app, catalog['a-share/corporate-actions/adjustment-factors'], {
        thscode,
      });
      const mine = events.filter((e) => e.thscode === thscode);
      expect(
        mine.map((e) => ({
          ticker: e.ticker,
          ex_date_ms: e.ex_date_ms,
          dividend_per_share: e.dividend_per_share,
          per_share_bonus: e.per_share_bonus,
        })),
        thscode,
      ).toEqual([...served.item].reverse());
      expect(mine.every((e) => e.allotment_ratio === 0)).toBe(true);
      bonus += mine.filter((e) => e.per_share_bonus > 0).length;
    }
    expect(bonus).toBeGreaterThanOrEqual(40);
  });
});

describe('adjusted prices from the dumps', () => {
  const bonusCodes = TEST_DUMP_CODES.slice(0, 20);
  const start = Date.parse('2016-11-28T00:00:00+08:00');

  /**
   * The service's adjusted closes of `thscode` over ten years against `expected` (day → close), day by
   * day, relative error < 1e-9; returns how many closed days were compared.
   */
  async function compareWithServed(
    thscode: string,
    adjust: 'backward' | 'forward',
    expected: ReadonlyMap<number, number>,
  ): Promise<number> {
    const served = await fetchData(app, catalog['a-share/prices/historical'], {
      thscode,
      start: day(start),
      end: day(SIM_NOW),
      adjust,
    });
    const closed = served.item.filter((b) => b.date_ms <= DATA_DATE_MS);
    for (const bar of closed) {
      const label = `${thscode} ${adjust} ${new Date(bar.date_ms).toISOString()}`;
      const close = expected.get(bar.date_ms);
      expect(close, label).toBeDefined();
      expect(Math.abs((close ?? Number.NaN) / bar.close_price - 1), label).toBeLessThan(1e-9);
    }
    return closed.length;
  }

  it('reproduce prices/historical?adjust=backward|forward over ten years for 20 codes with dividends and bonus shares (relative error < 1e-9)', async () => {
    const bars = await rows('daily-k', barRow);
    const events = await rows('adjustment-factors', eventRow);
    let compared = 0;
    for (const thscode of bonusCodes) {
      const mine = events.filter((e) => e.thscode === thscode);
      expect(
        mine.some((e) => e.per_share_bonus > 0) && mine.some((e) => e.dividend_per_share > 0),
        thscode,
      ).toBe(true);
      const rebuilt = new Map(
        adjustedCloses(
          bars.filter((b) => b.thscode === thscode),
          mine,
        ).map((a) => [a.date_ms, a]),
      );
      for (const adjust of ['backward', 'forward'] as const) {
        const expected = new Map([...rebuilt].map(([date, a]) => [date, a[adjust]]));
        compared += await compareWithServed(thscode, adjust, expected);
      }
    }
    expect(compared).toBeGreaterThan(20 * 2 * 2000);
  }, 60_000);

  it("the BFF's research panel, loaded from these dumps, serves the closes of prices/historical?adjust=forward|backward for the same 20 codes over ten years (relative error < 1e-9)", async () => {
    const store = await openResearchStore(':memory:');
    try {
      await store.write(createPanelTables);
      for (const kind of ['daily-k', 'adjustment-factors'] as const) {
        const path = files.get(kind) ?? '';
        const outcome = await store.write((c) =>
          importDumpFile(
            c,
            { kind, path, sha256: kind, release: kind },
            { batchId: kind, now: () => SIM_NOW },
          ),
        );
        expect(outcome.outcome).toBe('imported');
      }
      let compared = 0;
      for (const thscode of bonusCodes) {
        for (const adjust of ['backward', 'forward'] as const) {
          const panel = new Map(
            (await store.read((c) => readPanelBars(c, { thscode, adjust, start, end: DATA_DATE_MS }))).map(
              (bar) => [bar.date_ms, bar.close_price],
            ),
          );
          const closed = await compareWithServed(thscode, adjust, panel);
          expect(panel.size, `${thscode} ${adjust}`).toBe(closed);
          compared += closed;
        }
      }
      expect(compared).toBeGreaterThan(20 * 2 * 2000);
    } finally {
      await store.close();
    }
  }, 120_000);
});
