import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../../server/watchlists/watchlists.testkit';
import type { FetchLike } from './client';
import {
  WatchlistApiError,
  applyEdit,
  createWatchlistClient,
  movedOrder,
  planEdit,
  runEdit,
  type Watchlist,
  type WatchlistClient,
} from './watchlists';

/**
 * The browser's watchlist client against the real REST routes (Fastify inject, a fresh SQLite file, a
 * fake instrument search): answers parsed, refusals typed, and an edit made on an old version re-planned
 * on the list the 409 carries, so that two tabs never lose each other's changes.
 */

/** fetch() for the client, answered by the app in memory, as a same-origin page of the server. */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (input, init) => {
    const headers: Record<string, string> = { origin: 'http://localhost:80' };
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method:
        init?.method === 'POST' ||
        init?.method === 'PUT' ||
        init?.method === 'PATCH' ||
        init?.method === 'DELETE'
          ? init.method
          : 'GET',
      url: input,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) out.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: out });
  };
}

let server: TestServer;
let client: WatchlistClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createWatchlistClient({ fetch: injectFetch(server.app) });
});
afterEach(async () => {
  await server.close();
});

const codes = (list: Watchlist) => list.items.map((i) => i.thscode);

async function listWith(name: string, thscodes: string[]): Promise<Watchlist> {
  const list = await client.create(name);
  if (thscodes.length === 0) return list;
  return client.send({
    method: 'POST',
    path: `/${list.id}/items`,
    body: { items: thscodes.map((thscode) => ({ thscode })), version: list.version },
  });
}

