import { expect, test } from './fixtures';

test('search for 600519 and open the stock with Enter', async ({ app, page }) => {
  await app.open('/');
  await expect(app.modeBadge).toHaveText(/模拟数据 · Simulated data/);
  await expect(app.modeBadge).toHaveAttribute('data-mode', 'simulated');

  await app.searchFor('600519');
  await expect(app.search).toBeFocused();
  const result = app.result('600519.SH');
  await expect(result).toContainText('贵州茅台');
  await expect(result).toContainText('600519.SH');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stock\/600519\.SH$/);
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('贵州茅台');
  await expect(app.main.getByRole('tablist', { name: '股票资料' })).toBeVisible();
});

test('a shared stock link opens directly and names the instrument', async ({ app }) => {
  await app.open('/stock/600519.SH');
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('贵州茅台');
  await expect(app.modeBadge).toHaveAttribute('data-mode', 'simulated');
});

test('language and theme are remembered across a reload', async ({ app, page }) => {
  await app.open('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.topBar.getByRole('button', { name: 'EN' }).click();
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('Market overview');
  await app.topBar.getByRole('button', { name: /Theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.reload();
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText('Market overview');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The safety badge keeps both languages whatever the UI language.
  await expect(app.modeBadge).toHaveText(/模拟数据 · Simulated data/);
});

test('an unknown keyword says so instead of showing an empty box', async ({ app }) => {
  await app.open('/');
  await app.searchFor('ZZZZZZ');
  await expect(app.topBar.getByText('无匹配')).toBeVisible();
});
