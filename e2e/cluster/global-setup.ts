import path from 'node:path';
import { redisServerBinary, startRedisServer } from '../../server/engines/redis.testkit';
import { postgresUnavailable, startPostgres } from '../../server/engines/postgres.testkit';
import { startServerProcess } from '../../server/process.testkit';

/**
 * Two replicas of the dashboard (server/index.ts, simulated data on a pinned clock, the built app) on
 * one Redis and one PostgreSQL database, started for e2e/cluster (playwright.cluster.config.ts). Their
 * addresses reach the tests as CLUSTER_REPLICA_A and CLUSTER_REPLICA_B. Without redis-server or
 * PostgreSQL the tests are skipped with the reason (CLUSTER_SKIP), unless REQUIRE_ENGINES=1.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const redisBinary = redisServerBinary();
  const missing = 'missing' in redisBinary ? redisBinary.missing : postgresUnavailable();
  if (missing !== null || 'missing' in redisBinary) {
    const reason = missing ?? 'redis-server is missing';
    if (process.env['REQUIRE_ENGINES'] === '1') throw new Error(`${reason} (REQUIRE_ENGINES=1)`);
    process.env['CLUSTER_SKIP'] = reason;
    return undefined;
  }
  const [redis, postgres] = await Promise.all([startRedisServer(redisBinary.path), startPostgres()]);
  const database = await postgres.createDatabase();
  const env = {
    HOST: '127.0.0.1',
    MARKET_API_KEY: '',
    MARKET_API_BASE_URL: '',
    SIM_NOW: process.env['E2E_SIM_NOW'] ?? '2026-07-15T10:10:00+08:00',
    STATIC_DIR: path.resolve(process.env['E2E_STATIC_DIR'] ?? 'dist'),
    REDIS_URL: redis.url,
    DATABASE_URL: database,
  };
  const replicas = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const [a, b] = replicas;
  if (!a || !b) throw new Error('the replicas did not start');
  process.env['CLUSTER_REPLICA_A'] = a.url;
  process.env['CLUSTER_REPLICA_B'] = b.url;
  return async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await Promise.all([redis.close(), postgres.stop()]);
  };
}
