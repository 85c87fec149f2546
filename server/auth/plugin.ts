import { BlockList, isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE_PATH } from '../../src/contract/operation';
import { ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import {
  CALLBACK_PATH,
  CSRF_HEADER,
  LOGIN_PATH,
  LOGOUT_PATH,
  SESSION_PATH,
  isLocalPath,
  type Session,
} from '../../src/contract/session';
import { WATCHLISTS_BASE_PATH, type WatchlistErrorCode } from '../../src/contract/watchlists';
import { HEALTH_PATHS } from '../../src/contract/health';
import { MARKET_DATA_BASE_PATH, MARKET_DATA_DUMPS_PATH } from '../../src/contract/market-data';
import { HK_IPO_FEED_BASE_PATH, HK_IPO_FILES_BASE_PATH } from '../../src/contract/calendar-files';
import type { AuthConfig } from '../config';
import { isAllowedHost } from './hosts';
import { LOCAL_USER } from './identity';
import { createOidcClient, type OidcClient } from './oidc';
import { csrfToken, sameToken } from './tokens';

/**
 * Sign-in and request admission, installed on the root app before any plugin, so that every route
 * (the /api gateway, the watchlists, the SPA's files) is behind it:
 *
 * 1. `Host` must be one of the allowed names (DNS rebinding), else 421 before anything else runs; the
 *    load balancer's probes (`/healthz`, `/readyz`) are exempt: they are asked by address, and they
 *    tell nothing but check names and ok/failed;
 * 2. the identity: the local user (AUTH_MODE=none), the trusted proxy's user header (proxy), or the
 *    signed session cookie (oidc). A user header from any other address is refused (403);
 * 3. data (/api, /bff/watchlists, /bff/status, the calendar files but their secret-address feed) needs
 *    an identity (401), /bff/status an admin (403);
 * 4. writes need the session's CSRF token (proxy and oidc modes).
 */

const SESSION_COOKIE = 'md_session';
const LOGIN_COOKIE = 'md_login';
const LOGIN_TTL_MS = 10 * 60_000;

export interface AuthOptions {
  auth: AuthConfig;
  allowedHosts: readonly string[];
  /** Unix ms, for session expiry. */
  now?: () => number;
}

const sessionCookieSchema = z.object({
  sub: z.string(),
  name: z.string(),
  admin: z.boolean(),
  nonce: z.string(),
  exp: z.number(),
});
type SessionCookie = z.infer<typeof sessionCookieSchema>;

const loginCookieSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  ret: z.string(),
  exp: z.number(),
});

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * What needs a signed-in user: the market data, the watchlists, the gateway's figures and the calendar
 * files, all but the calendar feed, whose secret token is its own credential (calendar applications
 * cannot sign in; hk-ipo/routes.ts checks the token).
 */
function needsIdentity(path: string): boolean {
  return (
    isUnder(path, API_BASE_PATH) ||
    isUnder(path, WATCHLISTS_BASE_PATH) ||
    path === '/bff/status' ||
    // The market data plane, but for the dump files, whose signed link is their credential.
    (isUnder(path, MARKET_DATA_BASE_PATH) && !isUnder(path, MARKET_DATA_DUMPS_PATH)) ||
    (isUnder(path, HK_IPO_FILES_BASE_PATH) && !isUnder(path, HK_IPO_FEED_BASE_PATH))
  );
}

