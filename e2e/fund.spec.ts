import { createApiClient } from '../src/api/client';
import { expect, test } from './fixtures';
import { FundPage } from './pages/fund';

/**
 * The fund page and the fund comparison on the simulator pinned at 2026-07-15 10:10 Shanghai, seen from
 * a browser in New York: every date on screen must still be the Shanghai date. Expected values come from
 * the same service answers the page receives, read here through the app's own API client.
 */

const OTC = '005827.OF';
const ETF = '510300.SH';
const LOF = '161725.SZ';

/** `yyyy-MM-dd` in Shanghai (UTC+8, no daylight saving), computed here independently of the app. */
const shanghaiDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const SHANGHAI_MIDNIGHT = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

function apiOf(baseURL: string | undefined) {
  if (baseURL === undefined) throw new Error('no baseURL');
  return createApiClient({ baseUrl: baseURL });
}

/** The disclosed stock-holding reports of a fund, as the picker's option values (`type|date`). */
async function disclosedReports(
  api: ReturnType<typeof apiOf>,
  thscode: string,
  fundType: 'otc' | 'exchange',
) {
  const dates = await api.fetchOperation('fund/portfolio/stock-report-dates', {
    thscode,
    fund_type: fundType,
  });
  return dates.item.map((r) => `${String(r.report_type)}|${shanghaiDate(Number(r.end_date_ms))}`);
}

async function lastNavDate(
  api: ReturnType<typeof apiOf>,
  thscode: string,
  fundType: 'otc' | 'exchange',
  range: 'tyear' | 'week',
) {
  const nav = await api.fetchOperation('fund/performance/nav', { thscode, fund_type: fundType, range });
  const last = nav.item.at(-1);
  if (typeof last?.nav_date !== 'number') throw new Error('no net value');
  return { date: shanghaiDate(last.nav_date), unit: last.unit_nav };
}

test('a deep link to an off-exchange fund opens its tab, range and report date; reload and back/forward keep them', async ({
  app,
  page,
  baseURL,
}) => {
  const api = apiOf(baseURL);
  const reports = await disclosedReports(api, OTC, 'otc');
  expect(reports.length).toBeGreaterThan(2);
  // An older report than the default (the newest), so the link's choice is visible.
  const chosen = reports[1] ?? '';
  const [type = '', date = ''] = chosen.split('|');
  const fund = new FundPage(app);
  await fund.open(`/fund/${OTC}?tab=portfolio&range=tyear&sdate=${date}&stype=${type}`);

  await expect(fund.name).toHaveText('中欧医疗健康混合A');
  await expect(fund.tab('持仓')).toHaveAttribute('aria-selected', 'true');
  // The picker offers exactly the disclosed reports, newest first, and shows the linked one.
  await expect(fund.stockPicker).toHaveValue(chosen);
  expect(await fund.pickerValues()).toEqual(reports);
  // Its labels are Shanghai dates (the browser is in New York).
  await expect(fund.stockPicker.locator('option').nth(1)).toContainText(date);
  const holdings = fund.stockHoldings.getByRole('table');
  await expect(holdings.getByRole('link').first()).toHaveAttribute('href', /^\/stock\/\d{6}\.(SH|SZ)$/);

  // A reload of the portfolio link shows the linked report at once, not the newest first.
  await page.reload();
  await expect(fund.stockPicker).toHaveValue(chosen);
  expect(await fund.pickerValues()).toEqual(reports);

  // The range of the link shows on the chart of the overview tab; the header's date is Shanghai's.
  const nav = await lastNavDate(api, OTC, 'otc', 'tyear');
  await fund.tab('概况').click();
  await expect(page).not.toHaveURL(/[?&]tab=/);
  await expect(page).toHaveURL(/[?&]range=tyear/);
  await expect(fund.range('近3年')).toHaveAttribute('aria-pressed', 'true');
  await fund.chartReady();
  await expect(fund.legendDate).toHaveText(nav.date);
  await expect(fund.navDate).toHaveText(nav.date);

  await page.reload();
  await fund.chartReady();
  await expect(fund.tab('概况')).toHaveAttribute('aria-selected', 'true');
  await expect(fund.range('近3年')).toHaveAttribute('aria-pressed', 'true');
  await expect(fund.legendDate).toHaveText(nav.date);

  await page.goBack();
  await expect(page).toHaveURL(/[?&]tab=portfolio/);
  await expect(fund.tab('持仓')).toHaveAttribute('aria-selected', 'true');
  await expect(fund.stockPicker).toHaveValue(chosen);
  await page.goForward();
  await expect(page).not.toHaveURL(/[?&]tab=/);
  await expect(fund.range('近3年')).toHaveAttribute('aria-pressed', 'true');

  // Another report from the picker is a new history entry too.
  await fund.tab('持仓').click();
  await fund.stockPicker.selectOption(reports[0] ?? '');
  await expect(page).toHaveURL(new RegExp(`[?&]sdate=${reports[0]?.split('|')[1] ?? ''}`));
  await page.goBack();
  await expect(fund.stockPicker).toHaveValue(chosen);
});

