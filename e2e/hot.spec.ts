import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { HotPage } from './pages/hot';

/**
 * The hot-list page on the simulator pinned at 2026-07-15 10:10 Shanghai (a Wednesday session), from a
 * browser in New York. Expected rows come from the server's own answers.
 */

interface Row {
  thscode: string;
  name: string;
}

async function apiItems(request: APIRequestContext, path: string): Promise<Row[]> {
  const res = await request.get(path);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('data' in body))
    throw new Error(`not an envelope: ${path}`);
  const data = body.data;
  const items = typeof data === 'object' && data !== null && 'item' in data ? data.item : null;
  if (!Array.isArray(items)) throw new Error(`no items: ${path}`);
  return items.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw new Error('bad item');
    const code = 'thscode' in item ? item.thscode : null;
    const name = 'name' in item ? item.name : null;
    return { thscode: typeof code === 'string' ? code : '', name: typeof name === 'string' ? name : '' };
  });
}

/** `item[]` of an operation as plain records (for fields beyond code and name). */
async function apiRecords(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const res = await request.get(path);
  const body: unknown = await res.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  const items = typeof data === 'object' && data !== null && 'item' in data ? data.item : null;
  if (!Array.isArray(items)) throw new Error(`no items: ${path}`);
  return items.map((item: unknown) => (typeof item === 'object' && item !== null ? { ...item } : {}));
}

const zhNumber = (value: unknown, digits: number) =>
  typeof value === 'number'
    ? value.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '';

/** `pagination.total` of the monitor list in one state, as the server reports it. */
async function monitorTotal(request: APIRequestContext, state: string): Promise<number> {
  const res = await request.get(`/api/a-share/special-data/abnormal-monitor-list?state=${state}&size=30`);
  const body: unknown = await res.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  const pagination =
    typeof data === 'object' && data !== null && 'pagination' in data ? data.pagination : null;
  const total =
    typeof pagination === 'object' && pagination !== null && 'total' in pagination ? pagination.total : null;
  if (typeof total !== 'number') throw new Error('no monitor total');
  return total;
}

test('a ranking deep link opens the skyrocket hourly list of 10 and survives reload', async ({
  app,
  page,
}) => {
  const hot = new HotPage(app);
  await hot.open('/hot?list=skyrocket&period=hour&limit=10');
  const expected = await apiItems(
    page.request,
    '/api/a-share/special-data/skyrocket-list?period=hour&limit=10',
  );

  const check = async () => {
    await expect(hot.viewLink('实时榜单')).toHaveAttribute('aria-current', 'page');
    await expect(hot.button(hot.lists, '飙升榜')).toHaveAttribute('aria-pressed', 'true');
    await expect(hot.button(hot.periods, '小时榜')).toHaveAttribute('aria-pressed', 'true');
    await expect(hot.limit).toHaveValue('10');
    const table = hot.table('飙升榜（小时榜）');
    await expect(hot.rows(table)).toHaveCount(10);
    expect(await hot.column(table, 3)).toEqual(expected.map((r) => r.name));
    // Heat is shown compactly (万/亿) beside its bar, never as the raw numeric string.
    await expect(hot.rows(table).first().locator('td').nth(6)).toHaveText(/^[\d,.]+万?$/);
    await expect(hot.rows(table).first().locator('.hot-heat__bar')).toHaveAttribute('style', /width: 100/);
  };
  await check();
  await page.reload();
  await check();
  await expect(page).toHaveURL(/list=skyrocket/);
});

