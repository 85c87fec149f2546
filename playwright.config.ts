import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built app (`vite build` first): the real server in simulated mode with a
 * pinned clock, in Debian's Chromium (browser downloads are impossible here).
 */

const port = Number(process.env['E2E_PORT'] ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env['CI']);

/**
 * Debian's Chromium. Its headless shell (Debian's `chromium-headless-shell`, what Playwright itself runs
 * for headless tests) when installed: the same engine without the full browser around it, a third less
 * CPU for the same specs (e2e/hot, limit-up, options and dragon-tiger: 207 → 138 CPU-seconds).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath =
  process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's Chromium with the flags this machine needs (the other configs use it too). */
export const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
    ],
  },
};

/**
 * Sign-in and several replicas run against servers of their own (playwright.auth.config.ts,
 * playwright.cluster.config.ts).
 */
const OWN_SERVERS = ['auth/**', 'cluster/**'];

/** Specs that run one at a time, after the others (see the projects below). */
const SERIAL = ['intraday-chart.spec.ts', 'news.spec.ts', 'watchlists-live.spec.ts'].map(
  (file) => `**/${file}`,
);

export default defineConfig({
  testDir: 'e2e',
  testIgnore: OWN_SERVERS,
  fullyParallel: false,
  forbidOnly: ci,
  retries: 0,
  // Two browsers on a 2-core machine: the pages wait on the server as much as they compute
  // (E2E_WORKERS overrides).
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  // The HTML report keeps what tests attach (the responsive spec's screenshots): playwright-report/.
  reporter: [['list'], ['html', { open: 'never' }]],
  // Guards against a hang, not a speed check: a busy 2-core machine runs the longest spec in ~35 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'zh-CN',
    // The app must show Shanghai time whatever the browser's zone: test from somewhere else.
    timezoneId: 'America/New_York',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Most specs: their own contexts on the one server, side by side.
    { name: 'chromium', testIgnore: [...OWN_SERVERS, ...SERIAL], use: chromium },
    // Alone, one at a time (`npm test` runs this project in a step after the other): specs that move the
    // server's clock (every other page would see it move) or measure time. The page budgets (counts, not
    // timings) and the specs with servers of their own (on ports of their own) run with the others:
    // they mostly wait, and alone they took 221 s of the run with one core idle.
    { name: 'serial', testMatch: SERIAL, use: chromium, workers: 1 },
  ],
  webServer: {
    command: 'npx tsx server/index.ts',
    url: `${baseURL}/bff/health`,
    reuseExistingServer: !ci,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Blank means unset: always the simulator, even on a machine that has a real key configured.
      MARKET_API_KEY: '',
      MARKET_API_BASE_URL: '',
      SIM_NOW: process.env['E2E_SIM_NOW'] ?? '2026-07-15T10:10:00+08:00',
      // The news spec lets server time pass while a page is open (PUT /bff/test/clock, loopback only).
      SIM_CLOCK_CONTROL: 'on',
      LOG_LEVEL: 'warn',
      // A private build folder lets several checkouts' e2e runs share one machine.
      STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
      // The simulator's market dumps hold a few hundred stocks (the whole market takes a minute of both cores).
      SIM_DUMP_CODES: 'first:300',
      SIM_DUMP_DIR: path.join(os.tmpdir(), 'market-dashboard-e2e-dumps'),
      // The research panel and the minute tape of this run (the server fills them from the dumps).
      RESEARCH_DB: path.join(os.tmpdir(), `market-dashboard-e2e-${Date.now()}.duckdb`),
      DUMP_DIR: path.join(os.tmpdir(), `market-dashboard-e2e-${Date.now()}-dumps`),
      // A fresh store per run, so watchlist tests never see a previous run's lists.
      WATCHLIST_DB: path.join(os.tmpdir(), `market-dashboard-e2e-${Date.now()}.sqlite`),
      // Each run starts cold and asks only for what its pages ask (e2e/first-load.spec.ts starts servers
      // of its own with both on).
      ANSWER_CACHE_DB: 'off',
      WARM_CACHE: 'off',
      // Every spec writes from 127.0.0.1 without sign-in: one client to the write limit.
      WRITE_RATE_LIMIT_PER_MIN: '100000',
    },
  },
});
