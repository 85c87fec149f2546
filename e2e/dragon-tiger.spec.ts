import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { DragonTigerPage } from './pages/dragon-tiger';

/**
 * The dragon-tiger page on the simulator pinned at 2026-07-15 10:10 Shanghai (a Wednesday session; the
 * latest published list is 2026-07-14), seen from a browser in New York.
 */

interface Row {
  thscode: string;
  name: string;
  net_value?: number | null;
  change?: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The envelope of a call, straight from the server (the same answer the page receives). */
async function api(request: APIRequestContext, path: string): Promise<Record<string, unknown>> {
  const body: unknown = await (await request.get(path)).json();
  if (!isRecord(body)) throw new Error(`not an envelope: ${path}`);
  return body;
}

async function listRows(request: APIRequestContext, query: string): Promise<Row[]> {
  const { data } = await api(request, `/api/a-share/special-data/dragon-tiger-list?${query}`);
  if (!isRecord(data) || !Array.isArray(data['stock_items'])) throw new Error('no stock items');
  return data['stock_items'].flatMap((item: unknown) =>
    isRecord(item) && typeof item['thscode'] === 'string' && typeof item['name'] === 'string'
      ? [
          {
            thscode: item['thscode'],
            name: item['name'],
            net_value: typeof item['net_value'] === 'number' ? item['net_value'] : null,
            change: typeof item['change'] === 'number' ? item['change'] : null,
          },
        ]
      : [],
  );
}

/** RFC 4180 fields: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** "+4.56亿" / "-985.33万" / "1,234" as a number of yuan. */
function amountOf(text: string): number {
  const unit = text.endsWith('亿') ? 1e8 : text.endsWith('万') ? 1e4 : 1;
  return Number(text.replace(/[+,亿万]/g, '')) * unit;
}

/** "+20.02%" as 20.02. */
function percentOf(text: string): number {
  return Number(text.replace(/[+,%]/g, ''));
}

test('a deep link with day, board and sort opens that state and survives reload', async ({ app, page }) => {
  const dt = new DragonTigerPage(app);
  await dt.open('/dragon-tiger?date=2026-07-10&board=org&sort=net_value.asc');
  const rows = await listRows(page.request, 'board_type=org&date=2026-07-10');
  const ascending = [...rows].sort((a, b) => (a.net_value ?? Infinity) - (b.net_value ?? Infinity));

  const check = async () => {
    await dt.loaded();
    await expect(dt.dateButton).toHaveAccessibleName('交易日: 2026-07-10');
    await expect(dt.board('机构')).toHaveAttribute('aria-pressed', 'true');
    await expect(dt.header('净买入')).toHaveAttribute('aria-sort', 'ascending');
    // The institution board has its own columns.
    await expect(dt.header('买入机构数')).toBeVisible();
    expect(await dt.column(0)).toEqual(ascending.map((row) => row.thscode));
    await expect(dt.summary('records')).toHaveText(String(rows.length));
  };
  await check();
  await page.reload();
  await check();
  await expect(page).toHaveURL(/date=2026-07-10/);
  await expect(page).toHaveURL(/board=org/);
  await expect(page).toHaveURL(/sort=net_value\.asc/);
});

test('the day picker does not let a non-trading day be chosen', async ({ app, page }) => {
  const dt = new DragonTigerPage(app);
  await dt.open('/dragon-tiger?date=2026-07-10');
  await dt.loaded();
  await dt.dateButton.click();
  await expect(dt.picker).toBeVisible();
  // The chosen day has the focus, so the arrows start from it.
  await expect(dt.day('2026-07-10')).toBeFocused();
  // Saturday, and today (its list is published after the close), cannot be chosen.
  await expect(dt.day('2026-07-11')).toBeDisabled();
  await expect(dt.day('2026-07-12')).toBeDisabled();
  await expect(dt.day('2026-07-15')).toBeDisabled();
  await dt.day('2026-07-11').click({ force: true });
  await expect(dt.picker).toBeVisible();
  await expect(page).toHaveURL(/date=2026-07-10/);

  // A trading day is taken, from the keyboard too: Thursday is one step left of Friday.
  await dt.day('2026-07-10').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(dt.day('2026-07-09')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dt.picker).toBeHidden();
  await expect(page).toHaveURL(/date=2026-07-09/);
  await expect(dt.dateButton).toHaveAccessibleName('交易日: 2026-07-09');
  const rows = await listRows(page.request, 'board_type=all&date=2026-07-09');
  await expect(dt.summary('records')).toHaveText(String(rows.length));
});

test('a weekend day in the URL is said in Chinese, with links to the nearest trading days', async ({
  app,
  page,
}) => {
  const dt = new DragonTigerPage(app);
  const answer = await api(page.request, '/api/a-share/special-data/dragon-tiger-list?date=2026-07-11');
  expect(answer['code']).toBe(1002);
  const requests = dt.watchListRequests();
  await dt.open('/dragon-tiger?date=2026-07-11');
  const notice = app.main.getByTestId('dragon-tiger-day-problem');
  await expect(notice).toContainText('2026-07-11（周六）不是交易日，没有数据。');
  await expect(notice).not.toContainText('Parameter');
  await expect(notice.getByRole('link', { name: '2026-07-10（周五）' })).toBeVisible();
  await expect(notice.getByRole('link', { name: '2026-07-13（周一）' })).toBeVisible();
  await expect(notice.getByRole('button', { name: '重试' })).toHaveCount(0);
  expect(requests).toEqual([]);
  // The picker still offers the way back to a trading day; so does the link.
  await expect(dt.dateButton).toHaveAccessibleName('交易日: 2026-07-11');
  await notice.getByRole('link', { name: '2026-07-13（周一）' }).click();
  await expect(page).toHaveURL(/date=2026-07-13/);
  await dt.loaded();

  // An impossible day is named instead of replaced by the latest day.
  await dt.open('/dragon-tiger?date=2026-13-45');
  await expect(app.main.getByTestId('dragon-tiger-day-problem')).toContainText(
    '链接中的日期“2026-13-45”不是有效的日期',
  );

  // A day the service refuses outright is explained without a request (which would fail with HTTP 400).
  await dt.open('/dragon-tiger?date=2025-01-02');
  await expect(app.main.getByTestId('dragon-tiger-outside')).toContainText('只能查询最近一年');
});

test("the copied link of the latest list names its day, while the page's URL stays 'latest'", async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dt = new DragonTigerPage(app);
  await dt.open('/dragon-tiger?board=org');
  await dt.loaded();
  await expect(dt.dateButton).toHaveAccessibleName('交易日: 2026-07-14');
  await app.main.getByRole('button', { name: /复制链接/ }).click();
  await expect(app.main.getByRole('button', { name: /已复制/ })).toBeVisible();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.pathname).toBe('/dragon-tiger');
  expect(copied.searchParams.get('date')).toBe('2026-07-14');
  expect(copied.searchParams.get('board')).toBe('org');
  await expect(page).not.toHaveURL(/date=/);
});

