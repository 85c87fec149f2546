import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { z } from 'zod';
import { lifetime } from '../src/contract/cache-policy';
import { operationByPath } from '../src/contract/catalog';
import {
  WATCHLISTS_BASE_PATH,
  watchlistConflictBodySchema,
  watchlistPath,
  watchlistSchema,
} from '../src/contract/watchlists';
import { engineMissing, redisServerBinary, startRedisServer } from './engines/redis.testkit';
import type { RedisServer } from './engines/redis.testkit';
import { postgresUnavailable, startPostgres } from './engines/postgres.testkit';
import type { PostgresServer } from './engines/postgres.testkit';
import { mostInAnyWindow, SESSION_START, startReplica } from './engines/cluster.testkit';
import type { Replica } from './engines/cluster.testkit';
import { startFakeUpstream } from './gateway/fake-upstream.testkit';
import type { FakeUpstream } from './gateway/fake-upstream.testkit';

/**
 * Three replicas of the server, each a process of its own, sharing one Redis, one PostgreSQL database
 * and one counting fake upstream, as a desk runs them behind a load balancer (deploy/). Real time runs:
 * the budget is checked as an upper bound ("at most 5 calls in any second", sliding window at the
 * upstream), never as a duration. CLUSTER_SOAK_S (default 20) sets how long the tabs poll;
 * CLUSTER_KILLS (default 3) how often a replica is killed during a write. `npm run soak:cluster` runs the long form (120 s, 10 kills).
 */

const SOAK_S = Number(process.env['CLUSTER_SOAK_S'] ?? 20);
const KILLS = Number(process.env['CLUSTER_KILLS'] ?? 3);
const KEY = `cluster-key-${randomBytes(6).toString('hex')}`;
const RATE = 5;
const SNAPSHOT = '/api/a-share/prices/snapshot';
const quoteClass = operationByPath(SNAPSHOT)?.cache;

describe('the sliding-window count the budget checks use', () => {
  it('counts the most calls inside any window, wherever it starts', () => {
    expect(mostInAnyWindow([])).toBe(0);
    expect(mostInAnyWindow([0, 999, 1000, 1999])).toBe(2);
    // Clock seconds would see 3 and 3; the window from 500 holds 6.
    expect(mostInAnyWindow([100, 500, 600, 900, 1000, 1100, 1200, 1499])).toBe(7);
    expect(mostInAnyWindow([5, 1, 3])).toBe(3);
  });
});

const redisBinary = redisServerBinary();
const pgMissing = postgresUnavailable();

