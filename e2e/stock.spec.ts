import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { StockPage } from './pages/stock';

/**
 * The stock view on the simulator pinned at 2026-07-15 10:10 Shanghai (a Wednesday session), seen from a
 * browser in New York: every date on screen must still be the Shanghai date.
 */

const LAST_TRADING_DAY = '2026-07-15';
const SHANGHAI_MIDNIGHT = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/** `data` of an operation, straight from the server (the same answers the page receives). */
async function apiData(request: APIRequestContext, path: string): Promise<unknown> {
  const res = await request.get(path);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('data' in body))
    throw new Error(`not an envelope: ${path}`);
  return body.data;
}

function numberAt(value: unknown, ...path: (string | number)[]): number {
  let cur: unknown = value;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) throw new Error(`no ${path.join('.')}`);
    cur = Object.entries(cur).find(([k]) => k === String(key))?.[1];
  }
  if (typeof cur !== 'number') throw new Error(`${path.join('.')} is not a number`);
  return cur;
}

async function lastClose(request: APIRequestContext, adjust: string): Promise<number> {
  const start = SHANGHAI_MIDNIGHT('2026-06-01');
  const end = SHANGHAI_MIDNIGHT(LAST_TRADING_DAY);
  const data = await apiData(
    request,
    `/api/a-share/prices/historical?thscode=600519.SH&start=${start}&end=${end}&adjust=${adjust}`,
  );
  const items = typeof data === 'object' && data !== null && 'item' in data ? data.item : [];
  if (!Array.isArray(items)) throw new Error('no bars');
  return numberAt(items, items.length - 1, 'close_price');
}

const price = (value: number) =>
  value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('a deep link opens the chart and the statements in its state, with Shanghai dates', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=1y&adjust=backward&tab=financials');

  await expect(stock.name).toHaveText('贵州茅台');
  await expect(stock.range('1年')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.adjust('后复权')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.tab('财务报表')).toHaveAttribute('aria-selected', 'true');
  // Defaults are left out of the URL; the non-default choice stays.
  await expect(page).toHaveURL(/[?&]adjust=backward/);

  // StrictMode mounts twice in development only; in every build exactly one chart instance remains.
  await expect(stock.chart.locator('.tv-lightweight-charts')).toHaveCount(1);
  // The last bar is the simulator's trading day in Shanghai, although the browser is in New York.
  await expect(stock.legendDate).toHaveText(LAST_TRADING_DAY);
  await expect(stock.legendClose).toHaveText(price(await lastClose(page.request, 'backward')));
  await expect(app.main.getByTestId('quote-time')).toHaveText(`${LAST_TRADING_DAY} 10:10:00`);

  await expect(stock.statementTable).toBeVisible();
  await expect(stock.statementTable.getByRole('columnheader').nth(1)).toHaveText('2025 年报');
  await expect(stock.statementRow('营业收入').first()).toHaveText(/亿$/);
});

test('range and adjustment live in the URL: reload keeps them, back and forward walk them', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  await expect(stock.range('1年')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.adjust('前复权')).toHaveAttribute('aria-pressed', 'true');

  await stock.range('3年').click();
  await expect(page).toHaveURL(/[?&]range=3y/);
  await expect(stock.range('3年')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.legendDate).toHaveText(LAST_TRADING_DAY);

  await stock.adjust('不复权').click();
  await expect(page).toHaveURL(/[?&]adjust=none/);
  // Unadjusted, the last bar is the quote in the header.
  const last = await stock.last.textContent();
  await expect(stock.legendClose).toHaveText(last ?? '');
  await expect(stock.legendClose).toHaveText(price(await lastClose(page.request, 'none')));

  await page.reload();
  await stock.chartReady();
  await expect(stock.range('3年')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.adjust('不复权')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.legendClose).toHaveText(last ?? '');

  await page.goBack();
  await expect(page).not.toHaveURL(/adjust=/);
  await expect(stock.adjust('前复权')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.range('3年')).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page).not.toHaveURL(/range=/);
  await expect(stock.range('1年')).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expect(page).toHaveURL(/[?&]range=3y/);
  await expect(stock.range('3年')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.legendDate).toHaveText(LAST_TRADING_DAY);
});

test('the crosshair legend follows the pointer and returns to the latest bar', async ({ app }) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=3m');
  await stock.hoverChart(0.3);
  await expect(stock.legendDate).not.toHaveText(LAST_TRADING_DAY);
  await expect(stock.legendDate).toHaveText(/^2026-0[4-7]-\d\d$/);
  await app.page.mouse.move(2, 2);
  await expect(stock.legendDate).toHaveText(LAST_TRADING_DAY);
});

