import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/explorer';

/**
 * The API explorer against the server on the simulator pinned at 2026-07-15 10:10 Shanghai: a link
 * with parameters repeats its request after a reload, a request the BFF would refuse never leaves the
 * browser, and the copied curl (no key) gives the same data as the page received.
 */

const HOT = '/api/a-share/special-data/hot-stock-list';

test('the index lists every operation by group and filters by path, tool name or description', async ({
  app,
  page,
}) => {
  await app.open('/explorer');
  await expect(app.main.getByRole('heading', { level: 1, name: 'API 浏览器' })).toBeVisible();
  await expect(app.main.locator('a.xp-op-link')).toHaveCount(89);
  await expect(app.main.getByText('共 89 个操作，4 个受限')).toBeVisible();

  const filter = app.main.getByRole('searchbox', { name: '筛选操作' });
  await filter.fill('get_futures_basis');
  await expect(app.main.locator('a.xp-op-link')).toHaveText([
    '/api/futures/basis/main-continuous-latest',
    '/api/futures/basis/historical',
  ]);
  await expect(page).toHaveURL(/\/explorer\?q=get_futures_basis$/);
  // Keyboard: Enter opens the first match.
  await filter.press('Enter');
  await expect(page).toHaveURL(/\/explorer\/futures\/basis\/main-continuous-latest$/);
  await expect(app.main.getByRole('heading', { level: 1 })).toHaveText(
    '/api/futures/basis/main-continuous-latest',
  );
});

test('a form filled in and sent with Ctrl+Enter lands in the URL, and a reload repeats the same request', async ({
  app,
  page,
}) => {
  const explorer = new ExplorerPage(app);
  await explorer.open('/explorer/a-share/special-data/hot-stock-list');
  await expect(app.main.getByTestId('answer-idle')).toBeVisible();
  await explorer.field('period').selectOption('hour');
  await explorer.field('limit').fill('10');
  expect(explorer.callsTo(HOT)).toEqual([]);

  await explorer.field('limit').press('Control+Enter');
  await expect(explorer.answerCode).toHaveText('0');
  await expect(page).toHaveURL(
    /\/explorer\/a-share\/special-data\/hot-stock-list\?period=hour&limit=10&run=1$/,
  );
  expect(explorer.callsTo(HOT)).toEqual([`${HOT}?period=hour&limit=10`]);
  await expect(explorer.table.locator('tbody tr')).toHaveCount(10);
  const names = await explorer.column(3);

  await page.reload();
  await expect(explorer.answerCode).toHaveText('0');
  await expect(explorer.field('period')).toHaveValue('hour');
  await expect(explorer.field('limit')).toHaveValue('10');
  expect(explorer.callsTo(HOT)).toEqual([`${HOT}?period=hour&limit=10`, `${HOT}?period=hour&limit=10`]);
  await expect(explorer.answerUrl).toHaveText(`GET ${HOT}?period=hour&limit=10`);
  expect(await explorer.column(3)).toEqual(names);
});

test('a deep link with times shows them as Shanghai dates and its answer with Shanghai timestamps', async ({
  app,
}) => {
  const explorer = new ExplorerPage(app);
  const start = Date.parse('2026-07-01T00:00:00+08:00');
  const end = Date.parse('2026-07-15T00:00:00+08:00');
  await explorer.open(
    `/explorer/a-share/prices/historical?thscode=600519.SH&start=${start}&end=${end}&run=1`,
  );
  await expect(explorer.answerCode).toHaveText('0');
  // The browser is in New York; the form and the table read Shanghai time.
  await expect(app.main.getByTestId('shanghai-start')).toHaveText('北京时间 2026-07-01 00:00:00');
  await expect(explorer.table.locator('tbody tr').first().locator('td').first()).toHaveText(
    `2026-07-01 00:00:00 ${start}`,
  );
  await expect(app.main.getByTestId('schema-ok')).toBeVisible();
});

test('a missing required parameter is refused in the browser with 1001 and its name, and nothing is sent', async ({
  app,
}) => {
  const explorer = new ExplorerPage(app);
  const path = '/api/a-share/prices/historical';
  await explorer.open('/explorer/a-share/prices/historical?thscode=600519.SH&end=1784044800000');
  await explorer.send.click();
  await expect(explorer.refusal).toContainText("1001 · Parameter 'start' is required");
  await expect(explorer.field('start')).toHaveAttribute('aria-invalid', 'true');
  await expect(explorer.field('start')).toBeFocused();
  await expect(app.main.getByTestId('answer-idle')).toBeVisible();
  expect(explorer.callsTo(path)).toEqual([]);

  // A link that asks to send the same request is refused the same way on arrival.
  await explorer.open('/explorer/a-share/prices/historical?thscode=600519.SH&end=1784044800000&run=1');
  await expect(explorer.refusal).toContainText('1001');
  await expect(app.main.getByTestId('answer-idle')).toBeVisible();
  expect(explorer.callsTo(path)).toEqual([]);
});

test('the copied curl carries no key and, run against the server, returns the same data', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const explorer = new ExplorerPage(app);
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === HOT);
  await explorer.open('/explorer/a-share/special-data/hot-stock-list?period=hour&limit=5&run=1');
  const pageBody: unknown = await (await answer).json();
  await expect(explorer.answerCode).toHaveText('0');

  await explorer.copyCurl.click();
  await expect(explorer.copyCurl).toHaveText(/已复制/);
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl /);
  expect(curl).toContain(`${new URL(page.url()).origin}${HOT}?period=hour&limit=5`);
  expect(curl.toLowerCase()).not.toMatch(/key|authorization/);

  const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
  const curlBody: unknown = JSON.parse(stdout);
  expect(curlBody).toMatchObject({ code: 0 });
  const dataOf = (body: unknown) =>
    typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  expect(dataOf(curlBody)).toEqual(dataOf(pageBody));
  expect(dataOf(curlBody)).not.toBeNull();
});
