import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WATCHLIST_LIMITS } from '../../src/contract/watchlists';
import { WatchlistError } from './repository';
import type { NewItem, WatchlistRepository } from './repository';
import { OWNED } from './watchlists.testkit';
import {
  configure,
  openSqliteWatchlistRepository,
  SCHEMA_VERSION,
  WatchlistStoreError,
} from './sqlite-repository';

let dir: string;
let path: string;
let now: number;
const open: WatchlistRepository[] = [];

function repo(): WatchlistRepository {
  const r = openSqliteWatchlistRepository(path, { clock: () => now });
  open.push(r);
  return r;
}

const share = (thscode: string, name = thscode): NewItem => ({ thscode, asset_type: 'a-share', name });

/** The refusal a failed write rejects with. */
async function refusal(promise: Promise<unknown>): Promise<WatchlistError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WatchlistError) return err;
    throw err;
  }
  throw new Error('the write was accepted');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'watchlists-'));
  path = join(dir, 'nested', 'deeper', 'w.sqlite');
  now = 1_784_000_000_000;
});
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('opening', () => {
  it('creates the directory and the schema, with WAL, synchronous=FULL and foreign keys', async () => {
    const r = repo();
    expect(existsSync(path)).toBe(true);
    expect(await r.list()).toEqual([]);
    await r.close();
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
      expect(tables).toContainEqual({ name: 'watchlists' });
      expect(tables).toContainEqual({ name: 'watchlist_items' });
    } finally {
      db.close();
    }
  });

  it('reopening keeps the data and does not migrate again', async () => {
    const first = repo();
    const list = await first.create('Banks');
    await first.addItems(list.id, [share('600036.SH')], 1);
    await first.close();
    const again = await repo().get(list.id);
    expect(again?.items.map((i) => i.thscode)).toEqual(['600036.SH']);
    expect(again?.version).toBe(2);
  });

  it('refuses a database written by a newer server', async () => {
    await repo().close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => repo()).toThrow(WatchlistStoreError);
    expect(() => repo()).toThrow(/newer than this server knows/);
  });

  it('says which path it could not open', () => {
    // A directory where the file should be.
    path = dir;
    expect(() => repo()).toThrow(dir);
  });

  it('configures each connection with WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    await repo().close();
    const db = new Database(path);
    try {
      configure(db, 1234);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    } finally {
      db.close();
    }
  });

  it('the schema itself refuses orphan items and unknown asset types', async () => {
    await repo().close();
    const db = new Database(path);
    try {
      configure(db, 1000);
      db.prepare(
        "INSERT INTO watchlists (name, name_key, version, created_at, updated_at) VALUES ('x', 'x', 1, 0, 0)",
      ).run();
      const insert = db.prepare('INSERT INTO watchlist_items VALUES (?, ?, ?, ?, ?, ?, ?)');
      insert.run(1, '600000.SH', 'a-share', 'n', '', 0, 0);
      expect(() => insert.run(99, '600001.SH', 'a-share', 'n', '', 1, 0)).toThrow(/FOREIGN KEY/);
      expect(() => insert.run(1, '600002.SH', 'forex', 'n', '', 1, 0)).toThrow(/CHECK/);
      expect(() => insert.run(1, '600003.SH', 'a-share', 'n', 'x'.repeat(501), 1, 0)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

describe('lists', () => {
  it('create starts at version 1 with no items and the clock time', async () => {
    const list = await repo().create('Morning');
    expect(list).toEqual({
      id: 1,
      name: 'Morning',
      version: 1,
      item_count: 0,
      created_at: now,
      updated_at: now,
      ...OWNED,
      items: [],
    });
  });

  it('names are unique ignoring case and width', async () => {
    const r = repo();
    await r.create('Banks');
    expect((await refusal(r.create('BANKS'))).kind).toBe('name_taken');
    expect((await refusal(r.create('Ｂａｎｋｓ'))).kind).toBe('name_taken');
    const other = await r.create('Brokers');
    expect((await refusal(r.rename(other.id, 'banks', 1))).kind).toBe('name_taken');
    // A list may take its own name in another case.
    expect((await r.rename(other.id, 'BROKERS', 1)).name).toBe('BROKERS');
  });

  it('list gives summaries in creation order with item counts', async () => {
    const r = repo();
    const a = await r.create('A');
    const b = await r.create('B');
    now += 1000;
    await r.addItems(b.id, [share('600000.SH'), share('000001.SZ')], 1);
    expect(await r.list()).toEqual([
      {
        id: a.id,
        name: 'A',
        version: 1,
        item_count: 0,
        created_at: now - 1000,
        updated_at: now - 1000,
        ...OWNED,
      },
      { id: b.id, name: 'B', version: 2, item_count: 2, created_at: now - 1000, updated_at: now, ...OWNED },
    ]);
  });

  it(`refuses list number ${WATCHLIST_LIMITS.lists + 1}`, async () => {
    const r = repo();
    for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) await r.create(`L${i}`);
    const err = await refusal(r.create('one too many'));
    expect(err.kind).toBe('list_limit');
    expect((await r.list()).length).toBe(WATCHLIST_LIMITS.lists);
  });

  it('delete removes the list and its items; its id is not reused', async () => {
    const r = repo();
    const list = await r.create('Gone');
    await r.addItems(list.id, [share('600000.SH')], 1);
    await r.delete(list.id, 2);
    expect(await r.get(list.id)).toBeNull();
    const next = await r.create('Gone');
    expect(next.id).toBeGreaterThan(list.id);
    expect(next.items).toEqual([]);
  });

  it('writes to a missing list are not_found', async () => {
    const r = repo();
    expect((await refusal(r.rename(42, 'x', 1))).kind).toBe('not_found');
    expect((await refusal(r.delete(42, 1))).kind).toBe('not_found');
    expect((await refusal(r.addItems(42, [share('600000.SH')], 1))).kind).toBe('not_found');
  });
});

describe('versions', () => {
  it('every write bumps the version by one and returns the committed list', async () => {
    const r = repo();
    const list = await r.create('V');
    const v2 = await r.addItems(list.id, [share('600000.SH'), share('000001.SZ')], 1);
    const v3 = await r.setNote(list.id, '600000.SH', 'watch the open', 2);
    const v4 = await r.reorder(list.id, ['000001.SZ', '600000.SH'], 3);
    const v5 = await r.removeItem(list.id, '000001.SZ', 4);
    const v6 = await r.rename(list.id, 'W', 5);
    expect([v2, v3, v4, v5, v6].map((l) => l.version)).toEqual([2, 3, 4, 5, 6]);
    expect(v6.items).toEqual([
      {
        thscode: '600000.SH',
        asset_type: 'a-share',
        name: '600000.SH',
        note: 'watch the open',
        position: 0,
        added_at: now,
      },
    ]);
    expect(await r.get(list.id)).toEqual(v6);
  });

  it('a write against an old version changes nothing and carries the current list', async () => {
    const r = repo();
    const list = await r.create('V');
    const fresh = await r.addItems(list.id, [share('600000.SH')], 1);
    const stale = [
      r.addItems(list.id, [share('000001.SZ')], 1),
      r.removeItem(list.id, '600000.SH', 1),
      r.reorder(list.id, ['600000.SH'], 1),
      r.setNote(list.id, '600000.SH', 'x', 1),
      r.rename(list.id, 'X', 1),
      r.delete(list.id, 1),
    ];
    for (const write of stale) {
      const err = await refusal(write);
      expect(err.kind).toBe('version_conflict');
      expect(err.current).toEqual(fresh);
    }
    expect(await r.get(list.id)).toEqual(fresh);
  });

  it('two connections to one file cannot both apply a write to the same version', async () => {
    const a = repo();
    const b = repo();
    const list = await a.create('Shared');
    await a.addItems(list.id, [share('600000.SH')], 1);
    const err = await refusal(b.addItems(list.id, [share('000001.SZ')], 1));
    expect(err.kind).toBe('version_conflict');
    expect(err.current?.items.map((i) => i.thscode)).toEqual(['600000.SH']);
  });
});

describe('items', () => {
  it('adds in order, refuses a duplicate batch whole', async () => {
    const r = repo();
    const list = await r.create('I');
    await r.addItems(list.id, [share('600000.SH'), share('000001.SZ')], 1);
    const err = await refusal(r.addItems(list.id, [share('300750.SZ'), share('000001.SZ')], 2));
    expect(err.kind).toBe('duplicate');
    expect(err.thscode).toBe('000001.SZ');
    const within = await refusal(r.addItems(list.id, [share('300750.SZ'), share('300750.SZ')], 2));
    expect(within.kind).toBe('duplicate');
    const after = await r.get(list.id);
    expect(after?.version).toBe(2);
    expect(after?.items.map((i) => [i.thscode, i.position])).toEqual([
      ['600000.SH', 0],
      ['000001.SZ', 1],
    ]);
  });

  it(`holds at most ${WATCHLIST_LIMITS.items_per_list} items`, async () => {
    const r = repo();
    const list = await r.create('Full');
    const codes = Array.from({ length: WATCHLIST_LIMITS.items_per_list - 1 }, (_, i) =>
      share(`${600000 + i}.SH`),
    );
    await r.addItems(list.id, codes, 1);
    const err = await refusal(r.addItems(list.id, [share('000001.SZ'), share('000002.SZ')], 2));
    expect(err.kind).toBe('item_limit');
    const full = await r.addItems(list.id, [share('000001.SZ')], 2);
    expect(full.item_count).toBe(WATCHLIST_LIMITS.items_per_list);
  });

  it('remove closes the gap in positions', async () => {
    const r = repo();
    const list = await r.create('Gap');
    await r.addItems(
      list.id,
      ['A.SH', 'B.SH', 'C.SH', 'D.SH'].map((c) => share(c)),
      1,
    );
    const after = await r.removeItem(list.id, 'B.SH', 2);
    expect(after.items.map((i) => [i.thscode, i.position])).toEqual([
      ['A.SH', 0],
      ['C.SH', 1],
      ['D.SH', 2],
    ]);
    expect((await refusal(r.removeItem(list.id, 'B.SH', 3))).kind).toBe('item_not_found');
  });

  it('reorder must name each code exactly once', async () => {
    const r = repo();
    const list = await r.create('Order');
    await r.addItems(
      list.id,
      ['A.SH', 'B.SH', 'C.SH'].map((c) => share(c)),
      1,
    );
    for (const bad of [
      ['A.SH', 'B.SH'],
      ['A.SH', 'B.SH', 'B.SH'],
      ['A.SH', 'B.SH', 'X.SH'],
      ['A.SH', 'B.SH', 'C.SH', 'C.SH'],
    ]) {
      expect((await refusal(r.reorder(list.id, bad, 2))).kind).toBe('order_mismatch');
    }
    const after = await r.reorder(list.id, ['C.SH', 'A.SH', 'B.SH'], 2);
    expect(after.items.map((i) => i.thscode)).toEqual(['C.SH', 'A.SH', 'B.SH']);
  });

  it('notes are set, replaced and cleared; a note on a missing item is refused', async () => {
    const r = repo();
    const list = await r.create('Notes');
    await r.addItems(list.id, [{ ...share('600000.SH'), note: 'first' }], 1);
    expect((await r.get(list.id))?.items[0]?.note).toBe('first');
    expect((await r.setNote(list.id, '600000.SH', '第二 note', 2)).items[0]?.note).toBe('第二 note');
    expect((await r.setNote(list.id, '600000.SH', '', 3)).items[0]?.note).toBe('');
    expect((await refusal(r.setNote(list.id, '000001.SZ', 'x', 4))).kind).toBe('item_not_found');
  });
});

describe('only the owner writes', () => {
  const ann = { id: 'ann', name: 'Ann' };
  const bob = { id: 'bob', name: 'Bob' };

  /** Every write of the repository, against list `id` at `version`, as one user. */
  function writes(r: WatchlistRepository, id: number, version: number): [string, () => Promise<unknown>][] {
    return [
      ['rename', () => r.rename(id, 'Mine now', version)],
      ['setVisibility', () => r.setVisibility(id, 'private', version)],
      ['delete', () => r.delete(id, version)],
      ['restoreVersion', () => r.restoreVersion(id, 1, version)],
      ['addItems', () => r.addItems(id, [share('000001.SZ')], version)],
      // A batch that repeats a code: still refused for not being his, before the batch is looked at.
      ['addItems (repeats)', () => r.addItems(id, [share('000001.SZ'), share('000001.SZ')], version)],
      ['checkAddItems', () => r.checkAddItems(id, ['000001.SZ'], version)],
      ['removeItem', () => r.removeItem(id, '600000.SH', version)],
      ['reorder', () => r.reorder(id, ['600000.SH'], version)],
      ['setNote', () => r.setNote(id, '600000.SH', 'mine', version)],
      ['restore', () => r.restore(id)],
    ];
  }

  it("every write to someone else's list is forbidden, private, team or deleted, at any version", async () => {
    const owner = repo().as(ann);
    const made = async (name: string) =>
      (await owner.addItems((await owner.create(name)).id, [share('600000.SH')], 1)).id;
    const privateId = await made('Private');
    const teamId = await made('Team');
    await owner.setVisibility(teamId, 'team', 2);
    const deletedId = await made('Deleted');
    await owner.delete(deletedId, 2);
    const before = await owner.list();

    const other = owner.as(bob);
    const cases = [
      { id: privateId, version: 2, named: false },
      { id: teamId, version: 3, named: true },
      { id: deletedId, version: 2, named: false },
    ];
    for (const { id, version, named } of cases) {
      for (const v of [version, version + 5]) {
        for (const [what, write] of writes(other, id, v)) {
          const err = await refusal(write());
          expect({ id, what, v, kind: err.kind }).toEqual({ id, what, v, kind: 'forbidden' });
          // The owner is named only where Bob may read the list anyway.
          expect(err.message.includes('Ann')).toBe(named);
        }
      }
    }
    // Nothing changed, and nothing was deleted or brought back.
    expect(await owner.list()).toEqual(before);
    expect((await owner.listDeleted()).map((d) => d.id)).toEqual([deletedId]);
    // Reads are unchanged: someone else's private (or deleted) list does not exist for Bob.
    expect(await other.get(privateId)).toBeNull();
    expect(await other.history(privateId)).toBeNull();
    expect(await other.get(deletedId)).toBeNull();
    expect(await other.get(teamId)).toMatchObject({ id: teamId, access: 'read' });
  });

  it('not_found is for an id without a list, and for the owner’s own deleted list', async () => {
    const owner = repo().as(ann);
    const list = await owner.create('Gone');
    await owner.delete(list.id, 1);
    for (const [what, write] of writes(owner, list.id, 2).filter(([w]) => w !== 'restore')) {
      expect({ what, kind: (await refusal(write())).kind }).toEqual({ what, kind: 'not_found' });
    }
    const live = await owner.create('Live');
    expect((await refusal(owner.restore(live.id))).kind).toBe('not_found');
    for (const [what, write] of writes(owner.as(bob), 4242, 1)) {
      expect({ what, kind: (await refusal(write())).kind }).toEqual({ what, kind: 'not_found' });
    }
  });
});
