import type { APIRequestContext } from '@playwright/test';
import { catalog } from '../src/contract/catalog';
import { rawEnvelopeSchema } from '../src/contract/envelope';
import { TEST_CLOCK_PATH } from '../server/test-clock';
import { UNSAFE_NOTICE_MARKER, UNSAFE_NOTICE_SEQ } from '../server/simulator/model/news';
import { expect, test } from './fixtures';
import { NewsPage } from './pages/news';

/**
 * The news flash and the announcement reader on the simulator pinned at 2026-07-15 10:10 Shanghai. The
 * refresh test lets server time pass with the test clock (SIM_CLOCK_CONTROL, set by playwright.config.ts)
 * and browser time with Playwright's clock, so the page's own poll asks the BFF, which asks the simulator:
 * the whole path an analyst's open page takes.
 */

const SIM_NOW = Date.parse('2026-07-15T10:10:00+08:00');
/**
 * Larger than any sequence: the list from "now", on cache keys the page never uses (one per moment the
 * test asks, since the BFF keeps an answer for a minute).
 */
const FROM_NOW = '9999999999999999999';
const FROM_LATER = '9999999999999999998';

async function flashes(request: APIRequestContext, seq: string) {
  const res = await request.get(`/api/news/flash/list?tag_id=0&seq=${seq}`);
  const envelope = rawEnvelopeSchema.parse(await res.json());
  return catalog['news/flash/list'].data.parse(envelope.data).items;
}

async function setServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const res = await request.put(TEST_CLOCK_PATH, { data: { offset_ms: offsetMs } });
  expect(res.status(), 'the e2e server runs with SIM_CLOCK_CONTROL=on').toBe(200);
}

test('shows the first screen, loads earlier items, and shows a refreshed item without a reload, once', async ({
  app,
  page,
  request,
}) => {
  const firstScreen = await flashes(request, FROM_NOW);
  const news = new NewsPage(app);
  // Browser timers run on Playwright's clock, so the test decides when the page's poll comes round.
  await page.clock.install();
  await news.open();
  await expect(news.items).toHaveCount(firstScreen.length);
  await expect(news.items.first()).toContainText(firstScreen[0]?.title ?? '');
  // Shanghai time, whatever the browser's zone (New York here).
  await expect(news.items.first().locator('time')).toHaveText(
    new Date((firstScreen[0]?.create_time_ms ?? 0) + 8 * 3600_000).toISOString().slice(11, 16),
  );

  await news.more.click();
  await expect(news.items).toHaveCount(firstScreen.length * 2);
  const before = await news.ids();
  expect(new Set(before).size).toBe(before.length);

  await setServerClock(request, 20 * 60_000);
  try {
    const newer = (await flashes(request, FROM_LATER)).filter((f) => f.create_time_ms > SIM_NOW);
    expect(newer.length, 'flashes created in the 20 minutes the server clock moved').toBeGreaterThan(0);
    // The poll's interval during a session (one minute) passes in the browser: the page asks by itself.
    const polled = page.waitForResponse((r) => r.url().includes('/api/news/flash/refresh'));
    await page.clock.fastForward('01:05');
    expect((await polled).status()).toBe(200);
    for (const flash of newer) await expect(news.item(flash.id)).toHaveAttribute('data-unread', 'true');
    await expect(news.unread).toContainText(`${newer.length} 条新快讯`);
    await expect(news.items).toHaveCount(before.length + newer.length);
    const after = await news.ids();
    expect(new Set(after).size).toBe(after.length);
    expect(after.slice(0, newer.length)).toEqual(newer.map((f) => f.id));
    expect(after.slice(newer.length)).toEqual(before);

    // Read by clicking; the others stay marked.
    const [firstNew] = newer;
    if (firstNew) {
      await news.item(firstNew.id).click();
      await expect(news.item(firstNew.id)).not.toHaveAttribute('data-unread', 'true');
    }
    // The next round asks from the newest item and brings nothing twice.
    const next = page.waitForResponse((r) => r.url().includes('/api/news/flash/refresh'));
    await page.clock.fastForward('01:05');
    const nextUrl = new URL((await next).url());
    expect(nextUrl.searchParams.get('seq')).toBe(newer[0]?.seq);
    expect(Number(nextUrl.searchParams.get('create_time_ms')) % 1000).toBe(0);
    const again = await news.ids();
    expect(new Set(again).size).toBe(again.length);
    expect(again).toHaveLength(after.length);
  } finally {
    await setServerClock(request, 0);
  }
});