test('the ranking shows each stock’s price and change from one snapshot of the listed codes', async ({
  app,
  page,
}) => {
  const snapshots: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/a-share/prices/snapshot')
      snapshots.push(url.searchParams.get('thscodes') ?? '');
  });
  const hot = new HotPage(app);
  await hot.open('/hot?limit=10');
  const table = hot.table('热股榜（日榜）');
  await expect(hot.rows(table)).toHaveCount(10);
  const listed = await apiItems(page.request, '/api/a-share/special-data/hot-stock-list?period=day&limit=10');
  const quotes = await apiRecords(
    page.request,
    `/api/a-share/prices/snapshot?thscodes=${listed.map((r) => r.thscode).join(',')}`,
  );
  const quoteOf = (code: string) => quotes.find((q) => q['thscode'] === code);
  await expect
    .poll(() => hot.column(table, 4))
    .toEqual(listed.map((r) => zhNumber(quoteOf(r.thscode)?.['last_price'], 2)));
  const pct = (value: unknown) =>
    typeof value === 'number' ? `${value > 0 ? '+' : ''}${zhNumber(value, 2)}%` : '';
  expect(await hot.column(table, 5)).toEqual(
    listed.map((r) => pct(quoteOf(r.thscode)?.['price_change_ratio_pct'])),
  );
  // Every snapshot the page asked for (one, refreshed during the session) covers the whole list: no
  // call per row.
  expect(snapshots.length).toBeGreaterThan(0);
  for (const codes of snapshots) expect(codes.split(',').sort()).toEqual(listed.map((r) => r.thscode).sort());
});

