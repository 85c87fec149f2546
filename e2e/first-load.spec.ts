import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { isOperationId, operationByPath } from '../src/contract/catalog';
import { CACHE_CLASSES, type CacheClass } from '../src/contract/operation';
import { canonicalRequest } from '../src/contract/first-screens';
import { shanghaiDate } from '../src/contract/time';
import { startServerProcess } from '../server/process.testkit';
import { clockOf } from '../server/simulator/handlers/common';
import { codeTable } from '../server/simulator/model/instruments';

/**
 * Pages that open at once after a restart: a server warms the first screens (WARM_CACHE) into its disk
 * cache (ANSWER_CACHE_DB) and is stopped; a second one on the same files serves the first load of `/`,
 * `/limit-up` and the default options chain. Counted in upstream calls, not milliseconds (the server's
 * own count by cache class, /bff/status): before a page's data is painted, no reference or daily answer
 * (calendar, sector lists, listing, contract terms, bars) is asked of the service; what is asked are
 * quotes and intraday lists of the running session, none of which waits for another: one round. The
 * pages ask for nothing before their first paint that the warm list does not hold (same canonical keys),
 * and the chain lists every strike the code table has for its expiry.
 */

/** Wednesday 10:10 Shanghai, continuous trading: quotes live 3 s, so they cannot all come from disk. */
const SIM_NOW = '2026-07-15T10:10:00+08:00';

const statusSchema = z.looseObject({
  upstream: z.looseObject({ calls: z.record(z.enum(CACHE_CLASSES), z.number()) }),
  budget: z.looseObject({
    inFlight: z.number(),
    queued: z.looseObject({ user: z.number(), background: z.number() }),
  }),
  warm: z.looseObject({ state: z.string(), keys: z.array(z.string()), failures: z.number() }).optional(),
  disk: z.looseObject({ state: z.string(), entries: z.number() }),
});
type Status = z.output<typeof statusSchema>;

async function statusOf(page: Page, base: string): Promise<Status> {
  const res = await page.request.get(`${base}bff/status`);
  expect(res.status()).toBe(200);
  return statusSchema.parse(await res.json());
}

/** Until nothing is queued or in flight at the service (warming and earlier pages' calls done). */
async function settled(page: Page, base: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await statusOf(page, base);
        return s.budget.inFlight + s.budget.queued.user + s.budget.queued.background;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(0);
}

/** The cache key the gateway gives a browser's /api request (null for anything else). */
function keyOf(url: string): string | null {
  const { pathname, searchParams } = new URL(url);
  const id = operationByPath(pathname)?.id;
  if (id === undefined || !isOperationId(id)) return null;
  const params: Record<string, string> = {};
  searchParams.forEach((value, name) => (params[name] = value));
  return canonicalRequest({ id, params })?.key ?? null;
}

/**
 * Opens `path` and waits for its first data paint; returns the upstream calls made meanwhile (by cache
 * class) and the /api requests the page sent before the paint. The page's requests after the paint (the
 * limit-up page's industry map, the sentiment series) are held in the browser until the calls are read:
 * counted, they made the figure depend on how quickly the status was read after the paint.
 */
