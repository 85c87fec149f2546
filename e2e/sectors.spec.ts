import { z } from 'zod';
import { apiData } from './api';
import { expect, test } from './fixtures';

/**
 * Sectors on the simulator pinned at 2026-07-15 10:10 Shanghai, from a browser in New York: the ranking
 * opens a sector page whose constituents are exactly the service's list, leaders first.
 */

const members = z.object({ item: z.array(z.object({ thscode: z.string(), name: z.string() })) });
const quotes = z.object({
  item: z.array(z.object({ thscode: z.string(), price_change_ratio_pct: z.number() })),
});

test('the ranking opens a sector whose constituents are the service’s list, leaders first', async ({
  app,
  page,
}) => {
  await app.open('/sectors');
  await expect(page.getByTestId('sectors-page')).toBeVisible();
  await expect(page.getByTestId('sector-heatmap')).toBeVisible();
  const ranking = page.getByRole('table', { name: /板块排名|涨跌排名/ });
  const firstLink = ranking.locator('tbody tr').first().getByRole('link');
  await expect(firstLink).toBeVisible();
  const href = (await firstLink.getAttribute('href')) ?? '';
  const code = /^\/sectors\/(\d{6}\.TI)$/.exec(href)?.[1];
  expect(code, `a sector link: ${href}`).toBeDefined();
  await firstLink.click();
  await expect(page).toHaveURL(new RegExp(`/sectors/${code?.replace('.', '\\.')}$`));

  const list = (
    await apiData(page.request, `/api/a-share-index/constituents/ths-stock-list?thscode=${code}`, members)
  ).item;
  expect(list.length).toBeGreaterThan(0);
  const section = page.getByTestId('index-members');
  await expect(section.getByTestId('members-count')).toHaveAttribute('data-count', String(list.length));
  await expect(section.getByRole('table')).toHaveAttribute('aria-rowcount', String(list.length + 1));
  // In the suite's session the chart opens on the intraday line; the candles are one tab away.
  await expect(page.getByRole('tab', { name: '分时', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'K 线', exact: true }).click();
  await expect(page.getByTestId('index-chart').locator('canvas').first()).toBeVisible();

  // Leaders first: the top row is the constituent with the highest change in the whole-market snapshot.
  const market = await apiData(page.request, '/api/a-share/prices/snapshot?limit=10000&offset=0', quotes);
  const change = new Map(market.item.map((q) => [q.thscode, q.price_change_ratio_pct]));
  const best = Math.max(...list.map((m) => change.get(m.thscode) ?? -Infinity));
  const leaders = list.filter((m) => change.get(m.thscode) === best).map((m) => m.name);
  const top = section.locator('tbody tr').first();
  await expect(top).toContainText(new RegExp(leaders.join('|')));
  const stock = top.getByRole('link').first();
  await stock.click();
  await expect(page).toHaveURL(/\/stock\/\d{6}\.(SH|SZ|BJ)$/);
});
