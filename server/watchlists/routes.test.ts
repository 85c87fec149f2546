import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WATCHLIST_LIMITS } from '../../src/contract/watchlists';
import {
  asError,
  asList,
  call,
  conflictSchema,
  createList,
  knownShares,
  startTestServer,
  SAME_ORIGIN,
  T0,
  OWNED,
} from './watchlists.testkit';
import { BODY_LIMIT } from '../app';
import type { TestServer } from './watchlists.testkit';

let server: TestServer;
let now: number;

beforeEach(async () => {
  now = T0;
  server = await startTestServer(() => now);
});
afterEach(async () => {
  await server.close();
});

const W = '/bff/watchlists';

describe('lists', () => {
  it('starts empty and tells the limits', async () => {
    const res = await call(server.app, 'GET', W);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      watchlists: [],
      limits: { lists: 50, items_per_list: 200, name_length: 40, note_length: 500 },
    });
  });

  it('create answers 201 with the list, its location, and a trimmed name', async () => {
    const res = await call(server.app, 'POST', W, { name: '  Morning  ' });
    expect(res.statusCode).toBe(201);
    const list = asList(res);
    expect(list).toEqual({
      id: 1,
      name: 'Morning',
      version: 1,
      item_count: 0,
      created_at: T0,
      updated_at: T0,
      ...OWNED,
      items: [],
    });
    expect(res.headers.location).toBe(`${W}/1`);
    const summaries = await call(server.app, 'GET', W);
    expect(summaries.json()).toMatchObject({
      watchlists: [{ id: 1, name: 'Morning', version: 1, item_count: 0, updated_at: T0 }],
    });
  });

  it('GET /:id answers the list, 404 for a missing one, 400 for a bad id', async () => {
    const list = await createList(server.app, 'A');
    expect(asList(await call(server.app, 'GET', `${W}/${list.id}`))).toEqual(list);
    const missing = await call(server.app, 'GET', `${W}/999`);
    expect(missing.statusCode).toBe(404);
    expect(asError(missing)).toMatchObject({ code: 'not_found' });
    const bad = await call(server.app, 'GET', `${W}/abc`);
    expect(bad.statusCode).toBe(422);
    expect(asError(bad)).toMatchObject({ field: 'id', code: 'format' });
    expect(asError(bad).message).toContain("'id' must be a positive whole number");
  });

  it('rename bumps the version; an old version is 409 with the current list', async () => {
    const list = await createList(server.app, 'Old');
    now += 5000;
    const res = await call(server.app, 'PATCH', `${W}/${list.id}`, { name: 'New', version: 1 });
    expect(res.statusCode).toBe(200);
    expect(asList(res)).toMatchObject({ name: 'New', version: 2, updated_at: T0 + 5000 });
    const stale = await call(server.app, 'PATCH', `${W}/${list.id}`, { name: 'Newer', version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = conflictSchema.parse(stale.json());
    expect(body.error).toMatchObject({ code: 'version_conflict', field: 'version' });
    expect(body.current).toMatchObject({ name: 'New', version: 2 });
  });

  it('names are unique: a taken name is 422 naming the field', async () => {
    await createList(server.app, 'Banks');
    const res = await call(server.app, 'POST', W, { name: 'banks' });
    expect(res.statusCode).toBe(422);
    expect(asError(res)).toMatchObject({ code: 'name_taken', field: 'name' });
    expect(asError(res).message).toContain("'banks' already exists");
  });

  it('delete needs the current version; afterwards the list is gone', async () => {
    const list = await createList(server.app, 'Gone');
    const noVersion = await call(server.app, 'DELETE', `${W}/${list.id}`);
    expect(noVersion.statusCode).toBe(400);
    expect(asError(noVersion)).toMatchObject({ code: 'required', field: 'version' });
    await call(server.app, 'PATCH', `${W}/${list.id}`, { name: 'Gone2', version: 1 });
    const stale = await call(server.app, 'DELETE', `${W}/${list.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(conflictSchema.parse(stale.json()).current.version).toBe(2);
    const ok = await call(server.app, 'DELETE', `${W}/${list.id}?version=2`);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await call(server.app, 'GET', `${W}/${list.id}`)).statusCode).toBe(404);
    expect((await call(server.app, 'DELETE', `${W}/${list.id}?version=2`)).statusCode).toBe(404);
  });

  it(`allows ${WATCHLIST_LIMITS.lists} lists and refuses one more`, async () => {
    for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) await createList(server.app, `List ${i}`);
    const res = await call(server.app, 'POST', W, { name: 'one more' });
    expect(res.statusCode).toBe(422);
    expect(asError(res)).toMatchObject({ code: 'limit' });
    expect(asError(res).message).toContain('at most 50 watchlists');
  });
});

describe('validation names the field and the rule', () => {
  it.each([
    [{}, 400, 'required', 'name', "'name' is required"],
    [{ name: 5 }, 400, 'type', 'name', "'name' must be a string"],
    [{ name: '   ' }, 422, 'length', 'name', "'name' must be 1 to 40 characters"],
    [{ name: 'x'.repeat(41) }, 422, 'length', 'name', "'name' must be 1 to 40 characters"],
    [{ name: 'a\u0007b' }, 422, 'format', 'name', "'name' must not contain control characters"],
    [{ name: 'ok', colour: 'red' }, 400, 'unknown_field', 'colour', "'colour' is not accepted"],
    [[], 400, 'type', null, 'The request body must be a JSON object'],
  ])('create %j → %i %s', async (payload, status, code, field, message) => {
    const res = await call(server.app, 'POST', W, payload);
    expect(res.statusCode).toBe(status);
    const error = asError(res);
    expect(error).toMatchObject({ code, field });
    expect(error.message).toContain(message);
    expect((await call(server.app, 'GET', W)).json()).toMatchObject({ watchlists: [] });
  });

  it('40 Chinese characters are a valid name (characters, not bytes)', async () => {
    const res = await call(server.app, 'POST', W, { name: '自'.repeat(40) });
    expect(res.statusCode).toBe(201);
  });

  it('a body that is not JSON is 400, another media type 415, both in the same error shape', async () => {
    const broken = await server.app.inject({
      method: 'POST',
      url: W,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(asError(broken).code).toBe('malformed');
    const xml = await server.app.inject({
      method: 'POST',
      url: W,
      headers: { 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(xml.statusCode).toBe(415);
    expect(asError(xml).code).toBe('media_type');
    // A plain-text body (what a cross-site form can send) is read as a string, not an object.
    const text = await server.app.inject({
      method: 'POST',
      url: W,
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"x"}',
    });
    expect(text.statusCode).toBe(400);
    expect(asError(text).message).toBe('The request body must be a JSON object');
  });

  it.each([
    [{ thscode: '600519', version: 1 }, 422, 'format', 'thscode'],
    [{ thscode: '600519.SH.X', version: 1 }, 422, 'format', 'thscode'],
    [{ thscode: '600519.SH', version: 0 }, 422, 'range', 'version'],
    [{ thscode: '600519.SH', version: 1.5 }, 400, 'type', 'version'],
    [{ thscode: '600519.SH' }, 400, 'required', 'version'],
    [{ thscode: '600519.SH', note: 'x'.repeat(501), version: 1 }, 422, 'length', 'note'],
    [{ items: [], version: 1 }, 422, 'length', 'items'],
    [{ items: [{ thscode: '600519.SH' }, { thscode: 'bad' }], version: 1 }, 422, 'format', 'items.1.thscode'],
    [{ items: [{ thscode: '600519.SH', pos: 1 }], version: 1 }, 400, 'unknown_field', 'items.0.pos'],
  ])('add item %j → %i %s on %s', async (payload, status, code, field) => {
    const list = await createList(server.app, 'V');
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, payload);
    expect(res.statusCode).toBe(status);
    const error = asError(res);
    expect(error).toMatchObject({ code, field });
    expect(error.message).toContain(`'${field}'`);
    expect(server.search.calls).toEqual([]);
  });

  it('the code format message shows an example', async () => {
    const list = await createList(server.app, 'V');
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, { thscode: '600519', version: 1 });
    expect(asError(res).message).toBe(
      "'thscode' must be a full code such as 600519.SH: letters or digits (hyphens inside), a dot, 1-6 letters",
    );
  });
});

describe('items', () => {
  it('adds an item with the name and type from the search; the code is normalised', async () => {
    const list = await createList(server.app, 'I');
    now += 1000;
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: ' 600519.sh',
      note: 'core',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(asList(res)).toMatchObject({
      version: 2,
      item_count: 1,
      updated_at: T0 + 1000,
      items: [
        {
          thscode: '600519.SH',
          asset_type: 'a-share',
          name: '贵州茅台',
          note: 'core',
          position: 0,
          added_at: T0 + 1000,
        },
      ],
    });
    expect(server.search.calls).toEqual(['600519.SH']);
  });

  it('a batch adds every asset type in order, or nothing', async () => {
    const list = await createList(server.app, 'Mixed');
    const codes = ['510300.SH', '600519.SH', 'IF2609.CFX', '000300.SH', '10009999.SH'];
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: codes.map((thscode) => ({ thscode })),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const after = asList(res);
    expect(after.items.map((i) => [i.thscode, i.asset_type, i.position])).toEqual([
      ['510300.SH', 'fund-etf', 0],
      ['600519.SH', 'a-share', 1],
      ['IF2609.CFX', 'futures', 2],
      ['000300.SH', 'a-share-index', 3],
      ['10009999.SH', 'options', 4],
    ]);
    expect(after.version).toBe(2);
  });

  it('adds an index option contract, whose code has hyphens, as the search lists it', async () => {
    const list = await createList(server.app, 'O');
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: 'io2609-c-3800.cfx' }],
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(asList(res).items.map((i) => [i.thscode, i.asset_type])).toEqual([
      ['IO2609-C-3800.CFX', 'options'],
    ]);
  });

  it('an unknown code refuses the whole batch, naming its place', async () => {
    const list = await createList(server.app, 'I');
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '600519.SH' }, { thscode: '999999.SH' }],
      version: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(asError(res)).toEqual({
      code: 'unknown_instrument',
      message: '999999.SH is not a known instrument',
      field: 'items.1.thscode',
    });
    expect(asList(await call(server.app, 'GET', `${W}/${list.id}`))).toMatchObject({ version: 1, items: [] });
  });

  it('a single unknown code, a forex code and an unreachable search', async () => {
    const list = await createList(server.app, 'I');
    const unknown = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: '999999.SH',
      version: 1,
    });
    expect(unknown.statusCode).toBe(422);
    expect(asError(unknown)).toMatchObject({ code: 'unknown_instrument', field: 'thscode' });
    const forex = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: 'USDCNY.FX',
      version: 1,
    });
    expect(forex.statusCode).toBe(422);
    expect(asError(forex)).toMatchObject({ code: 'unsupported_asset_type', field: 'thscode' });
    server.search.failing = true;
    const down = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: '600519.SH',
      version: 1,
    });
    expect(down.statusCode).toBe(503);
    expect(asError(down).code).toBe('search_unavailable');
    expect(asList(await call(server.app, 'GET', `${W}/${list.id}`)).version).toBe(1);
  });

  it('duplicates are refused with 422: against the list and inside a batch', async () => {
    const list = await createList(server.app, 'D');
    await call(server.app, 'POST', `${W}/${list.id}/items`, { thscode: '600519.SH', version: 1 });
    const again = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: '600519.sh',
      version: 2,
    });
    expect(again.statusCode).toBe(422);
    expect(asError(again)).toEqual({
      code: 'duplicate',
      message: '600519.SH is already in this watchlist.',
      field: 'thscode',
    });
    const batch = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '000001.SZ' }, { thscode: '300750.SZ' }, { thscode: '000001.SZ' }],
      version: 2,
    });
    expect(asError(batch)).toMatchObject({ code: 'duplicate', field: 'items.2.thscode' });
    const inList = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '000001.SZ' }, { thscode: '600519.SH' }],
      version: 2,
    });
    expect(asError(inList)).toMatchObject({ code: 'duplicate', field: 'items.1.thscode' });
    expect(asList(await call(server.app, 'GET', `${W}/${list.id}`)).item_count).toBe(1);
  });

  it('a stale add is 409 before any instrument look-up', async () => {
    const list = await createList(server.app, 'S');
    await call(server.app, 'PATCH', `${W}/${list.id}`, { name: 'S2', version: 1 });
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, { thscode: '600519.SH', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(conflictSchema.parse(res.json()).current).toMatchObject({ name: 'S2', version: 2 });
    expect(server.search.calls).toEqual([]);
  });

  it(`holds ${WATCHLIST_LIMITS.items_per_list} items and refuses one more`, async () => {
    const list = await createList(server.app, 'Full');
    const codes = knownShares(server.search, WATCHLIST_LIMITS.items_per_list);
    const full = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: codes.map((thscode) => ({ thscode })),
      version: 1,
    });
    expect(full.statusCode).toBe(200);
    expect(asList(full).item_count).toBe(200);
    const more = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: '000001.SZ',
      version: 2,
    });
    expect(more.statusCode).toBe(422);
    expect(asError(more)).toMatchObject({ code: 'limit' });
    expect(asError(more).message).toContain('at most 200 items');
    const tooBig = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: knownShares(server.search, 201, 300000).map((thscode) => ({ thscode })),
      version: 2,
    });
    expect(tooBig.statusCode).toBe(422);
    expect(asError(tooBig)).toMatchObject({ code: 'length', field: 'items' });
  });

  it('a full batch with the longest notes fits the body limit (CSV import)', async () => {
    const list = await createList(server.app, 'Import');
    const res = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: knownShares(server.search, WATCHLIST_LIMITS.items_per_list).map((thscode) => ({
        thscode,
        note: '𠀀'.repeat(500),
      })),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(asList(res).items[199]?.note).toBe('𠀀'.repeat(500));
    const tooBig = await server.app.inject({
      method: 'POST',
      url: W,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(asError(tooBig).code).toBe('too_large');
  });

  it('removes an item; a missing item is 404; positions stay dense', async () => {
    const list = await createList(server.app, 'R');
    await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '600519.SH' }, { thscode: '000001.SZ' }, { thscode: '300750.SZ' }],
      version: 1,
    });
    const res = await call(server.app, 'DELETE', `${W}/${list.id}/items/000001.sz?version=2`);
    expect(res.statusCode).toBe(200);
    expect(asList(res).items.map((i) => [i.thscode, i.position])).toEqual([
      ['600519.SH', 0],
      ['300750.SZ', 1],
    ]);
    const missing = await call(server.app, 'DELETE', `${W}/${list.id}/items/000001.SZ?version=3`);
    expect(missing.statusCode).toBe(404);
    expect(asError(missing)).toMatchObject({ code: 'item_not_found', field: 'thscode' });
    const badVersion = await call(server.app, 'DELETE', `${W}/${list.id}/items/600519.SH?version=x`);
    expect(badVersion.statusCode).toBe(422);
    expect(asError(badVersion)).toMatchObject({ code: 'format', field: 'version' });
  });

  it('reorder and notes round-trip through GET', async () => {
    const list = await createList(server.app, 'Round');
    await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '600519.SH' }, { thscode: '000001.SZ' }, { thscode: '510300.SH' }],
      version: 1,
    });
    const order = await call(server.app, 'PUT', `${W}/${list.id}/order`, {
      thscodes: ['510300.SH', '600519.SH', '000001.SZ'],
      version: 2,
    });
    expect(order.statusCode).toBe(200);
    const note = await call(server.app, 'PUT', `${W}/${list.id}/items/600519.SH/note`, {
      note: '年报后加仓\nwatch 1800',
      version: 3,
    });
    expect(note.statusCode).toBe(200);
    const got = asList(await call(server.app, 'GET', `${W}/${list.id}`));
    expect(got.version).toBe(4);
    expect(got.items.map((i) => [i.thscode, i.position, i.note])).toEqual([
      ['510300.SH', 0, ''],
      ['600519.SH', 1, '年报后加仓\nwatch 1800'],
      ['000001.SZ', 2, ''],
    ]);
  });

  it('reorder must name every code once; notes have a length limit and need the item', async () => {
    const list = await createList(server.app, 'Rules');
    await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '600519.SH' }, { thscode: '000001.SZ' }],
      version: 1,
    });
    const partial = await call(server.app, 'PUT', `${W}/${list.id}/order`, {
      thscodes: ['600519.SH'],
      version: 2,
    });
    expect(partial.statusCode).toBe(422);
    expect(asError(partial)).toMatchObject({ code: 'order_mismatch', field: 'thscodes' });
    const long = await call(server.app, 'PUT', `${W}/${list.id}/items/600519.SH/note`, {
      note: '注'.repeat(501),
      version: 2,
    });
    expect(long.statusCode).toBe(422);
    expect(asError(long)).toMatchObject({ code: 'length', field: 'note' });
    expect(asError(long).message).toBe("'note' must be at most 500 characters");
    const fits = await call(server.app, 'PUT', `${W}/${list.id}/items/600519.SH/note`, {
      note: '注'.repeat(500),
      version: 2,
    });
    expect(fits.statusCode).toBe(200);
    const missing = await call(server.app, 'PUT', `${W}/${list.id}/items/300750.SZ/note`, {
      note: 'x',
      version: 3,
    });
    expect(missing.statusCode).toBe(404);
  });
});

/**
 * Characters that change how text looks without being seen: bidirectional embeddings, overrides and
 * isolates, the marks, zero-width spaces and joiners, the word joiner and the byte-order mark.
 */
const INVISIBLES: readonly [string, string][] = [
  ['U+202A LRE', '\u202a'],
  ['U+202B RLE', '\u202b'],
  ['U+202C PDF', '\u202c'],
  ['U+202D LRO', '\u202d'],
  ['U+202E RLO', '\u202e'],
  ['U+2066 LRI', '\u2066'],
  ['U+2067 RLI', '\u2067'],
  ['U+2068 FSI', '\u2068'],
  ['U+2069 PDI', '\u2069'],
  ['U+200E LRM', '\u200e'],
  ['U+200F RLM', '\u200f'],
  ['U+061C ALM', '\u061c'],
  ['U+200B ZWSP', '\u200b'],
  ['U+200C ZWNJ', '\u200c'],
  ['U+200D ZWJ', '\u200d'],
  ['U+2060 WJ', '\u2060'],
  ['U+FEFF BOM', '\ufeff'],
];

describe('names and notes are stored without invisible formatting characters', () => {
  it('a name is stored without them, and one that differs only by them is the same name', async () => {
    const all = INVISIBLES.map(([, c]) => c).join('');
    const created = await call(server.app, 'POST', W, { name: `\u202eBa${all}nks\u2069 ` });
    expect(created.statusCode).toBe(201);
    expect(asList(created).name).toBe('Banks');
    const other = await createList(server.app, 'Other');
    for (const [what, c] of INVISIBLES) {
      const lookalike = `Ba${c}nks`;
      const create = await call(server.app, 'POST', W, { name: lookalike });
      expect({ what, status: create.statusCode, code: asError(create).code }).toEqual({
        what,
        status: 422,
        code: 'name_taken',
      });
      const rename = await call(server.app, 'PATCH', `${W}/${other.id}`, { name: lookalike, version: 1 });
      expect({ what, status: rename.statusCode, code: asError(rename).code }).toEqual({
        what,
        status: 422,
        code: 'name_taken',
      });
    }
    // Nothing but the two lists, under their plain names; a name of invisible characters only is empty.
    const index = await call(server.app, 'GET', W);
    expect(index.json()).toMatchObject({
      watchlists: [
        { name: 'Banks', version: 1 },
        { name: 'Other', version: 1 },
      ],
    });
    const empty = await call(server.app, 'POST', W, { name: `${all} ` });
    expect(empty.statusCode).toBe(422);
    expect(asError(empty)).toMatchObject({ code: 'length', field: 'name' });
  });

  it('notes are stored without them, from a single add, a batch add and a note change', async () => {
    const list = await createList(server.app, 'Notes');
    const single = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      thscode: '600519.SH',
      note: 'buy\u202e below\u200b 1800\ufeff',
      version: 1,
    });
    expect(single.statusCode).toBe(200);
    const batch = await call(server.app, 'POST', `${W}/${list.id}/items`, {
      items: [{ thscode: '000001.SZ', note: '\u2066gnp.exe\u2069 \u2060bank' }],
      version: 2,
    });
    expect(batch.statusCode).toBe(200);
    expect(asList(batch).items.map((i) => i.note)).toEqual(['buy below 1800', 'gnp.exe bank']);
    let version = 3;
    for (const [what, c] of INVISIBLES) {
      const res = await call(server.app, 'PUT', `${W}/${list.id}/items/600519.SH/note`, {
        note: `${c}hold${c} 年报${c}`,
        version,
      });
      expect({ what, status: res.statusCode }).toEqual({ what, status: 200 });
      version++;
      const stored = asList(await call(server.app, 'GET', `${W}/${list.id}`)).items[0]?.note;
      expect({ what, stored }).toEqual({ what, stored: 'hold 年报' });
    }
  });
});

describe('same-origin writes', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another port', { origin: 'http://localhost:8081' }],
    ['an opaque origin', { origin: 'null' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('a write from %s is 403 and changes nothing', async (_label, headers) => {
    const res = await call(server.app, 'POST', W, { name: 'Hijack' }, headers);
    expect(res.statusCode).toBe(403);
    expect(asError(res).code).toBe('cross_origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(server.app, 'GET', W)).json()).toMatchObject({ watchlists: [] });
  });

  it('cross-origin delete, reorder and note writes are refused too', async () => {
    const list = await createList(server.app, 'Mine');
    const evil = { origin: 'https://evil.example' };
    expect((await call(server.app, 'DELETE', `${W}/${list.id}?version=1`, undefined, evil)).statusCode).toBe(
      403,
    );
    expect(
      (await call(server.app, 'PUT', `${W}/${list.id}/order`, { thscodes: [], version: 1 }, evil)).statusCode,
    ).toBe(403);
    expect((await call(server.app, 'GET', `${W}/${list.id}`)).statusCode).toBe(200);
  });

  it('same-origin and non-browser writes are accepted; reads carry no CORS header and are not cached', async () => {
    expect(
      (await call(server.app, 'POST', W, { name: 'Same' }, { origin: 'http://LOCALHOST' })).statusCode,
    ).toBe(201);
    expect((await call(server.app, 'POST', W, { name: 'Curl' }, {})).statusCode).toBe(201);
    const sameSite = await call(
      server.app,
      'POST',
      W,
      { name: 'Fetch' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
    );
    expect(sameSite.statusCode).toBe(201);
    const read = await call(server.app, 'GET', W, undefined, { origin: 'https://evil.example' });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['cache-control']).toBe('no-store');
  });
});
