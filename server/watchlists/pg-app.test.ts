import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp, watchlistStoreOf } from '../app';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { startFakeUpstream } from '../gateway/fake-upstream.testkit';
import type { FakeUpstream } from '../gateway/fake-upstream.testkit';
import { LISTENING_LINE, runServer, waitForOutput } from '../process.testkit';
import { testConfig } from '../testkit';
import { watchlistHistorySchema, watchlistIndexSchema } from '../../src/contract/watchlists';
import { asError, asList, call, conflictSchema } from './watchlists.testkit';
import { openSse } from './sse.testkit';

/**
 * The app with DATABASE_URL: the watchlist routes run on PostgreSQL (no SQLite file is made), and two
 * apps on one database behave as two replicas behind a load balancer. Without DATABASE_URL the server
 * never loads pg at all.
 */

const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const W = '/bff/watchlists';
const KNOWN = ['600519.SH', '000001.SZ', '300750.SZ'];

/** A fake service whose search knows a few A-shares. */
async function searchUpstream(): Promise<FakeUpstream> {
  const fake = await startFakeUpstream();
  fake.behave((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const item = KNOWN.filter((code) => code === q).map((thscode) => ({
      thscode,
      ticker: thscode.slice(0, 6),
      name: `股票${thscode.slice(0, 6)}`,
      exchange: thscode.slice(-2),
      asset_type: 'a-share',
      currency: 'CNY',
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        item.length === 0
          ? { code: 3001, message: 'not found', request_id: 'u1', data: null }
          : { code: 0, message: 'ok', request_id: 'u1', data: { timestamp: NOW, item } },
      ),
    );
  });
  return fake;
}

describeWithPostgres('the app on PostgreSQL', () => {
  let server: PostgresServer;
  let fake: FakeUpstream;
  let url: string;
  let replicaA: FastifyInstance;
  let replicaB: FastifyInstance;
  let sqliteFile: string;

  function app(): FastifyInstance {
    const config = testConfig({ DATABASE_URL: url, CLIENT_RATE_LIMIT_PER_MIN: '100000' });
    sqliteFile = config.watchlistDb;
    return createApp({
      config,
      upstream: { baseUrl: fake.url, apiKey: 'pg-app-key-123' },
      mode: 'live',
      clock: () => NOW,
      logger: false,
    });
  }

  beforeAll(async () => {
    [server, fake] = await Promise.all([startPostgres(), searchUpstream()]);
    url = await server.createDatabase();
    replicaA = app();
    replicaB = app();
    await Promise.all([replicaA.ready(), replicaB.ready()]);
  }, 60_000);
  afterAll(async () => {
    await replicaA.close();
    await replicaB.close();
    await fake.close();
    await server.stop();
  });

  it('serves the watchlists from PostgreSQL, and makes no SQLite file', async () => {
    const created = await call(replicaA, 'POST', W, { name: '自选 PG' });
    expect(created.statusCode).toBe(201);
    const list = asList(created);
    const added = await call(replicaA, 'POST', `${W}/${list.id}/items`, { thscode: '600519.SH', version: 1 });
    expect(added.statusCode).toBe(200);
    expect(asList(added)).toMatchObject({
      version: 2,
      items: [{ thscode: '600519.SH', name: '股票600519', asset_type: 'a-share', position: 0 }],
    });
    const unknown = await call(replicaA, 'POST', `${W}/${list.id}/items`, {
      thscode: '999999.SH',
      version: 2,
    });
    expect(unknown.statusCode).toBe(422);
    expect(asError(unknown).code).toBe('unknown_instrument');

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = await client.query('SELECT name, version FROM watchlists');
      expect(rows.rows).toEqual([{ name: '自选 PG', version: 2 }]);
    } finally {
      await client.end();
    }
    expect(existsSync(sqliteFile)).toBe(false);
    expect(existsSync(dirname(sqliteFile))).toBe(true);
  });

  it('a stale write on replica B after a write on replica A gets 409 with the list as A left it', async () => {
    const list = asList(await call(replicaA, 'POST', W, { name: 'Two replicas' }));
    const onB = asList(await call(replicaB, 'GET', `${W}/${list.id}`));
    const byA = asList(
      await call(replicaA, 'POST', `${W}/${list.id}/items`, { thscode: '000001.SZ', version: 1 }),
    );
    const stale = await call(replicaB, 'POST', `${W}/${list.id}/items`, {
      thscode: '300750.SZ',
      version: onB.version,
    });
    expect(stale.statusCode).toBe(409);
    const conflict = conflictSchema.parse(stale.json());
    expect(conflict.error.code).toBe('version_conflict');
    expect(conflict.current).toEqual(byA);
    // Re-applied on the version it was given, B's write goes through; both replicas agree.
    const again = await call(replicaB, 'POST', `${W}/${list.id}/items`, {
      thscode: '300750.SZ',
      version: conflict.current.version,
    });
    expect(asList(again).items.map((i) => i.thscode)).toEqual(['000001.SZ', '300750.SZ']);
    expect(asList(await call(replicaA, 'GET', `${W}/${list.id}`))).toEqual(asList(again));
    const history = watchlistHistorySchema.parse(
      (await call(replicaA, 'GET', `${W}/${list.id}/history`)).json(),
    );
    expect(history.versions.map((v) => v.action)).toEqual(['add', 'add', 'create']);
    const index = watchlistIndexSchema.parse((await call(replicaB, 'GET', W)).json());
    expect(index.watchlists.map((l) => l.name)).toEqual(['自选 PG', 'Two replicas']);
  });

  it('a change made through one replica is heard by the other', async () => {
    const store = watchlistStoreOf(replicaB);
    if (store === undefined) throw new Error('replica B has no store');
    expect(await store.ping()).toBe(true);
    const heard: number[] = [];
    const done = new Promise<void>((resolve) => {
      const stop = store.subscribe((change) => {
        heard.push(change.id);
        stop();
        resolve();
      });
    });
    const list = asList(await call(replicaA, 'POST', W, { name: 'Heard' }));
    await done;
    expect(heard).toEqual([list.id]);
  });

  it('ends its open event streams once the change feed listens again after a loss, so pages read their lists anew', async () => {
    const listening = app();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = listening.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const stream = await openSse(`http://127.0.0.1:${port}${W}/events`);
      // The first frame is the retry hint: the stream is open.
      expect((await stream.nextFrame())?.retry).toBeGreaterThan(0);
      const database = new URL(url).pathname.slice(1);
      const cut = await server.admin<{ cut: boolean }>(
        "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'market-dashboard-feed' AND datname = $1",
        [database],
      );
      expect(cut.length).toBeGreaterThan(0);
      // Changes made while the feed was down were never heard: the stream ends (the browser opens it
      // again and reads its lists) once the feed is back, rather than going on as if nothing was missed.
      let frame = await stream.nextFrame();
      while (frame !== null) frame = await stream.nextFrame();
    } finally {
      await listening.close();
    }
  }, 60_000);
});

