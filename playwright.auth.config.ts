import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Sign-in end to end: the dashboard in AUTH_MODE=oidc against a local OpenID Connect provider
 * (e2e/auth/auth-stack.ts), in Chromium. Separate from the default run, which stays without sign-in.
 * `npx vite build && CI=true E2E_PORT=<port> npx playwright test -c playwright.auth.config.ts`.
 */

const port = Number(process.env['E2E_PORT'] ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: 'e2e/auth',
  testIgnore: [],
  use: { ...base.use, baseURL },
  webServer: {
    command: 'npx tsx e2e/auth/auth-stack.ts',
    url: `${baseURL}/bff/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
