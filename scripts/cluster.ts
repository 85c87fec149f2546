// `npm run cluster`: a local cluster for demos, as deploy/ runs one without Docker: Debian's redis-server
// and PostgreSQL 15 in temporary folders on loopback, and three replicas of the dashboard (simulated
// data unless MARKET_API_BASE_URL and MARKET_API_KEY are set) on CLUSTER_PORT, +1, +2 (default 8081),
// sharing them. Open two replicas in two browsers: a watchlist changed in one appears in the other.
// Ctrl-C stops everything and removes the folders.
import path from 'node:path';
import { ensureBuild, ensureDeps, root } from './ensure-deps.mjs';
import { redisServerBinary, startRedisServer } from '../server/engines/redis.testkit';
import { postgresUnavailable, startPostgres } from '../server/engines/postgres.testkit';
import { LISTENING_LINE, runServer, waitForOutput } from '../server/process.testkit';

ensureDeps();
ensureBuild();

const redisBinary = redisServerBinary();
if ('missing' in redisBinary) throw new Error(redisBinary.missing);
const pgMissing = postgresUnavailable();
if (pgMissing !== null) throw new Error(pgMissing);

const firstPort = Number(process.env['CLUSTER_PORT'] ?? 8081);
const [redis, postgres] = await Promise.all([startRedisServer(redisBinary.path), startPostgres()]);
const database = await postgres.createDatabase('dashboard');
const replicas = [0, 1, 2].map((i) =>
  runServer({
    ...process.env,
    STATIC_DIR: path.join(root, 'dist'),
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    PORT: String(firstPort + i),
    REDIS_URL: redis.url,
    DATABASE_URL: database,
  }),
);
for (const replica of replicas) {
  await waitForOutput(() => LISTENING_LINE.test(replica.output()), replica.exit);
  const url = LISTENING_LINE.exec(replica.output())?.[1];
  if (url === undefined) throw new Error(`a replica did not start:\n${replica.output()}`);
  console.log(`replica at ${url}`);
}
console.log(`Redis at ${redis.url}, PostgreSQL database ${database.replace(/\/\/[^@]*@/, '//')}`);
console.log('Ctrl-C stops the cluster.');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const replica of replicas) replica.child.kill('SIGTERM');
  await Promise.all(replicas.map((r) => r.exit));
  await Promise.all([redis.close(), postgres.stop()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
