import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';

/**
 * A throwaway PostgreSQL server for tests: Debian's PostgreSQL 15 binaries (`PG_BIN`, by default
 * /usr/lib/postgresql/15/bin) run `initdb` in a temporary data directory and `postgres` on a free loopback
 * port, without a Unix socket and with trust authentication (only this machine can reach it). Run as root,
 * the server runs as the `postgres` user (PostgreSQL refuses root). Starting one costs a second or two:
 * a test file starts one (`startPostgres` in `beforeAll`) and gives each test that needs a clean slate a
 * fresh database (`createDatabase`).
 *
 * `fsync` is off: the tests kill clients and the server process, never the machine, so what PostgreSQL
 * wrote is in the OS's page cache either way; commits stay synchronous (`synchronous_commit` on), so a
 * committed transaction is in the WAL the server reads back after it is killed.
 */

export const PG_BIN = process.env['PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

/** Why PostgreSQL cannot be started here, or null when it can. */
export function postgresUnavailable(): string | null {
  for (const tool of ['initdb', 'postgres']) {
    if (!existsSync(join(PG_BIN, tool))) return `no PostgreSQL at ${PG_BIN} (${tool} is missing)`;
  }
  if (process.getuid?.() === 0 && serverUser() === null)
    return 'running as root and there is no postgres user';
  return null;
}

const enginesRequired = process.env['REQUIRE_ENGINES'] === '1';

/**
 * `describe` for tests that need PostgreSQL. Without the binaries the block is one skipped test whose
 * title gives the reason, unless REQUIRE_ENGINES=1, which makes the absence a failure.
 */
export function describeWithPostgres(title: string, body: () => void): void {
  const missing = postgresUnavailable();
  if (missing === null) {
    describe(title, body);
    return;
  }
  describe(title, () => {
    if (enginesRequired) {
      it('finds PostgreSQL (REQUIRE_ENGINES=1)', () => {
        throw new Error(`${missing}: install postgresql-15 (Debian) or set PG_BIN`);
      });
    } else {
      const reason = `skipped: ${missing} (REQUIRE_ENGINES=1 makes this a failure)`;
      console.warn(`${title}: ${reason}`);
      it.skip(reason, () => {});
    }
  });
}

/** uid and gid of the `postgres` user, from /etc/passwd. */
function serverUser(): { uid: number; gid: number } | null {
  let passwd: string;
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return null;
  }
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'postgres' && uid !== undefined && gid !== undefined) {
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  return null;
}

/** As root, children run as `postgres`; otherwise as ourselves. */
function childIdentity(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const user = serverUser();
  if (user === null) throw new Error('PostgreSQL refuses to run as root and there is no postgres user');
  return user;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresServer {
  port: number;
  /** The `postgres` database, for administration (creating databases, looking at sessions). */
  adminUrl: string;
  /** A fresh, empty database; its URL (the DATABASE_URL a replica would be given). */
  createDatabase(name?: string): Promise<string>;
  /** Runs one statement on the admin database. */
  admin<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  /** SIGKILL of the server process (as a crash would), then waits until it is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same data directory and port (after `kill` or `stop`). */
  restart(): Promise<void>;
  /** A fast shutdown, then the data directory is removed. */
  stop(): Promise<void>;
}

const STARTED_LINE = /database system is ready to accept connections/;

export async function startPostgres(): Promise<PostgresServer> {
  const missing = postgresUnavailable();
  if (missing !== null) throw new Error(missing);
  const identity = childIdentity();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  if ('uid' in identity) chownSync(dir, identity.uid, identity.gid);
  const init = spawnSync(
    join(PG_BIN, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
    { ...identity, encoding: 'utf8' },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${String(init.status)}):\n${init.stdout}\n${init.stderr}`);
  }

  let port = await freePort();
  let started = false;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  /** Starts `postgres`; resolves once it accepts connections, rejects if it exits first. */
  const launch = async (): Promise<void> => {
    const proc = spawn(
      join(PG_BIN, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ],
      { ...identity, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = proc;
    let log = '';
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      proc.stderr?.setEncoding('utf8');
      proc.stderr?.on('data', (chunk: string) => {
        // Only the start-up is kept; later lines (a killed client's session) are read and dropped.
        if (log.length < 20_000) log += chunk;
        if (STARTED_LINE.test(log)) resolve();
      });
      proc.once('exit', (code, signal) =>
        reject(new Error(`postgres exited (${String(code ?? signal)}) before it was ready:\n${log}`)),
      );
      proc.once('error', reject);
    });
  };

  /** After a kill, the old server's sessions may hold its shared memory a moment: try again. */
  const launchWithRetries = async (): Promise<void> => {
    let lastError: unknown = null;
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        await launch();
        return;
      } catch (err) {
        lastError = err;
        await new Promise((r) => setTimeout(r, 250));
        // A port taken by someone else meanwhile: pick another (first start only).
        if (String(err).includes('could not bind') && attempt < 3 && !started) port = await freePort();
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  };

  const killNow = () => {
    child?.kill('SIGKILL');
  };
  process.once('exit', killNow);
  try {
    await launchWithRetries();
  } catch (err) {
    process.off('exit', killNow);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  started = true;

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const adminUrl = urlOf('postgres');
  let databases = 0;

  const admin = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<R>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };

  return {
    port,
    adminUrl,
    admin,
    async createDatabase(name) {
      databases += 1;
      const db = name ?? `test_${process.pid}_${databases}`;
      await admin(`CREATE DATABASE ${pg.escapeIdentifier(db)}`);
      return urlOf(db);
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
      child = null;
    },
    async restart() {
      await launchWithRetries();
    },
    async stop() {
      process.off('exit', killNow);
      if (child !== null) {
        child.kill('SIGINT');
        await exited;
        child = null;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
