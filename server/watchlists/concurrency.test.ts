import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asList, call, conflictSchema, createList, startTestServer } from './watchlists.testkit';
import type { TestServer, WatchlistJson } from './watchlists.testkit';

/**
 * Two clients (two tabs, two colleagues) edit the same list through the REST API. Each works from the
 * version it last saw; the one that writes second must get 409 with the current list, re-apply its
 * change on top of it, and in the end no one's edit is lost.
 */

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const W = '/bff/watchlists';

/** A client that remembers the last list it saw, like the UI does. */
function client(initial: WatchlistJson) {
  let seen = initial;
  return {
    get seen() {
      return seen;
    },
    async add(thscode: string) {
      const res = await call(server.app, 'POST', `${W}/${seen.id}/items`, { thscode, version: seen.version });
      if (res.statusCode === 200) seen = asList(res);
      if (res.statusCode === 409) seen = conflictSchema.parse(res.json()).current;
      return res.statusCode;
    },
    async note(thscode: string, note: string) {
      const res = await call(server.app, 'PUT', `${W}/${seen.id}/items/${thscode}/note`, {
        note,
        version: seen.version,
      });
      if (res.statusCode === 200) seen = asList(res);
      if (res.statusCode === 409) seen = conflictSchema.parse(res.json()).current;
      return res.statusCode;
    },
  };
}

describe('two clients on one list', () => {
  it('the stale write gets 409 with the current list; re-applied, both items are kept', async () => {
    const list = await createList(server.app, 'Shared');
    const a = client(list);
    const b = client(list);
    expect(await a.add('600519.SH')).toBe(200);
    // B still thinks the list is at version 1.
    expect(await b.add('000001.SZ')).toBe(409);
    expect(b.seen.items.map((i) => i.thscode)).toEqual(['600519.SH']);
    expect(await b.add('000001.SZ')).toBe(200);
    const final = asList(await call(server.app, 'GET', `${W}/${list.id}`));
    expect(final.items.map((i) => i.thscode)).toEqual(['600519.SH', '000001.SZ']);
    expect(final.version).toBe(3);
  });

  it('simultaneous adds against one version: one wins, the other is 409 and nothing is half-applied', async () => {
    const list = await createList(server.app, 'Race');
    // Hold both requests inside the instrument look-up, after their early version check, so the race
    // is decided by the store's transaction and not by request order.
    let release = () => {};
    server.search.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = client(list);
    const b = client(list);
    const both = Promise.all([a.add('600519.SH'), b.add('300750.SZ')]);
    while (server.search.calls.length < 2) await new Promise((r) => setImmediate(r));
    release();
    const statuses = await both;
    expect([...statuses].sort()).toEqual([200, 409]);
    server.search.gate = null;

    const loser = statuses[0] === 409 ? a : b;
    const mid = asList(await call(server.app, 'GET', `${W}/${list.id}`));
    expect(mid.version).toBe(2);
    expect(mid.item_count).toBe(1);
    expect(loser.seen).toEqual(mid);
    // The loser re-applies on the version it was given.
    expect(await loser.add(loser === a ? '600519.SH' : '300750.SZ')).toBe(200);
    const final = asList(await call(server.app, 'GET', `${W}/${list.id}`));
    expect(final.items.map((i) => i.thscode).sort()).toEqual(['300750.SZ', '600519.SH']);
  });

  it('a note written against an old version does not overwrite a newer note', async () => {
    const list = await createList(server.app, 'Notes');
    const a = client(list);
    expect(await a.add('600519.SH')).toBe(200);
    const b = client(a.seen);
    expect(await a.note('600519.SH', 'from A')).toBe(200);
    expect(await b.note('600519.SH', 'from B')).toBe(409);
    expect(b.seen.items[0]?.note).toBe('from A');
    const final = asList(await call(server.app, 'GET', `${W}/${list.id}`));
    expect(final.items[0]?.note).toBe('from A');
  });
});