describe('the client', () => {
  it('creates, lists and reads lists, parsed', async () => {
    const list = await listWith('Core', ['600519.SH', '510300.SH']);
    expect(list.version).toBe(2);
    expect(list.items.map((i) => [i.thscode, i.asset_type, i.name, i.position])).toEqual([
      ['600519.SH', 'a-share', '贵州茅台', 0],
      ['510300.SH', 'fund-etf', '沪深300ETF', 1],
    ]);
    const index = await client.list();
    expect(index.watchlists.map((w) => [w.name, w.item_count])).toEqual([['Core', 2]]);
    expect(index.limits.items_per_list).toBe(200);
    expect(await client.get(list.id)).toEqual(list);
  });

  it('a refusal is a WatchlistApiError with the code and field of the server', async () => {
    await client.create('Dup');
    const error = await client.create('dup').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WatchlistApiError);
    expect(error).toMatchObject({ status: 422, code: 'name_taken', field: 'name' });
    await expect(client.get(999)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('a 409 carries the list as it is now', async () => {
    const list = await listWith('Shared', []);
    await client.send({ method: 'PATCH', path: `/${list.id}`, body: { name: 'Renamed', version: 1 } });
    const error = await client
      .send({ method: 'PATCH', path: `/${list.id}`, body: { name: 'Other', version: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WatchlistApiError);
    if (!(error instanceof WatchlistApiError)) return;
    expect(error.conflict).toBe(true);
    expect(error.current?.name).toBe('Renamed');
    expect(error.current?.version).toBe(2);
  });

  it('delete answers nothing and the list is gone', async () => {
    const list = await listWith('Gone', ['600519.SH']);
    await client.remove(list.id, list.version);
    await expect(client.get(list.id)).rejects.toMatchObject({ status: 404 });
  });

  it('an unreachable server and a body that is not JSON are errors, not crashes', async () => {
    const down = createWatchlistClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(down.list()).rejects.toMatchObject({ status: 0, code: 'network' });
    const html = createWatchlistClient({ fetch: async () => new Response('<html>', { status: 502 }) });
    await expect(html.list()).rejects.toMatchObject({ status: 502, code: 'bad_response' });
    const odd = createWatchlistClient({ fetch: async () => new Response('{"lists": []}', { status: 200 }) });
    await expect(odd.list()).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('edits on a newer version (two tabs)', () => {
  it('an add made on an old version is re-applied on the newest one: both items are kept', async () => {
    const seen = await listWith('Two tabs', ['600519.SH']);
    // The other tab adds an item first.
    await runEdit(client, seen, { kind: 'add', items: [{ thscode: '000001.SZ' }] });
    const outcome = await runEdit(client, seen, { kind: 'add', items: [{ thscode: '510300.SH' }] });
    expect(outcome).toMatchObject({ status: 'applied', retried: true });
    expect(codes(await client.get(seen.id))).toEqual(['600519.SH', '000001.SZ', '510300.SH']);
  });

  it('sharing with the team right after an add goes on the newer version; asking again is nothing to do', async () => {
    const seen = await listWith('Share after add', []);
    await runEdit(client, seen, { kind: 'add', items: [{ thscode: '600519.SH' }] });
    const shared = await runEdit(client, seen, { kind: 'visibility', visibility: 'team' });
    expect(shared).toMatchObject({ status: 'applied', list: { visibility: 'team' } });
    const now = await client.get(seen.id);
    expect(now.visibility).toBe('team');
    expect(codes(now)).toEqual(['600519.SH']);
    expect(await runEdit(client, now, { kind: 'visibility', visibility: 'team' })).toMatchObject({
      status: 'noop',
    });
  });

  it('a move made on an old version keeps the other tab’s new item and moves relative to its neighbour', async () => {
    const seen = await listWith('Moves', ['600519.SH', '000001.SZ', '510300.SH']);
    await runEdit(client, seen, { kind: 'add', items: [{ thscode: '300750.SZ' }] });
    // On the old version: 510300.SH right after 600519.SH.
    const outcome = await runEdit(client, seen, {
      kind: 'move',
      thscode: '510300.SH',
      after: '600519.SH',
      index: 1,
    });
    expect(outcome.status).toBe('applied');
    expect(codes(await client.get(seen.id))).toEqual(['600519.SH', '510300.SH', '000001.SZ', '300750.SZ']);
  });

  it('a note changed meanwhile by someone else is not overwritten, and the outcome says so', async () => {
    const seen = await listWith('Notes', ['600519.SH']);
    await runEdit(client, seen, { kind: 'note', thscode: '600519.SH', note: 'theirs', base: '' });
    const outcome = await runEdit(client, seen, {
      kind: 'note',
      thscode: '600519.SH',
      note: 'mine',
      base: '',
    });
    expect(outcome).toMatchObject({ status: 'failed', reason: 'changed' });
    expect((await client.get(seen.id)).items[0]?.note).toBe('theirs');
  });

  it('removing an item someone else already removed is done, not an error', async () => {
    const seen = await listWith('Remove', ['600519.SH', '000001.SZ']);
    await runEdit(client, seen, { kind: 'remove', thscode: '000001.SZ' });
    const outcome = await runEdit(client, seen, { kind: 'remove', thscode: '000001.SZ' });
    expect(outcome).toMatchObject({ status: 'noop', reason: 'already' });
    expect(codes(await client.get(seen.id))).toEqual(['600519.SH']);
  });

  it('a second conflict is reported as failed with the newest list, never dropped silently', async () => {
    const seen = await listWith('Busy', ['600519.SH']);
    const newer = await client.send({
      method: 'POST',
      path: `/${seen.id}/items`,
      body: { thscode: '000001.SZ', version: seen.version },
    });
    // A client whose every write lands just after another one (the server moves on each time).
    let writes = 0;
    const racing: WatchlistClient = {
      ...client,
      send: async (request) => {
        writes += 1;
        const current = await client.get(seen.id);
        await client.send({
          method: 'PUT',
          path: `/${seen.id}/items/600519.SH/note`,
          body: { note: `w${writes}`, version: current.version },
        });
        return client.send(request);
      },
    };
    const outcome = await runEdit(racing, newer, { kind: 'add', items: [{ thscode: '510300.SH' }] });
    expect(writes).toBe(2);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'conflict' });
    if (outcome.status !== 'failed') return;
    expect(outcome.list?.version).toBe(5);
    expect(codes(await client.get(seen.id))).toEqual(['600519.SH', '000001.SZ']);
  });

  it('a refusal other than a conflict comes back with its error', async () => {
    const seen = await listWith('Unknown', []);
    const outcome = await runEdit(client, seen, { kind: 'add', items: [{ thscode: '999999.SH' }] });
    expect(outcome).toMatchObject({ status: 'failed', reason: 'error' });
    if (outcome.status === 'failed') expect(outcome.error?.code).toBe('unknown_instrument');
  });
});

describe('planning and showing an edit', () => {
  const list: Watchlist = {
    id: 7,
    name: 'L',
    version: 3,
    item_count: 3,
    created_at: 0,
    updated_at: 0,
    owner_id: 'local',
    owner_name: 'local',
    visibility: 'private',
    access: 'owner',
    items: ['A.SH', 'B.SH', 'C.SH'].map((thscode, position) => ({
      thscode,
      asset_type: 'a-share',
      name: thscode,
      note: thscode === 'B.SH' ? 'b' : '',
      position,
      added_at: 0,
    })),
  };

  it('moves by neighbour, falling back to the position when the neighbour is gone', () => {
    expect(movedOrder(['A', 'B', 'C'], { thscode: 'C', after: null, index: 0 })).toEqual(['C', 'A', 'B']);
    expect(movedOrder(['A', 'B', 'C'], { thscode: 'A', after: 'C', index: 2 })).toEqual(['B', 'C', 'A']);
    expect(movedOrder(['A', 'B', 'C'], { thscode: 'A', after: 'X', index: 1 })).toEqual(['B', 'A', 'C']);
    expect(movedOrder(['A', 'B'], { thscode: 'X', after: null, index: 0 })).toBeNull();
  });

  it('plans the request on the version it is given', () => {
    expect(planEdit(list, { kind: 'move', thscode: 'C.SH', after: null, index: 0 })).toEqual({
      kind: 'send',
      request: { method: 'PUT', path: '/7/order', body: { thscodes: ['C.SH', 'A.SH', 'B.SH'], version: 3 } },
    });
    expect(planEdit(list, { kind: 'move', thscode: 'B.SH', after: 'A.SH', index: 1 })).toEqual({
      kind: 'noop',
      reason: 'unchanged',
    });
    expect(planEdit(list, { kind: 'add', items: [{ thscode: 'A.SH' }] })).toEqual({
      kind: 'noop',
      reason: 'already',
    });
    expect(planEdit(list, { kind: 'note', thscode: 'Z.SH', note: 'x', base: '' })).toEqual({
      kind: 'refused',
      reason: 'gone',
    });
    expect(planEdit(list, { kind: 'remove', thscode: 'B.SH' })).toEqual({
      kind: 'send',
      request: { method: 'DELETE', path: '/7/items/B.SH?version=3' },
    });
  });

  it('shows the edit before the server answers, with positions renumbered', () => {
    const moved = applyEdit(list, { kind: 'move', thscode: 'C.SH', after: null, index: 0 });
    expect(moved.items.map((i) => [i.thscode, i.position])).toEqual([
      ['C.SH', 0],
      ['A.SH', 1],
      ['B.SH', 2],
    ]);
    const added = applyEdit(list, {
      kind: 'add',
      items: [{ thscode: 'D.SZ', name: 'Dee', asset_type: 'a-share' }],
    });
    expect(added.items.at(-1)).toMatchObject({ thscode: 'D.SZ', name: 'Dee', position: 3 });
    expect(added.item_count).toBe(4);
    // An edit that no longer applies leaves the list as it is.
    expect(applyEdit(list, { kind: 'note', thscode: 'B.SH', note: 'x', base: 'other' })).toBe(list);
  });
});
