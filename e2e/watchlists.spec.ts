import { readFile } from 'node:fs/promises';
import { expect, test, watchErrors } from './fixtures';
import { WatchlistsPage } from './pages/watchlists';

/**
 * Watchlists end to end on the simulator pinned at 2026-07-15 10:10 Shanghai (continuous trading):
 * build a list with the keyboard, reorder, note, reload, CSV round trip, share link in a fresh context.
 * Names are unique per run so the spec never depends on lists other specs made.
 */

const RUN = Date.now().toString(36);

/** Five instruments of four asset types, each typed as a reader would. */
const INSTRUMENTS = [
  { typed: '600519', code: '600519.SH' },
  { typed: '000001.SZ', code: '000001.SZ' },
  { typed: '510300', code: '510300.SH' },
  { typed: '110022', code: '110022.OF' },
  { typed: 'IF2609', code: 'IF2609.CFX' },
] as const;

test('build a list with the keyboard, reorder, note, reload; CSV out and back in; share to a fresh browser', async ({
  page,
  browser,
}) => {
  const lists = new WatchlistsPage(page);
  const name = `E2E 自选 ${RUN}`;

  await lists.openIndex();
  await lists.create(name);

  for (const { typed, code } of INSTRUMENTS) await lists.addByKeyboard(typed, code);
  expect(await lists.codes()).toEqual(INSTRUMENTS.map((i) => i.code));

  // Live columns by asset type: a price for the stock, the ETF, the fund's net value and the futures close.
  for (const code of ['600519.SH', '510300.SH', '110022.OF', 'IF2609.CFX']) {
    await expect(await lists.cell(code, '最新')).toHaveText(/\d/);
  }

  // Reorder with the keyboard: the ETF one up, announced.
  await lists.handle('510300.SH').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(lists.announcer).toContainText('已移到第 2 位，共 5 项');
  await expect(lists.handle('510300.SH')).toBeFocused();
  await expect
    .poll(() => lists.codes())
    .toEqual(['600519.SH', '510300.SH', '000001.SZ', '110022.OF', 'IF2609.CFX']);
  // And by dragging: the futures contract onto the top half of the first row.
  await lists.handle('IF2609.CFX').dragTo(lists.row('600519.SH'), { targetPosition: { x: 40, y: 3 } });
  await expect
    .poll(() => lists.codes())
    .toEqual(['IF2609.CFX', '600519.SH', '510300.SH', '000001.SZ', '110022.OF']);

  await lists.editNote('600519.SH', '目标价 1800, "分批"');
  await lists.editNote('110022.OF', '=定投');

  const before = await lists.items();
  await page.reload();
  await lists.ready();
  await expect(lists.rows()).toHaveCount(5);
  expect(await lists.items()).toEqual(before);

  // Export the codes and notes.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出清单', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`E2E_自选_${RUN}.csv`);
  const file = await download.path();
  const csv = await readFile(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFthscode,name,note');

  // Delete the list (with its confirmation), then import the file: the same items come back.
  await page.getByRole('button', { name: '删除清单' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`确定删除「${name}」及其中的 5 个品种吗？`);
  await page.getByRole('button', { name: '确定删除' }).click();
  await expect(page).toHaveURL(/\/watchlists$/);
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: '导入 CSV' }).click();
  await page.getByTestId('import-file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByTestId('import-status')).toHaveText('5 个品种可以保存');
  await expect(page.getByLabel('清单名称')).toHaveValue(`E2E_自选_${RUN}`);
  await page.getByLabel('清单名称').fill(name);
  await page.getByRole('button', { name: '保存为新清单' }).click();
  await expect(page).toHaveURL(/\/watchlists\/\d+$/);
  await expect(lists.title).toHaveText(name);
  await expect(lists.rows()).toHaveCount(5);
  expect(await lists.items()).toEqual(before);

  // Share: the link opens a preview in a browser that has never seen the list.
  await page.getByRole('button', { name: '分享' }).click();
  const link = await lists.shareLink.inputValue();
  expect(link).toMatch(/\/watchlists\/import\?/);

  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York' });
  try {
    const other = await context.newPage();
    const errors = await watchErrors(other);
    const shared = new WatchlistsPage(other);
    await other.goto(link);
    await shared.ready();
    await expect(other.getByRole('heading', { level: 1, name: '别人分享的清单' })).toBeVisible();
    await expect(other.getByTestId('import-status')).toHaveText('5 个品种可以保存');
    await expect(other.getByTestId('import-row').first()).toContainText('沪深300股指2609');
    // The shared name is taken on this server, so the preview proposes a free one.
    await expect(other.getByLabel('清单名称')).toHaveValue(`${name} (2)`);
    await other.getByRole('button', { name: '保存为新清单' }).click();
    await expect(other).toHaveURL(/\/watchlists\/\d+$/);
    await expect(shared.title).toHaveText(`${name} (2)`);
    await expect(shared.rows()).toHaveCount(5);
    expect(await shared.items()).toEqual(before);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('two tabs: the stale one gets a conflict, re-applies its move on top, and no item is lost', async ({
  page,
  browser,
}) => {
  const lists = new WatchlistsPage(page);
  const name = `E2E 两个窗口 ${RUN}`;
  await lists.openIndex();
  await lists.create(name);
  await lists.addByKeyboard('600519', '600519.SH');
  await lists.addByKeyboard('000001.SZ', '000001.SZ');
  const url = page.url();

  // The second tab opens the list now and keeps showing this version: its live stream is down (it
  // opens, ends, and would reconnect only in an hour), as when the network drops for a while.
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'America/New_York' });
  await context.route('**/bff/watchlists/events', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 3600000\n\n' }),
  );
  try {
    const other = await context.newPage();
    // Its 409 answer is logged by Chromium as a failed resource; nothing else may be.
    const errors = await watchErrors(other);
    const stale = new WatchlistsPage(other);
    await other.goto(url);
    await stale.ready();
    await expect(stale.rows()).toHaveCount(2);

    // Meanwhile the first tab adds an item.
    await lists.addByKeyboard('510300', '510300.SH');

    await stale.handle('000001.SZ').focus();
    await other.keyboard.press('Alt+ArrowUp');
    await expect(
      other.getByRole('status').filter({ hasText: '已在最新版本上重新应用：移动 000001.SZ' }),
    ).toBeVisible();
    await expect.poll(() => stale.codes()).toEqual(['000001.SZ', '600519.SH', '510300.SH']);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  } finally {
    await context.close();
  }
  await page.reload();
  await lists.ready();
  await expect.poll(() => lists.codes()).toEqual(['000001.SZ', '600519.SH', '510300.SH']);
});

test('add to watchlist from the stock view header', async ({ page }) => {
  const lists = new WatchlistsPage(page);
  const name = `E2E 茅台 ${RUN}`;
  await page.goto('/stock/600519.SH');
  await lists.ready();
  await page.getByRole('button', { name: '加入自选' }).click();
  const panel = page.getByRole('dialog', { name: '加入自选清单' });
  await panel.getByRole('textbox', { name: '新清单名称' }).fill(name);
  await panel.getByRole('textbox', { name: '新清单名称' }).press('Enter');
  await expect(panel.getByRole('status')).toContainText(`已加入「${name}」`);
  await panel.getByRole('link', { name: '查看' }).click();
  await expect(lists.title).toHaveText(name);
  await expect.poll(() => lists.codes()).toEqual(['600519.SH']);
});
