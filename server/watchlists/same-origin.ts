import type { IncomingHttpHeaders } from 'node:http';

/** The names of a server that listens on loopback only. */
export function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * Writes are accepted only from pages of this server. Browsers send `Origin` on every cross-origin
 * request and on same-origin non-GET fetches, and `Sec-Fetch-Site` where supported; a request with
 * neither comes from a non-browser client, which a CSRF attack cannot be.
 *
 * The Origin must also be one of this server's own names (`isAllowedHost`): a page reached through a
 * foreign name that resolves here (DNS rebinding) sends a matching Host and Origin, and is still refused.
 */
export function isCrossOrigin(
  headers: IncomingHttpHeaders,
  isAllowedHost: (host: string) => boolean = isLoopbackName,
): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  const host = headers.host;
  if (host === undefined || host === '') return true;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return true;
    // Compared as URLs so that case and default ports do not matter. The scheme is not compared: a
    // TLS-terminating proxy in front turns https into http, and the host alone identifies this server.
    if (new URL(`${from.protocol}//${host}`).host !== from.host) return true;
    return !isAllowedHost(from.hostname.toLowerCase());
  } catch {
    // 'null' (sandboxed frames, file: pages) and anything unparsable.
    return true;
  }
}
