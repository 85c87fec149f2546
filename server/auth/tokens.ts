import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The CSRF token of a session is derived from the session (synchronizer token without server state):
 * a page of this server reads it from `GET /bff/session` and sends it as `X-CSRF-Token` with every
 * write; another site can neither read it nor compute it.
 */

export function mac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url');
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrfToken(secret: string, userId: string, sessionNonce: string): string {
  return mac(secret, 'csrf', `${userId}\u0000${sessionNonce}`);
}
