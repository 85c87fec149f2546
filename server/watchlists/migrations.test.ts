import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { configure, openSqliteWatchlistRepository } from './sqlite-repository';
import type { FeedTokenRecord, Watchlist } from './repository';
import { OWNED } from './watchlists.testkit';

/**
 * Databases written by released servers keep working: each released migration is frozen (its
 * fingerprint is pinned here), and a database made by each release, with lists, items and notes
 * written by plain SQL as that release wrote them, opens with the current store with nothing lost.
 */

/**
 * sha256 of each released migration, in order. A mismatch means a released migration was edited:
 * undo that and append a new migration instead. When a new one is released, append its fingerprint
 * and a release below that writes data the way it does.
 */
const RELEASED = [
  '0f9bb5e49a1e1a654774ed959334359ba82eb92cbb48cea8fd9cd226201bee61',
  '0b3c0141e18422b8ed3891295052c130fba99c15e9dfb7d9e4f4e166bc5da04e',
  'afd32429053c5b627dd942d239278fdb001b470535562209daad5c5802ab2b86',
];

const fingerprint = (sql: string) => createHash('sha256').update(sql).digest('hex');

type Db = Database.Database;

/** The data a test database holds, as the store answers it. */
const T = 1_784_000_000_000;
const EXPECTED: Omit<Watchlist, keyof typeof OWNED>[] = [
  {
    id: 1,
    name: 'Banks',
    version: 4,
    item_count: 3,
    created_at: T,
    updated_at: T + 3000,
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
  { id: 5, name: 'Empty', version: 1, item_count: 0, created_at: T + 30, updated_at: T + 30, items: [] },
];

interface Release {
  /** The schema version that release wrote. */
  version: number;
  /** Writes EXPECTED the way that release's store did, in plain SQL. */
  write(db: Db): void;
  /** The local user's calendar feed token that release wrote, from version 3 on. */
  feedToken?: FeedTokenRecord;
}

/** A calendar feed token as schema version 3 keeps it. */
const FEED_TOKEN: FeedTokenRecord = {
  user_id: 'local',
  token_hash: 'ab'.repeat(32),
  nonce: 'n'.repeat(43),
  created_at: T + 50,
};

/** Lists as schema version 2 wrote them (releases 2 and 3 write lists alike). */
function writeVersion2(db: Db): void {
  const list = db.prepare(
    `INSERT INTO watchlists (id, name, name_key, version, created_at, updated_at, owner_id, owner_name)
     VALUES (?, ?, ?, ?, ?, ?, 'local', 'local')`,
  );
  const item = db.prepare(
    `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const version = db.prepare(
    `INSERT INTO watchlist_versions (watchlist_id, version, at, actor_id, actor_name, action, detail, name, items)
     VALUES (?, ?, ?, 'local', 'local', 'add', '', ?, ?)`,
  );
  for (const w of EXPECTED) {
    const key = `local\u001f${w.name.normalize('NFKC').toLowerCase()}`;
    list.run(w.id, w.name, key, w.version, w.created_at, w.updated_at);
    for (const i of [...w.items].reverse()) {
      item.run(w.id, i.thscode, i.asset_type, i.name, i.note, i.position, i.added_at);
    }
    const kept = w.items.map(({ position: _p, ...rest }) => rest);
    version.run(w.id, w.version, w.updated_at, w.name, JSON.stringify(kept));
  }
  // A deleted list, still in "recently deleted": not among the lists.
  list.run(3, 'Gone', 'deleted\u001f3', 1, T, T);
  db.prepare('UPDATE watchlists SET deleted_at = ? WHERE id = 3').run(T + 40);
  db.prepare("UPDATE sqlite_sequence SET seq = 5 WHERE name = 'watchlists'").run();
}

const RELEASES: readonly Release[] = [
  {
    version: 1,
    write(db) {
      const list = db.prepare(
        'INSERT INTO watchlists (id, name, name_key, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const item = db.prepare(
        `INSERT INTO watchlist_items (watchlist_id, thscode, asset_type, name, note, position, added_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const w of EXPECTED) {
        list.run(w.id, w.name, w.name.normalize('NFKC').toLowerCase(), w.version, w.created_at, w.updated_at);
        for (const i of [...w.items].reverse()) {
          item.run(w.id, i.thscode, i.asset_type, i.name, i.note, i.position, i.added_at);
        }
      }
      // Lists 2 and 3 existed and were deleted: their ids must never come back.
      db.prepare("UPDATE sqlite_sequence SET seq = 5 WHERE name = 'watchlists'").run();
    },
  },
  { version: 2, write: writeVersion2 },
  {
    version: 3,
    write(db) {
      writeVersion2(db);
      db.prepare(
        `INSERT INTO calendar_feed_tokens (user_id, token_hash, nonce, created_at) VALUES (?, ?, ?, ?)`,
      ).run(FEED_TOKEN.user_id, FEED_TOKEN.token_hash, FEED_TOKEN.nonce, FEED_TOKEN.created_at);
    },
    feedToken: FEED_TOKEN,
  },
];

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'watchlists-migrations-'));
  path = join(dir, 'w.sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A database as `release` left it: its migrations, its version, its data. */
function databaseOf(release: Release): void {
  const db = new Database(path);
  try {
    configure(db, 1000);
    for (const sql of MIGRATIONS.slice(0, release.version)) db.exec(sql);
    db.pragma(`user_version = ${release.version}`);
    db.transaction(() => release.write(db))();
  } finally {
    db.close();
  }
}

/** What the current store reads from the database once it has opened (and upgraded) it. */
async function readAfterUpgrade(migrations: readonly string[] = MIGRATIONS) {
  const repo = openSqliteWatchlistRepository(path, { clock: () => T + 99_000, migrations });
  try {
    const summaries = await repo.list();
    const lists = await Promise.all(summaries.map((s) => repo.get(s.id)));
    return { summaries, lists, feedToken: await repo.feedTokens.current('local') };
  } finally {
    await repo.close();
  }
}

/** Lists made before sign-in existed belong to the local user and stay private. */
const KEPT = {
  summaries: EXPECTED.map(({ items: _items, ...summary }) => ({ ...summary, ...OWNED })),
  lists: EXPECTED.map((list) => ({ ...list, ...OWNED })),
  feedToken: null,
};

describe('released migrations', () => {
  it('are frozen: each one is byte for byte what was released', () => {
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(RELEASED.length);
    expect(MIGRATIONS.slice(0, RELEASED.length).map(fingerprint)).toEqual(RELEASED);
  });

  it('every released version has a database test below', () => {
    expect(RELEASES.map((r) => r.version)).toEqual(RELEASED.map((_, i) => i + 1));
  });
});

describe.each(RELEASES)('a database written at schema version $version', (release) => {
  it('opens with the current store, upgraded, with every list, item, order, note and feed token kept', async () => {
    databaseOf(release);
    expect(await readAfterUpgrade()).toEqual({ ...KEPT, feedToken: release.feedToken ?? null });

    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('goes on working: versions continue, deleted ids stay unused', async () => {
    databaseOf(release);
    const repo = openSqliteWatchlistRepository(path, { clock: () => T + 99_000 });
    try {
      const renamed = await repo.rename(1, 'Banks 2', 4);
      expect(renamed).toMatchObject({ version: 5, items: EXPECTED[0]?.items });
      expect((await repo.create('New')).id).toBe(6);
    } finally {
      await repo.close();
    }
  });
});

describe('the upgrade check', () => {
  const first = RELEASES[0];
  if (first === undefined) throw new Error('no release to start from');

  it('would catch a future migration that loses data', async () => {
    databaseOf(first);
    // What a careless table rebuild could do: the notes are gone.
    const lossy = `
      CREATE TABLE items_new AS
        SELECT watchlist_id, thscode, asset_type, name, '' AS note, position, added_at FROM watchlist_items;
      DELETE FROM watchlist_items;
      INSERT INTO watchlist_items SELECT * FROM items_new;
      DROP TABLE items_new;
    `;
    expect(await readAfterUpgrade([...MIGRATIONS, lossy])).not.toEqual(KEPT);
  });

  it('and lets a faithful one through', async () => {
    databaseOf(first);
    const index = 'CREATE INDEX watchlist_items_added ON watchlist_items (added_at);';
    expect(await readAfterUpgrade([...MIGRATIONS, index])).toEqual(KEPT);
  });
});
