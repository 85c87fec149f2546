import { defineConfig } from '@playwright/test';
import base, { chromium } from './playwright.config';

/**
 * Several replicas end to end, in Chromium: two servers on one Redis and one PostgreSQL database
 * (e2e/cluster/global-setup.ts starts them on free ports), a browser context on each. Separate from
 * the default run, which serves one process on SQLite; `npm test` runs both.
 * `npx vite build && npx playwright test -c playwright.cluster.config.ts`.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/cluster',
  testIgnore: [],
  // One browser, all of this folder's specs (the default config's projects split its own folder).
  workers: 1,
  projects: [{ name: 'chromium', use: chromium }],
  globalSetup: './e2e/cluster/global-setup.ts',
  webServer: undefined,
});
