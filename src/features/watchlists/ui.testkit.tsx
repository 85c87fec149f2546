import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { watchlistsPlugin } from '../../../server/watchlists/routes';
import type { ResolvedInstrument } from '../../../server/watchlists/resolve-instrument';
import { LOCAL_ACTOR } from '../../../server/watchlists/repository';
import { WATCHLISTS_BASE_PATH, watchlistSchema } from '../../contract/watchlists';
import { createAppRouter } from '../../router';
import { envelope, renderWithProviders, requestOf } from '../../lib/testing.testkit';

/**
 * The watchlist pages in jsdom against the REAL watchlist routes (Fastify inject, a fresh SQLite file,
 * a fake instrument search) and a small stand-in for the market data API.
 */

/** What the fake instrument search knows (server/watchlists/watchlists.testkit.ts has the same). */
export const KNOWN: readonly ResolvedInstrument[] = [
  { thscode: '600519.SH', name: '贵州茅台', asset_type: 'a-share' },
  { thscode: '000001.SZ', name: '平安银行', asset_type: 'a-share' },
  { thscode: '300750.SZ', name: '宁德时代', asset_type: 'a-share' },
  { thscode: '510300.SH', name: '沪深300ETF', asset_type: 'fund-etf' },
  { thscode: '110022.OF', name: '易方达消费行业', asset_type: 'fund-otc' },
  { thscode: 'IF2609.CFX', name: '沪深300股指2609', asset_type: 'futures' },
  { thscode: 'USDCNY.FX', name: '美元人民币', asset_type: 'forex' },
];

/** A same-origin browser write: the Origin matches inject's default Host. */
export const SAME_ORIGIN = { origin: 'http://localhost:80' };

/** Who a request is from (standing in for the app's sign-in); the local user without it. */
const USER_HEADER = 'x-test-user';

export interface UiServer {
  server: { app: FastifyInstance };
  /** Every request the page made, in order. */
  requests: { method: string; url: URL }[];
  /** The signed-in user the page acts for; the local user (no sign-in) when null. */
  pageUser: string | null;
  /** The server clock `/bff/mode` reports (Unix ms; 0 unless a test sets it). */
  serverNow: number;
  /** The A-share snapshot's `timestamp`: a time, or null as the vendor sends it for `thscodes`. */
  snapshotTimestamp: number | null;
  close(): Promise<void>;
}

function record(code: string) {
  const known = KNOWN.find((k) => k.thscode === code);
  return {
    thscode: code,
    ticker: code.split('.')[0] ?? code,
    name: known?.name ?? code,
    exchange: code.endsWith('.SH') ? 'SH' : code.endsWith('.SZ') ? 'SZ' : null,
    asset_type: known?.asset_type ?? 'a-share',
    currency: 'CNY',
  };
}

function marketData(url: URL, snapshotTimestamp: number | null): Response {
  if (url.pathname === '/api/meta/tickers/search') {
    const q = (url.searchParams.get('q') ?? '').trim().toUpperCase();
    const items = KNOWN.filter((k) => k.thscode.includes(q) || k.name.includes(q)).map((k) =>
      record(k.thscode),
    );
    return envelope({ timestamp: 1, item: items });
  }
  if (url.pathname === '/api/a-share/prices/snapshot') {
    const codes = (url.searchParams.get('thscodes') ?? '').split(',').filter((c) => c !== '');
    return envelope({
      timestamp: snapshotTimestamp,
      total: 5000,
      item: codes.map((thscode, i) => ({
        thscode,
        ticker: thscode.slice(0, 6),
        last_price: 100 + i,
        open_price: 100,
        high_price: 101 + i,
        low_price: 99,
        prev_price: 100,
        price_change: i,
        price_change_ratio_pct: i,
        volume: 1_000_000,
        turnover: 100_000_000,
      })),
    });
  }
  return envelope({ timestamp: 1, item: [] });
}

export async function startUiServer(): Promise<UiServer> {
  // The watchlist routes alone (server/app.ts reads package.json through a file URL, which jsdom's URL is not).
  const dir = mkdtempSync(join(tmpdir(), 'watchlists-ui-'));
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.register(watchlistsPlugin, {
    prefix: WATCHLISTS_BASE_PATH,
    dbPath: join(dir, 'watchlists.sqlite'),
    resolveInstrument: async (thscode) => KNOWN.find((k) => k.thscode === thscode) ?? null,
    actorOf: (request) => {
      const user = request.headers[USER_HEADER];
      return typeof user === 'string' ? { id: user, name: user } : LOCAL_ACTOR;
    },
  });
  await app.ready();
  const server = { app };
  const requests: { method: string; url: URL }[] = [];
  const ui: UiServer = {
    server,
    requests,
    pageUser: null,
    serverNow: 0,
    snapshotTimestamp: Date.parse('2026-07-15T10:10:00+08:00'),
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const fetch = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = requestOf(input);
    const method = init?.method ?? 'GET';
    requests.push({ method, url });
    if (url.pathname === '/bff/mode') {
      return new Response(JSON.stringify({ mode: 'simulated', version: '0', now: ui.serverNow }));
    }
    if (url.pathname.startsWith('/bff/watchlists')) {
      const headers: Record<string, string> = { ...SAME_ORIGIN };
      if (ui.pageUser !== null) headers[USER_HEADER] = ui.pageUser;
      new Headers(init?.headers).forEach((value, key) => {
        headers[key] = value;
      });
      const res = await server.app.inject({
        method:
          method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE' ? method : 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        payload: typeof init?.body === 'string' ? init.body : undefined,
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    }
    return marketData(url, ui.snapshotTimestamp);
  });
  vi.stubGlobal('fetch', fetch);
  return ui;
}

export function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(new QueryClient({ defaultOptions: { queries: { retry: false } } }), history);
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, history, ...view };
}

/** A list made on the server directly (as another tab or colleague would), by `owner` when given. */
export async function serverList(
  ui: UiServer,
  name: string,
  codes: readonly string[],
  notes: Record<string, string> = {},
  owner?: string,
) {
  const headers = {
    ...SAME_ORIGIN,
    'content-type': 'application/json',
    ...(owner === undefined ? {} : { [USER_HEADER]: owner }),
  };
  const created = await ui.server.app.inject({
    method: 'POST',
    url: '/bff/watchlists',
    headers,
    payload: JSON.stringify({ name }),
  });
  const list = watchlistSchema.parse(created.json());
  if (codes.length === 0) return list;
  const added = await ui.server.app.inject({
    method: 'POST',
    url: `/bff/watchlists/${list.id}/items`,
    headers,
    payload: JSON.stringify({
      items: codes.map((thscode) => (notes[thscode] ? { thscode, note: notes[thscode] } : { thscode })),
      version: list.version,
    }),
  });
  return watchlistSchema.parse(added.json());
}

/** `owner`'s list made visible to the team (read-only for everyone else). */
export async function serverShareWithTeam(ui: UiServer, owner: string, id: number, version: number) {
  const res = await ui.server.app.inject({
    method: 'PUT',
    url: `/bff/watchlists/${id}/visibility`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', [USER_HEADER]: owner },
    payload: JSON.stringify({ visibility: 'team', version }),
  });
  return watchlistSchema.parse(res.json());
}

/** The list as the server has it now. */
export async function serverState(ui: UiServer, id: number) {
  const res = await ui.server.app.inject({ method: 'GET', url: `/bff/watchlists/${id}` });
  return watchlistSchema.parse(res.json());
}
