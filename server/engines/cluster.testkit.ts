import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForOutput } from '../process.testkit';

/**
 * Replicas of the server in processes of their own (replica-child.ts), for the cluster tests: each is
 * the app `server/index.ts` builds, given one upstream, one Redis and one PostgreSQL database by its
 * environment, on a free loopback port. They can be stopped (SIGTERM), killed (SIGKILL) and started
 * again on the same port.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const entry = path.join(here, 'replica-child.ts');
const LISTENING = /replica listening at (http:\/\/127\.0\.0\.1:(\d+)\/)/;

export interface Replica {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGKILL, as a crash would; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM; resolves once the process has exited. */
  stop(): Promise<void>;
  /** A new process on the same port and environment (after `kill` or `stop`). */
  restart(): Promise<Replica>;
}

/** A Tuesday morning in session, Asia/Shanghai: quotes live 3 s, then 5 s of stale-while-revalidate. */
export const SESSION_START = Date.parse('2026-07-14T10:00:00+08:00');

export async function startReplica(env: NodeJS.ProcessEnv, port = 0): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env['PATH'],
      STATIC_DIR: '/nonexistent-static-dir',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      REPLICA_MARKET_START: String(SESSION_START),
      // Each replica starts cold unless a test names a disk cache.
      ANSWER_CACHE_DB: 'off',
      WARM_CACHE: 'off',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitForOutput(() => LISTENING.test(text), exit);
  const match = LISTENING.exec(text);
  if (match?.[1] === undefined || match[2] === undefined) {
    child.kill('SIGKILL');
    throw new Error(`a replica did not start:\n${text}`);
  }
  const url = match[1];
  const listeningPort = Number(match[2]);
  return {
    url,
    port: listeningPort,
    child,
    output: () => text,
    async kill() {
      child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      child.kill('SIGTERM');
      await exit;
    },
    restart: () => startReplica(env, listeningPort),
  };
}

/** The largest number of `times` (ms) inside any window of `windowMs` (a sliding window, not clock seconds). */
export function mostInAnyWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    const end = sorted[last] ?? 0;
    while ((sorted[first] ?? end) <= end - windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