describe('three replicas sharing Redis and PostgreSQL', () => {
  if ('missing' in redisBinary) {
    engineMissing('redis-server', redisBinary.missing);
    return;
  }
  if (pgMissing !== null) {
    engineMissing('PostgreSQL', pgMissing);
    return;
  }

  let redis: RedisServer;
  let postgres: PostgresServer;
  let upstream: FakeUpstream;
  let replicas: Replica[] = [];
  let pools: Pool[] = [];
  /** Every call the upstream got: when (ms), and what. */
  const calls: { at: number; url: string }[] = [];
  /** Milliseconds the upstream takes to answer (identical requests overlap when it is slow). */
  let upstreamDelayMs = 0;

  beforeAll(async () => {
    const binary = redisBinary.path;
    [redis, postgres, upstream] = await Promise.all([
      startRedisServer(binary),
      startPostgres(),
      startFakeUpstream(),
    ]);
    // A quote for every code asked for, stamped with the moment the upstream answered it.
    upstream.behave((req, res) => {
      const url = req.url ?? '';
      calls.push({ at: Date.now(), url });
      const codes = new URL(url, 'http://upstream').searchParams.get('thscodes')?.split(',') ?? [];
      const body = JSON.stringify({
        code: 0,
        message: 'success',
        request_id: `up-${calls.length}`,
        data: { timestamp: Date.now(), item: codes.map((thscode) => ({ thscode, latest_price: 10 })) },
      });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      }, upstreamDelayMs);
    });
    const database = await postgres.createDatabase();
    const env = {
      MARKET_API_BASE_URL: upstream.url,
      MARKET_API_KEY: KEY,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
      DATABASE_URL: database,
      UPSTREAM_RATE_PER_S: String(RATE),
      UPSTREAM_BURST: String(RATE),
      // Tabs poll hard in the soak; the per-client limit is not what is under test.
      CLIENT_RATE_LIMIT_PER_MIN: '1000000',
    };
    replicas = await Promise.all([0, 1, 2].map(() => startReplica(env)));
    pools = replicas.map((r) => new Pool(r.url, { connections: 64 }));
    // Every replica sees the others (heartbeats) and has opened its connection to the upstream: a
    // first call on a new connection is late and would bunch with the next ones.
    await Promise.all(replicas.map((_r, i) => get(i, `${SNAPSHOT}?thscodes=WARM${i}.SH`)));
    await until('three replicas seen', async () =>
      (await Promise.all(replicas.map((_r, i) => sharedStatus(i)))).every(
        (s) => s.mode === 'shared' && s.replicas === 3,
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    await Promise.all(replicas.map((r) => r.stop()));
    await Promise.all([redis?.close(), postgres?.stop(), upstream?.close()]);
  }, 60_000);

  async function get(replica: number, path: string) {
    const pool = pools[replica];
    if (!pool) throw new Error(`no replica ${replica}`);
    const sentAt = Date.now();
    const res = await pool.request({ method: 'GET', path });
    const text = await res.body.text();
    return { status: res.statusCode, cache: String(res.headers['x-cache']), text, sentAt };
  }

  async function send(replica: number, method: 'POST' | 'PATCH', path: string, body: unknown) {
    const pool = pools[replica];
    if (!pool) throw new Error(`no replica ${replica}`);
    const res = await pool.request({
      method,
      path: `${WATCHLISTS_BASE_PATH}${path}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.body.json();
    return { status: res.statusCode, json };
  }

  const statusSchema = z.object({
    shared: z.object({ mode: z.enum(['shared', 'local']), replicas: z.number(), budgetShare: z.number() }),
  });
  async function sharedStatus(replica: number) {
    const { text } = await get(replica, '/bff/status');
    return statusSchema.parse(JSON.parse(text)).shared;
  }

  async function until(what: string, test: () => Promise<boolean>, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs;
    while (!(await test())) {
      if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const answerSchema = z.object({
    code: z.number(),
    data: z.object({ timestamp: z.number(), item: z.array(z.object({ thscode: z.string() })) }),
  });

  it('60 identical cold requests spread over the three replicas make one upstream call', async () => {
    upstreamDelayMs = 200;
    const path = `${SNAPSHOT}?thscodes=600519.SH`;
    const before = calls.length;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => get(i % 3, path)));
    upstreamDelayMs = 0;
    expect(calls.slice(before).filter((c) => c.url.includes('600519.SH'))).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  }, 60_000);

  it(
    `30 tabs polling 10 quotes each for ${SOAK_S} s through all replicas stay within the budget with fresh answers; Redis stopped and restarted meanwhile fails no request`,
    async () => {
      if (quoteClass === undefined) throw new Error('the snapshot operation is not in the catalog');
      // In session (replica-child.ts runs the market clock from SESSION_START): the quote's lifetime.
      const life = lifetime(quoteClass, SESSION_START);
      // During a session a quote is fresh for 3 s, so one code costs a third of a call per second: the
      // budget of 5 a second keeps at most 15 codes fresh whatever the number of tabs. The desk follows
      // 12 (more would be served stale while waiting for their turn, by design, and could not all be
      // fresh); each tab shows 10 of them.
      const codes = Array.from({ length: 12 }, (_, i) => `${600100 + i}.SH`);
      const tabs = Array.from({ length: 30 }, (_, t) =>
        Array.from({ length: 10 }, (_, q) => codes[(t * 5 + q) % codes.length] ?? '600100.SH'),
      );
      type Seen = { status: number; cache: string; age: number; code: number };
      /**
       * The tabs poll for `durationMs` (each quote every 5 s, the first polls spread over 5 s), each
       * request to the next replica in turn (a load balancer's round robin), while `meanwhile` runs.
       * What they saw, and when the upstream was called meanwhile.
       */
      async function pollTabs(durationMs: number, meanwhile: () => Promise<void> = async () => undefined) {
        const from = Date.now();
        const stopAt = from + durationMs;
        const seen: Seen[] = [];
        const firstCall = calls.length;
        let turn = 0;
        const polls = tabs.flatMap((quotes, t) =>
          quotes.map(async (code, q) => {
            for (let next = from + (t * 10 + q) * 16; ; next += 5000) {
              await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
              if (Date.now() >= stopAt) return;
              const a = await get(turn++ % 3, `${SNAPSHOT}?thscodes=${code}`);
              const parsed = answerSchema.safeParse(JSON.parse(a.text));
              seen.push({
                status: a.status,
                cache: a.cache,
                // From the upstream's answer to the moment this request was sent: the replica served it
                // later still, so an answer it served within its lifetime is at least this fresh, however
                // slowly a loaded machine hands the answer back to the poller.
                age: parsed.success ? a.sentAt - parsed.data.data.timestamp : Number.NaN,
                code: parsed.success ? parsed.data.code : -1,
              });
            }
          }),
        );
        await Promise.all([...polls, meanwhile()]);
        const upstreamCalls = calls.slice(firstCall).filter((c) => c.at < stopAt);
        return { seen, calls: upstreamCalls.map((c) => c.at) };
      }

      // The desk's quotes were open before (30 cold codes at once would wait 6 s for a budget of 5 a
      // second, past the queue's timeout): each asked once, one after the other.
      for (const [i, code] of codes.entries()) {
        expect((await get(i % 3, `${SNAPSHOT}?thscodes=${code}`)).status).toBe(200);
      }
      const soak = await pollTabs(SOAK_S * 1000);
      expect(soak.seen.length).toBeGreaterThan(SOAK_S * 50);
      expect(soak.seen.filter((s) => s.status !== 200 || s.code !== 0)).toEqual([]);
      // Fresh within its lifetime: a HIT or MISS no older than the fresh time, a STALE one (served at
      // once while one refresh runs) no older than fresh + revalidate; the slack is the way from the
      // upstream's answer into the replica's cache.
      const slackMs = 1_000;
      const tooOld = soak.seen.filter((s) =>
        s.cache === 'STALE'
          ? !(s.age <= life.freshMs + life.swrMs + slackMs)
          : !(s.age <= life.freshMs + slackMs),
      );
      expect(tooOld).toEqual([]);
      expect(soak.calls.length).toBeGreaterThan(SOAK_S);
      expect(mostInAnyWindow(soak.calls)).toBeLessThanOrEqual(RATE);

      // The same polling again, with Redis stopped for 15 s of 30: each replica goes on with its own
      // cache and its share of the budget; nobody gets an error, the upstream never more than the budget.
      const outage = await pollTabs(30_000, async () => {
        await new Promise((r) => setTimeout(r, 2_000));
        await redis.stop();
        await until('every replica on its own', async () =>
          (await Promise.all([0, 1, 2].map(sharedStatus))).every((s) => s.mode === 'local'),
        );
        await new Promise((r) => setTimeout(r, 13_000));
        await redis.restart();
      });
      await until('every replica shared again', async () =>
        (await Promise.all([0, 1, 2].map(sharedStatus))).every((s) => s.mode === 'shared'),
      );
      expect(outage.seen.length).toBeGreaterThan(1_000);
      expect(outage.seen.filter((s) => s.status !== 200 || s.code !== 0)).toEqual([]);
      expect(mostInAnyWindow(outage.calls)).toBeLessThanOrEqual(RATE);
      const tally = (seen: Seen[]) => {
        const counts = new Map<string, number>();
        for (const { cache } of seen) counts.set(cache, (counts.get(cache) ?? 0) + 1);
        return [...counts].map(([cache, n]) => `${cache} ${n}`).join(', ');
      };
      console.info(
        `cluster soak ${SOAK_S} s: ${soak.seen.length} answers (${tally(soak.seen)}), ${soak.calls.length} upstream calls, at most ${mostInAnyWindow(soak.calls)} in any second; ` +
          `Redis outage 30 s: ${outage.seen.length} answers (${tally(outage.seen)}), ${outage.calls.length} upstream calls, at most ${mostInAnyWindow(outage.calls)} in any second`,
      );
    },
    (SOAK_S + 120) * 1000,
  );

  it('a stale write on replica B after a write on replica A gets 409 with the list as A left it', async () => {
    const created = await send(0, 'POST', watchlistPath('index', {}), { name: `desk ${Date.now()}` });
    expect(created.status).toBe(201);
    const list = watchlistSchema.parse(created.json);
    const renamed = await send(0, 'PATCH', watchlistPath('list', { id: list.id }), {
      name: `${list.name} (A)`,
      version: list.version,
    });
    expect(renamed.status).toBe(200);
    const stale = await send(1, 'PATCH', watchlistPath('list', { id: list.id }), {
      name: `${list.name} (B)`,
      version: list.version,
    });
    expect(stale.status).toBe(409);
    const conflict = watchlistConflictBodySchema.parse(stale.json);
    expect(conflict.current.name).toBe(`${list.name} (A)`);
    expect(conflict.current.version).toBe(list.version + 1);
  }, 30_000);

  it(`a replica killed during a write (${KILLS} times) loses no acknowledged write`, async () => {
    const created = await send(0, 'POST', watchlistPath('index', {}), { name: `kills ${Date.now()}` });
    let list = watchlistSchema.parse(created.json);
    for (let kill = 0; kill < KILLS; kill++) {
      const victim = replicas[2];
      if (!victim) throw new Error('no third replica');
      // Writes through the third replica, one after another, until it is killed in the middle of one.
      let acknowledged = list;
      let inFlight: string | null = null;
      let killed = false;
      const writer = (async () => {
        for (let n = 0; !killed; n++) {
          inFlight = `kills ${kill}.${n}`;
          try {
            const answer = await send(2, 'PATCH', watchlistPath('list', { id: list.id }), {
              name: inFlight,
              version: acknowledged.version,
            });
            if (answer.status !== 200) throw new Error(`write refused: ${answer.status}`);
            acknowledged = watchlistSchema.parse(answer.json);
          } catch (err) {
            if (killed) return;
            throw err;
          }
        }
      })();
      // Kill after a few acknowledged writes, while the next one is on its way.
      await until(
        'some writes acknowledged',
        async () => acknowledged.version >= list.version + 3 + (kill % 4),
      );
      killed = true;
      await victim.kill();
      await writer;
      // Through another replica: the list holds the last acknowledged write, or the one in flight.
      const { text } = await get(0, `${WATCHLISTS_BASE_PATH}${watchlistPath('list', { id: list.id })}`);
      const now = watchlistSchema.parse(JSON.parse(text));
      expect(now.version).toBeGreaterThanOrEqual(acknowledged.version);
      expect(now.version).toBeLessThanOrEqual(acknowledged.version + 1);
      expect(now.name).toBe(now.version === acknowledged.version ? acknowledged.name : inFlight);
      const restarted = await victim.restart();
      replicas[2] = restarted;
      await pools[2]?.close();
      pools[2] = new Pool(restarted.url, { connections: 64 });
      list = now;
    }
  }, 180_000);
});
