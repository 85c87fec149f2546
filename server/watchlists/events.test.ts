import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, type AppDeps } from '../app';
import { testConfig } from '../testkit';
import { sessionSchema } from '../../src/contract/session';
import {
  WATCHLISTS_BASE_PATH,
  WATCHLIST_CHANGE_EVENT,
  WATCHLIST_ROUTES,
  watchlistChangeSchema,
} from '../../src/contract/watchlists';
import { asList } from './watchlists.testkit';
import { openSse, type SseReader } from './sse.testkit';

/**
 * `GET /bff/watchlists/events` through a real socket: who hears of which change, in which order, the
 * stream's headers and heartbeat, the caps on open streams, and the end of every stream when the app
 * closes. Writes go through `inject` (the same app, so the same store and the same listeners).
 */

const W = WATCHLISTS_BASE_PATH;
const EVENTS = `${W}${WATCHLIST_ROUTES.events}`;
const SECRET = 'e'.repeat(32);
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const PROXY = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.1', SESSION_SECRET: SECRET };

const open: { app: FastifyInstance; readers: SseReader[] }[] = [];

afterEach(async () => {
  for (const { app, readers } of open.splice(0)) {
    for (const reader of readers) reader.close();
    await app.close();
  }
});

async function serve(
  env: Record<string, string>,
  events?: AppDeps['events'],
): Promise<{ app: FastifyInstance; base: string; readers: SseReader[] }> {
  const app = createApp({
    config: testConfig(env),
    // Nothing here looks an instrument up: no upstream call is made.
    upstream: { baseUrl: 'http://127.0.0.1:9', apiKey: 'events-test-key' },
    mode: 'live',
    clock: () => NOW,
    logger: false,
    events,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const entry = { app, readers: [] };
  open.push(entry);
  return { app, base: `http://127.0.0.1:${address.port}`, readers: entry.readers };
}

/** A user's stream (the proxy's header names them; none for the local user). */
async function stream(
  server: { base: string; readers: SseReader[] },
  user: string | null,
  headers: Record<string, string> = {},
): Promise<SseReader> {
  const reader = await openSse(`${server.base}${EVENTS}`, {
    ...(user === null ? {} : { 'x-forwarded-user': user }),
    ...headers,
  });
  server.readers.push(reader);
  return reader;
}

/** The next change event of a stream, parsed with the contract's schema. */
async function nextChange(reader: SseReader) {
  const frame = await reader.nextEvent();
  if (frame === null) throw new Error('the stream ended');
  expect(frame.event).toBe(WATCHLIST_CHANGE_EVENT);
  const data: unknown = JSON.parse(frame.data);
  // Exactly the contract's fields: neither the owner nor who may hear of it.
  expect(Object.keys(data ?? {}).sort()).toEqual(['deleted', 'id', 'version']);
  return watchlistChangeSchema.parse(data);
}

function writer(app: FastifyInstance, user: string | null) {
  let csrf: string | null = null;
  const identity: Record<string, string> = user === null ? {} : { 'x-forwarded-user': user };
  return async (
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> => {
    if (user !== null && csrf === null) {
      const session = sessionSchema.parse(
        (await app.inject({ method: 'GET', url: '/bff/session', headers: identity })).json(),
      );
      csrf = session.csrf;
    }
    return app.inject({
      method,
      url,
      headers: {
        ...identity,
        ...(csrf === null ? {} : { 'x-csrf-token': csrf }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  };
}

describe('the events stream', () => {
  it('is an unbuffered, uncompressed, uncached event stream that starts with a retry hint', async () => {
    const server = await serve(PROXY);
    const reader = await stream(server, 'ann', { 'accept-encoding': 'gzip, deflate, br' });
    const { headers, status } = reader.response;
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-accel-buffering')).toBe('no');
    expect(headers.get('content-encoding')).toBeNull();
    const first = await reader.nextFrame();
    expect(first?.retry).toBeGreaterThan(0);
  });

  it('needs a signed-in user, like every watchlist route', async () => {
    const server = await serve(PROXY);
    const res = await fetch(`${server.base}${EVENTS}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it("tells another user of a team list's changes, never of a private list's", async () => {
    const server = await serve(PROXY);
    const ann = writer(server.app, 'ann');
    const annHears = await stream(server, 'ann');
    const bobHears = await stream(server, 'bob');

    const secret = asList(await ann('POST', W, { name: 'Private' }));
    const shared = asList(await ann('POST', W, { name: 'Shared' }));
    await ann('PUT', `${W}/${shared.id}/visibility`, { visibility: 'team', version: 1 });
    await ann('PATCH', `${W}/${secret.id}`, { name: 'Still private', version: 1 });
    await ann('PATCH', `${W}/${shared.id}`, { name: 'Shared, renamed', version: 2 });
    // Made private again: the others hear of it too (the list leaves their screens).
    await ann('PUT', `${W}/${shared.id}/visibility`, { visibility: 'private', version: 3 });
    await ann('PATCH', `${W}/${shared.id}`, { name: 'Private now', version: 4 });
    await ann('DELETE', `${W}/${secret.id}?version=2`);

    // Events come in commit order, so anything of the private list would have come before these.
    expect(await nextChange(bobHears)).toEqual({ id: shared.id, version: 2, deleted: false });
    expect(await nextChange(bobHears)).toEqual({ id: shared.id, version: 3, deleted: false });
    expect(await nextChange(bobHears)).toEqual({ id: shared.id, version: 4, deleted: false });

    // The owner hears of everything, in order.
    const mine = [];
    for (let i = 0; i < 8; i++) mine.push(await nextChange(annHears));
    expect(mine).toEqual([
      { id: secret.id, version: 1, deleted: false },
      { id: shared.id, version: 1, deleted: false },
      { id: shared.id, version: 2, deleted: false },
      { id: secret.id, version: 2, deleted: false },
      { id: shared.id, version: 3, deleted: false },
      { id: shared.id, version: 4, deleted: false },
      { id: shared.id, version: 5, deleted: false },
      { id: secret.id, version: 2, deleted: true },
    ]);

    // Bob heard nothing after the list went private: the next thing he hears is a later team change.
    const other = writer(server.app, 'cat');
    const cats = asList(await other('POST', W, { name: 'Cat’s' }));
    await other('PUT', `${W}/${cats.id}/visibility`, { visibility: 'team', version: 1 });
    expect(await nextChange(bobHears)).toEqual({ id: cats.id, version: 2, deleted: false });
  });

  it('tells the local user (no sign-in) of their own changes in order, with heartbeats between', async () => {
    const server = await serve({}, { heartbeatMs: 20 });
    const local = writer(server.app, null);
    const reader = await stream(server, null);
    const list = asList(await local('POST', W, { name: 'Mine' }));
    for (let version = 1; version <= 3; version++) {
      expect(
        asList(await local('PATCH', `${W}/${list.id}`, { name: `Mine ${version}`, version })).version,
      ).toBe(version + 1);
    }
    const versions = [];
    for (let i = 0; i < 4; i++) versions.push(await nextChange(reader));
    expect(versions.map((c) => c.version)).toEqual([1, 2, 3, 4]);
    expect(versions.every((c) => c.id === list.id && !c.deleted)).toBe(true);
    // A quiet stream still says something now and then.
    let frame = await reader.nextFrame();
    while (frame !== null && !frame.comments.includes('heartbeat')) frame = await reader.nextFrame();
    expect(frame?.comments).toContain('heartbeat');
  });

  it('caps the open streams per user and overall, with a refusal that says so', async () => {
    const server = await serve(PROXY, { maxPerUser: 2, maxTotal: 3 });
    const first = await stream(server, 'ann');
    await stream(server, 'ann');
    const third = await fetch(`${server.base}${EVENTS}`, { headers: { 'x-forwarded-user': 'ann' } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
    expect(await third.json()).toMatchObject({
      error: { code: 'limit', message: expect.stringMatching(/at most 2/i) },
    });

    await stream(server, 'bob');
    const full = await fetch(`${server.base}${EVENTS}`, { headers: { 'x-forwarded-user': 'cat' } });
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ error: { code: 'limit' } });

    // A closed tab frees its place (the server learns of it when the connection goes).
    first.close();
    let again = await stream(server, 'ann');
    for (let tries = 0; again.response.status !== 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await stream(server, 'ann');
    }
    expect(again.response.status).toBe(200);
  });

  it('ends every open stream when the app closes, and the close does not wait for them', async () => {
    const server = await serve({});
    const reader = await stream(server, null);
    expect((await reader.nextFrame())?.retry).toBeGreaterThan(0);
    const entry = open.pop();
    await server.app.close();
    expect(entry?.app).toBe(server.app);
    expect(await reader.nextFrame()).toBeNull();
  });
});
