import { queryOptions } from '@tanstack/react-query';
import {
  CSRF_HEADER,
  LOGIN_PATH,
  LOGOUT_PATH,
  SESSION_PATH,
  sessionSchema,
  type Session,
} from '../contract/session';

/**
 * Who is signed in (`GET /bff/session`), and the session's CSRF token that every write carries. The
 * token is read once and kept; a write refused for its token reads the session again (a new sign-in
 * in another tab changes it).
 */

export type { Session } from '../contract/session';

export const sessionKeys = { all: ['session'] as const };

async function fetchSession(signal?: AbortSignal): Promise<Session> {
  const res = await fetch(SESSION_PATH, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw new Error(`The session could not be read (HTTP ${res.status})`);
  return sessionSchema.parse(await res.json());
}

let current: Promise<Session> | null = null;

/** The session as last read (read once when first needed). */
export function loadSession(): Promise<Session> {
  current ??= fetchSession().catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

/** Forget the session read so far (after sign-out, or a token refused). */
export function forgetSession(): void {
  current = null;
}

export function sessionQuery() {
  return queryOptions<Session>({
    queryKey: sessionKeys.all,
    queryFn: () => {
      forgetSession();
      return loadSession();
    },
    staleTime: 60_000,
    retry: 1,
  });
}

/** Headers a write sends: the CSRF token when the server asks for one. */
export async function writeHeaders(): Promise<Record<string, string>> {
  const session = await loadSession().catch(() => null);
  return session?.csrf ? { [CSRF_HEADER]: session.csrf } : {};
}

/** Where the browser goes to sign in and come back to `returnTo` (a path of this site). */
export function loginHref(returnTo: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ return: returnTo }).toString()}`;
}

export async function signOut(): Promise<void> {
  const headers = await writeHeaders();
  await fetch(LOGOUT_PATH, { method: 'POST', headers, credentials: 'same-origin' });
  forgetSession();
}