async function firstLoad(
  page: Page,
  base: string,
  url: string,
  paint: (page: Page) => Promise<void>,
): Promise<{ calls: Record<CacheClass, number>; requested: string[] }> {
  const before = await statusOf(page, base);
  const requested: string[] = [];
  let painted = false;
  let release = () => {};
  const counted = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/**', async (route) => {
    if (painted) await counted;
    await route.continue();
  });
  page.on('request', (request) => {
    if (!painted && request.url().includes('/api/')) requested.push(request.url());
  });
  await page.goto(`${base}${url.replace(/^\//, '')}`);
  await paint(page);
  painted = true;
  const after = await statusOf(page, base);
  release();
  const made = (c: CacheClass) => after.upstream.calls[c] - before.upstream.calls[c];
  const calls: Record<CacheClass, number> = {
    quote: made('quote'),
    intraday: made('intraday'),
    daily: made('daily'),
    reference: made('reference'),
    link: made('link'),
  };
  return { calls, requested };
}

/** The strikes the simulator's code table lists for the nearest expiry of the 50 ETF options. */
function codeTableStrikes(): { expiry: string; strikes: number[] } {
  const now = Date.parse(SIM_NOW);
  const today = shanghaiDate(now);
  const contracts = codeTable(clockOf(now).today).filter(
    (i) => i.assetType === 'options' && /^50ETF[购沽]/.test(i.name) && (i.lastTradeDate ?? '') >= today,
  );
  const expiry = contracts.map((i) => i.lastTradeDate ?? '').sort()[0] ?? '';
  const strikes = contracts
    .filter((i) => i.lastTradeDate === expiry)
    .map((i) => Number(/(\d+\.\d{3})$/.exec(i.nameEn)?.[1]));
  return { expiry, strikes: [...new Set(strikes)].sort((a, b) => a - b) };
}

/** Calls a page makes after its first screen, which the warm list leaves out on purpose. */
function afterFirstScreen(key: string): boolean {
  return (
    // The sentiment series: one-row pool calls per day.
    /^a-share\/special-data\/limit-(up|break)-pool\?.*size=1(&|$)/.test(key) ||
    // The industry map: one call per industry.
    key.startsWith('a-share-index/constituents/ths-stock-list?')
  );
}

test('after a restart the home page, /limit-up and the options chain paint after at most one round of upstream calls', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  const env = {
    HOST: '127.0.0.1',
    MARKET_API_KEY: '',
    MARKET_API_BASE_URL: '',
    SIM_NOW,
    STATIC_DIR: path.resolve(process.env['E2E_STATIC_DIR'] ?? 'dist'),
    WATCHLIST_DB: path.join(dir, 'watchlists.sqlite'),
    ANSWER_CACHE_DB: path.join(dir, 'answers.sqlite'),
    WARM_CACHE: 'on',
  };

  // The first run warms and keeps the answers on disk.
  const first = await startServerProcess(env);
  const probe = await browser.newPage();
  let warmKeys: string[] = [];
  try {
    await expect
      .poll(async () => (await statusOf(probe, first.url)).warm?.state, {
        timeout: 120_000,
        intervals: [500],
      })
      .toBe('done');
    const warmed = await statusOf(probe, first.url);
    expect(warmed.warm?.failures).toBe(0);
    warmKeys = warmed.warm?.keys ?? [];
  } finally {
    await first.stop();
  }

  // The restart: same files. No warming this time, so that what the pages find is the disk's alone.
  const server = await startServerProcess({ ...env, WARM_CACHE: 'off' });
  try {
    const base = server.url;
    expect((await statusOf(probe, base)).disk).toMatchObject({ state: 'on' });
    const { expiry, strikes } = codeTableStrikes();
    const pages: { url: string; paint: (page: Page) => Promise<void> }[] = [
      {
        url: '/',
        paint: async (page) => {
          const index = page.getByTestId('home-indices').getByTestId('home-index-000001.SH');
          await expect(index.getByTestId('home-index-last')).toHaveText(/^\d[\d,]*\.\d{2}$/);
          await expect(page.getByTestId('home-breadth').getByTestId('home-breadth-advancers')).toHaveText(
            /^\d[\d,]*$/,
          );
        },
      },
      {
        url: '/limit-up',
        paint: async (page) => {
          await expect(
            page.getByTestId('pools').getByRole('table').locator('tbody tr').first(),
          ).toBeVisible();
        },
      },
      {
        url: '/options/',
        paint: async (page) => {
          const chain = page.getByTestId('chain-table');
          await expect(chain.locator('[data-atm="true"]')).toHaveCount(1);
          await expect(chain.getByTestId('chain-row')).toHaveCount(strikes.length);
        },
      },
    ];
    for (const { url, paint } of pages) {
      await settled(probe, base);
      const page = await browser.newPage();
      const load = await firstLoad(page, base, url, paint);
      test.info().annotations.push({
        type: `upstream calls before ${url} painted`,
        description: JSON.stringify(load.calls),
      });
      // Reference and daily answers came from the disk; the rest are quotes and lists of this session.
      expect(load.calls, `upstream calls before ${url} painted`).toMatchObject({ reference: 0, daily: 0 });
      const keys = load.requested.map(keyOf).filter((k): k is string => k !== null);
      const unwarmed = keys.filter((k) => !warmKeys.includes(k) && !afterFirstScreen(k));
      expect(unwarmed, `requests of ${url} before its first paint that warming does not know`).toEqual([]);
      if (url === '/options/') {
        // Every strike of the code table for the expiry shown, in order.
        // The chain's title names its expiry.
        await expect(page.getByTestId('chain-table')).toHaveAttribute('aria-label', new RegExp(expiry));
        const shown = await page
          .getByTestId('chain-table')
          .getByTestId('chain-row')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-strike'))));
        expect(shown).toEqual(strikes);
      }
      await page.close();
    }
  } finally {
    await probe.close();
    await server.stop();
  }
});