test('an announcement flash opens its interpretation, and the stock it names links to its view', async ({
  app,
  page,
}) => {
  const news = new NewsPage(app);
  await news.open();
  const announcement = news.items.filter({ has: page.getByRole('link', { name: '公告解读 →' }) }).first();
  const title =
    (await announcement.getByRole('heading', { level: 3 }).textContent())?.replace(/^公告/, '') ?? '';
  const stock = announcement.getByRole('link').first();
  await expect(stock).toHaveAttribute('href', /^\/stock\/\d{6}\.(SH|SZ|BJ)$/);
  await announcement.getByRole('link', { name: '公告解读 →' }).click();
  await expect(news.reader.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.goBack();
  await expect(news.view).toBeVisible();
});

test('the stock view has a news tab with the flashes that name the stock', async ({ app, page, request }) => {
  const named = (await flashes(request, FROM_NOW)).find((f) => f.title.startsWith('宁波银行'));
  if (!named) throw new Error('the first screen should name 宁波银行');
  await app.open('/stock/002142.SZ');
  await page.getByRole('tab', { name: '快讯' }).click();
  await expect(page).toHaveURL(/tab=news/);
  const tab = page.getByTestId('stock-news');
  await expect(tab.locator(`[data-flash-id="${named.id}"]`)).toContainText(named.title);
  for (const title of await tab.locator('[data-flash-id] h4').allTextContents())
    expect(title).toContain('宁波银行');
});

test('an announcement with scripts, handlers, javascript: links and remote images renders none of them', async ({
  app,
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const news = new NewsPage(app);
  await app.open(`/news/notice/${UNSAFE_NOTICE_SEQ}`);
  const article = news.reader.locator('article');
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(article).toContainText('高端产品占比提升');

  expect(await article.locator('script, iframe, object, embed, form, style, svg').count()).toBe(0);
  const handlers = await article.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((e) => e.getAttributeNames().filter((n) => /^on/i.test(n))),
  );
  expect(handlers).toEqual([]);
  const hrefs = await article
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(href).not.toMatch(/^\s*javascript:/i);
  const external = article.getByRole('link', { name: '交易所披露易' });
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(external).toHaveAttribute('target', '_blank');
  const images = await article.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(images).toEqual(['/favicon.svg']);

  // Whatever a user does, nothing of it runs.
  await article.getByText('经营数据').first().hover();
  await article.getByText('查看原文').click();
  expect(await page.evaluate((marker) => marker in window, UNSAFE_NOTICE_MARKER)).toBe(false);
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  // No CSP violation either, the app's own included: the fixture (fixtures.ts) fails the test on any.
});

test('on a phone the columns scroll sideways, and a link to the last column opens with it in view', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const news = new NewsPage(app);
  await news.open();
  // English labels are the longer ones: the row no longer fits 390 px.
  await app.chooseEnglish();
  const columns = news.view.getByRole('navigation', { name: 'Columns' });
  const global = columns.getByRole('link', { name: 'Global' });
  await expect(global).toBeVisible();
  const fits = () =>
    columns.evaluate((row) => {
      const link = row.querySelector('[aria-current="page"]');
      if (!link) return null;
      const [l, r] = [link.getBoundingClientRect(), row.getBoundingClientRect()];
      return l.left >= r.left && l.right <= r.right + 0.5;
    });
  expect(await columns.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);

  await news.open('/news?tag=7');
  // One column is the current one, not also the first (whose link has no search).
  await expect(columns.locator('[aria-current="page"]')).toHaveText(['Global']);
  await expect.poll(fits).toBe(true);
});
