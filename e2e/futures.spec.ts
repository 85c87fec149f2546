import { expect, test } from './fixtures';
import { FuturesPage, apiItems, daysBetween, num, text, zhNumber } from './pages/futures';

/**
 * The futures pages on the simulator pinned at 2026-07-15 10:10 Shanghai, from a browser in New York.
 * Expected figures come from the server's own answers.
 */

const INDEX_FUTURES = ['IF', 'IH', 'IC', 'IM'];

test('/futures lists the varieties by exchange and the latest basis of IF, IH, IC and IM', async ({
  app,
  page,
}) => {
  const futures = new FuturesPage(app);
  await app.open('/futures');
  const latest = await apiItems(page.request, '/api/futures/basis/main-continuous-latest');
  const varieties = await apiItems(page.request, '/api/futures/varieties/list');

  const cffex = futures.exchangeGroup('CFFEX');
  for (const code of INDEX_FUTURES) {
    const variety = varieties.find((v) => text(v, 'variety_code') === code);
    await expect(cffex.getByRole('link', { name: text(variety, 'main_contract_thscode') })).toBeVisible();
  }
  await expect(futures.exchangeGroup('SHFE')).toContainText('CU');
  await expect(futures.exchangeGroup('DCE')).toBeVisible();

  for (const code of INDEX_FUTURES) {
    const row = latest.find((r) => text(r, 'thscode') === `${code}ZL.CFX`);
    const cells = futures.basisRow(`${code}ZL.CFX`);
    await expect(cells).toContainText(zhNumber(num(row, 'spot_price'), 2));
    await expect(cells).toContainText(zhNumber(num(row, 'close_basis'), 2, true));
    await expect(cells).toContainText(`${zhNumber(num(row, 'close_basis_rate'), 2, true)}%`);
  }
  // Index futures come first, as the variety groups.
  await expect(futures.basisTable.getByRole('row').nth(1)).toContainText('IFZL.CFX');
});

test('a contract’s basis history with the settlement basis survives reload; its annualised rate is the API’s', async ({
  app,
  page,
}) => {
  const futures = new FuturesPage(app);
  const varieties = await apiItems(page.request, '/api/futures/varieties/list');
  const main = text(
    varieties.find((v) => text(v, 'variety_code') === 'IF'),
    'main_contract_thscode',
  );
  await app.open(`/futures/${main}?basis=settle`);

  const history = await apiItems(page.request, `/api/futures/basis/historical?thscode=${main}`);
  const [record] = await apiItems(page.request, `/api/meta/tickers/search?q=${main}&asset_type=futures`);
  const expiry = text(record, 'last_trade_date');
  const newest = history[history.length - 1];
  const date = text(newest, 'date');
  const days = daysBetween(date, expiry);
  const annualised = ((num(newest, 'settle_basis') / num(newest, 'converted_spot_price')) * 365 * 100) / days;

  const check = async () => {
    await expect(futures.contract).toBeVisible();
    await expect(futures.basisKind.getByRole('button', { name: '结算价' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(futures.legendValue('date')).toHaveText(date);
    await expect(futures.legendValue('price')).toHaveText(zhNumber(num(newest, 'settle_price'), 1));
    await expect(futures.legendValue('basis')).toHaveText(zhNumber(num(newest, 'settle_basis'), 2, true));
    await expect(futures.legendValue('days')).toHaveText(`${days} 天`);
    await expect(futures.legendValue('annualised')).toHaveText(`${zhNumber(annualised, 2, true)}%`);
    await futures.chartDrawn();
  };
  await check();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/futures/${main.replace('.', '\\.')}\\?basis=settle$`));
  await check();
});

test('the term structure has one point per listed month, in order of expiry', async ({ app, page }) => {
  const futures = new FuturesPage(app);
  const rows = [
    ...(await apiItems(page.request, '/api/meta/tickers/search?q=IF26&asset_type=futures&limit=50')),
    ...(await apiItems(page.request, '/api/meta/tickers/search?q=IF27&asset_type=futures&limit=50')),
  ].filter((r) => /^IF\d{4}\.CFX$/.test(text(r, 'thscode')));
  const months = rows
    .sort((a, b) => text(a, 'last_trade_date').localeCompare(text(b, 'last_trade_date')))
    .map((r) => text(r, 'thscode'));
  expect(months.length).toBeGreaterThanOrEqual(4);

  await app.open(`/futures/${months[1] ?? ''}`);
  const points = futures.terms.getByTestId('term-point');
  await expect(points).toHaveCount(months.length);
  const codes = await points.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')));
  expect(codes).toEqual(months);
  const days = await points.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-days'))));
  expect(days).toEqual([...days].sort((a, b) => a - b));
  // The table below says the same, a row per month.
  await expect(futures.terms.getByRole('table').getByRole('row')).toHaveCount(months.length + 1);
});

test('a futures code typed into the search opens its page by keyboard', async ({ app, page }) => {
  // Two pages on a simulator that may still be cold.
  test.slow();
  const varieties = await apiItems(page.request, '/api/futures/varieties/list');
  const main = text(
    varieties.find((v) => text(v, 'variety_code') === 'CU'),
    'main_contract_thscode',
  );
  // From the futures list (the home page's many lists would queue ahead on a cold simulator).
  await app.open('/futures');
  await expect(new FuturesPage(app).list).toBeVisible();
  await app.searchFor(main);
  await expect(app.result(main)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/futures/${main.replace('.', '\\.')}$`));
  await expect(app.main.getByRole('heading', { level: 1 })).toContainText('沪铜');
  await expect(app.main.getByRole('button', { name: /加入自选/ })).toBeVisible();
});
