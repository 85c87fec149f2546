import type { Page } from '@playwright/test';
import { expect, test, watchErrors } from './fixtures';
import { WatchlistsPage } from './pages/watchlists';

/**
 * Live lists: two browsers (separate contexts, as two analysts) show one list; what one changes
 * appears in the other within a second, through the server's change events, without a reload.
 */

const RUN = Date.now().toString(36);
/** From the write's answer in one browser to the change on the other's screen. */
const LIVE_WITHIN_MS = 1_000;

/** A mark on the page's window: still there later means the page was not loaded again. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { e2eLiveMark: 'kept' }));
}
async function windowMark(page: Page): Promise<unknown> {
  return page.evaluate(() => Reflect.get(window, 'e2eLiveMark'));
}

test('an item added, moved and removed in one browser appears in another within a second, without a reload', async ({
  page,
  browser,
}) => {
  const mine = new WatchlistsPage(page);
  await mine.openIndex();
  await mine.create(`E2E 实时 ${RUN}`);
  await mine.addByKeyboard('600519', '600519.SH');
  await mine.addByKeyboard('000001.SZ', '000001.SZ');
  await expect(mine.live).toHaveAttribute('data-state', 'live');
  await expect(mine.live).toHaveText('实时同步');
  const url = page.url();

  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York' });
  try {
    const other = await context.newPage();
    const errors = await watchErrors(other);
    let loads = 0;
    other.on('load', () => (loads += 1));
    const theirs = new WatchlistsPage(other);
    await other.goto(url);
    await theirs.ready();
    await expect(theirs.rows()).toHaveCount(2);
    await expect(theirs.live).toHaveAttribute('data-state', 'live');
    await markWindow(other);
    const loadsBefore = loads;

    // Added here: there within a second.
    await mine.addByKeyboard('510300', '510300.SH');
    await expect(theirs.rows()).toHaveCount(3, { timeout: LIVE_WITHIN_MS });
    expect(await theirs.codes()).toEqual(['600519.SH', '000001.SZ', '510300.SH']);

    // Moved here (the ETF to the top, with the keyboard): there in the new order within a second.
    await mine.handle('510300.SH').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => mine.codes()).toEqual(['510300.SH', '600519.SH', '000001.SZ']);
    await expect
      .poll(() => theirs.codes(), { timeout: LIVE_WITHIN_MS })
      .toEqual(['510300.SH', '600519.SH', '000001.SZ']);

    // Removed here: gone there within a second.
    await mine
      .row('600519.SH')
      .getByRole('button', { name: /从清单移除/ })
      .click();
    await expect(mine.rows()).toHaveCount(2);
    await expect(theirs.row('600519.SH')).toHaveCount(0, { timeout: LIVE_WITHIN_MS });
    expect(await theirs.codes()).toEqual(['510300.SH', '000001.SZ']);

    // All of it without loading the page again.
    expect(await windowMark(other)).toBe('kept');
    expect(loads).toBe(loadsBefore);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the index shows a list created in another browser, and the indicator reads English too', async ({
  page,
  browser,
}) => {
  const mine = new WatchlistsPage(page);
  await mine.openIndex();
  await expect(mine.live).toHaveAttribute('data-state', 'live');
  await markWindow(page);

  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' });
  // This analyst reads the dashboard in English (the language setting, remembered in the browser).
  await context.addInitScript(() => localStorage.setItem('md.lang', 'en'));
  try {
    const other = await context.newPage();
    const errors = await watchErrors(other);
    const theirs = new WatchlistsPage(other);
    await other.goto('/watchlists');
    await theirs.ready();
    await expect(theirs.live).toHaveAttribute('data-state', 'live');
    const name = `E2E elsewhere ${RUN}`;
    // Created through the other browser's page, in English.
    await other.getByLabel('Name of the new list').fill(name);
    await other.getByLabel('Name of the new list').press('Enter');
    await expect(other).toHaveURL(/\/watchlists\/\d+$/);
    await expect(theirs.live).toHaveText('Live');

    await expect(page.getByRole('link', { name, exact: true })).toBeVisible({ timeout: LIVE_WITHIN_MS });
    expect(await windowMark(page)).toBe('kept');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
