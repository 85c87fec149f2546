import { afterAll } from 'vitest';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createSimulator } from './index';

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

export function simAt(now: number, restricted: 'open' | 'closed' = 'closed'): FastifyInstance {
  return createSimulator({ apiKey: KEY, now: () => now, restricted });
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
