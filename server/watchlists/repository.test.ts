import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WATCHLIST_LIMITS } from '../../src/contract/watchlists';
import { describeWithPostgres, startPostgres } from '../engines/postgres.testkit';
import type { PostgresServer } from '../engines/postgres.testkit';
import { DELETED_KEPT_MS, WatchlistError } from './repository';
import type { Actor, ListChange, NewItem, WatchlistRepository } from './repository';
import { openPgWatchlistRepository } from './pg-repository';
import { openSqliteWatchlistRepository, VERSIONS_KEPT } from './sqlite-repository';
import { OWNED } from './watchlists.testkit';

/**
 * The behaviour of the watchlist store, whatever holds it: one suite, run against SQLite (the embedded
 * default) and PostgreSQL (DATABASE_URL). Each test gets an empty store; `repo()` opens one more
 * connection to it (another process on the SQLite file, another replica's pool on the database).
 * What only one store has (SQLite's file, WAL and backups; PostgreSQL's replicas, notifications and
 * migrations) is tested in that store's own files.
 */

interface StoreKind {
  /** Once per file (starting PostgreSQL). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** An empty store for one test; `open` connects to it. */
  fresh(clock: () => number): Promise<{ open(): Promise<WatchlistRepository>; cleanUp(): void }>;
}

