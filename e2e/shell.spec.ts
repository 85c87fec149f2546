import { expect, test } from './fixtures';

/**
 * The app shell in Chromium, with the browser in New York and the simulator pinned at
 * 2026-07-15 10:10 Asia/Shanghai (a Wednesday, continuous trading).
 */

test('press /, type a code, Enter: the stock view of that code', async ({ app, page }) => {
  await app.open('/');
  await page.keyboard.press('/');
  await expect(app.search).toBeFocused();
  await page.keyboard.type('600519');
  await expect(app.result('600519.SH')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stock\/600519\.SH$/);
});

test('a digit typed on the page body opens the search with that digit', async ({ app, page }) => {
  await app.open('/');
  await expect(page.locator('body')).toBeFocused();
  await page.keyboard.press('6');
  await expect(app.search).toBeFocused();
  await expect(app.search).toHaveValue('6');
  await page.keyboard.type('00519');
  await expect(app.search).toHaveValue('600519');
  await expect(app.result('600519.SH')).toContainText('贵州茅台');
  // Arrows and Esc: highlight the first row, then close the list.
  await page.keyboard.press('ArrowDown');
  await expect(app.result('600519.SH')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(app.results).toBeHidden();
});

test('another asset type gets a "not yet supported" note, not a dead end', async ({ app, page }) => {
  await app.open('/');
  await app.searchFor('USDCNY');
  await expect(app.result('USDCNY.FX')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(app.topBar.getByRole('alert')).toContainText('尚未支持');
  await expect(page).toHaveURL(/\/$/);
});

test('the session indicator shows continuous trading for the pinned clock, in Shanghai time', async ({
  app,
}) => {
  await app.open('/');
  const session = app.topBar.getByTestId('market-session');
  await expect(session).toHaveAttribute('data-phase', 'continuous');
  await expect(session).toHaveText('连续竞价');
  await expect(session).toHaveAttribute('title', /2026-07-15 11:30/);
  // The data time is the Shanghai date of the simulator's answers, not New York's 2026-07-14.
  await expect(app.topBar.getByTestId('data-time')).toContainText('2026-07-15');
});

test('switching language changes the labels', async ({ app }) => {
  await app.open('/');
  const nav = app.topBar.getByRole('navigation');
  await expect(nav.getByRole('link').first()).toHaveText('首页');
  await app.topBar.getByRole('button', { name: 'EN' }).click();
  await expect(nav.getByRole('link').first()).toHaveText('Home');
  await expect(app.topBar.getByTestId('market-session')).toHaveText('Continuous trading');
  await expect(app.topBar.getByTestId('data-time')).toContainText('Data time');
});

test('switching the colour convention flips --up and --down, and is remembered', async ({ app, page }) => {
  await app.open('/');
  const colours = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { up: style.getPropertyValue('--up').trim(), down: style.getPropertyValue('--down').trim() };
    });
  const redUp = await colours();
  expect(redUp.up).not.toBe('');
  expect(redUp.up).not.toBe(redUp.down);

  await app.topBar.getByRole('button', { name: '绿涨红跌' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-colors', 'green-up');
  expect(await colours()).toEqual({ up: redUp.down, down: redUp.up });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-colors', 'green-up');
  expect(await colours()).toEqual({ up: redUp.down, down: redUp.up });
});
