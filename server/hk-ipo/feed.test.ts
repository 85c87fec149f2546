import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { startSimulator } from '../simulator/index';
import { describeWithPostgres, startPostgres, type PostgresServer } from '../engines/postgres.testkit';
import {
  FEED_URL_PATH,
  calendarFilePath,
  eventUid,
  feedUrlAnswerSchema,
  issueFeedPath,
  issueFilePath,
  withFeedQuery,
} from '../../src/contract/calendar-files';
import { CSRF_HEADER, SESSION_PATH, sessionSchema } from '../../src/contract/session';
import { AWAITING_ISSUE, OPEN_ISSUE } from '../../src/contract/operations/hk-ipo.testkit';
import { parseCalendar } from './ics.testkit';

/**
 * The calendar files on a server with sign-in (AUTH_MODE=proxy), through a real socket on loopback:
 * the plain files need a user; each user's secret feed address answers without one while it is live,
 * and stops at once when it is made anew or revoked; on both watchlist stores (the tokens live in the
 * same database).
 */

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const KEY = 'calendar-feed-key';
const OPEN = OPEN_ISSUE.issue_code;
const AWAITING = AWAITING_ISSUE.issue_code;
const SECRET = 'feed-secret-'.padEnd(40, 'x');
const PROXY = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '127.0.0.1', SESSION_SECRET: SECRET };
/** A well-formed token nobody was ever given. */
const NEVER = 'A'.repeat(43);

let sim: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, now: () => NOW });
});
afterAll(async () => {
  await sim.close();
});

interface Server {
  app: FastifyInstance;
  base: string;
  /** Everything the server logged. */
  log: () => string;
}

