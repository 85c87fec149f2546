import { z } from 'zod';

/**
 * Sign-in as both sides see it. `GET /bff/session` says how this server is protected and who is signed
 * in; every write then carries the session's CSRF token in `X-CSRF-Token`. Without sign-in
 * (AUTH_MODE=none, loopback only) the user is the one local user and writes need no token.
 */

export const SESSION_PATH = '/bff/session';
/** `GET ?return=/path`: starts an OpenID Connect sign-in; comes back to `return` (a path of this site). */
export const LOGIN_PATH = '/bff/auth/login';
/** Where the identity provider sends the browser back. */
export const CALLBACK_PATH = '/bff/auth/callback';
/** `POST` (with the CSRF token): ends the session. */
export const LOGOUT_PATH = '/bff/auth/logout';
export const CSRF_HEADER = 'x-csrf-token';

export const AUTH_MODES = ['none', 'proxy', 'oidc'] as const;

export const sessionUserSchema = z.object({ id: z.string(), name: z.string(), admin: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  mode: z.enum(AUTH_MODES),
  /** null: nobody is signed in (the pages then offer `login`). */
  user: sessionUserSchema.nullable(),
  /** Send as `X-CSRF-Token` with every write; null when writes need none (mode none) or nobody is signed in. */
  csrf: z.string().nullable(),
  /** Where a browser goes to sign in (oidc), or null (none: nobody needs to; proxy: the proxy does it). */
  login: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A `return` path accepted after sign-in: a path of this site, never another origin ('//x', '/\x'). */
export function isLocalPath(path: string): boolean {
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(path) && path.length <= 2000;
}
