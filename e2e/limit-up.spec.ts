import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { apiData, shanghaiDayMs, tradingDays } from './api';
import { expect, test } from './fixtures';

/**
 * The limit-up review on the simulator pinned at 2026-07-15 10:10 Shanghai, from a browser in New York.
 * The day under review is 2026-07-14, a completed session; every expected figure comes from the BFF's
 * own answers for that day.
 */

const DAY = '2026-07-14';

const upRow = z.object({ thscode: z.string(), name: z.string(), continue_day_text: z.string() });
const breakRow = z.object({ thscode: z.string(), name: z.string(), turnover: z.number().nullable() });
const pool = <R extends z.ZodType>(row: R) =>
  z.object({ pagination: z.object({ total: z.number(), pages: z.number() }), item: z.array(row) });

function poolPath(kind: 'up' | 'down' | 'break', day: string): string {
  return `/api/a-share/special-data/limit-${kind}-pool?date_ms=${shanghaiDayMs(day)}&size=200`;
}

async function upPool(request: APIRequestContext, day: string) {
  const data = await apiData(request, poolPath('up', day), pool(upRow));
  expect(data.pagination.pages, 'a pool of one page').toBe(1);
  return data.item;
}

function poolTable(page: Page): Locator {
  return page.getByTestId('pools').getByRole('table');
}

function poolButton(page: Page, label: string): Locator {
  return page.getByTestId('pool-switch').getByRole('button', { name: label, exact: true });
}

test('a day shows the three pools, each with every row of the service', async ({ app, page }) => {
  await app.open(`/limit-up?date=${DAY}`);
  await expect(page.getByTestId('limit-up-page')).toBeVisible();
  for (const [kind, label] of [
    ['up', '涨停池'],
    ['down', '跌停池'],
    ['break', '炸板池'],
  ] as const) {
    const total = (await apiData(page.request, poolPath(kind, DAY), pool(z.object({ thscode: z.string() }))))
      .pagination.total;
    if (kind !== 'up') await poolButton(page, label).click();
    await expect(poolButton(page, label)).toHaveAttribute('aria-pressed', 'true');
    // The header row plus one row per stock of the pool.
    await expect(poolTable(page)).toHaveAttribute('aria-rowcount', String(total + 1));
    expect(total, `${kind} pool of ${DAY} is not empty`).toBeGreaterThan(0);
  }
  await expect(page).toHaveURL(/pool=break/);
});

