import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { loadConfig } from '../config';

/**
 * One replica of the cluster tests (cluster.testkit.ts starts three): the server as `server/index.ts`
 * builds it, from the environment (`loadConfig`, a real upstream URL and key, REDIS_URL, DATABASE_URL),
 * in a process of its own. One difference: the market clock runs from `REPLICA_MARKET_START` (Unix ms)
 * at real speed, so quotes have the lifetimes of a trading session whenever the test runs; the real
 * clock would give them hours outside sessions, and nothing would be asked of the upstream.
 *
 * Prints `replica listening at <url>` once it listens; SIGTERM closes it (in-flight requests finish).
 */

const start = Number(process.env['REPLICA_MARKET_START']);
if (!Number.isSafeInteger(start)) throw new Error('REPLICA_MARKET_START must be Unix ms');
const config = loadConfig(process.env);
if (config.marketApi === null) throw new Error('a replica needs MARKET_API_BASE_URL and MARKET_API_KEY');

const startedAt = Date.now();
const app = createApp({
  config,
  upstream: config.marketApi,
  mode: 'live',
  clock: () => start + (Date.now() - startedAt),
});

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

await app.listen({ port: config.port, host: config.host });
const address: AddressInfo | string | null = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
console.log(`replica listening at http://127.0.0.1:${port}/`);
