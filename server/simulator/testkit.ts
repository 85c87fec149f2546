import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createDumpStore, createSimulator } from './index';

/** Shared by the simulator's tests: a simulator with a pinned clock and a GET helper. */

export const KEY = 'test-key';

/** A Wednesday, mid-morning session (the moment the upstream samples were taken). */
export const TRADING_MORNING = Date.parse('2026-07-15T10:10:00+08:00');
/** The same day after the close. */
export const AFTER_CLOSE = Date.parse('2026-07-15T18:30:00+08:00');
/** A Saturday. */
export const WEEKEND = Date.parse('2026-07-18T11:00:00+08:00');
/** National Day week (a weekday holiday). */
export const HOLIDAY = Date.parse('2026-10-05T10:00:00+08:00');

/**
 * The stocks of the dumps in tests (never the whole market): 20 with dividends and bonus shares on every
 * board, listed before the history starts and after (2016, 2020, 2021), plus three well-known ones.
 */
export const TEST_DUMP_CODES: readonly string[] = [
  '000003.SZ',
  '000012.SZ',
  '000026.SZ',
  '000029.SZ',
  '001201.SZ',
  '002884.SZ',
  '300002.SZ',
  '300004.SZ',
  '300009.SZ',
  '300013.SZ',
  '600003.SH',
  '600019.SH',
  '600024.SH',
  '601785.SH',
  '603391.SH',
  '605013.SH',
  '688007.SH',
  '688021.SH',
  '688026.SH',
  '920050.BJ',
  '000001.SZ',
  '300033.SZ',
  '600519.SH',
];
/** Their files, shared by test runs (a release is reused while its content would be the same). */
export const TEST_DUMP_DIR = join(tmpdir(), 'market-sim-dumps-test');

/**
 * The dumps of every test simulator of a process (`await testDumps.prepare(now)` before asking for a
 * link at `now`: the first request of a data date otherwise answers 4040 while the files are written).
 */
export const testDumps = createDumpStore({ dir: TEST_DUMP_DIR, codes: TEST_DUMP_CODES, secret: KEY });

export function simAt(now: number, restricted: 'open' | 'closed' = 'closed'): FastifyInstance {
  return createSimulator({ apiKey: KEY, now: () => now, restricted, dumps: testDumps });
}

/** `simAt` for one test file: every simulator it opens is closed after the file's tests. */
export function simulatorsForFile(): typeof simAt {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((a) => a.close()));
  });
  return (now, restricted) => {
    const app = simAt(now, restricted);
    opened.push(app);
    return app;
  };
}

export interface Envelope {
  code: number;
  message: string;
  request_id: string;
  data: unknown;
}

function isEnvelope(v: unknown): v is Envelope {
  return (
    typeof v === 'object' &&
    v !== null &&
    'code' in v &&
    typeof v.code === 'number' &&
    'message' in v &&
    typeof v.message === 'string' &&
    'request_id' in v &&
    typeof v.request_id === 'string' &&
    'data' in v
  );
}

/** GET a path of the simulator as the server's upstream client does (with the key, unless `key` is null). */
export async function get(
  app: FastifyInstance,
  url: string,
  key: string | null = KEY,
): Promise<{ statusCode: number; body: string }> {
  const res = await app.inject({ method: 'GET', url, headers: key === null ? {} : { 'x-api-key': key } });
  return { statusCode: res.statusCode, body: res.body };
}

export async function call(app: FastifyInstance, url: string, key: string | null = KEY): Promise<Envelope> {
  const res = await get(app, url, key);
  const body: unknown = JSON.parse(res.body);
  if (res.statusCode !== 200 || !isEnvelope(body))
    throw new Error(`not an envelope: ${res.statusCode} ${res.body}`);
  return body;
}

/** `data` of a successful call (throws with the message otherwise). */
export async function data(app: FastifyInstance, url: string): Promise<unknown> {
  const env = await call(app, url);
  if (env.code !== 0) throw new Error(`${url}: code ${env.code} ${env.message}`);
  return env.data;
}

/** GET an operation and parse its `data` with the catalog's schema (typed, and checked against the contract). */
export async function fetchData<D extends z.ZodType>(
  app: FastifyInstance,
  op: { path: string; data: D },
  query: Record<string, string> = {},
): Promise<z.output<D>> {
  const qs = new URLSearchParams(query).toString();
  return op.data.parse(await data(app, qs ? `${op.path}?${qs}` : op.path));
}
