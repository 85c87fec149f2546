import { expect, test } from './fixtures';
import { AuctionPage } from './pages/auction';

/**
 * The call-auction page on the simulator pinned at 2026-07-15 10:10 Shanghai (after the 09:25 match,
 * so both stages answer the final figures), from a browser in New York.
 */

/** `count` distinct well-formed Shanghai codes. */
function codes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `600${String(i).padStart(3, '0')}.SH`);
}

test('a deep link with the live stage, a duplicate and a benchmark day renders that state and survives reload', async ({
  app,
  page,
}) => {
  const auction = new AuctionPage(app);
  await auction.open('/auction?codes=600519.SH,300033.SZ,600519.SH&stage=live&date=2026-07-14');

  const check = async () => {
    await expect(auction.stage('实时竞价')).toHaveAttribute('aria-pressed', 'true');
    await expect(auction.indicative).toContainText('虚拟参考价');
    await expect(auction.duplicates).toContainText('重复代码已移除');
    await expect(auction.duplicates).toContainText('600519.SH');
    await expect(auction.rows(auction.snapshotTable)).toHaveCount(2);
    expect(await auction.column(auction.snapshotTable, 1)).toEqual(['贵州茅台', '同花顺']);
    await expect(auction.phase).toHaveAttribute('data-value', 'final');
    await expect(auction.dataStatus).toHaveText('就绪');
    await expect(auction.benchDate).toHaveAccessibleName('日期: 2026-07-14');
    await expect(auction.benchOf).toContainText('2026-07-14');
    await expect(auction.rows(auction.benchTable).first()).toBeVisible();
  };
  await check();
  await page.reload();
  await check();
  await expect(page).toHaveURL(/stage=live/);
});

test('101 tokens are refused with the limit named before any request is sent', async ({ app }) => {
  const auction = new AuctionPage(app);
  const requests = auction.watchSnapshotRequests();
  await auction.open('/auction');
  await expect(auction.idle).toBeVisible();

  // 100 distinct codes and one duplicate: the service counts tokens before removing duplicates.
  const tokens = [...codes(100), '600000.SH'];
  await auction.input.fill(tokens.join('\n'));
  await expect(auction.count).toHaveText('101 / 100 个代码');
  await expect(auction.tooMany).toContainText('最多 100 个代码 / at most 100 codes');
  await expect(auction.submit).toBeDisabled();

  // A link carrying them is refused the same way.
  await auction.open(`/auction?codes=${tokens.join(',')}`);
  await expect(auction.tooMany).toContainText('最多 100 个代码 / at most 100 codes');
  await expect(auction.idle).toContainText('未发送请求');

  // One fewer token is accepted and requested as a de-duplicated list.
  await auction.input.fill(tokens.slice(0, 100).join(' '));
  await expect(auction.tooMany).toHaveCount(0);
  expect(requests).toEqual([]);
  await auction.submit.click();
  await expect(auction.snapshot).toBeVisible();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
});

test('bare codes are completed, duplicates removed and malformed codes flagged, not sent', async ({
  app,
  page,
}) => {
  const auction = new AuctionPage(app);
  const requests = auction.watchSnapshotRequests();
  await auction.open('/auction');
  await auction.input.fill('600519.sh, 600519.SH\n600519；abc 000001.SZ');
  await auction.input.press('Control+Enter');

  await expect(auction.resolved).toContainText('600519 → 600519.SH');
  await expect(auction.duplicates).toContainText('600519.SH');
  await expect(auction.duplicates).toContainText('×2');
  await expect(auction.flag('ABC')).toContainText('不是 A 股代码格式');
  await expect(auction.rows(auction.snapshotTable)).toHaveCount(2);
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  for (const url of requests) {
    expect(new URL(url).searchParams.get('thscodes')).toBe('600519.SH,000001.SZ');
  }
  await expect(page).toHaveURL(/codes=/);
});

test('one ETF does not fail the batch: 600519 and 000001.SZ are shown, 510300.SH is flagged', async ({
  app,
}) => {
  const auction = new AuctionPage(app);
  const requests = auction.watchSnapshotRequests();
  await auction.open('/auction?codes=600519,510300.SH,000001.SZ');
  await expect(auction.rows(auction.snapshotTable)).toHaveCount(2);
  expect(await auction.column(auction.snapshotTable, 0)).toEqual(['600519.SH', '000001.SZ']);
  await expect(auction.flag('510300.SH')).toContainText('集合竞价只查 A 股');
  await expect(auction.flag('510300.SH')).toContainText('ETF');
  for (const url of requests) {
    expect(new URL(url).searchParams.get('thscodes')).toBe('600519.SH,000001.SZ');
  }
  // A well-formed code that is no A-share is flagged the same way, with the one it likely meant.
  await auction.open('/auction?codes=600519.SZ,000001.SZ');
  await expect(auction.flag('600519.SZ')).toContainText('不是存在的 A 股（是否为 600519.SH？）');
  await expect(auction.rows(auction.snapshotTable)).toHaveCount(1);
});

test('the top of the hot list fills the codes', async ({ app, page }) => {
  const auction = new AuctionPage(app);
  await auction.open('/auction');
  await app.main.getByTestId('codes-from-hot').click();
  await expect(auction.rows(auction.snapshotTable)).toHaveCount(20);
  await expect(auction.count).toHaveText('20 / 100 个代码');
  await page.reload();
  await expect(auction.rows(auction.snapshotTable)).toHaveCount(20);
});

test('a non-trading benchmark day is explained without a request, with links to the nearest trading days', async ({
  app,
  page,
}) => {
  const auction = new AuctionPage(app);
  await auction.open('/auction?date=2026-07-12');
  await expect(auction.benchDayProblem).toContainText('2026-07-12（周日）不是交易日');
  await auction.benchDayProblem.getByRole('link', { name: '2026-07-13（周一）' }).click();
  await expect(page).toHaveURL(/date=2026-07-13/);
  await expect(auction.benchOf).toContainText('2026-07-13');
  await expect(auction.rows(auction.benchTable).first()).toBeVisible();
});

test("the copied link of today's benchmark names its day", async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const auction = new AuctionPage(app);
  await auction.open('/auction');
  await expect(auction.benchOf).toContainText('2026-07-15');
  await app.main.getByRole('button', { name: /复制链接/ }).click();
  await expect(app.main.getByRole('button', { name: /已复制/ })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).searchParams.get('date')).toBe('2026-07-15');
  await expect(page).not.toHaveURL(/date=/);
});
