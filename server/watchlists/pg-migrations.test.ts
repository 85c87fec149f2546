import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { DELETED_KEPT_MS } from './repository';
import type { Actor, FeedTokenRecord, Watchlist } from './repository';
import { PG_MIGRATIONS, PG_MIGRATIONS_TABLE, PG_SCHEMA_VERSION } from './pg-migrations';
import { migratePg, openPgWatchlistRepository } from './pg-repository';

/**
 * Databases written by released servers keep working on PostgreSQL too: each released migration (and
 * the table that tracks them) is frozen, its fingerprint pinned here, and a database made by each
 * release, with lists, items, notes, history and a deleted list written by plain SQL as that release
 * wrote them, opens with the current store with nothing lost.
 */

/**
 * sha256 of each released migration, in order. A mismatch means a released migration was edited: undo
 * that and append a new migration instead. When a new one is released, append its fingerprint and a
 * release below that writes data the way it does.
 */
const RELEASED = [
  'ac00779b46b7059911ca9803b8066027bf47ccc028c242a484da707145378c35',
  '6de32bc53c3583f3cf0f3343ba08f564fb7abc1532ad3a5b1f41ace18ab0ff34',
];
const TRACKING_TABLE = 'fdef93e38375b1664757b3353432ebe9ef3b4eb95def3080ce794e1b3e2be3be';

const fingerprint = (sql: string) => createHash('sha256').update(sql).digest('hex');

describe('released PostgreSQL migrations', () => {
  it('are frozen: each one, and the tracking table, byte for byte what was released', () => {
    expect(PG_MIGRATIONS.length).toBeGreaterThanOrEqual(RELEASED.length);
    expect(PG_MIGRATIONS.slice(0, RELEASED.length).map(fingerprint)).toEqual(RELEASED);
    expect(fingerprint(PG_MIGRATIONS_TABLE)).toBe(TRACKING_TABLE);
  });

  it('every released version has a database test below', () => {
    expect(RELEASES.map((r) => r.version)).toEqual(RELEASED.map((_, i) => i + 1));
  });
});

const T = 1_784_000_000_000;
const ANN: Actor = { id: 'ann', name: 'Ann' };

/** The lists a test database holds, as the store answers them to Ann. */
const EXPECTED: Watchlist[] = [
  {
    id: 1,
    name: 'Banks',
    version: 4,
    item_count: 3,
    created_at: T,
    updated_at: T + 3000,
    owner_id: 'ann',
    owner_name: 'Ann',
    visibility: 'team',
    access: 'owner',
    items: [
      // Stored out of position order on purpose: the order is `position`, not the insertion.
      {
        thscode: '000001.SZ',
        asset_type: 'a-share',
        name: '平安银行',
        note: '',
        position: 0,
        added_at: T + 2000,
      },
      {
        thscode: '600036.SH',
        asset_type: 'a-share',
        name: '招商银行',
        note: '年报后加仓\nwatch 40',
        position: 1,
        added_at: T + 1000,
      },
      {
        thscode: '000300.SH',
        asset_type: 'a-share-index',
        name: '沪深300',
        note: '𠀀'.repeat(500),
        position: 2,
        added_at: T + 3000,
      },
    ],
  },
  {
    id: 4,
    name: '基金 Funds',
    version: 2,
    item_count: 2,
    created_at: T + 10,
    updated_at: T + 20,
    owner_id: 'ann',
    owner_name: 'Ann',
    visibility: 'private',
    access: 'owner',
    items: [
      {
        thscode: '510300.SH',
        asset_type: 'fund-etf',
        name: '沪深300ETF',
        note: 'core\tposition',
        position: 0,
        added_at: T + 20,
      },
      {
        thscode: 'IF2609.CFX',
        asset_type: 'futures',
        name: '沪深300股指2609',
        note: '',
        position: 1,
        added_at: T + 20,
      },
    ],
  },
  {
    id: 5,
    name: 'Empty',
    version: 1,
    item_count: 0,
    created_at: T + 30,
    updated_at: T + 30,
    owner_id: 'bob',
    owner_name: 'Bob',
    visibility: 'team',
    access: 'read',
    items: [],
  },
];

/** What history(1) answers: the versions the release recorded, newest first. */
const HISTORY_OF_1 = [
  {
    version: 4,
    at: T + 3000,
    by: 'Ann',
    action: 'add',
    detail: '000300.SH',
    name: 'Banks',
    codes: ['000001.SZ', '600036.SH', '000300.SH'],
  },
  { version: 1, at: T, by: 'Ann', action: 'create', detail: 'Banks', name: 'Banks', codes: [] },
];

/** A deleted list, still in "recently deleted". */
const DELETED = {
  id: 3,
  name: 'Gone',
  item_count: 0,
  deleted_at: T + 40,
  purge_at: T + 40 + DELETED_KEPT_MS,
};

interface Release {
  /** The schema version that release wrote. */
  version: number;
  /** Writes EXPECTED, HISTORY_OF_1 and DELETED the way that release's store did, in plain SQL. */
  write(db: pg.ClientBase): Promise<void>;
  /** Ann's calendar feed token that release wrote, from version 2 on. */
  feedToken?: FeedTokenRecord;
}

/** A calendar feed token as schema version 2 keeps it. */
const FEED_TOKEN: FeedTokenRecord = {
  user_id: 'ann',
  token_hash: 'ab'.repeat(32),
  nonce: 'n'.repeat(43),
  created_at: T + 50,
};

