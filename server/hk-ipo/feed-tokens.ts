import { createHash, randomBytes } from 'node:crypto';
import type { FeedTokenStore } from '../watchlists/repository';
import { mac, sameToken } from '../auth/tokens';

/**
 * The tokens of the calendar feed (src/contract/calendar-files.ts): a secret address per user, for
 * calendar applications, which cannot sign in. A token is derived from the server's SESSION_SECRET, the
 * user and a nonce of 32 random bytes (HMAC-SHA256, 43 base64url characters). The store keeps the
 * nonce and the token's SHA-256, never the token: the database alone gives no working address, and the
 * server can still show the user their address again. A token is live while its hash is the user's
 * stored one and it derives from the current secret: a new token or a revocation ends it at once, and
 * so does a new SESSION_SECRET (which ends every session as well).
 */

const PURPOSE = 'calendar-feed';

export function feedTokenOf(secret: string, userId: string, nonce: string): string {
  return mac(secret, PURPOSE, `${userId}\u0000${nonce}`);
}

/** How the store finds a token: SHA-256, hex. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token for `userId`, and what the store keeps of it. */
export function mintFeedToken(
  secret: string,
  userId: string,
): { token: string; hash: string; nonce: string } {
  const nonce = randomBytes(32).toString('base64url');
  const token = feedTokenOf(secret, userId, nonce);
  return { token, hash: hashFeedToken(token), nonce };
}

/** The user whose live token this is; null for a token unknown, replaced, revoked or of another secret. */
export async function feedOwner(
  store: FeedTokenStore,
  secret: string,
  token: string,
): Promise<string | null> {
  const found = await store.byHash(hashFeedToken(token));
  if (found === null) return null;
  return sameToken(token, feedTokenOf(secret, found.user_id, found.nonce)) ? found.user_id : null;
}

/** The user's live token, derived again; null when they have none (or it was made under another secret). */
export async function currentFeedToken(
  store: FeedTokenStore,
  secret: string,
  userId: string,
): Promise<{ token: string; createdAt: number } | null> {
  const found = await store.current(userId);
  if (found === null) return null;
  const token = feedTokenOf(secret, userId, found.nonce);
  return sameToken(hashFeedToken(token), found.token_hash) ? { token, createdAt: found.created_at } : null;
}
