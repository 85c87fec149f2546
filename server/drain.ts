import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closing the HTTP server waits for every open connection, not only for requests in flight: a
 * keep-alive connection that fell idle after its answer and a connection a browser opened ahead of time
 * (a preconnect) and has not used would each hold the close up until their own timeouts. Once draining
 * has begun, such connections are closed as they are found; a connection with a request in flight is
 * left alone until its answer is done (the answer carries `Connection: close`, see app.ts).
 */

export interface ConnectionDrain {
  /** Starts closing connections that carry no request, until the server has closed. */
  start(): void;
}

export function connectionDrain(
  server: Server,
  options: { sweepMs?: number; unusedGraceMs?: number; now?: () => number } = {},
): ConnectionDrain {
  const sweepMs = options.sweepMs ?? 100;
  // A connection opened this recently may be about to send its first request: it gets a moment.
  const unusedGraceMs = options.unusedGraceMs ?? 1_000;
  const now = options.now ?? Date.now;
  /** Connections that have not carried a request yet, with when they were opened. */
  const unused = new Map<Socket, number>();

  server.on('connection', (socket: Socket) => {
    unused.set(socket, now());
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => {
    unused.delete(request.socket);
  });

  function sweep(): void {
    server.closeIdleConnections();
    const cutoff = now() - unusedGraceMs;
    for (const [socket, openedAt] of unused) {
      if (openedAt <= cutoff) socket.destroy();
    }
  }

  let started = false;
  return {
    start() {
      if (started || !server.listening) return;
      started = true;
      const timer = setInterval(sweep, sweepMs);
      timer.unref();
      server.once('close', () => clearInterval(timer));
      sweep();
    },
  };
}