test('choosing a row opens the stock view', async ({ app, page }) => {
  const hot = new HotPage(app);
  await hot.open('/hot?limit=10');
  const [first] = await apiItems(
    page.request,
    '/api/a-share/special-data/hot-stock-list?period=day&limit=10',
  );
  if (!first) throw new Error('empty list');
  const table = hot.table('热股榜（日榜）');
  await hot.rows(table).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stock/${first.thscode.replace('.', '\\.')}`));
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText(first.name);
});

test('the history of a day shows its top 30 and keeps the day on reload', async ({ app, page }) => {
  const hot = new HotPage(app);
  await hot.open('/hot?view=history&date=2026-07-10');
  const expected = await apiItems(
    page.request,
    '/api/a-share/special-data/hot-stock-list-history?date=2026-07-10',
  );
  const table = hot.table('2026-07-10 热股前 30');
  const check = async () => {
    await expect(hot.viewLink('历史热榜')).toHaveAttribute('aria-current', 'page');
    await expect(hot.historyDate).toHaveAccessibleName('日期: 2026-07-10');
    await expect(hot.rows(table)).toHaveCount(30);
    expect(await hot.column(table, 3)).toEqual(expected.map((r) => r.name));
  };
  await check();
  await page.reload();
  await check();

  // Each stock's change of rank against the day before, from that day's list.
  const before = await apiItems(
    page.request,
    '/api/a-share/special-data/hot-stock-list-history?date=2026-07-09',
  );
  const gains = expected.map((row, i) => {
    const previous = before.findIndex((b) => b.thscode === row.thscode);
    if (previous < 0) return '新上榜';
    const gain = previous - i;
    return gain > 0 ? `+${gain}` : String(gain);
  });
  expect(await hot.column(table, 1)).toEqual(gains);

  await app.main.getByRole('button', { name: '前一天' }).click();
  await expect(page).toHaveURL(/date=2026-07-09/);
  await expect(hot.table('2026-07-09 热股前 30')).toBeVisible();

  // A day older than a year is explained without asking the service (it would refuse it).
  await hot.open('/hot?view=history&date=2025-01-02');
  await expect(app.main.getByTestId('date-problem')).toContainText('只能查询最近一年');
});

test('a rank trend of three stocks draws three lines, rank 1 at the top, and survives reload', async ({
  app,
  page,
}) => {
  const hot = new HotPage(app);
  await hot.open('/hot?view=trend&codes=300033.SZ,300018.SZ&start=2026-06-01&end=2026-07-15');
  await hot.trendReady();
  await expect(hot.trendChart).toHaveAttribute('data-series-count', '2');

  // A third stock through the small instrument search.
  await hot.trendPicker.fill('688160');
  await expect(app.main.getByRole('option', { name: /688160\.SH/ })).toBeVisible();
  await hot.trendPicker.press('Enter');
  await expect(page).toHaveURL(
    /codes=300033\.SZ%2C300018\.SZ%2C688160\.SH|codes=300033\.SZ,300018\.SZ,688160\.SH/,
  );

  const check = async () => {
    await hot.trendReady();
    await expect(hot.trendChart).toHaveAttribute('data-series-count', '3');
    await expect(hot.trendLegend.getByRole('listitem')).toHaveCount(3);
    await expect(hot.trendLegend).toContainText('同花顺');
    await expect(hot.trendLegend).toContainText('688160.SH');
    await expect(app.main.getByTestId('trend-start').getByRole('button')).toHaveAccessibleName(
      '起: 2026-06-01',
    );
  };
  await check();
  await page.reload();
  await check();
  await expect(hot.trendChart.locator('.tv-lightweight-charts')).toHaveCount(1);
  // Ranks on an inverted log scale, so the top ranks stay apart.
  await expect(hot.trendChart).toHaveAttribute('data-log-scale', 'true');

  // The crosshair lists every line's rank on its day, as the service has them.
  const box = await hot.trendChart.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  const day = app.main.getByTestId('trend-day');
  await expect(day).toHaveText(/^2026-0[67]-\d\d$/);
  const date = (await day.textContent()) ?? '';
  for (const code of ['300033.SZ', '300018.SZ', '688160.SH']) {
    const points = await apiRecords(
      page.request,
      `/api/a-share/special-data/hot-stock-rank-trend?thscode=${code}&start_date=2026-06-01&end_date=2026-07-15`,
    );
    const rank = points.find((p) => p['date'] === date)?.['rank'];
    await expect(hot.trendLegend.locator(`[data-code="${code}"] [data-testid="trend-rank"]`)).toHaveText(
      `第 ${String(rank)} 名`,
    );
  }
  await page.mouse.move(2, 2);
  await expect(day).toHaveText('最新');

  // Removing a line from the legend removes it from the chart and the URL.
  await hot.trendLegend.getByRole('button', { name: /移除/ }).first().click();
  await expect(hot.trendChart).toHaveAttribute('data-series-count', '2');
  await expect(page).not.toHaveURL(/300033/);
});

test('the abnormal monitor pages forward and back by has_next, with its labels', async ({ app, page }) => {
  const hot = new HotPage(app);
  await hot.open('/hot?view=monitor&size=10');
  const page1 = await apiItems(
    page.request,
    '/api/a-share/special-data/abnormal-monitor-list?state=current&page=1&size=10',
  );
  const page2 = await apiItems(
    page.request,
    '/api/a-share/special-data/abnormal-monitor-list?state=current&page=2&size=10',
  );
  const table = hot.table('异动监控（当前监控）');

  await expect(hot.monitorPage).toContainText('第 1 页');
  await expect(hot.monitorPrev).toBeDisabled();
  expect(await hot.column(table, 0)).toEqual(page1.map((r) => r.thscode));
  await expect(table.locator('tbody')).toContainText(/严重异常波动|重点监控/);

  await hot.monitorNext.click();
  await expect(page).toHaveURL(/page=2/);
  await expect(hot.monitorPage).toContainText('第 2 页');
  await expect.poll(() => hot.column(table, 0)).toEqual(page2.map((r) => r.thscode));

  await hot.monitorNext.click();
  await expect(page).toHaveURL(/page=3/);
  await expect(hot.monitorPage).toContainText('第 3 页');

  await hot.monitorPrev.click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => hot.column(table, 0)).toEqual(page2.map((r) => r.thscode));
  await hot.monitorPrev.click();
  await expect(page).not.toHaveURL(/page=/);
  await expect.poll(() => hot.column(table, 0)).toEqual(page1.map((r) => r.thscode));

  // The history list from a deep link, on its last page: no next page.
  const last = Math.max(1, Math.ceil((await monitorTotal(page.request, 'history')) / 30));
  await hot.open(`/hot?view=monitor&state=history&page=${last}`);
  await expect(hot.button(hot.monitorState, '历史监控')).toHaveAttribute('aria-pressed', 'true');
  await expect(hot.monitorPage).toContainText(`第 ${last} 页`);
  await expect(hot.monitorNext).toBeDisabled();
  await page.reload();
  await expect(hot.monitorPage).toContainText(`第 ${last} 页`);
  await expect(hot.monitorNext).toBeDisabled();
});
