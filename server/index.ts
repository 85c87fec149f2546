import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { adjustableClock } from './test-clock';
import { createReadiness } from './readiness';

/** Listen only: everything testable lives in createApp. */

function loadOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function urlOf(address: AddressInfo | string | null, host: string, port: number): string {
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${actualPort}/`;
}

interface Simulator {
  url: string;
  close(): Promise<void>;
}

/** The real service when a key is configured, else the embedded simulator on a loopback port. */
async function connectUpstream(
  config: Config,
  clock: () => number,
): Promise<{ upstream: { baseUrl: string; apiKey: string }; simulator: Simulator | null }> {
  if (config.marketApi !== null) return { upstream: config.marketApi, simulator: null };
  // A fresh key per process: the simulator is on loopback, but it still only answers the BFF.
  const apiKey = randomBytes(24).toString('base64url');
  // Loaded only in simulated mode: live mode never needs the simulator's code.
  const { startSimulator } = await import('./simulator/index');
  const simulator = await startSimulator({
    apiKey,
    now: clock,
    restricted: config.simRestricted,
    dumpDir: config.simDumps.dir,
    dumpCodes: config.simDumps.codes,
    warm: true,
  });
  // In the background: the server serves meanwhile, and the dumps answer 4040 until their files exist.
  if (config.simDumps.prepare === 'at-start') simulator.dumps.prepare(clock()).catch(() => undefined);
  return { upstream: { baseUrl: simulator.url.replace(/\/+$/, ''), apiKey }, simulator };
}

async function main(): Promise<void> {
  const config = loadOrExit();
  const pinned = config.simNow;
  // SIM_CLOCK_CONTROL (tests only, checked by loadConfig) lets the pinned clock be moved forward.
  const testClock = pinned !== null && config.simClockControl ? adjustableClock(pinned) : undefined;
  const clock = testClock ? testClock.now : pinned === null ? Date.now : () => pinned;

  const { upstream, simulator } = await connectUpstream(config, clock);
  const mode = simulator === null ? 'live' : 'simulated';
  const readiness = createReadiness();
  const app = createApp({ config, upstream, mode, clock, testClock, readiness });

  /**
   * Graceful shutdown: not ready at once (/readyz 503, so a load balancer stops sending), no new
   * connections, the live event streams ended, requests in flight finished, then exit 0. Whatever is
   * still running after SHUTDOWN_TIMEOUT_MS is cut off (exit 1). A second signal means "now".
   */
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    readiness.beginShutdown();
    app.log.info(
      { signal, timeoutMs: config.shutdownTimeoutMs },
      'shutting down: finishing requests in flight',
    );
    let cutOff = false;
    const deadline = setTimeout(() => {
      cutOff = true;
      app.log.warn('requests still in flight after SHUTDOWN_TIMEOUT_MS: cutting them off');
      app.server.closeAllConnections();
      // The stores' own closing gets a moment more; then the process goes regardless.
      setTimeout(() => process.exit(1), 2_000).unref();
    }, config.shutdownTimeoutMs);
    app
      .close()
      .then(() => simulator?.close())
      .then(
        () => {
          clearTimeout(deadline);
          app.log.info('shut down');
          process.exit(cutOff ? 1 : 0);
        },
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const label = mode === 'simulated' ? 'simulated data' : 'live data';
  console.log(`Market dashboard (${label}) at ${urlOf(app.server.address(), config.host, config.port)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
