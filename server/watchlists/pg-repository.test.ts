import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { WatchlistError } from './repository';
import type { Actor, ListChange, NewItem, WatchlistRepository } from './repository';
import { CHANGES_CHANNEL, openPgWatchlistRepository } from './pg-repository';
import type { ChangeFeedEvent, PgRepositoryOptions, PgWatchlistRepository } from './pg-repository';
import { PG_SCHEMA_VERSION } from './pg-migrations';

/**
 * What only the PostgreSQL store has: several replicas (each its own pool, as several BFF processes
 * would have) on one database, the change feed through LISTEN/NOTIFY, and its start-up with migrations.
 * Its behaviour as a store is tested with SQLite's in repository.test.ts.
 */

const T = 1_784_000_000_000;
const ANN: Actor = { id: 'ann', name: 'Ann' };
const share = (thscode: string): NewItem => ({ thscode, asset_type: 'a-share', name: thscode });

let server: PostgresServer;
const opened: WatchlistRepository[] = [];

async function replica(url: string, options: PgRepositoryOptions = {}): Promise<PgWatchlistRepository> {
  const r = await openPgWatchlistRepository(url, { clock: () => T, ...options });
  opened.push(r);
  return r;
}

/** The changes a store tells, with a way to wait for the next ones. */
function hearing(repo: WatchlistRepository) {
  const heard: ListChange[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  repo.subscribe((change) => {
    heard.push(change);
    for (const w of waiters.filter((w) => heard.length >= w.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  return {
    heard,
    until: (count: number) =>
      heard.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}

/** Resolves at the next feed event of the given state. */
function feedEvents() {
  const events: ChangeFeedEvent['state'][] = [];
  const waiters: { state: ChangeFeedEvent['state']; after: number; resolve: () => void }[] = [];
  return {
    events,
    onFeed(event: ChangeFeedEvent) {
      events.push(event.state);
      for (const w of waiters.filter((w) => events.slice(w.after).includes(w.state))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
    next(state: ChangeFeedEvent['state']): Promise<void> {
      const after = events.length;
      return new Promise((resolve) => waiters.push({ state, after, resolve }));
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('it was accepted');
}

describeWithPostgres('PostgreSQL store', () => {
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterEach(async () => {
    for (const r of opened.splice(0)) await r.close();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a stale write on replica B after a write on replica A is refused with the list as A left it', async () => {
    const url = await server.createDatabase();
    const a = (await replica(url)).as(ANN);
    const b = (await replica(url)).as(ANN);
    const list = await a.create('Desk');
    const seenByB = await b.get(list.id);
    const afterA = await a.addItems(list.id, [share('600519.SH')], 1);
    const err = await rejection(b.setNote(list.id, '600519.SH', 'from B', seenByB?.version ?? 0));
    expect(err).toBeInstanceOf(WatchlistError);
    expect(err).toMatchObject({ kind: 'version_conflict', current: afterA });
    expect(await b.get(list.id)).toEqual(afterA);
  });

  it('four replicas writing against the same version at once: exactly one wins each round', async () => {
    const url = await server.createDatabase();
    const replicas = await Promise.all([1, 2, 3, 4].map(async () => (await replica(url)).as(ANN)));
    const first = replicas[0];
    if (first === undefined) throw new Error('no replica');
    const list = await first.create('Contended');
    for (let version = 1; version <= 10; version++) {
      const outcomes = await Promise.allSettled(
        replicas.map((r, i) => r.addItems(list.id, [share(`${600000 + version * 10 + i}.SH`)], version)),
      );
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      const current = await first.get(list.id);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toMatchObject({ kind: 'version_conflict', current });
      }
    }
    const final = await first.get(list.id);
    expect(final?.version).toBe(11);
    expect(final?.items.map((i) => i.position)).toEqual([...Array(10).keys()]);
    // The history has one version per win, none lost, none twice.
    expect((await first.history(list.id))?.map((v) => v.version)).toEqual(
      [...Array(11).keys()].map((i) => 11 - i),
    );
  });

  it('a change made through replica A is heard once by B and by A, in commit order, with its fields', async () => {
    const url = await server.createDatabase();
    const a = await replica(url);
    const b = await replica(url);
    const earA = hearing(a);
    const earB = hearing(b);
    const ann = a.as(ANN);
    const list = await ann.create('Told');
    await ann.setVisibility(list.id, 'team', 1);
    await ann.addItems(list.id, [share('600000.SH')], 2);
    await ann.delete(list.id, 3);
    // A refused write tells nothing: the next change heard is the one after it.
    expect(await rejection(ann.rename(list.id, 'x', 1))).toMatchObject({ kind: 'not_found' });
    const sentinel = await ann.create('Sentinel');
    await Promise.all([earA.until(5), earB.until(5)]);
    const expected = [
      { id: list.id, version: 1, deleted: false, owner_id: 'ann', team: false },
      { id: list.id, version: 2, deleted: false, owner_id: 'ann', team: true },
      { id: list.id, version: 3, deleted: false, owner_id: 'ann', team: true },
      { id: list.id, version: 3, deleted: true, owner_id: 'ann', team: true },
      { id: sentinel.id, version: 1, deleted: false, owner_id: 'ann', team: false },
    ];
    expect(earB.heard).toEqual(expected);
    expect(earA.heard).toEqual(expected);
  });

  it('a write whose commit fails, after its notification was queued, tells nothing', async () => {
    const url = await server.createDatabase();
    const a = await replica(url);
    const ear = hearing(a);
    const list = await a.create('Checked');
    await a.addItems(list.id, [share('600000.SH')], 1);
    await ear.until(2);
    // A check PostgreSQL runs at COMMIT, after the write's pg_notify: every note fails there.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`
        CREATE FUNCTION refuse_notes() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'notes are refused at commit'; END $$;
        CREATE CONSTRAINT TRIGGER refuse_notes AFTER INSERT ON watchlist_versions
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.action = 'note')
          EXECUTE FUNCTION refuse_notes();
      `);
    } finally {
      await client.end();
    }
    const err = await rejection(a.setNote(list.id, '600000.SH', 'never', 2));
    expect(err).toBeInstanceOf(pg.DatabaseError);
    expect(String(err)).toMatch(/notes are refused at commit/);
    expect((await a.get(list.id))?.version).toBe(2);
    await a.rename(list.id, 'After', 2);
    await ear.until(3);
    expect(ear.heard.map((c) => c.version)).toEqual([1, 2, 3]);
  });

  it('ignores a notification on its channel that is not a change, and says so', async () => {
    const url = await server.createDatabase();
    const problems: string[] = [];
    const a = await replica(url, { onError: (_err, what) => problems.push(what) });
    const ear = hearing(a);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, 'not json']);
      await client.query('SELECT pg_notify($1, $2)', [
        CHANGES_CHANNEL,
        JSON.stringify({ id: -1, version: 1 }),
      ]);
    } finally {
      await client.end();
    }
    const list = await a.create('Real');
    await ear.until(1);
    expect(ear.heard).toEqual([{ id: list.id, version: 1, deleted: false, owner_id: 'local', team: false }]);
    expect(problems).toEqual([
      'a watchlist change notification is not JSON',
      'a watchlist change notification does not fit its schema',
    ]);
  });

  it('listens again after its feed connection is cut, and hears the changes after that', async () => {
    const url = await server.createDatabase();
    const feed = feedEvents();
    const a = await replica(url, {
      applicationName: 'feed-cut-test',
      onFeed: feed.onFeed,
      reconnectDelayMs: { first: 10, max: 100 },
    });
    const b = await replica(url);
    const ear = hearing(a);
    expect(a.feedListening()).toBe(true);
    const lost = feed.next('lost');
    const back = feed.next('listening');
    const cut = await server.admin<{ cut: boolean }>(
      "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'feed-cut-test-feed'",
    );
    expect(cut).toEqual([{ cut: true }]);
    await lost;
    await back;
    expect(a.feedListening()).toBe(true);
    const list = await b.create('After the cut');
    await ear.until(1);
    expect(ear.heard).toEqual([{ id: list.id, version: 1, deleted: false, owner_id: 'local', team: false }]);
  });

  it('replicas starting together on an empty database apply each migration once', async () => {
    const url = await server.createDatabase();
    const replicas = await Promise.all([1, 2, 3, 4, 5].map(() => replica(url)));
    expect(replicas).toHaveLength(5);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query('SELECT version FROM watchlist_migrations ORDER BY version');
      expect(applied.rows).toEqual(Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => ({ version: i + 1 })));
    } finally {
      await client.end();
    }
  });

  it('refuses a database written by a newer server, and says where it could not connect', async () => {
    const url = await server.createDatabase();
    await (await replica(url)).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('INSERT INTO watchlist_migrations (version) VALUES ($1)', [PG_SCHEMA_VERSION + 1]);
    await client.end();
    await expect(openPgWatchlistRepository(url)).rejects.toThrow(/newer than this server knows/);

    const nowhere = `postgres://someone:secret-password@127.0.0.1:${server.port}/no_such_database`;
    const err = await rejection(openPgWatchlistRepository(nowhere));
    expect(String(err)).toContain(`127.0.0.1:${server.port}/no_such_database`);
    expect(String(err)).not.toContain('secret-password');
  });

  it('survives the server being killed and restarted: writes and the feed resume', async () => {
    const url = await server.createDatabase();
    const feed = feedEvents();
    const problems: string[] = [];
    const a = await replica(url, {
      onFeed: feed.onFeed,
      onError: (_err, what) => problems.push(what),
      reconnectDelayMs: { first: 20, max: 200 },
    });
    const ear = hearing(a);
    const list = await a.create('Before the crash');
    await a.addItems(list.id, [share('600000.SH')], 1);
    await ear.until(2);

    const lost = feed.next('lost');
    await server.kill();
    await lost;
    expect(await a.ping()).toBe(false);
    const back = feed.next('listening');
    await server.restart();
    await back;

    // Acknowledged before the crash, there after it.
    expect((await a.get(list.id))?.items.map((i) => i.thscode)).toEqual(['600000.SH']);
    expect(await a.ping()).toBe(true);
    await a.addItems(list.id, [share('600001.SH')], 2);
    await ear.until(3);
    expect(ear.heard.map((c) => c.version)).toEqual([1, 2, 3]);
  }, 60_000);
});
