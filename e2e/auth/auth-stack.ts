import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import Provider from 'oidc-provider';
import { APP_PORT, ISSUER_PORT } from './ports';

/**
 * The sign-in e2e's servers: a local OpenID Connect provider (oidc-provider, its development login
 * form: any login name signs in as that user) on loopback, and the dashboard in AUTH_MODE=oidc pointed
 * at it. Started by playwright.auth.config.ts; both stop with this process.
 */

const appPort = APP_PORT;
const issuerPort = ISSUER_PORT;
const issuer = `http://127.0.0.1:${issuerPort}`;
const appUrl = `http://127.0.0.1:${appPort}`;
export const CLIENT = { id: 'dashboard-e2e', secret: 'e2e-client-secret-not-for-production' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uris: [`${appUrl}/bff/auth/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  // The development login form: the login name is the user.
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: id, name: id, preferred_username: id }),
  }),
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
  pkce: { required: () => true },
  cookies: { keys: ['e2e-cookie-key-0123456789abcdef'] },
});
provider.on('server_error', (_ctx, err) => console.error('oidc-provider:', err));

const server = provider.listen(issuerPort, '127.0.0.1');
server.on('listening', () => {
  const app = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'index.ts')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      MARKET_API_KEY: '',
      MARKET_API_BASE_URL: '',
      SIM_NOW: process.env['E2E_SIM_NOW'] ?? '2026-07-15T10:10:00+08:00',
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
      WATCHLIST_DB: path.join(os.tmpdir(), `market-dashboard-e2e-auth-${Date.now()}.sqlite`),
      AUTH_MODE: 'oidc',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      OIDC_REDIRECT_URI: `${appUrl}/bff/auth/callback`,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdefghij',
      ADMIN_USERS: 'alice',
    },
  });
  const stop = () => {
    app.kill('SIGTERM');
    server.close();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  app.on('exit', (code) => {
    server.close();
    process.exit(code ?? 0);
  });
});
