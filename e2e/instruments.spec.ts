import { expect, test } from './fixtures';

/**
 * Every kind of instrument opens on its own page from the keyboard: the search is typed into, Enter
 * opens the best match. Each sample names the page it must land on, so a page that loses its mapping
 * (INSTRUMENT_PAGES) fails here instead of falling back to "not supported yet".
 */

const SAMPLES = [
  { type: 'a-share', typed: '600519', code: '600519.SH', path: '/stock/600519.SH' },
  { type: 'a-share-index', typed: '000001.SH', code: '000001.SH', path: '/index/000001.SH' },
  { type: 'fund-etf', typed: '510300', code: '510300.SH', path: '/fund/510300.SH' },
  { type: 'fund-otc', typed: '110022', code: '110022.OF', path: '/fund/110022.OF' },
  { type: 'futures', typed: 'IF2609', code: 'IF2609.CFX', path: '/futures/IF2609.CFX' },
  { type: 'options', typed: 'IO2609-C-3800', code: 'IO2609-C-3800.CFX', path: '/options/IO2609-C-3800.CFX' },
] as const;

for (const sample of SAMPLES) {
  test(`the search opens ${sample.code} (${sample.type}) by keyboard`, async ({ app, page }) => {
    await app.open('/hot');
    await app.searchFor(sample.typed);
    await expect(app.result(sample.code)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(app.result(sample.code)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => decodeURIComponent(url.pathname) === sample.path);
    await expect(page).toHaveTitle(new RegExp(sample.code.replace(/[.-]/g, '\\$&')));
    await expect(app.topBar.getByRole('alert')).toHaveCount(0);
  });
}

test("a code on another instrument's route lands on its own page", async ({ app, page }) => {
  await app.open('/stock/510300.SH');
  await expect(page).toHaveURL((url) => url.pathname === '/fund/510300.SH');
  await expect(page).toHaveTitle('沪深300ETF华泰柏瑞 510300.SH · 行情看板');
  await expect(app.main.getByTestId('fund-header')).toBeVisible();

  await app.open('/fund/IF2609.CFX');
  await expect(page).toHaveURL((url) => url.pathname === '/futures/IF2609.CFX');
  await expect(page).toHaveTitle(/IF2609\.CFX/);
});

test('the search says how long a keyword may be instead of a raw 1003', async ({ app }) => {
  await app.open('/');
  await app.search.focus();
  await app.search.fill('6'.repeat(80));
  await expect(app.search).toHaveValue('6'.repeat(64));
  await expect(app.topBar).toContainText('搜索内容最多 64 个字符');
  await expect(app.topBar).not.toContainText('1003');
});
