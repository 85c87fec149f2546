import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisForSuite } from '../engines/redis.testkit';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { leasesFor, localLeases, pgLeases, redisLeases } from './lease';
import type { Leases } from './lease';

/**
 * Two replicas' leases on one shared store: one holder at a time, renewal by the holder, release, and
 * expiry handing the lease on.
 */
function sharesOneHolder(make: () => Leases) {
  it('lets one holder at a time take a lease, renew it, and give it up', async () => {
    const a = make();
    const b = make();
    try {
      const name = `copy-${Math.random().toString(36).slice(2)}`;
      expect(await a.acquire(name, 60_000)).toBe(true);
      expect(await b.acquire(name, 60_000)).toBe(false);
      // The holder renews.
      expect(await a.acquire(name, 60_000)).toBe(true);
      // Releasing a lease one does not hold changes nothing.
      await b.release(name);
      expect(await b.acquire(name, 60_000)).toBe(false);
      await a.release(name);
      expect(await b.acquire(name, 60_000)).toBe(true);
      expect(await a.acquire(name, 60_000)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('hands an expired lease on (a holder that died)', async () => {
    const a = make();
    const b = make();
    try {
      const name = `expiry-${Math.random().toString(36).slice(2)}`;
      expect(await a.acquire(name, 50)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await b.acquire(name, 60_000)).toBe(true);
      expect(await a.acquire(name, 60_000)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
}

const quietLog = { warn: () => undefined };

describe('leases in Redis', () => {
  const redis = redisForSuite();
  if (redis === null) return;
  sharesOneHolder(() => redisLeases({ url: redis().url, keyPrefix: 'test:', log: quietLog }));

  it('does not hold a lease when Redis does not answer (no upstream work on a guess)', async () => {
    const warnings: string[] = [];
    const leases = redisLeases({
      url: 'redis://127.0.0.1:1',
      keyPrefix: 'test:',
      log: { warn: (_o, m) => void warnings.push(m) },
    });
    expect(await leases.acquire('copy', 60_000)).toBe(false);
    expect(warnings.some((w) => w.includes('lease not taken'))).toBe(true);
    await leases.close();
  });
});

describeWithPostgres('leases in PostgreSQL', () => {
  let pg: PostgresServer;
  let url: string;
  beforeAll(async () => {
    pg = await startPostgres();
    url = await pg.createDatabase();
  }, 60_000);
  afterAll(async () => {
    await pg.stop();
  });
  sharesOneHolder(() => pgLeases({ databaseUrl: url, log: quietLog }));
});

describe('the leases the configuration calls for', () => {
  it('are local without Redis and PostgreSQL (this process holds every lease)', async () => {
    const leases = leasesFor({ redis: null, databaseUrl: null }, quietLog);
    expect(await leases.acquire('copy', 1_000)).toBe(true);
    expect(await localLeases().acquire('copy', 1_000)).toBe(true);
    await leases.close();
  });
});