test('statement values the company did not disclose show as a dash', async ({ app, page }) => {
  const stock = new StockPage(app);
  // The simulator never discloses these three for 600519.SH (one per statement).
  await stock.open('/stock/600519.SH?tab=financials');
  const interest = stock.statementRow('利息费用');
  await expect(interest).toHaveCount(8);
  for (const cell of await interest.all()) await expect(cell).toHaveText('—');
  await expect(stock.statementRow('营业收入').first()).not.toHaveText('—');

  await app.main.getByTestId('statement-switch').getByRole('button', { name: '资产负债表' }).click();
  await expect(page).toHaveURL(/[?&]statement=balance/);
  await expect(stock.statementRow('应收账款').first()).toHaveText('—');
  await expect(stock.statementRow('资产总计').first()).toHaveText(/亿$/);

  await app.main.getByTestId('period-switch').getByRole('button', { name: '季报' }).click();
  await expect(page).toHaveURL(/[?&]period=quarterly/);
  await expect(stock.statementTable.getByRole('columnheader').nth(1)).toHaveText('2026 一季报');
  await expect(stock.statementRow('应收账款').first()).toHaveText('—');
});

test('switching the colour convention flips candle and change colours', async ({ app }) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  const redUp = await stock.candleColors();
  expect(redUp.up).not.toBe(redUp.down);
  // 600519.SH is up on the pinned day: the change is drawn in the "up" colour, like rising candles.
  const changeBefore = await stock.colorOf(stock.change);
  expect(changeBefore).toBe(redUp.up);

  await app.topBar.getByRole('button', { name: '绿涨红跌' }).click();
  await expect(app.page.locator('html')).toHaveAttribute('data-colors', 'green-up');
  await expect(stock.chart).toHaveAttribute('data-up-color', redUp.down ?? '');
  await expect(stock.chart).toHaveAttribute('data-down-color', redUp.up ?? '');
  await expect.poll(() => stock.colorOf(stock.change)).toBe(redUp.down);
});

test('corporate actions list each event with the factor derived from the previous close', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?tab=actions');
  const table = app.main.getByTestId('corporate-actions').getByRole('table');
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByRole('cell').first()).toHaveText('2026-06-29');
  // The factors need the unadjusted bars, which come after the events: the table is busy until then.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // Backward-adjusted prices are raw prices times every factor so far: the last cumulative factor is
  // the ratio of the two last closes.
  const ratio = (await lastClose(page.request, 'backward')) / (await lastClose(page.request, 'none'));
  const cumulative = Number((await newest.getByRole('cell').last().textContent())?.replace(/,/g, ''));
  expect(cumulative).toBeCloseTo(ratio, 3);
});

test('dragon-tiger detail of a listed day, and an empty state for a day without a listing', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600754.SH?tab=dragon-tiger&dt=2026-07-14');
  const panel = app.main.getByTestId('dragon-tiger');
  const oneDay = panel.getByTestId('dt-range-1');
  await expect(oneDay).toBeVisible();
  await expect(panel.getByTestId('dt-range-3')).toBeVisible();
  const data = await apiData(
    page.request,
    '/api/a-share/special-data/dragon-tiger-stock-institution?thscode=600754.SH&date=2026-07-14&range_days=1',
  );
  const rate = numberAt(data, 'item', 0, 'org_net_rate');
  // A decimal fraction from the service, shown as a percent.
  const percent = (rate * 100).toLocaleString('zh-CN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  await expect(oneDay.getByTestId('dt-net-rate')).toHaveText(`${rate > 0 ? '+' : ''}${percent}%`);
  await expect(oneDay.getByRole('listitem')).toHaveCount(10);

  await stock.open('/stock/600519.SH?tab=dragon-tiger&dt=2026-07-14');
  await expect(app.main.getByTestId('dragon-tiger')).toContainText('600519.SH 在 2026-07-14 未上龙虎榜');
  // Days the service cannot answer for are explained without a failing request (the fixture would
  // see the HTTP 400 in the console).
  await stock.open('/stock/600519.SH?tab=dragon-tiger&dt=2026-07-11');
  await expect(app.main.getByTestId('dragon-tiger')).toContainText('2026-07-11 不是交易日');
  await stock.open('/stock/600519.SH?tab=dragon-tiger&dt=2025-01-02');
  await expect(app.main.getByTestId('dragon-tiger')).toContainText('只能查询最近一年');
});

