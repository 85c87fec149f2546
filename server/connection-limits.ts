import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, errorEnvelope } from '../src/contract/envelope';
import { newRequestId } from './gateway/request-id';

/**
 * Open connections per client address, in front of the server's global cap (`maxConnections`): one
 * address holding idle keep-alive connections or trickling bodies can take its own share and no more,
 * so the others still get in. A connection over the cap gets a 429 envelope and is closed before its
 * request is read (the answer is written as the connection opens, so no request on it is served).
 *
 * Connections exist before anyone has signed in, so they are counted by address; per user, the server
 * caps event streams (watchlists/events.ts) and requests (client-rate-limit.ts). Addresses for which
 * `exempt` says so are not counted: a trusted reverse proxy carries every user's requests on its own
 * connections and limits each client address itself (deploy/nginx.conf, `limit_conn`).
 */

export interface ConnectionLimitOptions {
  maxPerAddress: number;
  exempt: (address: string) => boolean;
  /** Called for each refused connection (a warning, rate-limited by the caller if it wants). */
  onRefused?: (address: string, open: number) => void;
}

export interface ConnectionLimits {
  /** Open connections of an address (tests and the status). */
  openFrom(address: string): number;
  readonly refused: number;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
function addressKey(address: string | undefined): string {
  if (address === undefined) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function refusal(max: number): string {
  const id = newRequestId();
  const body = JSON.stringify(
    errorEnvelope(
      ErrorCode.GATEWAY_CLIENT_RATE_LIMITED,
      `Too many open connections from this address (at most ${max}); close other tabs or tools and try again.`,
      id,
    ),
  );
  return (
    'HTTP/1.1 429 Too Many Requests\r\n' +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    `x-request-id: ${id}\r\n` +
    'retry-after: 1\r\n' +
    'cache-control: no-store\r\n' +
    'connection: close\r\n\r\n' +
    body
  );
}

export function limitConnectionsPerAddress(
  server: Server,
  options: ConnectionLimitOptions,
): ConnectionLimits {
  const open = new Map<string, number>();
  let refused = 0;
  // Before the HTTP server's own listener, so that a refused connection is never read as HTTP.
  server.prependListener('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress);
    if (options.exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.maxPerAddress) {
      refused++;
      options.onRefused?.(address, count);
      socket.end(refusal(options.maxPerAddress), () => socket.destroy());
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return {
    openFrom: (address) => open.get(addressKey(address)) ?? 0,
    get refused() {
      return refused;
    },
  };
}
