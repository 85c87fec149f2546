import { expect, test } from './fixtures';
import { apiData, apiItems, num, text, type Json } from './pages/futures';
import { OptionsPage } from './pages/options';

/**
 * The options page on the simulator pinned at 2026-07-15 10:10 Shanghai, from a browser in New York.
 * The chain is checked against the server's own answers: the search that lists the contracts, their
 * details and the underlying's price.
 */

const VARIETY = '510050';
const SHORT = '50ETF';

async function listed(request: Parameters<typeof apiItems>[0]): Promise<Json[]> {
  const rows: Json[] = [];
  for (const mark of ['购', '沽']) {
    const q = encodeURIComponent(`${SHORT}${mark}`);
    const items = await apiItems(
      request,
      `/api/meta/tickers/search?q=${q}&asset_type=options&exchange=SSE&limit=50`,
    );
    rows.push(...items.filter((r) => text(r, 'name').startsWith(`${SHORT}${mark}`)));
  }
  return rows;
}

test('the chain of one underlying and expiry: every strike has its call and put, ATM is the closest strike', async ({
  app,
  page,
}) => {
  const options = new OptionsPage(app);
  const rows = await listed(page.request);
  const expiry = rows.map((r) => text(r, 'last_trade_date')).sort()[0] ?? '';
  const contracts = rows.filter((r) => text(r, 'last_trade_date') === expiry);
  const details = await Promise.all(
    contracts.map((r) =>
      apiData(page.request, `/api/options/contracts/detail?thscode=${text(r, 'thscode')}`),
    ),
  );
  const strikes = [...new Set(details.map((d) => num(d, 'strike_price')))].sort((a, b) => a - b);
  const [quote] = await apiItems(
    page.request,
    `/api/fund/market/snapshot?thscode=${text(details[0], 'underlying_code')}`,
  );
  const price = num(quote, 'last_price');
  const atm = strikes.reduce((best, k) => (Math.abs(k - price) < Math.abs(best - price) ? k : best));

  await app.open(`/options?variety=${VARIETY}&expiry=${expiry}`);
  await expect(options.rows).toHaveCount(strikes.length);
  const shown = await options.rows.evaluateAll((nodes) =>
    nodes.map((n) => Number(n.getAttribute('data-strike'))),
  );
  expect(shown).toEqual(strikes);
  for (const strike of strikes) {
    const row = options.row(strike);
    await expect(row.getByTestId('call-cell').getByRole('link')).toBeVisible();
    await expect(row.getByTestId('put-cell').getByRole('link')).toBeVisible();
  }
  await expect(options.chain.locator('[data-atm="true"]')).toHaveCount(1);
  await expect(options.chain.locator('[data-atm="true"]')).toHaveAttribute('data-strike', String(atm));
  await expect(options.expiries.getByRole('button', { name: expiry.slice(2) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('choosing a contract in the chain draws its daily bars, up to the API’s newest bar', async ({
  app,
  page,
}) => {
  const options = new OptionsPage(app);
  await app.open(`/options?variety=${VARIETY}`);
  await expect(options.rows.first()).toBeVisible();
  const link = options.rows.nth(1).getByTestId('put-cell').getByRole('link');
  const code = (await link.getAttribute('data-code')) ?? '';
  expect(code).not.toBe('');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/options/${code.replace('.', '\\.')}$`));
  await expect(options.contract).toContainText(code);
  await options.dailyDrawn();
  const bars = await apiItems(page.request, `/api/options/prices/daily?thscode=${code}`);
  const newest = bars[bars.length - 1];
  const date = new Date(num(newest, 'timestamp') + 8 * 3600_000).toISOString().slice(0, 10);
  await expect(options.dailyLegend.getByTestId('daily-legend-date')).toHaveText(date);
  // The chosen contract is marked in the chain, and it can go on a watchlist.
  await expect(options.chain.locator(`a[data-code="${code}"]`)).toHaveAttribute('aria-current', 'page');
  await expect(options.contract.getByRole('button', { name: /加入自选/ })).toBeVisible();
  await expect(app.main.getByTestId('intraday-chart').locator('canvas').first()).toBeVisible();
});

test('an option code typed into the search opens its page by keyboard', async ({ app, page }) => {
  test.slow();
  const options = new OptionsPage(app);
  const [row] = (await listed(page.request)).filter((r) => text(r, 'name').includes('沽'));
  const code = text(row, 'thscode');
  await app.open(`/options?variety=${VARIETY}`);
  await expect(options.view).toBeVisible();
  await app.searchFor(code);
  await expect(app.result(code)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/options/${code.replace('.', '\\.')}$`));
  await expect(options.contract).toContainText(text(row, 'name'));
});
