import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { sessionSchema } from '../../src/contract/session';

/**
 * The cookies the dashboard sets, attribute by attribute: in OIDC mode the sign-in's own cookie and the
 * session cookie are HttpOnly, SameSite=Lax, Path=/, and Secure exactly when OIDC_REDIRECT_URI is https
 * (the dashboard is reached over TLS); in proxy mode the proxy names the user on every request and the
 * dashboard sets no cookie at all. The OIDC flow runs for real against a local provider (oidc-provider,
 * its development login form).
 */

const CLIENT = { id: 'cookie-test', secret: 'cookie-test-client-secret-0123456789' };
const SECRET = 'c'.repeat(32);
const HTTPS_REDIRECT = 'https://dash.example/bff/auth/callback';
const HTTP_REDIRECT = 'http://127.0.0.1:8080/bff/auth/callback';

let server: Server;
let issuer = '';

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  issuer = `http://127.0.0.1:${address.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [HTTPS_REDIRECT, HTTP_REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, name: id }) }),
    claims: { openid: ['sub'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-test-provider-key-0123456789'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case → value ('' for flags). */
  attributes: Map<string, string>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    if (i === -1) attributes.set(attr.toLowerCase(), '');
    else attributes.set(attr.slice(0, i).toLowerCase(), attr.slice(i + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

function setCookies(res: { headers: Record<string, unknown> }): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines.map((line) => parseSetCookie(String(line)));
}

function cookieNamed(res: LightMyRequestResponse, name: string): SetCookie {
  const found = setCookies(res).find((c) => c.name === name && c.value !== '');
  if (found === undefined) throw new Error(`no ${name} cookie set: ${String(res.headers['set-cookie'])}`);
  return found;
}

/** The attributes a cookie of this dashboard must carry. */
function expectFlags(cookie: SetCookie, secure: boolean): void {
  expect({ name: cookie.name, httpOnly: cookie.attributes.has('httponly') }).toEqual({
    name: cookie.name,
    httpOnly: true,
  });
  expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
  expect(cookie.attributes.get('path')).toBe('/');
  expect(cookie.attributes.has('secure')).toBe(secure);
  // Not readable by other hosts: no Domain attribute widens it beyond the dashboard's own name.
  expect(cookie.attributes.has('domain')).toBe(false);
}

/** Provider-side browser: follows its redirects with a cookie jar until it points back at the dashboard. */
async function signInAtProvider(authorizeUrl: string, login: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body === undefined ? {} : { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const c = parseSetCookie(line);
      jar.set(c.name, c.value);
    }
    const location = res.headers.get('location');
    if (location !== null) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectPrefix)) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    // A form of the development interactions: the login form, then the consent form.
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || prompt === undefined)
      throw new Error(`unexpected page: ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
    ).toString();
  }
  throw new Error('the provider never sent the browser back');
}

describe.each([
  ['https', HTTPS_REDIRECT, true],
  ['http', HTTP_REDIRECT, false],
])('OIDC mode with an %s redirect URI', (_scheme, redirectUri, secure) => {
  let app: FastifyInstance;
  const host = new URL(redirectUri).host;

  beforeAll(async () => {
    app = createApp({
      config: testConfig({
        AUTH_MODE: 'oidc',
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
        OIDC_REDIRECT_URI: redirectUri,
        SESSION_SECRET: SECRET,
      }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'cookie-test-key-123' },
      mode: 'live',
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it(`the sign-in and session cookies are HttpOnly, SameSite=Lax, Path=/${secure ? ', Secure' : ', not Secure'}`, async () => {
    const login = await app.inject({
      method: 'GET',
      url: '/bff/auth/login?return=/watchlists',
      headers: { host },
    });
    expect(login.statusCode).toBe(302);
    const loginCookie = cookieNamed(login, 'md_login');
    expectFlags(loginCookie, secure);
    const location = login.headers['location'];
    if (typeof location !== 'string') throw new Error('no redirect to the provider');

    const back = await signInAtProvider(location, 'alice', redirectUri);
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { host, cookie: `md_login=${loginCookie.value}` },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers['location']).toBe('/watchlists');
    const session = cookieNamed(callback, 'md_session');
    expectFlags(session, secure);
    expect(Number(session.attributes.get('max-age'))).toBe(12 * 3600);
    // The sign-in's own cookie is cleared on the same path it was set on.
    const cleared = setCookies(callback).find((c) => c.name === 'md_login');
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('path')).toBe('/');

    // The cookie is the session: it signs Alice in, and signing out clears it on the same path.
    const who = await app.inject({
      method: 'GET',
      url: '/bff/session',
      headers: { host, cookie: `md_session=${session.value}` },
    });
    const parsed = sessionSchema.parse(who.json());
    expect(parsed.user).toMatchObject({ id: 'alice' });
    if (parsed.csrf === null) throw new Error('no CSRF token');
    const logout = await app.inject({
      method: 'POST',
      url: '/bff/auth/logout',
      headers: { host, cookie: `md_session=${session.value}`, 'x-csrf-token': parsed.csrf },
    });
    expect(logout.statusCode).toBe(204);
    const gone = setCookies(logout).find((c) => c.name === 'md_session');
    expect(gone?.value).toBe('');
    expect(gone?.attributes.get('path')).toBe('/');
  });
});

describe('proxy mode', () => {
  it('sets no cookie: the proxy names the user on every request, the CSRF token needs no cookie', async () => {
    const app = createApp({
      config: testConfig({ AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.1', SESSION_SECRET: SECRET }),
      upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'cookie-test-key-123' },
      mode: 'live',
      logger: false,
    });
    try {
      const user = { 'x-forwarded-user': 'ann' };
      const session = await app.inject({ method: 'GET', url: '/bff/session', headers: user });
      const { csrf } = sessionSchema.parse(session.json());
      if (csrf === null) throw new Error('no CSRF token');
      const created = await app.inject({
        method: 'POST',
        url: '/bff/watchlists',
        headers: { ...user, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Mine' }),
      });
      expect(created.statusCode).toBe(201);
      const others = await Promise.all(
        ['/', '/watchlists', '/bff/watchlists', '/bff/auth/login'].map((url) =>
          app.inject({ method: 'GET', url, headers: user }),
        ),
      );
      for (const res of [session, created, ...others]) expect(setCookies(res)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
