import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';

/**
 * One replica at a time does the plane's upstream work (a dump import, the minute tape): whoever holds
 * the named lease. The lease expires unless renewed, so a replica that dies hands the work on.
 * `localLeases` serves a single process; Redis (REDIS_URL) or PostgreSQL (DATABASE_URL, when it is the
 * only shared store) serve several replicas.
 */
export interface Leases {
  /** Takes or renews the lease `name` for `ttlMs`; true while this holder has it. */
  acquire(name: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if this holder has it. */
  release(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Leases inside one process (no other replica to share the work with). */
export function localLeases(now: () => number = Date.now): Leases {
  const until = new Map<string, number>();
  return {
    async acquire(name, ttlMs) {
      until.set(name, now() + ttlMs);
      return true;
    },
    async release(name) {
      until.delete(name);
    },
    async close() {
      until.clear();
    },
  };
}

/** Where a shared lease store reports that it failed (the lease is then not held: no upstream work). */
export interface LeaseLog {
  warn(obj: object, msg: string): void;
}

/** Takes the lease if it is free or expired, or renews it if this holder has it. */
const ACQUIRE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if current then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Leases in Redis (REDIS_URL): a key per lease holding the holder's id, with Redis's own expiry. ioredis
 * is loaded on first use. When Redis does not answer, the lease is not held (the work waits).
 */
export function redisLeases(opts: { url: string; keyPrefix: string; log: LeaseLog }): Leases {
  const holder = randomUUID();
  let client: Promise<Redis> | null = null;
  const connect = async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(opts.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
    });
    redis.on('error', (err: unknown) => opts.log.warn({ err }, 'lease store (Redis) failed'));
    await redis.connect();
    return redis;
  };
  const redis = () => {
    client ??= connect().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };
  const key = (name: string) => `${opts.keyPrefix}lease:${name}`;
  return {
    async acquire(name, ttlMs) {
      try {
        const answer = await (await redis()).eval(ACQUIRE_SCRIPT, 1, key(name), holder, String(ttlMs));
        return answer === 1;
      } catch (err) {
        opts.log.warn({ err, lease: name }, 'lease not taken: Redis did not answer');
        return false;
      }
    },
    async release(name) {
      try {
        await (await redis()).eval(RELEASE_SCRIPT, 1, key(name), holder);
      } catch (err) {
        // It expires on its own.
        opts.log.warn({ err, lease: name }, 'lease not released: Redis did not answer');
      }
    },
    async close() {
      const open = client;
      client = null;
      if (open) await open.then((r) => r.quit()).catch(() => undefined);
    },
  };
}

/**
 * Leases in PostgreSQL (DATABASE_URL, when no Redis is configured): a row per lease, its expiry on the
 * database's clock (replicas' clocks may differ). pg is loaded on first use.
 */
export function pgLeases(opts: { databaseUrl: string; log: LeaseLog }): Leases {
  const holder = randomUUID();
  let pool: Promise<Pool> | null = null;
  const open = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    created.on('error', (err: unknown) => opts.log.warn({ err }, 'lease store (PostgreSQL) failed'));
    await created.query(`CREATE TABLE IF NOT EXISTS market_data_leases (
      name TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      until_ms BIGINT NOT NULL
    )`);
    return created;
  };
  const db = () => {
    pool ??= open().catch((error: unknown) => {
      pool = null;
      throw error;
    });
    return pool;
  };
  const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
  return {
    async acquire(name, ttlMs) {
      try {
        const result = await (
          await db()
        ).query(
          `INSERT INTO market_data_leases (name, holder, until_ms) VALUES ($1, $2, ${NOW_MS} + $3::bigint)
            ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until_ms = EXCLUDED.until_ms
            WHERE market_data_leases.holder = EXCLUDED.holder OR market_data_leases.until_ms <= ${NOW_MS}`,
          [name, holder, ttlMs],
        );
        return result.rowCount === 1;
      } catch (err) {
        opts.log.warn({ err, lease: name }, 'lease not taken: PostgreSQL did not answer');
        return false;
      }
    },
    async release(name) {
      try {
        await (
          await db()
        ).query('DELETE FROM market_data_leases WHERE name = $1 AND holder = $2', [name, holder]);
      } catch (err) {
        opts.log.warn({ err, lease: name }, 'lease not released: PostgreSQL did not answer');
      }
    },
    async close() {
      const opened = pool;
      pool = null;
      if (opened) await opened.then((p) => p.end()).catch(() => undefined);
    },
  };
}

/** The leases the configuration calls for: Redis, else PostgreSQL, else this process alone. */
export function leasesFor(
  config: { redis: { url: string; keyPrefix: string } | null; databaseUrl: string | null },
  log: LeaseLog,
): Leases {
  if (config.redis) return redisLeases({ ...config.redis, log });
  if (config.databaseUrl !== null) return pgLeases({ databaseUrl: config.databaseUrl, log });
  return localLeases();
}