test('every stock in the ladder’s n-board column sealed the limit n days running in the pools', async ({
  app,
  page,
}) => {
  const request = page.request;
  const days = await tradingDays(request);
  const at = days.indexOf(DAY);
  expect(at).toBeGreaterThan(8);
  const today = await upPool(request, DAY);
  const byCode = new Map(today.map((r) => [r.thscode, r]));
  const pools = new Map<string, Set<string>>([[DAY, new Set(byCode.keys())]]);
  const poolOf = async (back: number): Promise<Set<string>> => {
    const day = days[at - back] ?? '';
    let codes = pools.get(day);
    if (!codes) {
      codes = new Set((await upPool(request, day)).map((r) => r.thscode));
      pools.set(day, codes);
    }
    return codes;
  };

  await app.open(`/limit-up?date=${DAY}`);
  const ladder = page.getByTestId('ladder');
  await expect(ladder).toBeVisible();
  const tiers = await ladder.locator('[data-testid^="ladder-tier-"]').evaluateAll((sections) =>
    sections.map((s) => ({
      boards: Number(s.getAttribute('data-boards')),
      codes: [...s.querySelectorAll('a')].map((a) => a.getAttribute('data-code') ?? ''),
    })),
  );
  // The day has a tall ladder: the check below is not vacuous.
  expect(tiers.map((t) => t.boards)).toEqual(expect.arrayContaining([1, 2, 3, 5, 6]));
  // Every limit-up of the day is on the ladder, once.
  const onLadder = tiers.flatMap((t) => t.codes);
  expect([...onLadder].sort()).toEqual([...byCode.keys()].sort());

  for (const tier of tiers) {
    for (const code of tier.codes) {
      const row = byCode.get(code);
      expect(row, `${code} of the ${tier.boards}-board column is in the limit-up pool`).toBeDefined();
      const text = row?.continue_day_text ?? '';
      if (tier.boards === 1) {
        expect(text).toMatch(/^(首板|\d+天\d+板)$/);
        if (text === '首板') expect((await poolOf(1)).has(code), `${code} is a first board`).toBe(false);
        continue;
      }
      const boards = Number(/^(\d+)连板$/.exec(text)?.[1] ?? NaN);
      if (tier.boards === 7) expect(boards).toBeGreaterThanOrEqual(7);
      else expect(boards, `${code} in the ${tier.boards}-board column`).toBe(tier.boards);
      // The pools of the previous sessions hold it too: n consecutive limit-ups.
      for (let back = 1; back < boards; back++) {
        expect((await poolOf(back)).has(code), `${code} sealed ${days[at - back]}`).toBe(true);
      }
    }
  }

  // A chip opens its stock view.
  const first = ladder.locator('[data-testid="ladder-tier-6"] a').first();
  const code = await first.getAttribute('data-code');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/stock/${(code ?? '').replace('.', '\\.')}$`));
});

test('a deep link to the broken pool sorted by turnover survives reload', async ({ app, page }) => {
  const rows = (await apiData(page.request, poolPath('break', DAY), pool(breakRow))).item;
  expect(rows.length).toBeGreaterThan(2);
  const expected = [...rows].sort((a, b) => (b.turnover ?? -Infinity) - (a.turnover ?? -Infinity));
  const path = `/limit-up?date=${DAY}&pool=break&sort=turnover.desc`;
  await app.open(path);
  const check = async () => {
    await expect(poolButton(page, '炸板池')).toHaveAttribute('aria-pressed', 'true');
    await expect(poolTable(page).getByRole('columnheader', { name: /成交额/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const body = poolTable(page).locator('tbody tr');
    await expect(body).toHaveCount(expected.length);
    for (const [i, row] of expected.entries()) await expect(body.nth(i)).toContainText(row.name);
  };
  await check();
  await page.reload();
  await check();
  const params = new URL(page.url()).searchParams;
  expect([params.get('date'), params.get('pool'), params.get('sort')]).toEqual([
    DAY,
    'break',
    'turnover.desc',
  ]);
});

const anomalyItem = z.object({
  thscode: z.string(),
  tag_name: z.string(),
  keyword_list: z.array(z.string()),
  analysis_content: z.string(),
});

test('the day’s anomaly list and one stock’s anomalies show what the service analysed today', async ({
  app,
  page,
}) => {
  const list = await apiData(
    page.request,
    '/api/a-share/special-data/anomaly-analysis-list',
    z.object({ item: z.array(anomalyItem) }),
  );
  expect(list.item.length).toBeGreaterThan(0);
  // The anomalies are kept for today only: the latest day (no date in the link) shows them.
  await app.open('/limit-up');
  const table = page.getByTestId('anomalies').getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(list.item.length + 1));

  const first = list.item[0];
  if (!first) throw new Error('no anomaly');
  const mine = await apiData(
    page.request,
    `/api/a-share/special-data/anomaly-analysis-stock?thscodes=${first.thscode}`,
    z.object({ item: z.array(anomalyItem) }),
  );
  await table.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`[?&]code=${first.thscode.replace('.', '\\.')}`));
  const detail = page.getByTestId('stock-detail');
  await expect(detail.locator('.lu-detail__list > li')).toHaveCount(mine.item.length);
  await expect(detail.locator('.lu-detail__text')).toHaveText(mine.item.map((i) => i.analysis_content));
  await expect(detail.locator('.lu-tag')).toHaveText(mine.item.map((i) => i.tag_name));
  await expect(detail.getByRole('link', { name: /个股页|stock/i })).toHaveAttribute(
    'href',
    `/stock/${first.thscode}`,
  );
});

test('the sentiment chart has one point per trading session of its ten, in the table too', async ({
  app,
  page,
}) => {
  const days = await tradingDays(page.request);
  const sessions = days.filter((d) => d <= DAY).slice(-10);
  expect(sessions).toHaveLength(10);
  await app.open(`/limit-up?date=${DAY}`);
  const sentiment = page.getByTestId('sentiment');
  const chart = sentiment.getByTestId('sentiment-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  // Three series (limit-up count, broken count, highest board), each with a point per session.
  await expect(chart).toHaveAttribute('data-series-count', '3');
  await expect(chart).toHaveAttribute('data-points', String(3 * sessions.length));
  const dates = sentiment.getByRole('table').locator('tbody tr').locator('td:first-child, th:first-child');
  await expect(dates).toHaveText([...sessions].reverse());
  // Each day's limit-up count is the size of that day's pool.
  const last = await apiData(page.request, poolPath('up', DAY), pool(z.object({ thscode: z.string() })));
  await expect(sentiment.getByRole('table').locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    String(last.pagination.total),
  );
});

test("the copied link of the latest review names its day, while the page's URL stays 'latest'", async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open('/limit-up?pool=break');
  await expect(page.getByTestId('limit-up-page')).toBeVisible();
  // The simulator's clock stands at 2026-07-15 10:10, a trading day in session: the latest day is today.
  await expect(
    page.getByTestId('limit-up-date').getByRole('button', { name: /^交易日:/ }),
  ).toHaveAccessibleName('交易日: 2026-07-15');
  await app.main.getByRole('button', { name: /复制链接/ }).click();
  await expect(app.main.getByRole('button', { name: /已复制/ })).toBeVisible();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.pathname).toBe('/limit-up');
  expect(copied.searchParams.get('date')).toBe('2026-07-15');
  expect(copied.searchParams.get('pool')).toBe('break');
  await expect(page).not.toHaveURL(/date=/);
});
