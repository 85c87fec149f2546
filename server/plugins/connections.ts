import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { trustedProxyCheck } from '../auth/plugin';
import { limitConnectionsPerAddress } from '../connection-limits';
import { connectionDrain } from '../drain';
import { connectRequestHandler } from '../http-errors';
import type { Ticker } from '../gateway/ticker';

export interface ConnectionsOptions {
  http: Config['http'];
  auth: Config['auth'];
  ticker: Ticker;
}

/**
 * The listening server's connections: a cap in all and per client address, CONNECT answered with an
 * envelope, and the drain on close (the app's readiness says not ready from its first moment).
 */
const connections: FastifyPluginAsync<ConnectionsOptions> = async (app, { http, auth, ticker }) => {
  app.server.maxConnections = http.maxConnections;
  // Each client address its share of the connections, so that one cannot take them all.
  let lastRefusalLog = Number.NEGATIVE_INFINITY;
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: http.maxConnectionsPerClient,
    exempt: trustedProxyCheck(auth),
    onRefused: (address, open) => {
      // One line a minute at most: a flood of refusals must not become a flood of log lines.
      const at = ticker.now();
      if (at - lastRefusalLog < 60_000) return;
      lastRefusalLog = at;
      app.log.warn({ address, open }, 'connection refused: too many open connections from one address');
    },
  });
  // Closing the app is a shutdown: not ready from the first moment (server/index.ts says so even
  // earlier, on the signal); every answer from then on closes its connection, and connections that
  // carry no request are closed, so the server's close waits for requests in flight and nothing else.
  const drain = connectionDrain(app.server);
  app.addHook('preClose', async () => {
    app.readiness.beginShutdown();
    drain.start();
  });
  // A callback hook: an async one costs every answer a promise and a turn of the microtask queue.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.readiness.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  // A CONNECT request is answered with an envelope too (Node would close it without a word).
  app.server.on(
    'connect',
    connectRequestHandler(() => app.log),
  );
};

export const connectionsPlugin = fp(connections, { name: 'connections' });
