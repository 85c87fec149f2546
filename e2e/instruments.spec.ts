import { INSTRUMENT_PAGES, pageOf } from '../src/features/search/instrument';
import { expect, test } from './fixtures';

/**
 * Every kind of instrument opens on its own page from the keyboard: the search is typed into, Enter
 * opens the best match. Which page is read from INSTRUMENT_PAGES, so an asset type that gets a page is
 * covered as it is added; a type without one must say "not supported yet" instead of a dead end.
 */

const SAMPLES = [
  { type: 'a-share', typed: '600519', code: '600519.SH' },
  { type: 'a-share-index', typed: '000001.SH', code: '000001.SH' },
  { type: 'fund-etf', typed: '510300', code: '510300.SH' },
  { type: 'fund-otc', typed: '110022', code: '110022.OF' },
  { type: 'futures', typed: 'IF2609', code: 'IF2609.CFX' },
  { type: 'options', typed: 'IO2609-C-3800', code: 'IO2609-C-3800.CFX' },
] as const;

/** `/stock/$thscode` with the code filled in. */
function pathOf(route: string, code: string): string {
  return route.replace('$thscode', code);
}

test('the asset types with a page on this branch', () => {
  // Says in the report which pages exist; the a-share page always does.
  test
    .info()
    .annotations.push({ type: 'instrument pages', description: Object.keys(INSTRUMENT_PAGES).join(', ') });
  expect(pageOf('a-share')).toBe('/stock/$thscode');
});

for (const sample of SAMPLES) {
  test(`the search opens ${sample.code} (${sample.type}) by keyboard`, async ({ app, page }) => {
    await app.open('/hot');
    await app.searchFor(sample.typed);
    await expect(app.result(sample.code)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(app.result(sample.code)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const route = pageOf(sample.type);
    if (route === undefined) {
      await expect(app.topBar.getByRole('alert')).toContainText('尚未支持');
      await expect(page).toHaveURL(/\/hot$/);
    } else {
      await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === pathOf(route, sample.code));
      await expect(page).toHaveTitle(new RegExp(sample.code.replace(/[.-]/g, '\\$&')));
    }
  });
}

test("an ETF's code on the stock route lands on the ETF's page, or says what it is", async ({
  app,
  page,
}) => {
  await app.open('/stock/510300.SH');
  const route = pageOf('fund-etf');
  if (route === undefined) {
    const notice = app.main.getByTestId('instrument-elsewhere');
    await expect(notice.getByRole('alert')).toHaveText('510300.SH（沪深300ETF华泰柏瑞）是ETF，不是股票。');
    await expect(notice).toContainText('类品种的页面尚未提供');
    await expect(notice.getByRole('button', { name: '加入自选' })).toBeVisible();
  } else {
    await expect(page).toHaveURL((url) => url.pathname === pathOf(route, '510300.SH'));
  }
  await expect(page).toHaveTitle('沪深300ETF华泰柏瑞 510300.SH · 行情看板');
});

test('the search says how long a keyword may be instead of a raw 1003', async ({ app }) => {
  await app.open('/');
  await app.search.focus();
  await app.search.fill('6'.repeat(80));
  await expect(app.search).toHaveValue('6'.repeat(64));
  await expect(app.topBar).toContainText('搜索内容最多 64 个字符');
  await expect(app.topBar).not.toContainText('1003');
});