/**
 * A refusal in the format of the area that was asked: the watchlists' `{ error }` body, the calendar
 * files' `{ statusCode, message }`, else the service's envelope (with `X-Request-Id`).
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: WatchlistErrorCode,
  message: string,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (isUnder(pathOf(request.url), WATCHLISTS_BASE_PATH)) {
    return reply.code(status).send({ error: { code, message, field: null } });
  }
  if (isUnder(pathOf(request.url), HK_IPO_FILES_BASE_PATH)) {
    return reply.code(status).send({ statusCode: status, message });
  }
  const envelopeCode =
    code === 'unauthenticated'
      ? ErrorCode.UNAUTHENTICATED
      : code === 'host_not_allowed' || code === 'forbidden' || code === 'csrf'
        ? ErrorCode.FORBIDDEN
        : ErrorCode.PARAM_FORMAT;
  return reply
    .code(status)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorEnvelope(envelopeCode, message, request.id)));
}

function trustedList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && list.check(plain, type);
}

/** Whether an address is the trusted reverse proxy's (proxy mode); never in the other modes. */
export function trustedProxyCheck(auth: AuthConfig): (address: string) => boolean {
  if (auth.mode !== 'proxy') return () => false;
  const list = trustedList(auth.trustedProxies);
  return (address) => isTrusted(list, address);
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function installAuth(app: FastifyInstance, options: AuthOptions): void {
  const { auth, allowedHosts } = options;
  const now = options.now ?? Date.now;
  const trusted = auth.mode === 'proxy' ? trustedList(auth.trustedProxies) : null;
  const oidc: OidcClient | null = auth.mode === 'oidc' ? createOidcClient(auth) : null;
  const secure = auth.mode === 'oidc' && auth.redirectUri.startsWith('https:');

  app.decorateRequest('identity', null);
  app.decorateRequest('clientKey', '');
  // The secret signs the cookies (HMAC); sessions hold no more than who signed in and until when. Only
  // OpenID Connect sign-in has cookies: in the other modes their hooks would run on every request for
  // nothing.
  if (auth.mode === 'oidc') app.register(cookie, { secret: auth.sessionSecret });

  function readSession(request: FastifyRequest): SessionCookie | null {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw === undefined) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(unsigned.value);
    } catch {
      return null;
    }
    const parsed = sessionCookieSchema.safeParse(json);
    return parsed.success && parsed.data.exp > now() ? parsed.data : null;
  }

  /** The CSRF token of this request's session; null when writes need none. */
  function csrfOf(request: FastifyRequest): string | null {
    const who = request.identity;
    if (who === null) return null;
    if (auth.mode === 'proxy') return csrfToken(auth.sessionSecret, who.id, '');
    if (auth.mode === 'oidc') {
      const session = readSession(request);
      return session === null ? null : csrfToken(auth.sessionSecret, who.id, session.nonce);
    }
    return null;
  }

  const probes = new Set<string>(Object.values(HEALTH_PATHS));

  // Before every other hook: the first thing any request meets.
  app.addHook('onRequest', (request, reply, done) => {
    // Synchronous (a callback hook, no promise per request); a refusal sends the answer and ends here.
    const refused = admit(request, reply);
    if (!refused) done();
  });

  /** Who is asking, and whether they may; the refusal sent when not. Probes pass as they are. */
  function admit(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    if (probes.has(pathOf(request.url))) return null;
    if (!isAllowedHost(request.headers.host, allowedHosts)) {
      request.log.warn({ host: String(request.headers.host ?? '').slice(0, 100) }, 'host not allowed');
      return refuse(
        request,
        reply,
        421,
        'host_not_allowed',
        'This server does not answer to this host name. Open the dashboard by its own address.',
      );
    }
    request.clientKey = `ip:${request.ip}`;
    if (auth.mode === 'none') {
      request.identity = LOCAL_USER;
    } else if (auth.mode === 'proxy') {
      const user = headerValue(request, auth.userHeader);
      if (user !== undefined) {
        if (!isTrusted(trusted ?? new BlockList(), request.socket.remoteAddress)) {
          request.log.warn({ from: request.socket.remoteAddress }, 'user header from an untrusted address');
          return refuse(
            request,
            reply,
            403,
            'forbidden',
            'The sign-in header is only accepted from the trusted proxy.',
          );
        }
        const id = user.trim();
        if (id !== '' && id.length <= 200) {
          request.identity = { id, name: id, admin: auth.admins.includes(id) };
        }
      }
    } else {
      const session = readSession(request);
      if (session !== null) {
        request.identity = { id: session.sub, name: session.name, admin: session.admin };
      }
    }
    const who = request.identity;
    // Without sign-in everyone is the local user: the address tells the clients apart.
    if (who !== null && auth.mode !== 'none') request.clientKey = `user:${who.id}`;

    const path = pathOf(request.url);
    if (needsIdentity(path) && who === null) {
      return refuse(request, reply, 401, 'unauthenticated', 'Please sign in to use the dashboard.');
    }
    if (path === '/bff/status' && who !== null && !who.admin) {
      return refuse(request, reply, 403, 'forbidden', 'Only administrators can see the gateway status.');
    }
    if (auth.mode !== 'none' && isWrite(request.method) && isUnder(path, '/bff')) {
      const expected = csrfOf(request);
      const sent = headerValue(request, CSRF_HEADER);
      if (expected === null || sent === undefined || !sameToken(sent, expected)) {
        return refuse(
          request,
          reply,
          403,
          'csrf',
          'This change did not come with a valid token of your session; reload the page and try again.',
        );
      }
    }
    return null;
  }

  app.get(SESSION_PATH, async (request, reply): Promise<Session> => {
    reply.header('cache-control', 'no-store');
    const who = request.identity;
    return {
      mode: auth.mode,
      user: who === null ? null : { id: who.id, name: who.name, admin: who.admin },
      csrf: csrfOf(request),
      login: auth.mode === 'oidc' ? LOGIN_PATH : null,
    };
  });

  if (oidc === null || auth.mode !== 'oidc') return;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true } as const;

  app.get(LOGIN_PATH, async (request, reply) => {
    const query = z.object({ return: z.string().optional() }).safeParse(request.query);
    const wanted = query.success ? (query.data.return ?? '/') : '/';
    const ret = isLocalPath(wanted) ? wanted : '/';
    const start = await oidc.start();
    if (start === null) {
      return refuse(request, reply, 503, 'server_error', 'The sign-in service cannot be reached right now.');
    }
    const login = {
      state: start.state,
      nonce: start.nonce,
      verifier: start.verifier,
      ret,
      exp: now() + LOGIN_TTL_MS,
    };
    reply.setCookie(LOGIN_COOKIE, JSON.stringify(login), { ...cookieOptions, maxAge: LOGIN_TTL_MS / 1000 });
    reply.header('cache-control', 'no-store');
    return reply.redirect(start.url, 302);
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const raw = request.cookies[LOGIN_COOKIE];
    const unsigned = raw === undefined ? null : request.unsignCookie(raw);
    let login: z.infer<typeof loginCookieSchema> | null = null;
    if (unsigned?.valid === true && unsigned.value !== null) {
      try {
        const parsed = loginCookieSchema.safeParse(JSON.parse(unsigned.value));
        if (parsed.success && parsed.data.exp > now()) login = parsed.data;
      } catch {
        login = null;
      }
    }
    reply.clearCookie(LOGIN_COOKIE, { path: '/' });
    if (login === null) {
      return refuse(
        request,
        reply,
        400,
        'invalid',
        'This sign-in has expired or was not started here; please sign in again.',
      );
    }
    const url = new URL(request.url, auth.redirectUri);
    const user = await oidc.finish(url, login);
    if (user === null) {
      request.log.warn('sign-in refused by the identity provider or its answer failed the checks');
      return refuse(request, reply, 403, 'forbidden', 'The sign-in did not succeed; please try again.');
    }
    const session: SessionCookie = {
      sub: user.sub,
      name: user.name,
      admin: auth.admins.includes(user.sub),
      nonce: randomBytes(16).toString('base64url'),
      exp: now() + auth.sessionTtlMs,
    };
    reply.setCookie(SESSION_COOKIE, JSON.stringify(session), {
      ...cookieOptions,
      maxAge: Math.floor(auth.sessionTtlMs / 1000),
    });
    return reply.redirect(login.ret, 302);
  });

  app.post(LOGOUT_PATH, async (_request, reply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
