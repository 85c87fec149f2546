import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * The stock view's intraday tab on the simulator pinned at 2026-07-15 10:10 Shanghai. The restricted
 * operations (high-frequency, capital flow) are closed on the suite's server, as with a key that is not
 * authorised; a second server started here with SIM_RESTRICTED=open answers them.
 */

const STOCK = '600519.SH';
// The candles are chosen: in the suite's session the chart would open on the intraday line.
const INTRADAY = `/stock/${STOCK}?tab=intraday&chart=daily`;

test('with the restricted operations closed the tab says not authorised and the page works', async ({
  app,
  page,
}) => {
  await app.open(INTRADAY);
  await expect(page.getByRole('tab', { name: '分时资金' })).toHaveAttribute('aria-selected', 'true');
  const note = page.getByTestId('intraday-forbidden');
  await expect(note).toContainText('未授权');
  await expect(note).toContainText('2003');
  // Once, and the rest of the page is untouched: quote, candles, the other tabs.
  await expect(page.getByTestId('intraday-forbidden')).toHaveCount(1);
  await expect(page.getByTestId('stock-header').getByTestId('quote-last')).toHaveText(/\d/);
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await page.getByRole('tab', { name: '龙虎榜' }).click();
  await expect(page.getByTestId('intraday')).toHaveCount(0);
});

test.describe('with the restricted operations open', () => {
  let server: ChildProcess | undefined;
  let base = '';

  test.beforeAll(async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        MARKET_API_KEY: '',
        MARKET_API_BASE_URL: '',
        SIM_NOW: process.env['E2E_SIM_NOW'] ?? '2026-07-15T10:10:00+08:00',
        SIM_RESTRICTED: 'open',
        LOG_LEVEL: 'warn',
        STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
        WATCHLIST_DB: path.join(os.tmpdir(), `market-dashboard-e2e-open-${Date.now()}.sqlite`),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server = child;
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = / at (http:\/\/[\d.]+:\d+)\//.exec(out)?.[1];
        if (url) resolve(url);
      });
      child.on('exit', (code) => reject(new Error(`the open server exited (${code}): ${out}`)));
    });
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('the tab draws the minute line and the capital flow by order size', async ({ app, page }) => {
    await app.open(`${base}${INTRADAY}`);
    await expect(page.getByRole('tab', { name: '分时资金' })).toHaveAttribute('aria-selected', 'true');
    const chart = page.getByTestId('intraday-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    // Direction, main-force and retail lines, with a point per minute of the morning so far.
    await expect(chart).toHaveAttribute('data-series-count', '3');
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(60);
    await expect(page.getByTestId('intraday-forbidden')).toHaveCount(0);
    const flow = page.getByRole('table', { name: '按单型的资金流向' });
    await expect(flow.locator('tbody tr')).toHaveCount(4);
    await expect(flow.locator('tbody tr').first()).toContainText('超大单');
  });
});