test('hot rank draws rank 1 at the top', async ({ app, page }) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  await stock.tab('人气排名').click();
  await expect(page).toHaveURL(/[?&]tab=hot-rank/);
  const chart = app.main.getByTestId('hot-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('data-invert-scale', 'true');
  await expect(chart).toHaveAttribute('data-log-scale', 'true');
  await expect(app.main.getByTestId('hot-latest')).toHaveText(/^\d+$/);
});

test('an unknown code and a malformed code get a not-found page with the search', async ({ app }) => {
  await app.open('/stock/688999.SH');
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('找不到该股票');
  await expect(app.main.getByText('未找到代码为 688999.SH 的 A 股')).toBeVisible();
  await expect(app.main.getByRole('combobox')).toBeVisible();

  await app.open('/stock/abc');
  await expect(app.main.getByText('不是有效的 A 股代码：abc')).toBeVisible();
  await app.main.getByRole('combobox').fill('600519');
  await app.main.getByRole('combobox').press('Enter');
  await expect(app.page).toHaveURL(/\/stock\/600519\.SH$/);
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('贵州茅台');
});

test('copy link puts the current view on the clipboard', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=5y&tab=indicators');
  await stock.header.getByRole('button', { name: /复制链接/ }).click();
  await expect(stock.header.getByRole('button', { name: /已复制/ })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(copied).toContain('range=5y');
  expect(copied).toContain('tab=indicators');
});

interface Bar {
  date_ms: number;
  open_price: number;
  high_price: number;
  low_price: number;
  close_price: number;
}

/** Daily bars of a stock or an index, straight from the server. */
async function apiBars(request: APIRequestContext, path: string, from: string, to: string): Promise<Bar[]> {
  const data = await apiData(
    request,
    `${path}?thscode=${path.includes('index') ? '000300.SH' : '600519.SH'}&start=${SHANGHAI_MIDNIGHT(from)}&end=${SHANGHAI_MIDNIGHT(to)}${path.includes('index') ? '' : '&adjust=forward'}`,
  );
  const items = typeof data === 'object' && data !== null && 'item' in data ? data.item : [];
  if (!Array.isArray(items)) throw new Error('no bars');
  return items.map((_, i) => ({
    date_ms: numberAt(items, i, 'date_ms'),
    open_price: numberAt(items, i, 'open_price'),
    high_price: numberAt(items, i, 'high_price'),
    low_price: numberAt(items, i, 'low_price'),
    close_price: numberAt(items, i, 'close_price'),
  }));
}

test('weekly and monthly candles are chosen in the URL, aggregate the daily bars and survive reload', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  await expect(stock.interval('日K')).toHaveAttribute('aria-pressed', 'true');
  await stock.interval('周K').click();
  await expect(page).toHaveURL(/[?&]interval=week/);

  // The current Shanghai week: Monday 07-13 to today, Wednesday 07-15.
  const week = await apiBars(page.request, '/api/a-share/prices/historical', '2026-07-13', LAST_TRADING_DAY);
  const check = async () => {
    await expect(stock.interval('周K')).toHaveAttribute('aria-pressed', 'true');
    await expect(stock.legendDate).toHaveText('2026-07-13 至 2026-07-15（3 日）');
    await expect(stock.legendClose).toHaveText(price(week.at(-1)?.close_price ?? Number.NaN));
    await expect(stock.legend.locator('dd').nth(1)).toHaveText(price(week[0]?.open_price ?? Number.NaN));
    await expect(stock.legend.locator('dd').nth(2)).toHaveText(
      price(Math.max(...week.map((b) => b.high_price))),
    );
    await expect(stock.legend.locator('dd').nth(3)).toHaveText(
      price(Math.min(...week.map((b) => b.low_price))),
    );
  };
  await check();
  await page.reload();
  await stock.chartReady();
  await check();

  await stock.interval('月K').click();
  await expect(page).toHaveURL(/[?&]interval=month/);
  await expect(stock.legendDate).toHaveText(/^2026-07-01 至 2026-07-15（\d+ 日）$/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]interval=week/);
  await expect(stock.legendDate).toHaveText('2026-07-13 至 2026-07-15（3 日）');
});

