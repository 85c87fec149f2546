import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as a user runs it, in its own process (`server/index.ts` through tsx): for tests of the
 * entry point, and for browser-side tests that need the real BFF in a Node.js environment of its own
 * (a jsdom test environment cannot host it). Paths are built from strings, not `new URL`, so this kit
 * also works where jsdom replaced the URL class.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const entry = path.join(here, 'index.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * `nodeArgs` go before the entry (e.g. one more `--import`); `compiled` names the compiled server's
 * entry (scripts/build-server.mjs), started by node without tsx.
 */
export function runServer(
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
  compiled?: string,
): ServerProcess {
  const args = compiled === undefined ? ['--import', 'tsx', ...nodeArgs, entry] : [...nodeArgs, compiled];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      STATIC_DIR: '/nonexistent-static-dir',
      LOG_LEVEL: 'warn',
      // A test's server starts cold unless the test names a disk cache (never the repository's data/).
      ANSWER_CACHE_DB: 'off',
      WARM_CACHE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

/** Resolves once `predicate` holds or the process has exited (the caller checks which). */
export async function waitForOutput(predicate: () => boolean, exit: Promise<unknown>): Promise<void> {
  let exited = false;
  void exit.then(() => (exited = true));
  while (!predicate()) {
    if (exited) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const LISTENING_LINE = /Market dashboard \((?:simulated|live) data\) at (http:\/\/127\.0\.0\.1:\d+\/)/;

/** A simulated server on a free loopback port; resolves with its base URL (ending in `/`). */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  compiled?: string,
): Promise<ServerProcess & { url: string; stop: () => Promise<void> }> {
  const server = runServer({ PORT: '0', ...env }, [], compiled);
  await waitForOutput(() => LISTENING_LINE.test(server.output()), server.exit);
  const url = LISTENING_LINE.exec(server.output())?.[1];
  if (url === undefined) throw new Error(`the server did not start:\n${server.output()}`);
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exit;
  };
  return { ...server, url, stop };
}