async function serve(env: Record<string, string>): Promise<Server> {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const app = createApp({
    config: testConfig(env),
    upstream: { baseUrl: sim.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    logger: pino({ level: 'info' }, sink),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, log: () => text };
}

/** A request through the socket; `user` is the header the trusted proxy would add. */
async function ask(
  server: Server,
  path: string,
  opts: { user?: string; method?: string; csrf?: string } = {},
): Promise<{ status: number; type: string; body: string }> {
  const headers: Record<string, string> = {};
  if (opts.user !== undefined) headers['x-forwarded-user'] = opts.user;
  if (opts.csrf !== undefined) headers[CSRF_HEADER] = opts.csrf;
  const res = await fetch(`${server.base}${path}`, { method: opts.method ?? 'GET', headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

async function csrfOf(server: Server, user: string): Promise<string> {
  const session = sessionSchema.parse(JSON.parse((await ask(server, SESSION_PATH, { user })).body));
  if (session.csrf === null) throw new Error(`no CSRF token for ${user}`);
  return session.csrf;
}

/** The user's feed address as the server shows it (null: none). */
async function feedOf(server: Server, user: string) {
  const res = await ask(server, FEED_URL_PATH, { user });
  expect(res.status).toBe(200);
  return feedUrlAnswerSchema.parse(JSON.parse(res.body)).feed;
}

async function makeFeed(server: Server, user: string) {
  const res = await ask(server, FEED_URL_PATH, { user, method: 'POST', csrf: await csrfOf(server, user) });
  expect(res.status).toBe(201);
  const feed = feedUrlAnswerSchema.parse(JSON.parse(res.body)).feed;
  if (feed === null) throw new Error('a new feed address came back empty');
  return feed;
}

/** The secret token of a feed path. */
function tokenOf(path: string): string {
  const token = /\/feed\/([^/]+)\//.exec(path)?.[1];
  if (token === undefined) throw new Error(`no token in ${path}`);
  return token;
}

function storeSuite(title: string, env: () => Record<string, string>) {
  describe(title, () => {
    let server: Server;
    beforeAll(async () => {
      server = await serve({ ...PROXY, ...env() });
    });
    afterAll(async () => {
      await server.app.close();
    });

    it('the plain files need a signed-in user: 401 in their own format without one, 200 with one', async () => {
      for (const path of [calendarFilePath(), issueFilePath(OPEN)]) {
        const anonymous = await ask(server, path);
        expect(anonymous.status).toBe(401);
        expect(JSON.parse(anonymous.body)).toEqual({ statusCode: 401, message: expect.any(String) });
      }
      // Written otherwise, the same file is refused all the same.
      const encoded = await ask(server, '/bff/hk-ipo/%63alendar.ics');
      expect(encoded.status).toBeGreaterThanOrEqual(400);
      expect(encoded.body).not.toContain('BEGIN:VCALENDAR');
      const signedIn = await ask(server, calendarFilePath(), { user: 'ann' });
      expect(signedIn.status).toBe(200);
      expect(parseCalendar(signedIn.body).events).toHaveLength(4);
      expect((await ask(server, FEED_URL_PATH)).status).toBe(401);
    });

    it('a feed address answers with no user; a new one ends the old at once; revoking ends it', async () => {
      expect(await feedOf(server, 'ann')).toBeNull();
      const first = await makeFeed(server, 'ann');
      expect(first.url).toBe(`${server.base}${first.path}`);
      expect(tokenOf(first.path)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Shown again later, the same address.
      expect(await feedOf(server, 'ann')).toEqual(first);

      const whole = await ask(server, first.path);
      expect(whole.status).toBe(200);
      expect(whole.type).toBe('text/calendar; charset=utf-8');
      expect(parseCalendar(whole.body).events.map((e) => e.uid)).toEqual([
        eventUid(OPEN, 'subscriptionEnd'),
        eventUid(OPEN, 'listing'),
        eventUid(AWAITING, 'subscriptionEnd'),
        eventUid(AWAITING, 'listing'),
      ]);
      const narrowed = await ask(
        server,
        withFeedQuery(first.path, { status: 'awaiting_listing', lang: 'en' }),
      );
      expect(narrowed.status).toBe(200);
      expect(parseCalendar(narrowed.body).events[1]?.summary).toBe('[Simulated] Listing: 远利医疗-B');
      const issue = await ask(server, issueFeedPath(tokenOf(first.path), OPEN, { lang: 'en' }));
      expect(issue.status).toBe(200);
      expect(parseCalendar(issue.body).events).toHaveLength(2);

      const notLive = await ask(server, withFeedQuery(first.path, {}).replace(tokenOf(first.path), NEVER));
      expect(notLive.status).toBe(404);

      const second = await makeFeed(server, 'ann');
      expect(second.path).not.toBe(first.path);
      const old = await ask(server, first.path);
      expect(old.status).toBe(404);
      // Nothing tells a replaced token from one that never existed.
      expect(old.body).toBe(notLive.body);
      expect((await ask(server, issueFeedPath(tokenOf(first.path), OPEN))).status).toBe(404);
      expect((await ask(server, second.path)).status).toBe(200);

      const revoked = await ask(server, FEED_URL_PATH, {
        user: 'ann',
        method: 'DELETE',
        csrf: await csrfOf(server, 'ann'),
      });
      expect(revoked.status).toBe(204);
      const gone = await ask(server, second.path);
      expect(gone.status).toBe(404);
      expect(gone.body).toBe(notLive.body);
      expect(await feedOf(server, 'ann')).toBeNull();
    });

    it("each user sees and changes only their own address; another's stays as it was", async () => {
      const bobs = await makeFeed(server, 'bob');
      expect(await feedOf(server, 'cat')).toBeNull();
      const cats = await makeFeed(server, 'cat');
      expect(cats.path).not.toBe(bobs.path);
      // Cat revoking (hers) and making anew leaves Bob's address alone.
      const csrf = await csrfOf(server, 'cat');
      expect((await ask(server, FEED_URL_PATH, { user: 'cat', method: 'DELETE', csrf })).status).toBe(204);
      await makeFeed(server, 'cat');
      expect(await feedOf(server, 'bob')).toEqual(bobs);
      expect((await ask(server, bobs.path)).status).toBe(200);
    });

    it('changes need the session CSRF token: without it, 403 and nothing changes', async () => {
      const dan = await makeFeed(server, 'dan');
      for (const method of ['POST', 'DELETE']) {
        const refused = await ask(server, FEED_URL_PATH, { user: 'dan', method });
        expect(refused.status).toBe(403);
        const wrong = await ask(server, FEED_URL_PATH, {
          user: 'dan',
          method,
          csrf: await csrfOf(server, 'eve'),
        });
        expect(wrong.status).toBe(403);
      }
      expect(await feedOf(server, 'dan')).toEqual(dan);
      expect((await ask(server, dan.path)).status).toBe(200);
    });

    it('no log line holds a token', async () => {
      const fay = await makeFeed(server, 'fay');
      expect((await ask(server, fay.path)).status).toBe(200);
      expect(server.log()).toContain('/bff/hk-ipo/feed/:token/calendar.ics');
      expect(server.log()).not.toContain(tokenOf(fay.path));
    });
  });
}

storeSuite('on SQLite', () => ({}));

describeWithPostgres('on PostgreSQL', () => {
  let pgServer: PostgresServer;
  let url = '';
  beforeAll(async () => {
    pgServer = await startPostgres();
    url = await pgServer.createDatabase();
  }, 60_000);
  afterAll(async () => {
    await pgServer.stop();
  });
  storeSuite('the same behaviour', () => ({ DATABASE_URL: url }));
});

describe('the per-client rate limit', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await server?.app.close();
  });

  it("counts a feed's requests as its user's, and unknown tokens as the address's", async () => {
    server = await serve({ ...PROXY, CLIENT_RATE_LIMIT_PER_MIN: '3' });
    // Making the addresses costs nothing of the limit (no market data is read).
    const ann = await makeFeed(server, 'ann');
    const bob = await makeFeed(server, 'bob');
    for (let i = 0; i < 3; i++) expect((await ask(server, ann.path)).status).toBe(200);
    expect((await ask(server, ann.path)).status).toBe(429);
    // Ann's own signed-in download shares her count.
    expect((await ask(server, calendarFilePath(), { user: 'ann' })).status).toBe(429);
    // Bob, behind the same address, is not held up by Ann.
    expect((await ask(server, bob.path)).status).toBe(200);
    // Guessing tokens is limited by the address (and never says more than 404).
    const guess = `/bff/hk-ipo/feed/${NEVER}/calendar.ics`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(server, guess)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('without sign-in (AUTH_MODE=none, loopback only)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await server?.app.close();
  });

  it('the plain files answer as before and there are no feed addresses', async () => {
    server = await serve({});
    const file = await ask(server, calendarFilePath());
    expect(file.status).toBe(200);
    expect(parseCalendar(file.body).events).toHaveLength(4);
    expect((await ask(server, FEED_URL_PATH)).status).toBe(404);
    expect((await ask(server, FEED_URL_PATH, { method: 'POST' })).status).toBe(404);
    expect((await ask(server, `/bff/hk-ipo/feed/${NEVER}/calendar.ics`)).status).toBe(404);
  });
});
