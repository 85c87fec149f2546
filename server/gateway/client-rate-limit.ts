import { LRUCache } from 'lru-cache';
import type { onRequestHookHandler } from 'fastify';

/**
 * The per-client rate limit of the routes that reach the market data service (/api and the calendar
 * files): at most `max` requests per client in a fixed window that starts with the client's first
 * request, the way @fastify/rate-limit's local store counts. The client is the signed-in user, else the
 * address (`request.clientKey`, set by the auth hook), so several people behind one proxy are limited
 * one by one.
 *
 * A callback hook of its own rather than @fastify/rate-limit's: that plugin's route hook is an async
 * function (a promise and four awaits on every request), which measured about 3 µs of the 34 µs of CPU a
 * cache hit cost in `npm run bench` (a).
 */

/** Thrown by the limit; each area answers it in its own format (a 6429 envelope under /api). */
export class ClientRateLimitError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests from this client');
    this.name = 'ClientRateLimitError';
  }
}

export interface ClientRateLimitOptions {
  /** Requests per client per window. */
  max: number;
  windowMs: number;
  now: () => number;
  /** Clients whose windows are kept (least recently seen dropped first: it starts a new window). */
  clients?: number;
  /**
   * How long a refusal is held before it is sent (none when 0). A client that floods, sending again as
   * soon as it is answered, then sends a few requests a second per connection instead of hundreds: its
   * refusals cost the event loop next to nothing, while a held answer costs only a timer.
   */
  holdRefusalMs?: number;
}

interface Window {
  startMs: number;
  count: number;
}

/**
 * An `onRequest` hook counting each client's requests; over the limit it fails the request with a
 * ClientRateLimitError and the limit's figures (X-RateLimit-*), which go with a refusal only. One hook
 * given to several routes counts their requests together.
 */
export function clientRateLimit(options: ClientRateLimitOptions): onRequestHookHandler {
  const { max, windowMs, now } = options;
  const hold = options.holdRefusalMs ?? 0;
  const windows = new LRUCache<string, Window>({ max: options.clients ?? 5_000 });
  return function limitClient(request, reply, done) {
    const key = request.clientKey || request.ip;
    const at = now();
    let window = windows.get(key);
    if (window === undefined || window.startMs + windowMs <= at) {
      window = { startMs: at, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= max) {
      done();
      return;
    }
    const seconds = Math.max(1, Math.ceil((window.startMs + windowMs - at) / 1000));
    reply
      .header('x-ratelimit-limit', max)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', seconds);
    const refusal = new ClientRateLimitError(seconds);
    if (hold > 0) setTimeout(() => done(refusal), hold);
    else done(refusal);
  };
}
