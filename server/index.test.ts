import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The entry point as a user runs it: a real process, real signals. */

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
const hasSimulator = existsSync(fileURLToPath(new URL('./simulator/index.ts', import.meta.url)));

function run(env: NodeJS.ProcessEnv): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH, STATIC_DIR: '/nonexistent-static-dir', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

async function waitFor(predicate: () => boolean, exit: Promise<unknown>): Promise<void> {
  let exited = false;
  void exit.then(() => (exited = true));
  while (!predicate()) {
    if (exited) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!hasSimulator)('server/index.ts', () => {
  it('starts the simulator, prints where it listens, serves, and stops cleanly on SIGTERM', async () => {
    const sim = run({ PORT: '0', SIM_NOW: '2026-07-14T10:00:00+08:00' });
    const line = /Market dashboard \(simulated data\) at (http:\/\/127\.0\.0\.1:\d+\/)/;
    await waitFor(() => line.test(sim.output()), sim.exit);
    const url = line.exec(sim.output())?.[1];
    expect(url, sim.output()).toBeDefined();
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
