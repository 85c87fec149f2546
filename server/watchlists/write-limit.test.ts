import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { ManualClock } from '../gateway/manual-clock.testkit';
import { startFakeUpstream, type FakeUpstream } from '../gateway/fake-upstream.testkit';
import { testConfig } from '../testkit';
import { sessionSchema } from '../../src/contract/session';
import { errorSchema, watchlistSchema } from './watchlists.testkit';

/**
 * The rate limit of watchlist writes (WRITE_RATE_LIMIT_PER_MIN), through a real socket on a shared
 * server (AUTH_MODE=proxy): one user's writes beyond the limit are 429 `rate_limited` with Retry-After
 * and change nothing, whatever the method; reads go on, and another user's writes are not touched.
 */

const LIMIT = 4;
const W = '/bff/watchlists';

let fake: FakeUpstream;
let app: FastifyInstance;
let base: string;
const ticker = new ManualClock(Date.parse('2026-07-14T10:00:00+08:00'));

beforeAll(async () => {
  fake = await startFakeUpstream();
  app = createApp({
    config: testConfig({
      AUTH_MODE: 'proxy',
      TRUSTED_PROXIES: '127.0.0.1',
      SESSION_SECRET: 'w'.repeat(32),
      WRITE_RATE_LIMIT_PER_MIN: String(LIMIT),
    }),
    upstream: { baseUrl: fake.url, apiKey: 'write-limit-key-123' },
    mode: 'live',
    ticker,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const tokens = new Map<string, string>();

async function as(user: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-user': user };
  if (method !== 'GET') {
    let token = tokens.get(user);
    if (token === undefined) {
      const session = sessionSchema.parse(await (await fetch(`${base}/bff/session`, { headers })).json());
      if (session.csrf === null) throw new Error('no token');
      token = session.csrf;
      tokens.set(user, token);
    }
    headers['x-csrf-token'] = token;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${W}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('writes per user', () => {
  it(`allows ${LIMIT} writes a minute, refuses the next with 429 whatever the method, and lets others write`, async () => {
    const created = watchlistSchema.parse(await (await as('ann', 'POST', '', { name: 'Mine' })).json());
    let version = created.version;
    for (const name of ['A', 'B', 'C']) {
      const renamed = await as('ann', 'PATCH', `/${created.id}`, { name, version });
      expect(renamed.status).toBe(200);
      version = watchlistSchema.parse(await renamed.json()).version;
    }
    // Every write method counts; each refusal is the watchlists' error format, with Retry-After.
    const refused = [
      await as('ann', 'POST', '', { name: 'Another' }),
      await as('ann', 'PATCH', `/${created.id}`, { name: 'D', version }),
      await as('ann', 'PUT', `/${created.id}/visibility`, { visibility: 'team', version }),
      await as('ann', 'DELETE', `/${created.id}?version=${version}`),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      const { error } = errorSchema.parse(await res.json());
      expect(error).toMatchObject({ code: 'rate_limited', field: null });
      expect(error.message).toMatch(/wait \d+ s/);
    }
    // Nothing was changed by the refused writes, and reads still answer.
    const read = await as('ann', 'GET', `/${created.id}`);
    expect(read.status).toBe(200);
    expect(watchlistSchema.parse(await read.json())).toMatchObject({
      name: 'C',
      version,
      visibility: 'private',
    });
    const index = await as('ann', 'GET', '');
    expect(index.status).toBe(200);

    // Another user on the same address has a count of their own.
    expect((await as('bob', 'POST', '', { name: 'His' })).status).toBe(201);

    // A new calendar feed address is a write to the same store: Ann's is refused too, Bob's is made.
    const feed = (user: string) =>
      fetch(`${base}/bff/hk-ipo/feed-url`, {
        method: 'POST',
        headers: { 'x-forwarded-user': user, 'x-csrf-token': tokens.get(user) ?? '' },
      });
    const annFeed = await feed('ann');
    expect(annFeed.status).toBe(429);
    expect(Number(annFeed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await feed('bob')).status).toBe(201);

    // A minute later Ann may write again.
    ticker.advance(60_000);
    const again = await as('ann', 'PATCH', `/${created.id}`, { name: 'D', version });
    expect(again.status).toBe(200);
  });
});