/** Lists, history and a deletion as schema version 1 wrote them (version 2 writes them alike). */
async function writeVersion1(db: pg.ClientBase): Promise<void> {
  const key = (owner: string, name: string) => `${owner}\u001f${name.normalize('NFKC').toLowerCase()}`;
  for (const w of EXPECTED) {
    await db.query(
      `INSERT INTO watchlists (id, name, name_key, version, created_at, updated_at, owner_id, owner_name, visibility)
           OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        w.id,
        w.name,
        key(w.owner_id, w.name),
        w.version,
        w.created_at,
        w.updated_at,
        w.owner_id,
        w.owner_name,
        w.visibility,
      ],
    );
    for (const i of [...w.items].reverse()) {
      await db.query(
        `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [w.id, i.thscode, i.asset_type, i.name, i.note, i.position, i.added_at],
      );
    }
  }
  const banks = EXPECTED[0];
  if (banks === undefined) throw new Error('no list 1');
  for (const v of HISTORY_OF_1) {
    const items = v.codes.flatMap((code) => {
      const item = banks.items.find((i) => i.thscode === code);
      if (item === undefined) return [];
      const { position: _position, ...kept } = item;
      return [kept];
    });
    await db.query(
      `INSERT INTO watchlist_versions (watchlist_id, version, at, actor_id, actor_name, action, detail, name, items)
           VALUES (1, $1, $2, 'ann', 'Ann', $3, $4, $5, $6::jsonb)`,
      [v.version, v.at, v.action, v.detail, v.name, JSON.stringify(items)],
    );
  }
  await db.query(
    `INSERT INTO watchlists (id, name, name_key, version, created_at, updated_at, owner_id, owner_name, deleted_at)
         OVERRIDING SYSTEM VALUE VALUES (3, 'Gone', 'deleted' || chr(31) || '3', 1, $1, $1, 'ann', 'Ann', $2)`,
    [T, DELETED.deleted_at],
  );
  // List 2 existed and was purged: its id, like every id up to 5, must never come back.
  await db.query("SELECT setval(pg_get_serial_sequence('watchlists', 'id'), 5)");
}

const RELEASES: readonly Release[] = [
  { version: 1, write: writeVersion1 },
  {
    version: 2,
    async write(db) {
      await writeVersion1(db);
      await db.query(
        'INSERT INTO calendar_feed_tokens (user_id, token_hash, nonce, created_at) VALUES ($1, $2, $3, $4)',
        [FEED_TOKEN.user_id, FEED_TOKEN.token_hash, FEED_TOKEN.nonce, FEED_TOKEN.created_at],
      );
    },
    feedToken: FEED_TOKEN,
  },
];

describeWithPostgres('a PostgreSQL database written by a released server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  /** A database as `release` left it: its migrations, its data. */
  async function databaseOf(release: Release): Promise<string> {
    const url = await server.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migratePg(client, PG_MIGRATIONS.slice(0, release.version));
      await client.query('BEGIN');
      await release.write(client);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    return url;
  }

  /** What the current store reads from the database once it has opened (and upgraded) it. */
  async function readAfterUpgrade(url: string, migrations: readonly string[] = PG_MIGRATIONS) {
    const repo = await openPgWatchlistRepository(url, { clock: () => T + 99_000, migrations });
    try {
      const ann = repo.as(ANN);
      const summaries = await ann.list();
      const lists = await Promise.all(summaries.map((s) => ann.get(s.id)));
      return {
        summaries,
        lists,
        history: await ann.history(1),
        deleted: await ann.listDeleted(),
        feedToken: await repo.feedTokens.current(ANN.id),
      };
    } finally {
      await repo.close();
    }
  }

  const KEPT = {
    summaries: EXPECTED.map(({ items: _items, ...summary }) => summary),
    lists: EXPECTED,
    history: HISTORY_OF_1,
    deleted: [DELETED],
    feedToken: null,
  };

  describe.each(RELEASES)('at schema version $version', (release) => {
    it('opens with the current store, upgraded, with every list, item, note, version, deletion and feed token kept', async () => {
      const url = await databaseOf(release);
      expect(await readAfterUpgrade(url)).toEqual({ ...KEPT, feedToken: release.feedToken ?? null });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query('SELECT max(version) AS v FROM watchlist_migrations');
        expect(applied.rows).toEqual([{ v: PG_SCHEMA_VERSION }]);
      } finally {
        await client.end();
      }
    });

    it('goes on working: versions continue, used ids stay unused, the deleted list comes back', async () => {
      const url = await databaseOf(release);
      const repo = await openPgWatchlistRepository(url, { clock: () => T + 99_000 });
      try {
        const ann = repo.as(ANN);
        const renamed = await ann.rename(1, 'Banks 2', 4);
        expect(renamed).toMatchObject({ version: 5, items: EXPECTED[0]?.items });
        expect((await ann.create('New')).id).toBe(6);
        expect(await ann.restore(3)).toMatchObject({ id: 3, name: 'Gone', version: 1 });
        expect((await ann.restoreVersion(1, 1, 5)).items).toEqual([]);
      } finally {
        await repo.close();
      }
    });
  });

  describe('the upgrade check', () => {
    const first = RELEASES[0];
    if (first === undefined) throw new Error('no release to start from');

    it('would catch a future migration that loses data', async () => {
      const url = await databaseOf(first);
      // What a careless column change could do: the notes are gone.
      const lossy = "UPDATE watchlist_items SET note = '';";
      expect(await readAfterUpgrade(url, [...PG_MIGRATIONS, lossy])).not.toEqual(KEPT);
    });

    it('and lets a faithful one through', async () => {
      const url = await databaseOf(first);
      const index = 'CREATE INDEX watchlist_items_added ON watchlist_items (added_at);';
      expect(await readAfterUpgrade(url, [...PG_MIGRATIONS, index])).toEqual(KEPT);
    });
  });
});
