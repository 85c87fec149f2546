import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { APP_PORT, PROXY_PORT, TRUSTED_PROXY } from './e2e/auth/ports';
import base, { chromium } from './playwright.config';

/**
 * Sign-in end to end, in Chromium: the dashboard in AUTH_MODE=oidc against a local OpenID Connect
 * provider (e2e/auth/auth-stack.ts), and a second one in AUTH_MODE=proxy that trusts only a proxy at
 * another address than the browser's. Separate from the default run, which stays without sign-in;
 * `npm test` runs both.
 * `npx vite build && CI=true E2E_PORT=<port> npx playwright test -c playwright.auth.config.ts`.
 */

const baseURL = `http://127.0.0.1:${APP_PORT}`;

export default defineConfig({
  ...base,
  testDir: 'e2e/auth',
  testIgnore: [],
  // One browser, all of this folder's specs (the default config's projects split its own folder).
  workers: 1,
  projects: [{ name: 'chromium', use: chromium }],
  use: { ...base.use, baseURL },
  webServer: [
    {
      command: 'npx tsx e2e/auth/auth-stack.ts',
      url: `${baseURL}/bff/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(APP_PORT) },
    },
    {
      command: 'npx tsx server/index.ts',
      url: `http://127.0.0.1:${PROXY_PORT}/bff/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PROXY_PORT),
        HOST: '127.0.0.1',
        MARKET_API_KEY: '',
        MARKET_API_BASE_URL: '',
        SIM_NOW: process.env['E2E_SIM_NOW'] ?? '2026-07-15T10:10:00+08:00',
        LOG_LEVEL: 'warn',
        STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
        // The simulator's market dumps hold a few hundred stocks (the whole market takes a minute of both cores).
        SIM_DUMP_CODES: 'first:300',
        SIM_DUMP_DIR: path.join(os.tmpdir(), 'market-dashboard-e2e-dumps'),
        WATCHLIST_DB: path.join(os.tmpdir(), `market-dashboard-e2e-proxy-${Date.now()}.sqlite`),
        AUTH_MODE: 'proxy',
        TRUSTED_PROXIES: TRUSTED_PROXY,
        SESSION_SECRET: 'e2e-proxy-secret-0123456789abcdefghij',
      },
    },
  ],
});