test('a deep link to an ETF opens its candles, range and report date; the premium is price over net value', async ({
  app,
  page,
  baseURL,
}) => {
  const api = apiOf(baseURL);
  const reports = await disclosedReports(api, ETF, 'exchange');
  const chosen = reports[1] ?? reports[0] ?? '';
  const [type = '', date = ''] = chosen.split('|');
  const fund = new FundPage(app);
  await fund.open(`/fund/${ETF}?tab=portfolio&range=hyear&chart=market&sdate=${date}&stype=${type}`);
  await expect(fund.tab('持仓')).toHaveAttribute('aria-selected', 'true');
  await expect(fund.stockPicker).toHaveValue(chosen);
  expect(await fund.pickerValues()).toEqual(reports);

  // Premium = exchange price / newest unit net value − 1, both straight from the service.
  const [quote, nav] = await Promise.all([
    api.fetchOperation('fund/market/snapshot', { thscode: ETF }),
    lastNavDate(api, ETF, 'exchange', 'week'),
  ]);
  const price = quote.item[0]?.last_price;
  if (typeof price !== 'number' || typeof nav.unit !== 'number') throw new Error('no price or net value');
  const premium = (price / nav.unit - 1) * 100;
  await expect(fund.premium).toHaveText(`${premium >= 0 ? '+' : ''}${premium.toFixed(2)}%`);
  await expect(fund.navDate).toHaveText(nav.date);

  // The exchange's candles, whose last bar is the Shanghai trading day.
  const bars = await api.fetchOperation('fund/market/historical', {
    thscode: ETF,
    start: SHANGHAI_MIDNIGHT('2026-06-01'),
    end: SHANGHAI_MIDNIGHT('2026-07-15'),
  });
  const lastBar = bars.item.at(-1)?.date_ms;
  if (typeof lastBar !== 'number') throw new Error('no bars');
  await fund.tab('概况').click();
  await expect(fund.view('场内K线')).toHaveAttribute('aria-pressed', 'true');
  await expect(fund.range('近6月')).toHaveAttribute('aria-pressed', 'true');
  await fund.chartReady();
  await expect(fund.chart).toHaveAttribute('data-series-count', '2');
  await expect(fund.legendDate).toHaveText(shanghaiDate(lastBar));

  await page.reload();
  await fund.chartReady();
  await expect(fund.view('场内K线')).toHaveAttribute('aria-pressed', 'true');
  await expect(fund.range('近6月')).toHaveAttribute('aria-pressed', 'true');
  await fund.view('净值').click();
  await expect(page).not.toHaveURL(/[?&]chart=/);
  await page.goBack();
  await expect(fund.view('场内K线')).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(fund.tab('持仓')).toHaveAttribute('aria-selected', 'true');
  await expect(fund.stockPicker).toHaveValue(chosen);
});

test('a fund that paid dividends marks each on the chart and lists their ex-dates as Shanghai dates', async ({
  app,
  baseURL,
}) => {
  const api = apiOf(baseURL);
  const code = '510880.SH';
  const [dividends, nav] = await Promise.all([
    api.fetchOperation('fund/corporate-actions/dividends', { thscode: code, fund_type: 'exchange' }),
    api.fetchOperation('fund/performance/nav', {
      thscode: code,
      fund_type: 'exchange',
      range: 'fyear',
      nav_type: 'unit,adj',
    }),
  ]);
  // A marker sits on a net value of its ex-date: the dividends inside the drawn range.
  const navDays = new Set(nav.item.flatMap((p) => (typeof p.unit_nav === 'number' ? [p.nav_date] : [])));
  const exDates = dividends.item.flatMap((d) =>
    typeof d.ex_dividend_date_ms === 'number' ? [d.ex_dividend_date_ms] : [],
  );
  const marked = exDates.filter((day) => navDays.has(day));
  expect(marked.length).toBeGreaterThan(1);
  expect(marked.length).toBeLessThan(exDates.length);

  const fund = new FundPage(app);
  await fund.open(`/fund/${code}?range=fyear`);
  await fund.chartReady();
  await expect(fund.chart).toHaveAttribute('data-marker-count', String(marked.length));

  // The table's ex-dates, newest first, as the Shanghai dates of the service's instants.
  const table = app.main.getByTestId('dividends-panel').getByRole('table', { name: '分红记录' });
  const firstCells = table.locator('tbody tr').locator('td:first-child, th:first-child');
  await expect(firstCells).toHaveText([...exDates].sort((a, b) => b - a).map(shanghaiDate));
});

test('the return view draws the fund and the comparison lines of the link; a toggle removes one', async ({
  app,
  page,
}) => {
  const fund = new FundPage(app);
  await fund.open(`/fund/${OTC}?chart=return&cmp=manager,peer,benchmark`);
  await fund.chartReady();
  await expect(fund.chart).toHaveAttribute('data-series-count', '4');
  await app.main.getByTestId('line-switch').getByRole('button', { name: '基金经理', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]cmp=/);
  await expect(fund.chart).toHaveAttribute('data-series-count', '3');
  // All lines start together (re-based on one day): the fund at 0 %.
  const starts = (await fund.chart.getAttribute('data-line-starts'))?.split(' ') ?? [];
  expect(starts).toHaveLength(3);
  expect(new Set(starts.map((s) => s.split(':')[0])).size).toBe(1);
  expect(starts[0]?.split(':')[1]).toBe('0');
});

