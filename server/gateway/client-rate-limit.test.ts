import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientRateLimitError, clientRateLimit } from './client-rate-limit';
import { ManualClock } from './manual-clock.testkit';
// `request.clientKey` is declared with the identity.
import type {} from '../auth/identity';

const MINUTE = 60_000;

/** Two routes sharing one limit, the way /api and the calendar files do; a refusal as 429 JSON. */
function appWith(max: number, clock: ManualClock, clients?: number): FastifyInstance {
  const app = Fastify();
  app.decorateRequest('clientKey', '');
  // What the auth hook does: a signed-in user's key, else none (the limit then uses the address).
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.headers['x-user'];
    if (typeof user === 'string') request.clientKey = `user:${user}`;
    done();
  });
  const limitClients = clientRateLimit({
    max,
    windowMs: MINUTE,
    now: () => clock.now(),
    ...(clients === undefined ? {} : { clients }),
  });
  app.get('/a', { onRequest: limitClients }, async () => ({ route: 'a' }));
  app.get('/b', { onRequest: limitClients }, async () => ({ route: 'b' }));
  app.get('/free', async () => ({ route: 'free' }));
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ClientRateLimitError)
      return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ limited: true });
    return reply.code(500).send({ failed: true });
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const statuses = async (
  a: FastifyInstance,
  n: number,
  opts: { url?: string; ip?: string; user?: string },
) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await a.inject({
      method: 'GET',
      url: opts.url ?? '/a',
      remoteAddress: opts.ip ?? '10.0.0.1',
      headers: opts.user === undefined ? {} : { 'x-user': opts.user },
    });
    out.push(res.statusCode);
  }
  return out;
};

describe('clientRateLimit', () => {
  it('lets max requests through in a window, refuses the next with the time left and the limit', async () => {
    const clock = new ManualClock(1_000_000);
    app = appWith(3, clock);
    expect(await statuses(app, 3, {})).toEqual([200, 200, 200]);
    clock.advance(20_000);
    const refused = await app.inject({ method: 'GET', url: '/a', remoteAddress: '10.0.0.1' });
    expect(refused.statusCode).toBe(429);
    // The window started with the first request: 40 s of it are left.
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe('40');
  });

  it('answers under the limit carry none of its figures', async () => {
    app = appWith(3, new ManualClock(0));
    const res = await app.inject({ method: 'GET', url: '/a' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('a new window starts once the old one has passed', async () => {
    const clock = new ManualClock(0);
    app = appWith(2, clock);
    expect(await statuses(app, 3, {})).toEqual([200, 200, 429]);
    clock.advance(MINUTE - 1);
    expect(await statuses(app, 1, {})).toEqual([429]);
    clock.advance(1);
    expect(await statuses(app, 3, {})).toEqual([200, 200, 429]);
  });

  it('counts each address on its own, and a signed-in user by the user, not the shared address', async () => {
    app = appWith(2, new ManualClock(0));
    expect(await statuses(app, 3, { ip: '10.0.0.1' })).toEqual([200, 200, 429]);
    expect(await statuses(app, 2, { ip: '10.0.0.2' })).toEqual([200, 200]);
    // Two users behind the limited address: each has a limit of their own.
    expect(await statuses(app, 3, { ip: '10.0.0.1', user: 'li' })).toEqual([200, 200, 429]);
    expect(await statuses(app, 2, { ip: '10.0.0.1', user: 'wang' })).toEqual([200, 200]);
  });

  it('counts the routes that share it together, and leaves other routes alone', async () => {
    app = appWith(3, new ManualClock(0));
    expect(await statuses(app, 2, { url: '/a' })).toEqual([200, 200]);
    expect(await statuses(app, 2, { url: '/b' })).toEqual([200, 429]);
    expect(await statuses(app, 2, { url: '/free' })).toEqual([200, 200]);
  });

  it('keeps at most `clients` windows: the least recently seen client starts afresh', async () => {
    app = appWith(1, new ManualClock(0), 2);
    expect(await statuses(app, 2, { ip: '10.0.0.1' })).toEqual([200, 429]);
    expect(await statuses(app, 1, { ip: '10.0.0.2' })).toEqual([200]);
    expect(await statuses(app, 1, { ip: '10.0.0.3' })).toEqual([200]);
    // 10.0.0.1 was dropped for 10.0.0.3 and starts a new window; 10.0.0.3 is still counted.
    expect(await statuses(app, 1, { ip: '10.0.0.1' })).toEqual([200]);
    expect(await statuses(app, 1, { ip: '10.0.0.3' })).toEqual([429]);
  });
});
