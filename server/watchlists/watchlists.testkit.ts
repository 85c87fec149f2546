import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { BODY_LIMIT } from '../app';
import { WATCHLISTS_BASE_PATH, WATCHLIST_ASSET_TYPES } from '../../src/contract/watchlists';
import { watchlistsPlugin } from './routes';
import type { ResolvedInstrument, ResolveInstrument } from './resolve-instrument';

/** A Fastify app with only the watchlist routes, on a fresh SQLite file, with a fake instrument search. */

export const KNOWN: readonly ResolvedInstrument[] = [
  { thscode: '600519.SH', name: '贵州茅台', asset_type: 'a-share' },
  { thscode: '000001.SZ', name: '平安银行', asset_type: 'a-share' },
  { thscode: '300750.SZ', name: '宁德时代', asset_type: 'a-share' },
  { thscode: '510300.SH', name: '沪深300ETF', asset_type: 'fund-etf' },
  { thscode: '000300.SH', name: '沪深300', asset_type: 'a-share-index' },
  { thscode: 'IF2609.CFX', name: '沪深300股指2609', asset_type: 'futures' },
  { thscode: '10009999.SH', name: '300ETF购9月4000', asset_type: 'options' },
  { thscode: 'IO2609-C-3800.CFX', name: '沪深300股指期权2609看涨3800', asset_type: 'options' },
  { thscode: 'USDCNY.FX', name: '美元人民币', asset_type: 'forex' },
];

export interface FakeSearch {
  resolve: ResolveInstrument;
  /** Codes looked up, in call order. */
  calls: string[];
  /** Makes every look-up fail as if the service could not be reached. */
  failing: boolean;
  /** When set, each look-up waits for it before answering (to hold requests at a chosen point). */
  gate: Promise<void> | null;
  /** Extra instruments, e.g. generated ones for limit tests. */
  extra: Map<string, ResolvedInstrument>;
}

export function fakeSearch(): FakeSearch {
  const fake: FakeSearch = {
    calls: [],
    failing: false,
    gate: null,
    extra: new Map(),
    resolve: async (thscode) => {
      fake.calls.push(thscode);
      if (fake.gate !== null) await fake.gate;
      if (fake.failing) throw new Error('search unreachable');
      return KNOWN.find((k) => k.thscode === thscode) ?? fake.extra.get(thscode) ?? null;
    },
  };
  return fake;
}

/** `n` distinct A-share codes the fake search knows. */
export function knownShares(search: FakeSearch, n: number, from = 600000): string[] {
  return Array.from({ length: n }, (_, i) => {
    const thscode = `${from + i}.SH`;
    search.extra.set(thscode, { thscode, name: `股票${i}`, asset_type: 'a-share' });
    return thscode;
  });
}

export interface TestServer {
  app: FastifyInstance;
  search: FakeSearch;
  dbPath: string;
  close(): Promise<void>;
}

export const T0 = 1_784_000_000_000;

export async function startTestServer(clock: () => number = () => T0): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'watchlists-rest-'));
  const dbPath = join(dir, 'data', 'watchlists.sqlite');
  const search = fakeSearch();
  // The app's body limit, so that the routes are tested under the same limit as in production.
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
  app.register(watchlistsPlugin, {
    prefix: WATCHLISTS_BASE_PATH,
    dbPath,
    resolveInstrument: search.resolve,
    clock,
  });
  await app.ready();
  return {
    app,
    search,
    dbPath,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const itemSchema = z.object({
  thscode: z.string(),
  asset_type: z.enum(WATCHLIST_ASSET_TYPES),
  name: z.string(),
  note: z.string(),
  position: z.number(),
  added_at: z.number(),
});
export const watchlistSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  version: z.number(),
  item_count: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  owner_id: z.string(),
  owner_name: z.string(),
  visibility: z.enum(['private', 'team']),
  access: z.enum(['owner', 'read']),
  items: z.array(itemSchema),
});
export type WatchlistJson = z.infer<typeof watchlistSchema>;

export const errorSchema = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), field: z.string().nullable() }),
});
export const conflictSchema = z.strictObject({ error: errorSchema.shape.error, current: watchlistSchema });

/** What a list made without sign-in says about its owner, as that owner sees it. */
export const OWNED = {
  owner_id: 'local',
  owner_name: 'local',
  visibility: 'private',
  access: 'owner',
} as const;

/** A same-origin browser write: the Origin matches inject's default Host. */
export const SAME_ORIGIN = { origin: 'http://localhost:80' };

export async function call(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
): Promise<LightMyRequestResponse> {
  const opts: InjectOptions = { method, url, headers };
  if (payload !== undefined) {
    opts.payload = JSON.stringify(payload);
    opts.headers = { ...headers, 'content-type': 'application/json' };
  }
  return app.inject(opts);
}

export function asList(res: LightMyRequestResponse): WatchlistJson {
  return watchlistSchema.parse(res.json());
}

export function asError(res: LightMyRequestResponse): z.infer<typeof errorSchema>['error'] {
  return errorSchema.parse(res.json()).error;
}

export async function createList(app: FastifyInstance, name: string): Promise<WatchlistJson> {
  const res = await call(app, 'POST', '/bff/watchlists', { name });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return asList(res);
}