test('an A-share holding opens its stock view', async ({ app, page }) => {
  const fund = new FundPage(app);
  await fund.open(`/fund/${OTC}?tab=portfolio`);
  const link = fund.stockHoldings.getByRole('table').getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/stock\/\d{6}\.(SH|SZ)$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href?.replace('.', '\\.') ?? ''}$`));
  await expect(app.main.getByTestId('stock-header').getByRole('heading', { level: 1 })).toBeVisible();
});

test('the search opens a fund by keyboard, on the exchange and off it', async ({ app, page }) => {
  const fund = new FundPage(app);
  await app.open('/');
  await app.searchFor('510300');
  await expect(app.result(ETF)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/fund/${ETF.replace('.', '\\.')}$`));
  await expect(fund.name).toHaveText('沪深300ETF华泰柏瑞');

  await app.searchFor('005827');
  await expect(app.result(OTC)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/fund/${OTC.replace('.', '\\.')}$`));
  await expect(fund.name).toHaveText('中欧医疗健康混合A');
});

test('three funds compared: three lines rebased to 100 on one day, and the link reopens them', async ({
  app,
  page,
}) => {
  await app.open(`/fund/compare?codes=${ETF},${OTC},${LOF}&range=tmonth`);
  const chart = app.main.getByTestId('compare-chart');
  await expect(chart).toHaveAttribute('data-series-count', '3');
  const start = app.main.getByTestId('common-start');
  await expect(start).toHaveText(/^共同起点 \d{4}-\d{2}-\d{2}$/);
  const day = (await start.textContent())?.replace('共同起点 ', '') ?? '';
  // What the chart library holds: each line's first point is that day at 100.
  await expect(chart).toHaveAttribute('data-line-starts', [1, 2, 3].map(() => `${day}:100`).join(' '));
  await expect(app.main.getByTestId('rebased-first')).toHaveText([
    `${day} 100.00`,
    `${day} 100.00`,
    `${day} 100.00`,
  ]);
  await expect(app.main.getByTestId('compare-overlap').getByRole('table')).toHaveCount(2);

  const link = page.url();
  await app.open('/');
  await app.open(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(app.main.getByTestId('compare-funds').getByRole('listitem')).toHaveCount(3);
  await expect(chart).toHaveAttribute('data-line-starts', [1, 2, 3].map(() => `${day}:100`).join(' '));
  await expect(
    app.main.getByTestId('range-switch').getByRole('button', { name: '近3月', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('a fund that does not exist, and a view the fund type does not serve (3004), each say so', async ({
  app,
}) => {
  await app.open('/fund/999999.OF');
  await expect(app.main.getByRole('alert')).toHaveText('未找到代码为 999999.OF 的基金');
  await expect(app.main.getByRole('combobox')).toBeVisible();

  // A LOF has no exchange candles here: the chart says why, with the code, and offers the net value.
  const fund = new FundPage(app);
  await fund.open(`/fund/${LOF}?chart=market`);
  const refused = app.main.getByTestId('chart-refused');
  await expect(refused).toContainText('该基金类型不提供此项数据');
  await expect(refused).toContainText('3004');
  await refused.getByRole('button', { name: '改看净值走势' }).click();
  await fund.chartReady();
  await expect(refused).toBeHidden();
});

test('the back-test is built in a form, drawn with its trades, and its link reopens the result', async ({
  app,
  page,
}) => {
  const fund = new FundPage(app);
  await fund.open(`/fund/${OTC}?tab=tools`);
  const panel = app.main.getByTestId('backtest-panel');
  // The conditions are chosen from the service's indicator list, never typed as JSON.
  const indicator = panel.getByRole('combobox', { name: /^买入条件.* 1: 指标$/ });
  await expect(indicator.locator('option')).not.toHaveCount(0);
  await panel.getByRole('textbox', { name: /^买入条件.* 1: 阈值$/ }).fill('35');
  await panel.getByTestId('run-backtest').click();
  await expect(page).toHaveURL(/[?&]bt=/);
  expect(decodeURIComponent(page.url())).toContain('"v":35');
  const result = panel.getByTestId('backtest-result');
  await expect(result.getByTestId('backtest-chart')).toHaveAttribute('data-series-count', '1');
  const trades = result.getByRole('heading', { name: /^交易记录（\d+ 笔）$/ });
  await expect(trades).toBeVisible();
  const title = await trades.textContent();

  await page.reload();
  await expect(
    panel.getByTestId('backtest-result').getByRole('heading', { name: title ?? '' }),
  ).toBeVisible();
  await expect(panel.getByTestId('backtest-metrics')).toBeVisible();
});
