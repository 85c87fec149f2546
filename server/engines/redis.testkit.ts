import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * Debian's `redis-server` for tests: started on a free loopback port in a temporary folder, with no
 * persistence (a restart starts empty, as a crashed cache would), and able to stop and start again on
 * the same port so that clients see it go away and come back.
 */

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stop the server (its clients see the connection close); the port is kept for `restart`. */
  stop(): Promise<void>;
  /** Start it again on the same port, empty. */
  restart(): Promise<void>;
  /** Stop it for good and remove its folder. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

/** Where an executable is on PATH (or in /usr/sbin, /usr/bin), or null. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/bin'];
  for (const dir of dirs.filter((d) => d !== '')) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** Whether a test may be skipped for want of an engine: not when REQUIRE_ENGINES=1 (CI). */
export const enginesRequired = process.env['REQUIRE_ENGINES'] === '1';

/**
 * Inside a `describe` whose engine is missing: one skipped test naming the reason, or, with
 * REQUIRE_ENGINES=1, one failing test.
 */
export function engineMissing(engine: string, reason: string): void {
  if (enginesRequired) {
    it(`finds ${engine} (REQUIRE_ENGINES=1)`, () => {
      expect.fail(reason);
    });
    return;
  }
  const title = `skipped: ${reason} (REQUIRE_ENGINES=1 makes this a failure)`;
  console.warn(`${engine}: ${title}`);
  it.skip(title, () => {});
}

/** The redis-server binary, or why there is none. */
export function redisServerBinary(): { path: string } | { missing: string } {
  const path = findExecutable('redis-server');
  return path === null
    ? { missing: 'redis-server is not installed (apt-get install redis-server)' }
    : { path };
}

/**
 * Inside a `describe`: a Redis server of its own for the block's tests (started before them, closed
 * after), read through the returned function; or, where redis-server is missing, engineMissing's test
 * and null (the block then declares nothing else).
 */
export function redisForSuite(): (() => RedisServer) | null {
  const binary = redisServerBinary();
  if ('missing' in binary) {
    engineMissing('redis-server', binary.missing);
    return null;
  }
  let redis: RedisServer | null = null;
  beforeAll(async () => {
    redis = await startRedisServer(binary.path);
  });
  afterAll(async () => {
    await redis?.close();
  });
  return () => {
    if (redis === null) throw new Error('Redis is started in beforeAll: read it inside a test');
    return redis;
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether the server answers PING on `port`. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

export async function startRedisServer(binary: string): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'market-dashboard-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    const proc = spawn(binary, [...args, '--daemonize', 'no', '--loglevel', 'warning'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = proc;
    let exited = false;
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    proc.once('exit', () => {
      exited = true;
    });
    const until = Date.now() + READY_TIMEOUT_MS;
    while (!(await pings(port))) {
      if (exited || Date.now() > until) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}: ${stderr.trim() || 'no answer'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop(): Promise<void> {
    const proc = child;
    child = null;
    if (proc === null || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