describe('the app without DATABASE_URL', () => {
  /** Makes any import of pg fail in the server process. */
  const forbidPg =
    'data:text/javascript,' +
    encodeURIComponent(
      `import { register } from 'node:module';
       register('data:text/javascript,' + encodeURIComponent(
         'export async function resolve(specifier, context, next) {' +
         '  if (specifier === "pg" || specifier.startsWith("pg/")) throw new Error("pg was loaded");' +
         '  return next(specifier, context);' +
         '}'));`,
    );

  it('never loads pg: the server starts and serves watchlists with pg made unloadable', async () => {
    const server = runServer({ PORT: '0' }, ['--import', forbidPg]);
    try {
      await waitForOutput(() => LISTENING_LINE.test(server.output()), server.exit);
      const base = LISTENING_LINE.exec(server.output())?.[1];
      expect(base, server.output()).toBeDefined();
      const res = await fetch(`${base}bff/watchlists`);
      expect(res.status).toBe(200);
      expect(watchlistIndexSchema.parse(await res.json()).watchlists).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    // A server process starts in seconds, far more on a loaded machine.
  }, 90_000);

  it('(the guard works: with DATABASE_URL the same server fails to load pg)', async () => {
    const server = runServer({ PORT: '0', DATABASE_URL: 'postgres://127.0.0.1:1/none' }, [
      '--import',
      forbidPg,
    ]);
    try {
      expect(await server.exit).not.toBe(0);
      expect(server.output()).toContain('pg was loaded');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);
});
