import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  LISTENING_LINE,
  runServer as run,
  startServerProcess,
  waitForOutput,
  waitForOutput as waitFor,
} from './process.testkit';
import { answerOk, startFakeUpstream } from './gateway/fake-upstream.testkit';
import { openSse } from './watchlists/sse.testkit';

/** The entry point as a user runs it: a real process, real signals. */

const hasSimulator = existsSync(fileURLToPath(new URL('./simulator/index.ts', import.meta.url)));

describe.skipIf(!hasSimulator)('server/index.ts', () => {
  it('starts the simulator, prints where it listens, serves, and stops cleanly on SIGTERM', async () => {
    const sim = run({ PORT: '0', SIM_NOW: '2026-07-14T10:00:00+08:00' });
    const line = LISTENING_LINE;
    await waitFor(() => line.test(sim.output()), sim.exit);
    const url = line.exec(sim.output())?.[1];
    expect(url, sim.output()).toBeDefined();
    expect(sim.output()).toContain('(simulated data)');
    const mode: unknown = await (await fetch(`${url}bff/mode`)).json();
    expect(mode).toMatchObject({ mode: 'simulated', now: Date.parse('2026-07-14T10:00:00+08:00') });
    // A restricted operation: answered 2003 by the simulator (SIM_RESTRICTED defaults to closed), which
    // also proves the per-process key reached it (a wrong key would be 2001).
    const res = await fetch(`${url}api/a-share/capital-flow/snapshot?thscode=600519.SH`);
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    expect(body).toMatchObject({ code: 2003, data: null });
    expect(body).toHaveProperty('request_id', res.headers.get('x-request-id'));
    sim.child.kill('SIGTERM');
    expect(await sim.exit).toBe(0);
  });
});

describe('server/index.ts configuration errors', () => {
  it('prints the rule and exits with 1', async () => {
    const bad = run({ MARKET_API_BASE_URL: 'https://market.example.com' });
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toContain('MARKET_API_KEY must be set');
  });
});

describe('graceful shutdown (server/index.ts)', () => {
  /** A fake service that holds every answer until the test lets it go. */
  async function heldUpstream() {
    const fake = await startFakeUpstream();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    fake.behave((req, res) => {
      // The test's own request: the server's background reads (the market data plane's calendar and code
      // table, the tape) must not stand in for it.
      const url = new URL(req.url ?? '/', 'http://upstream');
      if (url.pathname === SNAPSHOT_PATH && url.searchParams.get('limit') === '5') arrived();
      void released.then(() => answerOk(req, res));
    });
    return { fake, release, arrival };
  }

  const LIVE_KEY = 'shutdown-test-key-123';
  /** A throwaway watchlist database, never the developer's data/watchlists.sqlite. */
  const scratchDb = () => path.join(mkdtempSync(path.join(tmpdir(), 'shutdown-test-')), 'watchlists.sqlite');
  const SNAPSHOT_PATH = '/api/a-share/prices/snapshot';
  const SNAPSHOT = `${SNAPSHOT_PATH.slice(1)}?limit=5`;

  it('on SIGTERM: not ready, no new connections, event streams ended, the request in flight answered 200, exit 0', async () => {
    const { fake, release, arrival } = await heldUpstream();
    const server = await startServerProcess({
      MARKET_API_BASE_URL: fake.url,
      MARKET_API_KEY: LIVE_KEY,
      WATCHLIST_DB: scratchDb(),
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    try {
      // Ready once its dependencies answer (the watchlist writer thread's first ping can take a second
      // or two on a busy machine): that is the state SIGTERM is tested from.
      await vi.waitFor(async () => expect((await fetch(`${server.url}readyz`)).status).toBe(200), {
        timeout: 15_000,
        interval: 250,
      });
      const events = await openSse(`${server.url}bff/watchlists/events`);
      expect((await events.nextFrame())?.retry).toBeGreaterThan(0);
      const inFlight = fetch(`${server.url}${SNAPSHOT}`);
      await arrival;

      server.child.kill('SIGTERM');
      await waitForOutput(() => server.output().includes('shutting down'), server.exit);
      // The event stream ends; the client would reconnect, to another replica.
      expect(await events.nextFrame()).toBeNull();
      // Whatever still reaches the server is told it is not ready, until it no longer accepts at all.
      const statuses: number[] = [];
      for (let tries = 0; tries < 500; tries++) {
        try {
          const probe = await fetch(`${server.url}readyz`);
          statuses.push(probe.status);
          await probe.body?.cancel();
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(statuses.every((status) => status === 503)).toBe(true);
      await expect(fetch(`${server.url}readyz`)).rejects.toThrow();

      // The request that was in flight when the signal came still gets its answer.
      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ code: 0 });
      expect(await server.exit).toBe(0);
    } finally {
      release();
      server.child.kill('SIGKILL');
      await fake.close();
    }
  });

  it('cuts off a request still running after SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const { fake, release, arrival } = await heldUpstream();
    const server = await startServerProcess({
      MARKET_API_BASE_URL: fake.url,
      MARKET_API_KEY: LIVE_KEY,
      WATCHLIST_DB: scratchDb(),
      SHUTDOWN_TIMEOUT_MS: '200',
    });
    try {
      const inFlight = fetch(`${server.url}${SNAPSHOT}`).then(
        (res) => res.status,
        () => 'cut off',
      );
      await arrival;
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(1);
      expect(await inFlight).toBe('cut off');
      expect(server.output()).toContain('cutting them off');
    } finally {
      release();
      server.child.kill('SIGKILL');
      await fake.close();
    }
  });
});