test('the indicator pane is chosen in the URL, shows its values and survives reload', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  // MACD is the default lower pane.
  await expect(stock.indicatorLegend).toHaveAttribute('data-indicator', 'macd');
  await expect(stock.indicatorLegend.getByTestId('ind-dif')).toHaveText(/^-?[\d,]+\.\d{3}$/);

  await stock.indicator('BOLL').click();
  await expect(page).toHaveURL(/[?&]ind=boll/);
  await page.reload();
  await stock.chartReady();
  await expect(stock.indicator('BOLL')).toHaveAttribute('aria-pressed', 'true');
  await expect(stock.indicatorLegend).toHaveAttribute('data-indicator', 'boll');
  // The middle band is the mean of the last 20 closes.
  const bars = await apiBars(page.request, '/api/a-share/prices/historical', '2026-05-01', LAST_TRADING_DAY);
  const last20 = bars.slice(-20).map((b) => b.close_price);
  await expect(stock.indicatorLegend.getByTestId('ind-mid')).toHaveText(
    price(last20.reduce((a, b) => a + b, 0) / 20),
  );

  await stock.indicator('无').click();
  await expect(page).toHaveURL(/[?&]ind=none/);
  await expect(stock.indicatorLegend).toHaveCount(0);
});

test('a compare overlay chosen with the search is rebased, kept in the URL and survives reload', async ({
  app,
  page,
}) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=3m');
  const before = Number(await stock.chart.getAttribute('data-series-count'));
  await stock.comparePicker.fill('000300');
  await expect(app.main.getByRole('option', { name: /000300\.SH/ })).toBeVisible();
  await stock.comparePicker.press('Enter');
  await expect(page).toHaveURL(/[?&]cmp=000300\.SH/);

  // Both lines start together at the first common bar of the range; the index's change since then.
  const from = '2026-04-15';
  const own = (await apiBars(page.request, '/api/a-share/prices/historical', from, LAST_TRADING_DAY)).filter(
    (b) => b.date_ms >= SHANGHAI_MIDNIGHT(from),
  );
  const index = await apiBars(page.request, '/api/a-share-index/prices/historical', from, LAST_TRADING_DAY);
  const base = index.find((b) => b.date_ms === own[0]?.date_ms);
  const last = index.at(-1);
  if (!base || !last) throw new Error('no common bars');
  const change = (last.close_price / base.close_price - 1) * 100;
  const percent = `${change > 0 ? '+' : ''}${change.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

  const check = async () => {
    await expect(stock.compareChip).toContainText('沪深300');
    await expect(stock.chart).toHaveAttribute('data-series-count', String(before + 1));
    await expect(stock.legend.getByTestId('legend-compare')).toHaveText(percent);
    await expect(stock.legend).toContainText('沪深300（自 2026-04-15 起）');
  };
  await check();
  await page.reload();
  await stock.chartReady();
  await check();

  await stock.compareChip.getByRole('button', { name: /取消对比/ }).click();
  await expect(page).not.toHaveURL(/cmp=/);
  await expect(stock.chart).toHaveAttribute('data-series-count', String(before));
});

test('the header shows limit prices by board rules and the derived figures', async ({ app, page }) => {
  const stock = new StockPage(app);
  for (const [code, pct] of [
    ['600519.SH', 10],
    ['300033.SZ', 20],
  ] as const) {
    await stock.open(`/stock/${code}`);
    const data = await apiData(page.request, `/api/a-share/prices/snapshot?thscodes=${code}`);
    const prev = numberAt(data, 'item', 0, 'prev_price');
    const high = numberAt(data, 'item', 0, 'high_price');
    const low = numberAt(data, 'item', 0, 'low_price');
    // Half up to the tick, in cents.
    const tick = (factor: number) => Math.floor((Math.round(prev * 100) * factor + 50) / 100) / 100;
    await expect(stock.figure('limitUp')).toHaveText(price(tick(100 + pct)));
    await expect(stock.figure('limitDown')).toHaveText(price(tick(100 - pct)));
    const amplitude = ((high - low) / prev) * 100;
    await expect(stock.figure('amplitude')).toHaveText(
      `${amplitude.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`,
    );
    await expect(stock.figure('turnoverRate')).toHaveText(/^\d+\.\d{2}%$/);
    await expect(stock.figure('volumeRatio')).toHaveText(/^\d+\.\d{2}$/);
    await expect(stock.figure('high52')).toHaveText(/^[\d,]+\.\d{2}$/);
    await expect(stock.figure('floatCap')).toHaveText(/亿$/);
  }
});

test('statements show each value’s year-on-year change and the margins', async ({ app }) => {
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?tab=financials');
  const values = await stock.statementRow('营业收入').allTextContents();
  expect(values).toHaveLength(8);
  // Eight columns shown, each with its change: the oldest from the ninth year fetched for it.
  await expect(stock.statementYoy('营业收入')).toHaveCount(8);
  await expect(stock.statementYoy('营业收入').first()).toHaveText(/^[+-]?[\d,]+\.\d{2}%$/);
  await expect(stock.statementRow('毛利率').first()).toHaveText(/^\d+\.\d{2}%$/);
  // A margin is a line like the others: it can be charted.
  await stock.statementTable.getByRole('rowheader', { name: '净利率', exact: true }).click();
  await expect(app.page).toHaveURL(/[?&]row=net_margin/);
  await expect(app.main.getByText('净利率走势')).toBeVisible();
});

test('the quote, the chart and the open tab are asked for together, without waiting for the instrument search', async ({
  app,
  page,
}) => {
  const QUOTE = '/api/a-share/prices/snapshot';
  const CHART = '/api/a-share/prices/historical';
  // The default tab is the financial statements (income statement).
  const TAB = '/api/a-share/financials/income-statements';
  // The instrument search is held until the three have been sent: a page that waited for it would never
  // send them (and the test would time out).
  const sent = new Set<string>();
  let releaseSearch = () => {};
  const threeSent = new Promise<void>((resolve) => (releaseSearch = resolve));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === QUOTE || path === CHART || path === TAB) sent.add(path);
    if (sent.size === 3) releaseSearch();
  });
  await page.route('**/api/meta/tickers/search?*', async (route) => {
    await threeSent;
    await route.continue();
  });
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH');
  await expect(stock.statementTable).toBeVisible();
  // The browser's own record of when each request started and when its answer ended: asked for together,
  // each of the three starts before any of them has been answered (a page that waited for one answer to
  // ask for the next would start that one after it), whatever the machine's speed.
  const requests = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: entry instanceof PerformanceResourceTiming ? entry.responseEnd : entry.startTime + entry.duration,
    })),
  );
  const first = (path: string) => {
    const found = requests.filter((request) => request.path === path).sort((x, y) => x.start - y.start)[0];
    if (!found) throw new Error(`no request to ${path}`);
    return found;
  };
  const three = { quote: first(QUOTE), chart: first(CHART), tab: first(TAB) };
  const lastStart = Math.max(...Object.values(three).map((request) => request.start));
  const firstEnd = Math.min(...Object.values(three).map((request) => request.end));
  expect(lastStart, JSON.stringify(three)).toBeLessThan(firstEnd);
});

test('the chart’s plot keeps its width while its series come in: the price axis does not widen under it', async ({
  app,
  page,
}) => {
  // Every width the main pane's canvas is given, from the chart's creation on. A price axis that widened
  // when the candles came in would narrow the plot (the chart jumps sideways) and resize every pane's
  // canvases in the frame that draws ten years of candles for the first time.
  await page.addInitScript(() => {
    const widths: string[] = [];
    Object.assign(window, { paneWidths: widths });
    new MutationObserver((records) => {
      for (const record of records) {
        const canvas = record.target;
        if (!(canvas instanceof HTMLCanvasElement)) continue;
        const chart = canvas.closest('[data-testid="price-chart"]');
        const firstPane = chart?.querySelector('tr td:nth-child(2) canvas');
        if (canvas === firstPane && canvas.style.width !== widths[widths.length - 1])
          widths.push(canvas.style.width);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
  });
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=10y&ind=macd');
  await expect(page.locator('[data-testid="price-chart"][data-complete]')).toBeVisible();
  const widths = await page.evaluate(() =>
    'paneWidths' in window && Array.isArray(window.paneWidths) ? window.paneWidths.map(String) : [],
  );
  expect(widths.length, 'the pane was drawn').toBeGreaterThan(0);
  expect(widths, 'one width from the first frame on').toEqual([widths[0]]);
});

test('ten years fit a phone’s chart: its left edge is ten years back, not the library’s last two', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stock = new StockPage(app);
  await stock.open('/stock/600519.SH?range=10y');
  await expect(page.locator('[data-testid="price-chart"][data-complete]')).toBeAttached();
  await stock.chart.scrollIntoViewIfNeeded();
  await stock.hoverChart(0.03);
  await expect(stock.legendDate).toHaveText(/^201[67]-\d\d-\d\d$/);
});
