import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp } from '../app';
import { startFakeUpstream } from '../gateway/fake-upstream.testkit';
import type { FakeUpstream } from '../gateway/fake-upstream.testkit';
import { testConfig } from '../testkit';
import { sessionSchema } from '../../src/contract/session';
import {
  WATCHLIST_LIMITS,
  deletedIndexSchema,
  watchlistHistorySchema,
  watchlistIndexSchema,
} from '../../src/contract/watchlists';
import { openSqliteWatchlistRepository } from './sqlite-repository';
import { listBackups, restoreBackup, takeBackup } from './backup';
import { asList, asError, type WatchlistJson } from './watchlists.testkit';

/**
 * Lists on a shared server (AUTH_MODE=proxy: a trusted proxy names the user): each user sees their own
 * lists and the team's, only the owner changes or deletes one, writes need the session's CSRF token,
 * deletion is soft and every version can be brought back.
 */

const SECRET = 'o'.repeat(32);
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const W = '/bff/watchlists';

let fake: FakeUpstream;
let app: FastifyInstance;

/** The code table (and search) of the fake service: 200 A-shares and two others. */
const TABLE = Array.from({ length: 200 }, (_, i) => ({
  thscode: `${600000 + i}.SH`,
  ticker: String(600000 + i),
  name: `股票${i}`,
  exchange: 'SH',
  asset_type: 'a-share',
  currency: 'CNY',
}));

beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.behave((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const items = url.pathname.endsWith('/list')
      ? TABLE
      : TABLE.filter((t) => t.thscode === url.searchParams.get('q'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        items.length === 0 && !url.pathname.endsWith('/list')
          ? { code: 3001, message: 'not found', request_id: 'u1', data: null }
          : { code: 0, message: 'ok', request_id: 'u1', data: { timestamp: NOW, item: items } },
      ),
    );
  });
  app = createApp({
    config: testConfig({
      AUTH_MODE: 'proxy',
      TRUSTED_PROXIES: '127.0.0.1',
      SESSION_SECRET: SECRET,
      CLIENT_RATE_LIMIT_PER_MIN: '100000',
      // Fifty lists in a row: the write limit is write-limit.test.ts's subject, not this file's.
      WRITE_RATE_LIMIT_PER_MIN: '100000',
    }),
    upstream: { baseUrl: fake.url, apiKey: 'ownership-key-123' },
    mode: 'live',
    clock: () => NOW,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const tokens = new Map<string, string>();

async function csrfOf(user: string): Promise<string> {
  const known = tokens.get(user);
  if (known !== undefined) return known;
  const res = await app.inject({ method: 'GET', url: '/bff/session', headers: { 'x-forwarded-user': user } });
  const session = sessionSchema.parse(res.json());
  expect(session.user).toMatchObject({ id: user });
  if (session.csrf === null) throw new Error('no token');
  tokens.set(user, session.csrf);
  return session.csrf;
}

async function as(
  user: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-forwarded-user': user };
  if (method !== 'GET') headers['x-csrf-token'] = await csrfOf(user);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('who may do what', () => {
  it('refuses the user header from an address that is not the trusted proxy', async () => {
    const res = await app.inject({
      method: 'GET',
      url: W,
      headers: { 'x-forwarded-user': 'ann' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(403);
    expect(asError(res).code).toBe('forbidden');
    // Without the header, nobody is signed in.
    expect((await app.inject({ method: 'GET', url: W, remoteAddress: '10.9.9.9' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/meta/tickers/search?q=a' })).statusCode).toBe(401);
  });

  it("refuses a write without the CSRF token of the session, or with another user's", async () => {
    const bare = await app.inject({
      method: 'POST',
      url: W,
      headers: { 'x-forwarded-user': 'ann', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'no token' }),
    });
    expect(bare.statusCode).toBe(403);
    expect(asError(bare).code).toBe('csrf');
    const borrowed = await app.inject({
      method: 'POST',
      url: W,
      headers: {
        'x-forwarded-user': 'ann',
        'x-csrf-token': await csrfOf('bob'),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ name: 'wrong token' }),
    });
    expect(borrowed.statusCode).toBe(403);
    const indexed = watchlistIndexSchema.parse((await as('ann', 'GET', W)).json());
    expect(indexed.watchlists.map((l) => l.name)).not.toContain('no token');
  });

  it("A's private list is invisible to B and his writes to it are 403; a team list is read-only for B", async () => {
    const secret = asList(await as('ann', 'POST', W, { name: 'Secret' }));
    const shared = asList(await as('ann', 'POST', W, { name: 'Shared' }));
    const teamed = asList(
      await as('ann', 'PUT', `${W}/${shared.id}/visibility`, { visibility: 'team', version: 1 }),
    );
    expect(teamed).toMatchObject({ visibility: 'team', version: 2, owner_id: 'ann', access: 'owner' });

    const bobIndex = watchlistIndexSchema.parse((await as('bob', 'GET', W)).json());
    expect(bobIndex.watchlists.map((l) => l.name)).toEqual(['Shared']);
    expect(bobIndex.watchlists[0]).toMatchObject({ access: 'read', owner_name: 'ann' });
    expect((await as('bob', 'GET', `${W}/${secret.id}`)).statusCode).toBe(404);

    expect((await as('bob', 'GET', `${W}/${secret.id}/history`)).statusCode).toBe(404);

    // Every write to either list is 403 forbidden, the private one's as well as the team one's.
    const before = fake.requests.length;
    const targets: [WatchlistJson, number][] = [
      [secret, 1],
      [shared, 2],
    ];
    for (const [list, version] of targets) {
      const url = `${W}/${list.id}`;
      const writes: [string, Promise<LightMyRequestResponse>][] = [
        ['delete', as('bob', 'DELETE', `${url}?version=${version}`)],
        ['rename', as('bob', 'PATCH', url, { name: 'Mine now', version })],
        ['add', as('bob', 'POST', `${url}/items`, { thscode: '600000.SH', version })],
        ['batch add', as('bob', 'POST', `${url}/items`, { items: [{ thscode: '600001.SH' }], version })],
        ['remove', as('bob', 'DELETE', `${url}/items/600000.SH?version=${version}`)],
        ['order', as('bob', 'PUT', `${url}/order`, { thscodes: [], version })],
        ['note', as('bob', 'PUT', `${url}/items/600000.SH/note`, { note: 'x', version })],
        ['visibility', as('bob', 'PUT', `${url}/visibility`, { visibility: 'team', version })],
        ['restore version', as('bob', 'POST', `${url}/history/restore`, { version: 1, expected: version })],
        ['restore', as('bob', 'POST', `${W}/deleted/${list.id}/restore`)],
        // A stale version does not turn the refusal into a conflict.
        ['stale delete', as('bob', 'DELETE', `${url}?version=${version + 7}`)],
      ];
      for (const [what, pending] of writes) {
        const res = await pending;
        expect({ list: list.name, what, status: res.statusCode, code: asError(res).code }).toEqual({
          list: list.name,
          what,
          status: 403,
          code: 'forbidden',
        });
        // The owner's name is told only for the list Bob may read.
        expect(asError(res).message.includes('ann')).toBe(list === shared);
      }
    }
    // Refused before any instrument look-up.
    expect(fake.requests.length).toBe(before);
    expect((await as('bob', 'GET', `${W}/${shared.id}`)).statusCode).toBe(200);
    expect(asList(await as('ann', 'GET', `${W}/${secret.id}`))).toMatchObject({ name: 'Secret', version: 1 });
    // Nothing changed, and Bob may still use the same name for a list of his own.
    expect(asList(await as('ann', 'GET', `${W}/${shared.id}`))).toMatchObject({ name: 'Shared', version: 2 });
    expect((await as('bob', 'POST', W, { name: 'Shared' })).statusCode).toBe(201);
  });

  it(`the list limit is per user: at ${WATCHLIST_LIMITS.lists} lists A is refused, B still creates his`, async () => {
    for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) {
      const res = await as('gil', 'POST', W, { name: `Gil ${i}` });
      expect({ i, status: res.statusCode }).toEqual({ i, status: 201 });
    }
    // Some of them visible to the team: still Gil's, counted for him alone.
    const first = watchlistIndexSchema.parse((await as('gil', 'GET', W)).json()).watchlists[0];
    if (first === undefined) throw new Error('no list');
    await as('gil', 'PUT', `${W}/${first.id}/visibility`, { visibility: 'team', version: 1 });
    const over = await as('gil', 'POST', W, { name: 'One too many' });
    expect(over.statusCode).toBe(422);
    expect(asError(over).code).toBe('limit');

    const hal = await as('hal', 'POST', W, { name: 'Hal 1' });
    expect(hal.statusCode).toBe(201);
    expect(asList(hal).owner_id).toBe('hal');
    const halIndex = watchlistIndexSchema.parse((await as('hal', 'GET', W)).json()).watchlists;
    expect(halIndex.filter((l) => l.access === 'owner').map((l) => l.name)).toEqual(['Hal 1']);
    // Gil is still at his limit; one deleted list gives him room for one more.
    expect((await as('gil', 'POST', W, { name: 'Still too many' })).statusCode).toBe(422);
    const last = watchlistIndexSchema
      .parse((await as('gil', 'GET', W)).json())
      .watchlists.filter((l) => l.access === 'owner')
      .at(-1);
    if (last === undefined) throw new Error('no list');
    expect((await as('gil', 'DELETE', `${W}/${last.id}?version=${last.version}`)).statusCode).toBe(204);
    expect((await as('gil', 'POST', W, { name: 'Room again' })).statusCode).toBe(201);
  });

  it('resolves a 200-code batch with one code-table call, not one per code', async () => {
    const list = asList(await as('cat', 'POST', W, { name: 'Big' }));
    const before = fake.requests.length;
    const res = await as('cat', 'POST', `${W}/${list.id}/items`, {
      items: TABLE.map((t) => ({ thscode: t.thscode })),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(asList(res).item_count).toBe(200);
    const calls = fake.requests.slice(before).map((r) => r.url);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/api\/meta\/tickers\/list\?/);
  });
});

describe('nothing lost by a click', () => {
  it('a deleted list is restored with its items and history', async () => {
    const list = asList(await as('dan', 'POST', W, { name: 'Keep' }));
    const added = asList(
      await as('dan', 'POST', `${W}/${list.id}/items`, {
        items: [{ thscode: '600001.SH' }, { thscode: '600002.SH' }],
        version: 1,
      }),
    );
    expect((await as('dan', 'DELETE', `${W}/${list.id}?version=${added.version}`)).statusCode).toBe(204);
    expect((await as('dan', 'GET', `${W}/${list.id}`)).statusCode).toBe(404);
    const deleted = deletedIndexSchema.parse((await as('dan', 'GET', `${W}/deleted`)).json()).deleted;
    expect(deleted).toEqual([expect.objectContaining({ id: list.id, name: 'Keep', item_count: 2 })]);
    expect((deleted[0]?.purge_at ?? 0) - (deleted[0]?.deleted_at ?? 0)).toBe(30 * 86_400_000);
    // Nobody else sees it or brings it back.
    expect(deletedIndexSchema.parse((await as('eve', 'GET', `${W}/deleted`)).json()).deleted).toEqual([]);
    const eve = await as('eve', 'POST', `${W}/deleted/${list.id}/restore`);
    expect(eve.statusCode).toBe(403);
    expect(asError(eve).code).toBe('forbidden');
    // Nor deletes it again or changes it while it is deleted; for its owner it is 404 until restored.
    expect((await as('eve', 'PATCH', `${W}/${list.id}`, { name: 'x', version: 2 })).statusCode).toBe(403);
    expect((await as('dan', 'PATCH', `${W}/${list.id}`, { name: 'x', version: 2 })).statusCode).toBe(404);

    const restored = asList(await as('dan', 'POST', `${W}/deleted/${list.id}/restore`));
    expect(restored.items.map((i) => i.thscode)).toEqual(['600001.SH', '600002.SH']);
    const history = watchlistHistorySchema.parse((await as('dan', 'GET', `${W}/${list.id}/history`)).json());
    expect(history.versions.map((v) => [v.version, v.action, v.by])).toEqual([
      [2, 'add', 'dan'],
      [1, 'create', 'dan'],
    ]);
  });

  it('restoring an older version gives its items back, as a new version', async () => {
    const list = asList(await as('fay', 'POST', W, { name: 'Versions' }));
    let v = asList(
      await as('fay', 'POST', `${W}/${list.id}/items`, {
        items: [{ thscode: '600010.SH', note: 'first' }, { thscode: '600011.SH' }],
        version: 1,
      }),
    );
    v = asList(await as('fay', 'DELETE', `${W}/${list.id}/items/600010.SH?version=${v.version}`));
    v = asList(await as('fay', 'PATCH', `${W}/${list.id}`, { name: 'Renamed', version: v.version }));
    expect(v.items.map((i) => i.thscode)).toEqual(['600011.SH']);

    const back = asList(
      await as('fay', 'POST', `${W}/${list.id}/history/restore`, { version: 2, expected: v.version }),
    );
    expect(back).toMatchObject({ name: 'Versions', version: v.version + 1 });
    expect(back.items.map((i) => [i.thscode, i.note])).toEqual([
      ['600010.SH', 'first'],
      ['600011.SH', ''],
    ]);
    const history = watchlistHistorySchema.parse((await as('fay', 'GET', `${W}/${list.id}/history`)).json());
    expect(history.versions[0]).toMatchObject({ action: 'restore_version', detail: '2', by: 'fay' });
    // A stale restore is a conflict; an unknown version is 404.
    expect(
      (await as('fay', 'POST', `${W}/${list.id}/history/restore`, { version: 1, expected: 1 })).statusCode,
    ).toBe(409);
    expect(
      (await as('fay', 'POST', `${W}/${list.id}/history/restore`, { version: 99, expected: back.version }))
        .statusCode,
    ).toBe(404);
  });
});

describe('backups', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'watchlist-backups-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken while the store runs restores into a working database; only the newest N are kept', async () => {
    const live = join(dir, 'live.sqlite');
    const repo = openSqliteWatchlistRepository(live, { clock: () => NOW });
    const list = await repo.create('Backed up');
    await repo.addItems(
      list.id,
      [{ thscode: '600519.SH', asset_type: 'a-share', name: '贵州茅台', note: '备注' }],
      1,
    );
    const backups = join(dir, 'backups');
    for (let i = 0; i < 4; i++) await takeBackup(repo, { dir: backups, keep: 3 }, NOW + i * 1000);
    expect(listBackups(backups)).toHaveLength(3);
    // After the backup the live database goes on changing, then is lost.
    await repo.delete(list.id, 2);
    await repo.close();

    const newest = listBackups(backups).at(-1);
    if (newest === undefined) throw new Error('no backup');
    const target = join(dir, 'restored.sqlite');
    expect(await restoreBackup(newest, target)).toBeNull();
    const restored = openSqliteWatchlistRepository(target, { clock: () => NOW });
    try {
      const [summary] = await restored.list();
      expect(summary).toMatchObject({ name: 'Backed up', item_count: 1 });
      expect((await restored.get(list.id))?.items[0]).toMatchObject({ thscode: '600519.SH', note: '备注' });
      // It works: a write goes through.
      expect((await restored.rename(list.id, 'Again', 2)).version).toBe(3);
    } finally {
      await restored.close();
    }
    // Restoring over an existing database keeps the one it replaces.
    const kept = await restoreBackup(newest, target);
    expect(kept).toMatch(/restored\.sqlite\.before-restore-/);
  });

  it('refuses a file that is not a watchlist database', async () => {
    const bogus = join(dir, 'bogus.sqlite');
    const other = openSqliteWatchlistRepository(join(dir, 'x.sqlite'));
    await other.close();
    await expect(restoreBackup(join(dir, 'missing.sqlite'), bogus)).rejects.toThrow(/No backup/);
    await expect(restoreBackup(join(dir, 'x.sqlite-wal-none'), bogus)).rejects.toThrow(/No backup/);
  });
});