test('choosing a row opens the institution detail of that stock and day', async ({ app, page }) => {
  const dt = new DragonTigerPage(app);
  await dt.open('/dragon-tiger?date=2026-07-14');
  await dt.loaded();
  const [code, name] = await Promise.all([
    dt.rows.nth(0).locator('td').nth(0).textContent(),
    dt.rows.nth(0).locator('td').nth(1).textContent(),
  ]);
  await dt.rows.nth(0).click();
  await expect(dt.detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`code=${String(code).replace('.', '\\.')}`));
  await expect(dt.detail.getByRole('heading', { level: 2 })).toHaveText(String(name));
  const detail = await api(
    page.request,
    `/api/a-share/special-data/dragon-tiger-stock-institution?thscode=${String(code)}&date=2026-07-14`,
  );
  const ranges =
    isRecord(detail['data']) && Array.isArray(detail['data']['item']) ? detail['data']['item'] : [];
  expect(ranges.length).toBeGreaterThan(0);
  await expect(dt.detail.locator('[data-testid^="dt-range-"]')).toHaveCount(ranges.length);
  await expect(dt.detail.getByText('买入营业部').first()).toBeVisible();
  await expect(dt.detail.getByText('卖出营业部').first()).toBeVisible();
  await expect(dt.detail.getByRole('link', { name: /打开个股页面/ })).toHaveAttribute(
    'href',
    `/stock/${String(code)}?tab=dragon-tiger&dt=2026-07-14`,
  );
  await expect(dt.rows.nth(0)).toHaveAttribute('aria-selected', 'true');

  // From the keyboard: the next row, Enter.
  await dt.rows.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const second = String(await dt.rows.nth(1).locator('td').nth(0).textContent());
  await expect(page).toHaveURL(new RegExp(`code=${second.replace('.', '\\.')}`));
  await expect(dt.detail.getByText(second)).toBeVisible();

  // Back closes it again: the detail is part of the URL's history.
  await page.goBack();
  await page.goBack();
  await expect(dt.detail).toBeHidden();
});

test('the CSV export holds the same rows as the screen', async ({ app }) => {
  const dt = new DragonTigerPage(app);
  await dt.open('/dragon-tiger?date=2026-07-14&sort=change.desc');
  await dt.loaded();
  const download = await dt.exportCsv();
  expect(download.suggestedFilename()).toBe('dragon-tiger_2026-07-14_all.csv');
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = parseCsv(text.slice(1));

  expect(header).toEqual(await dt.headers());
  const screen = {
    codes: await dt.column(0),
    names: await dt.column(1),
    change: await dt.column(2),
    net: await dt.column(3),
  };
  expect(records).toHaveLength(screen.codes.length);
  expect(records.map((r) => r[0])).toEqual(screen.codes);
  expect(records.map((r) => r[1])).toEqual(screen.names);
  // Exact values in the file, rounded ones on screen: they agree to the screen's precision.
  records.forEach((record, i) => {
    // The 1-day change column: a multi-day record shows a dash there and leaves the cell empty.
    const change = screen.change[i] ?? '';
    if (change === '—') expect(record[2]).toBe('');
    else expect(Number(record[2])).toBeCloseTo(percentOf(change), 2);
    const shown = screen.net[i] ?? '';
    const unit = shown.endsWith('亿') ? 1e8 : shown.endsWith('万') ? 1e4 : 1;
    expect(Math.abs(Number(record[3]) - amountOf(shown))).toBeLessThanOrEqual(0.005 * unit);
  });
});