const sqliteKind: StoreKind = {
  setUp: async () => {},
  tearDown: async () => {},
  async fresh(clock) {
    const dir = mkdtempSync(join(tmpdir(), 'watchlists-'));
    const path = join(dir, 'nested', 'w.sqlite');
    return {
      open: async () => openSqliteWatchlistRepository(path, { clock }),
      cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

function postgresKind(): StoreKind {
  let server: PostgresServer | null = null;
  return {
    async setUp() {
      server = await startPostgres();
    },
    async tearDown() {
      await server?.stop();
    },
    async fresh(clock) {
      if (server === null) throw new Error('PostgreSQL is not running');
      const url = await server.createDatabase();
      return { open: async () => openPgWatchlistRepository(url, { clock }), cleanUp: () => {} };
    },
  };
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

/** The changes a store tells, with a way to wait for the next ones (PostgreSQL tells them asynchronously). */
function hearing(repo: WatchlistRepository) {
  const heard: ListChange[] = [];
  let waiting: { count: number; resolve: () => void } | null = null;
  const stop = repo.subscribe((change) => {
    heard.push(change);
    if (waiting !== null && heard.length >= waiting.count) {
      waiting.resolve();
      waiting = null;
    }
  });
  return {
    heard,
    stop,
    /** Resolves once `count` changes in all have been heard. */
    until(count: number): Promise<void> {
      if (heard.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        waiting = { count, resolve };
      });
    },
  };
}

const ANN: Actor = { id: 'ann', name: 'Ann' };
const BOB: Actor = { id: 'bob', name: 'Bob' };

function repositorySuite(kind: StoreKind): void {
  let now: number;
  let store: Awaited<ReturnType<StoreKind['fresh']>>;
  const open: WatchlistRepository[] = [];

  async function repo(): Promise<WatchlistRepository> {
    const r = await store.open();
    open.push(r);
    return r;
  }

  beforeAll(() => kind.setUp(), 60_000);
  afterAll(() => kind.tearDown());
  beforeEach(async () => {
    now = 1_784_000_000_000;
    store = await kind.fresh(() => now);
  });
  afterEach(async () => {
    for (const r of open.splice(0)) await r.close();
    store.cleanUp();
  });

  describe('opening', () => {
    it('starts empty; reopening keeps the data and does not migrate again', async () => {
      const first = await repo();
      expect(await first.list()).toEqual([]);
      const list = await first.create('Banks');
      await first.addItems(list.id, [share('600036.SH')], 1);
      await first.close();
      const again = await (await repo()).get(list.id);
      expect(again?.items.map((i) => i.thscode)).toEqual(['600036.SH']);
      expect(again?.version).toBe(2);
    });

    it('answers a ping while open, and not once closed', async () => {
      const r = await repo();
      expect(await r.ping()).toBe(true);
      await r.close();
      expect(await r.ping()).toBe(false);
    });
  });

  describe('lists', () => {
    it('create starts at version 1 with no items and the clock time', async () => {
      const list = await (await repo()).create('Morning');
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
      const r = await repo();
      await r.create('Banks');
      expect((await refusal(r.create('BANKS'))).kind).toBe('name_taken');
      expect((await refusal(r.create('Ｂａｎｋｓ'))).kind).toBe('name_taken');
      const other = await r.create('Brokers');
      const taken = await refusal(r.rename(other.id, 'banks', 1));
      expect(taken.kind).toBe('name_taken');
      expect(taken.message).toBe("A watchlist named 'banks' already exists.");
      // A list may take its own name in another case.
      expect((await r.rename(other.id, 'BROKERS', 1)).name).toBe('BROKERS');
    });

    it('list gives summaries in creation order with item counts', async () => {
      const r = await repo();
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
      const r = await repo();
      for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) await r.create(`L${i}`);
      const err = await refusal(r.create('one too many'));
      expect(err.kind).toBe('list_limit');
      expect(err.message).toBe(`You can have at most ${WATCHLIST_LIMITS.lists} watchlists.`);
      expect((await r.list()).length).toBe(WATCHLIST_LIMITS.lists);
      // The limit is per owner.
      expect((await r.as(BOB).create('L0')).owner_id).toBe('bob');
    });

    it('delete removes the list and its items; its id is not reused', async () => {
      const r = await repo();
      const list = await r.create('Gone');
      await r.addItems(list.id, [share('600000.SH')], 1);
      await r.delete(list.id, 2);
      expect(await r.get(list.id)).toBeNull();
      expect(await r.list()).toEqual([]);
      const next = await r.create('Gone');
      expect(next.id).toBeGreaterThan(list.id);
      expect(next.items).toEqual([]);
    });

    it('writes to a missing list are not_found', async () => {
      const r = await repo();
      const missing = await refusal(r.rename(42, 'x', 1));
      expect(missing.kind).toBe('not_found');
      expect(missing.message).toBe('Watchlist 42 does not exist.');
      expect((await refusal(r.delete(42, 1))).kind).toBe('not_found');
      expect((await refusal(r.addItems(42, [share('600000.SH')], 1))).kind).toBe('not_found');
      expect(await r.get(42)).toBeNull();
      expect(await r.history(42)).toBeNull();
    });
  });

  describe('versions', () => {
    it('every write bumps the version by one and returns the committed list', async () => {
      const r = await repo();
      const list = await r.create('V');
      const v2 = await r.addItems(list.id, [share('600000.SH'), share('000001.SZ')], 1);
      const v3 = await r.setNote(list.id, '600000.SH', 'watch the open', 2);
      const v4 = await r.reorder(list.id, ['000001.SZ', '600000.SH'], 3);
      const v5 = await r.removeItem(list.id, '000001.SZ', 4);
      const v6 = await r.rename(list.id, 'W', 5);
      now += 5;
      const v7 = await r.setVisibility(list.id, 'team', 6);
      expect([v2, v3, v4, v5, v6, v7].map((l) => l.version)).toEqual([2, 3, 4, 5, 6, 7]);
      expect(v7).toMatchObject({ visibility: 'team', updated_at: now, created_at: now - 5 });
      expect(v7.items).toEqual([
        {
          thscode: '600000.SH',
          asset_type: 'a-share',
          name: '600000.SH',
          note: 'watch the open',
          position: 0,
          added_at: now - 5,
        },
      ]);
      expect(await r.get(list.id)).toEqual(v7);
    });

    it('a write against an old version changes nothing and carries the current list', async () => {
      const r = await repo();
      const list = await r.create('V');
      const fresh = await r.addItems(list.id, [share('600000.SH')], 1);
      // Called one at a time: each must find the list as the fresh write left it.
      const stale = [
        () => r.addItems(list.id, [share('000001.SZ')], 1),
        () => r.removeItem(list.id, '600000.SH', 1),
        () => r.reorder(list.id, ['600000.SH'], 1),
        () => r.setNote(list.id, '600000.SH', 'x', 1),
        () => r.rename(list.id, 'X', 1),
        () => r.setVisibility(list.id, 'team', 1),
        () => r.restoreVersion(list.id, 1, 1),
        () => r.checkAddItems(list.id, ['000001.SZ'], 1),
        () => r.delete(list.id, 1),
      ];
      for (const write of stale) {
        const err = await refusal(write());
        expect(err.kind).toBe('version_conflict');
        expect(err.message).toBe(
          `Watchlist ${list.id} has changed: it is at version 2, the change was made against version 1.`,
        );
        expect(err.current).toEqual(fresh);
      }
      expect(await r.get(list.id)).toEqual(fresh);
    });

    it('a write through another connection cannot apply to the version the first one replaced', async () => {
      const a = await repo();
      const b = await repo();
      const list = await a.create('Shared');
      const after = await a.addItems(list.id, [share('600000.SH')], 1);
      const err = await refusal(b.addItems(list.id, [share('000001.SZ')], 1));
      expect(err.kind).toBe('version_conflict');
      expect(err.current).toEqual(after);
    });

    it('simultaneous writes against one version through two connections: one wins, whole', async () => {
      const a = await repo();
      const b = await repo();
      const list = await a.create('Race');
      for (let round = 1; round <= 5; round++) {
        const outcomes = await Promise.allSettled([
          a.addItems(list.id, [share(`${600000 + round}.SH`), share(`${600100 + round}.SH`)], round),
          b.addItems(list.id, [share(`${100100 + round}.SZ`)], round),
        ]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]).toBeInstanceOf(WatchlistError);
        expect(lost[0]).toMatchObject({ kind: 'version_conflict' });
        const current = await a.get(list.id);
        expect(current?.version).toBe(round + 1);
        expect(lost[0]).toMatchObject({ current });
      }
    });
  });

  describe('items', () => {
    it('adds in order, refuses a duplicate batch whole', async () => {
      const r = await repo();
      const list = await r.create('I');
      await r.addItems(list.id, [share('600000.SH'), share('000001.SZ')], 1);
      const err = await refusal(r.addItems(list.id, [share('300750.SZ'), share('000001.SZ')], 2));
      expect(err).toMatchObject({ kind: 'duplicate', thscode: '000001.SZ', index: 1 });
      expect(err.message).toBe('000001.SZ is already in this watchlist.');
      const within = await refusal(r.addItems(list.id, [share('300750.SZ'), share('300750.SZ')], 2));
      expect(within).toMatchObject({ kind: 'duplicate', thscode: '300750.SZ', index: 1 });
      const after = await r.get(list.id);
      expect(after?.version).toBe(2);
      expect(after?.items.map((i) => [i.thscode, i.position])).toEqual([
        ['600000.SH', 0],
        ['000001.SZ', 1],
      ]);
    });

    it(`holds at most ${WATCHLIST_LIMITS.items_per_list} items`, async () => {
      const r = await repo();
      const list = await r.create('Full');
      const codes = Array.from({ length: WATCHLIST_LIMITS.items_per_list - 1 }, (_, i) =>
        share(`${600000 + i}.SH`),
      );
      await r.addItems(list.id, codes, 1);
      const err = await refusal(r.addItems(list.id, [share('000001.SZ'), share('000002.SZ')], 2));
      expect(err.kind).toBe('item_limit');
      expect(err.message).toBe(
        `A watchlist holds at most ${WATCHLIST_LIMITS.items_per_list} items; it has ${WATCHLIST_LIMITS.items_per_list - 1} and 2 would be added.`,
      );
      const full = await r.addItems(list.id, [share('000001.SZ')], 2);
      expect(full.item_count).toBe(WATCHLIST_LIMITS.items_per_list);
      expect(full.items.map((i) => i.position)).toEqual(full.items.map((_, i) => i));
    });

    it('checkAddItems refuses what addItems would, and writes nothing', async () => {
      const r = await repo();
      const list = await r.create('Check');
      await r.addItems(list.id, [share('600000.SH')], 1);
      expect((await refusal(r.checkAddItems(list.id, ['000001.SZ', '000001.SZ'], 2))).kind).toBe('duplicate');
      expect(await refusal(r.checkAddItems(list.id, ['000001.SZ', '600000.SH'], 2))).toMatchObject({
        kind: 'duplicate',
        thscode: '600000.SH',
        index: 1,
      });
      const many = Array.from({ length: WATCHLIST_LIMITS.items_per_list }, (_, i) => `${700000 + i}.SH`);
      expect((await refusal(r.checkAddItems(list.id, many, 2))).kind).toBe('item_limit');
      expect((await refusal(r.checkAddItems(99, ['000001.SZ'], 1))).kind).toBe('not_found');
      await r.checkAddItems(list.id, ['000001.SZ'], 2);
      expect((await r.get(list.id))?.version).toBe(2);
    });

    it('remove closes the gap in positions', async () => {
      const r = await repo();
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
      const missing = await refusal(r.removeItem(list.id, 'B.SH', 3));
      expect(missing).toMatchObject({ kind: 'item_not_found', thscode: 'B.SH' });
      expect(missing.message).toBe(`B.SH is not in watchlist ${list.id}.`);
    });

    it('reorder must name each code exactly once', async () => {
      const r = await repo();
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
        const err = await refusal(r.reorder(list.id, bad, 2));
        expect(err.kind).toBe('order_mismatch');
        expect(err.message).toBe("The new order must list each of the watchlist's 3 codes exactly once.");
      }
      const after = await r.reorder(list.id, ['C.SH', 'A.SH', 'B.SH'], 2);
      expect(after.items.map((i) => [i.thscode, i.position])).toEqual([
        ['C.SH', 0],
        ['A.SH', 1],
        ['B.SH', 2],
      ]);
    });

    it('notes are set, replaced and cleared; a note on a missing item is refused', async () => {
      const r = await repo();
      const list = await r.create('Notes');
      await r.addItems(list.id, [{ ...share('600000.SH'), note: 'first' }], 1);
      expect((await r.get(list.id))?.items[0]?.note).toBe('first');
      const long = '𠀀'.repeat(WATCHLIST_LIMITS.note_length);
      expect((await r.setNote(list.id, '600000.SH', long, 2)).items[0]?.note).toBe(long);
      expect((await r.setNote(list.id, '600000.SH', '第二 note\n\tline', 3)).items[0]?.note).toBe(
        '第二 note\n\tline',
      );
      expect((await r.setNote(list.id, '600000.SH', '', 4)).items[0]?.note).toBe('');
      expect((await refusal(r.setNote(list.id, '000001.SZ', 'x', 5))).kind).toBe('item_not_found');
    });
  });

  describe('owners and the team', () => {
    it("another user's private list cannot be read and is refused to writes; a team list is read-only for others", async () => {
      const ann = (await repo()).as(ANN);
      const bob = ann.as(BOB);
      const secret = await ann.create('Secret');
      const shared = await ann.create('Shared');
      const teamed = await ann.setVisibility(shared.id, 'team', 1);
      expect(teamed).toMatchObject({
        owner_id: 'ann',
        owner_name: 'Ann',
        access: 'owner',
        visibility: 'team',
      });

      expect(await bob.get(secret.id)).toBeNull();
      expect(await bob.history(secret.id)).toBeNull();
      // Writes say 403 whatever the list (ids are sequential: its existence is no secret), without
      // naming an owner Bob cannot see.
      const refused = await refusal(bob.rename(secret.id, 'Mine', 1));
      expect(refused.kind).toBe('forbidden');
      expect(refused.message).toBe(
        `Watchlist ${secret.id} belongs to another user; only its owner can change it.`,
      );
      expect(await bob.get(shared.id)).toEqual({ ...teamed, access: 'read' });
      const forbidden = await refusal(bob.addItems(shared.id, [share('600000.SH')], 2));
      expect(forbidden.kind).toBe('forbidden');
      expect(forbidden.message).toBe(`Watchlist ${shared.id} belongs to Ann; only they can change it.`);
      for (const write of [
        () => bob.rename(shared.id, 'Mine now', 2),
        () => bob.delete(shared.id, 2),
        () => bob.setVisibility(shared.id, 'private', 2),
        () => bob.restoreVersion(shared.id, 1, 2),
      ]) {
        expect((await refusal(write())).kind).toBe('forbidden');
      }
      expect(await ann.get(shared.id)).toEqual(teamed);
      // Names are per owner: Bob may have a "Shared" of his own.
      expect((await bob.create('Shared')).name).toBe('Shared');
    });

    it("each user's own lists come first, then the team's, each in creation order", async () => {
      const ann = (await repo()).as(ANN);
      const bob = ann.as(BOB);
      const b1 = await bob.create('B1');
      const a1 = await ann.create('A1');
      await bob.setVisibility(b1.id, 'team', 1);
      const a2 = await ann.create('A2');
      await ann.setVisibility(a1.id, 'team', 1);
      const b2 = await bob.create('B2 private');
      expect((await ann.list()).map((l) => [l.id, l.access])).toEqual([
        [a1.id, 'owner'],
        [a2.id, 'owner'],
        [b1.id, 'read'],
      ]);
      expect((await bob.list()).map((l) => [l.id, l.access])).toEqual([
        [b1.id, 'owner'],
        [b2.id, 'owner'],
        [a1.id, 'read'],
      ]);
    });

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
      const owner = (await repo()).as(ANN);
      const made = async (name: string) =>
        (await owner.addItems((await owner.create(name)).id, [share('600000.SH')], 1)).id;
      const privateId = await made('Private');
      const teamId = await made('Team');
      await owner.setVisibility(teamId, 'team', 2);
      const deletedId = await made('Deleted');
      await owner.delete(deletedId, 2);
      const before = await owner.list();

      const other = owner.as(BOB);
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
      const owner = (await repo()).as(ANN);
      const list = await owner.create('Gone');
      await owner.delete(list.id, 1);
      for (const [what, write] of writes(owner, list.id, 2).filter(([w]) => w !== 'restore')) {
        expect({ what, kind: (await refusal(write())).kind }).toEqual({ what, kind: 'not_found' });
      }
      const live = await owner.create('Live');
      expect((await refusal(owner.restore(live.id))).kind).toBe('not_found');
      for (const [what, write] of writes(owner.as(BOB), 4242, 1)) {
        expect({ what, kind: (await refusal(write())).kind }).toEqual({ what, kind: 'not_found' });
      }
    });
  });

  describe('recently deleted', () => {
    it('a deleted list comes back with its items and history, for its owner only', async () => {
      const ann = (await repo()).as(ANN);
      const list = await ann.create('Keep');
      const added = await ann.addItems(list.id, [share('600001.SH'), share('600002.SH')], 1);
      now += 1000;
      await ann.delete(list.id, 2);
      expect(await ann.get(list.id)).toBeNull();
      expect(await ann.listDeleted()).toEqual([
        { id: list.id, name: 'Keep', item_count: 2, deleted_at: now, purge_at: now + DELETED_KEPT_MS },
      ]);
      expect(await ann.as(BOB).listDeleted()).toEqual([]);
      expect((await refusal(ann.as(BOB).restore(list.id))).kind).toBe('forbidden');

      const restored = await ann.restore(list.id);
      expect(restored).toEqual(added);
      expect(await ann.listDeleted()).toEqual([]);
      expect((await ann.history(list.id))?.map((v) => [v.version, v.action, v.by])).toEqual([
        [2, 'add', 'Ann'],
        [1, 'create', 'Ann'],
      ]);
      const notDeleted = await refusal(ann.restore(list.id));
      expect(notDeleted.kind).toBe('not_found');
      expect(notDeleted.message).toBe(`There is no deleted watchlist ${list.id} to restore.`);
    });

    it('most recently deleted first; its name is free at once and it comes back with a suffix', async () => {
      const r = await repo();
      const first = await r.create('Banks');
      const second = await r.create('Brokers');
      await r.delete(first.id, 1);
      now += 1;
      await r.delete(second.id, 1);
      expect((await r.listDeleted()).map((d) => d.id)).toEqual([second.id, first.id]);
      await r.create('Banks');
      const back = await r.restore(first.id);
      expect(back.name).toBe('Banks (2)');
      // A name at the limit is cut to make room for the suffix.
      const long = 'L'.repeat(WATCHLIST_LIMITS.name_length);
      const longList = await r.create(long);
      await r.delete(longList.id, 1);
      await r.create(long);
      expect((await r.restore(longList.id)).name).toBe(`${'L'.repeat(WATCHLIST_LIMITS.name_length - 4)} (2)`);
    });

    it('is gone for good after the kept time', async () => {
      const r = await repo();
      const list = await r.create('Old');
      await r.delete(list.id, 1);
      now += DELETED_KEPT_MS - 1;
      expect(await r.listDeleted()).toHaveLength(1);
      now += 1;
      expect((await refusal(r.restore(list.id))).kind).toBe('not_found');
      expect(await r.listDeleted()).toEqual([]);
      now -= 1;
      // Purged, not merely hidden: turning the clock back does not bring it back.
      expect(await r.listDeleted()).toEqual([]);
    });

    it('a restore that would go over the list limit is refused', async () => {
      const r = await repo();
      const gone = await r.create('Gone');
      await r.delete(gone.id, 1);
      for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) await r.create(`L${i}`);
      expect((await refusal(r.restore(gone.id))).kind).toBe('list_limit');
      expect(await r.listDeleted()).toHaveLength(1);
    });
  });

  describe('history', () => {
    it('keeps every version, newest first, and restores one as a new version', async () => {
      const ann = (await repo()).as(ANN);
      const list = await ann.create('Versions');
      now += 10;
      await ann.addItems(list.id, [{ ...share('600010.SH'), note: 'first' }, share('600011.SH')], 1);
      await ann.removeItem(list.id, '600010.SH', 2);
      await ann.rename(list.id, 'Renamed', 3);
      expect(await ann.history(list.id)).toEqual([
        {
          version: 4,
          at: now,
          by: 'Ann',
          action: 'rename',
          detail: 'Versions → Renamed',
          name: 'Renamed',
          codes: ['600011.SH'],
        },
        {
          version: 3,
          at: now,
          by: 'Ann',
          action: 'remove',
          detail: '600010.SH',
          name: 'Versions',
          codes: ['600011.SH'],
        },
        {
          version: 2,
          at: now,
          by: 'Ann',
          action: 'add',
          detail: '600010.SH, 600011.SH',
          name: 'Versions',
          codes: ['600010.SH', '600011.SH'],
        },
        {
          version: 1,
          at: now - 10,
          by: 'Ann',
          action: 'create',
          detail: 'Versions',
          name: 'Versions',
          codes: [],
        },
      ]);

      now += 10;
      const back = await ann.restoreVersion(list.id, 2, 4);
      expect(back).toMatchObject({ name: 'Versions', version: 5, updated_at: now });
      expect(back.items).toEqual([
        {
          thscode: '600010.SH',
          asset_type: 'a-share',
          name: '600010.SH',
          note: 'first',
          position: 0,
          added_at: now - 10,
        },
        {
          thscode: '600011.SH',
          asset_type: 'a-share',
          name: '600011.SH',
          note: '',
          position: 1,
          added_at: now - 10,
        },
      ]);
      expect((await ann.history(list.id))?.[0]).toMatchObject({
        version: 5,
        action: 'restore_version',
        detail: '2',
        codes: ['600010.SH', '600011.SH'],
      });
      const unknown = await refusal(ann.restoreVersion(list.id, 99, 5));
      expect(unknown.kind).toBe('version_not_found');
      expect(unknown.message).toBe(`Watchlist ${list.id} has no version 99 to restore.`);
      expect((await ann.get(list.id))?.version).toBe(5);
    });

    it('restoring a version whose name another list took meanwhile is refused', async () => {
      const r = await repo();
      const list = await r.create('Alpha');
      await r.rename(list.id, 'Beta', 1);
      await r.create('Alpha');
      expect((await refusal(r.restoreVersion(list.id, 1, 2))).kind).toBe('name_taken');
      expect((await r.get(list.id))?.name).toBe('Beta');
    });

    it(`keeps the newest ${VERSIONS_KEPT} versions`, async () => {
      const r = await repo();
      const list = await r.create('Busy');
      let v = await r.addItems(list.id, [share('600000.SH')], 1);
      while (v.version < VERSIONS_KEPT + 5)
        v = await r.setNote(list.id, '600000.SH', `n${v.version}`, v.version);
      const versions = await r.history(list.id);
      expect(versions).toHaveLength(VERSIONS_KEPT);
      expect(versions?.[0]?.version).toBe(VERSIONS_KEPT + 5);
      expect(versions?.at(-1)?.version).toBe(6);
    });
  });

  describe('races between connections', () => {
    it('two connections creating the last list the limit allows: exactly one gets it', async () => {
      const a = (await repo()).as(ANN);
      const b = (await repo()).as(ANN);
      for (let i = 0; i < WATCHLIST_LIMITS.lists - 1; i++) await a.create(`L${i}`);
      const outcomes = await Promise.allSettled([a.create('From A'), b.create('From B')]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { kind: 'list_limit' } });
      expect(await a.list()).toHaveLength(WATCHLIST_LIMITS.lists);
    });

    it('two connections creating the same name: exactly one gets it', async () => {
      const a = (await repo()).as(ANN);
      const b = (await repo()).as(ANN);
      for (let round = 0; round < 5; round++) {
        const outcomes = await Promise.allSettled([a.create(`Same ${round}`), b.create(`SAME ${round}`)]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({
          reason: { kind: 'name_taken' },
        });
      }
      expect(await a.list()).toHaveLength(5);
    });
  });

  describe('listeners', () => {
    it('hear each committed change once, with id, version, owner and who may hear of it', async () => {
      const r = await repo();
      const ann = r.as(ANN);
      const ear = hearing(r);
      const list = await ann.create('Told');
      await ann.addItems(list.id, [share('600000.SH')], 1);
      await ann.setVisibility(list.id, 'team', 2);
      await ann.setNote(list.id, '600000.SH', 'x', 3);
      await ann.setVisibility(list.id, 'private', 4);
      await ann.rename(list.id, 'Quiet', 5);
      await ann.delete(list.id, 6);
      await ann.restore(list.id);
      await ear.until(8);
      const base = { id: list.id, owner_id: 'ann', deleted: false };
      expect(ear.heard).toEqual([
        { ...base, version: 1, team: false },
        { ...base, version: 2, team: false },
        { ...base, version: 3, team: true },
        { ...base, version: 4, team: true },
        // Made private: the team hears that it went.
        { ...base, version: 5, team: true },
        { ...base, version: 6, team: false },
        { ...base, version: 6, team: false, deleted: true },
        { ...base, version: 6, team: false },
      ]);
      ear.stop();
    });

    it('hear nothing of a refused write, nor after they stop', async () => {
      const r = await repo();
      const ear = hearing(r);
      const list = await r.create('Refused');
      await ear.until(1);
      await refusal(r.addItems(list.id, [share('600000.SH')], 7));
      await refusal(r.create('REFUSED'));
      await refusal(r.as(BOB).rename(list.id, 'x', 1));
      await refusal(r.setNote(list.id, '600000.SH', 'x', 1));
      // A change after the refusals is heard next: nothing came between.
      await r.rename(list.id, 'Sentinel', 1);
      await ear.until(2);
      expect(ear.heard.map((c) => c.version)).toEqual([1, 2]);
      ear.stop();
      const other = hearing(r);
      await r.rename(list.id, 'After', 2);
      await other.until(1);
      expect(ear.heard).toHaveLength(2);
      other.stop();
    });
  });
}

describe('SQLite store', () => repositorySuite(sqliteKind));
describeWithPostgres('PostgreSQL store', () => repositorySuite(postgresKind()));
