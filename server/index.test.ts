import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LISTENING_LINE, runServer as run, waitForOutput as waitFor } from './process.testkit';

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
