import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { rawEnvelopeSchema } from '../../src/contract/envelope';
import { shanghaiMidnight } from '../../src/contract/time';
import { createSimulator } from '../simulator/index';
import { httpError } from '../gateway/failures';
import type { Upstream, UpstreamOutcome, UpstreamRequest } from '../gateway/upstream-client';
import { localLeases } from './lease';
import type { Leases } from './lease';
import { sharedLeases } from './lease.testkit';
import { openResearchStore } from './research-store';
import type { ResearchStore } from './research-store';
import { callsPerMinute, createTapeRecorder } from './tape-recorder';
import type { TapeRecorderOptions } from './tape-recorder';
import { readIntraday, recordedMinutes, tapeGaps, tapeSummary } from './tape-store';

/**
 * The recorder on its own, driven tick by tick on a manual market clock, with fake upstreams that answer
 * from the simulator and count what they are asked.
 */

const DAY = '2026-07-15';
const KEY = 'tape-recorder-key';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);

let now = at('09:10');
let sim: FastifyInstance;

beforeAll(async () => {
  sim = createSimulator({ apiKey: KEY, now: () => now });
  await sim.ready();
}, 60_000);
afterAll(async () => {
  await sim.close();
});

/** An upstream that answers from the simulator and keeps the operations it was asked for. */
function countingUpstream(from: FastifyInstance = sim): Upstream & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async call(req: UpstreamRequest) {
      calls.push(req.operation.id);
      const res = await from.inject({
        url: `${req.operation.path}?${req.query}`,
        headers: { 'x-api-key': KEY },
      });
      return { ok: true, envelope: rawEnvelopeSchema.parse(res.json()), body: res.body };
    },
    close: async () => undefined,
  };
}

function recorder(
  store: ResearchStore,
  extra: Partial<TapeRecorderOptions> & { leases?: Leases } = {},
  from: FastifyInstance = sim,
) {
  const upstream = countingUpstream(from);
  const r = createTapeRecorder({
    upstream,
    store,
    leases: localLeases(() => now),
    clock: () => now,
    budget: { share: 0.2, ratePerSecond: 5 },
    queuedUserRequests: () => 0,
    ...extra,
  });
  return { recorder: r, upstream };
}

describe('the tape recorder', () => {
  it('allows its share of the budget a minute: 20 % of 5 calls/s is 60 calls, never fewer than it needs', () => {
    expect(callsPerMinute(0.2, 5)).toBe(60);
    expect(callsPerMinute(0.01, 2)).toBe(1);
    expect(callsPerMinute(0.1, 1)).toBe(6);
  });

  it('records once with two replicas: only the lease holder asks the upstream, the other takes over', async () => {
    const leases = sharedLeases(() => now);
    const stores = [await openResearchStore(':memory:'), await openResearchStore(':memory:')];
    const [a, b] = stores.map((store, i) => recorder(store, { leases: leases.holder(`replica-${i}`) }));
    if (!a || !b) throw new Error('two recorders');
    now = at('09:31');
    for (let m = 0; m < 3; m++, now += 60_000) {
      const [first, second] = await Promise.all([a.recorder.tick(), b.recorder.tick()]);
      expect(first.kind).toBe('recorded');
      expect(second.kind).toBe('follower');
    }
    // First the day's plan (calendar, two sector lists), then two snapshots a minute.
    expect(a.upstream.calls).toHaveLength(3 + 3 * 2);
    expect(b.upstream.calls).toEqual([]);
    expect(await recordedMinutes(stores[1] as ResearchStore, DAY)).toEqual([]);
    // The holder stops (a deploy): the other replica records from the next minute on.
    await a.recorder.stop();
    expect((await b.recorder.tick()).kind).toBe('recorded');
    expect(b.upstream.calls.filter((c) => c === 'a-share/prices/snapshot')).toHaveLength(1);
    await Promise.all(stores.map((s) => s.close()));
  }, 60_000);

  it('yields to waiting user requests: the minute is skipped without a call and noted as a gap', async () => {
    const store = await openResearchStore(':memory:');
    let queued = 3;
    const { recorder: r, upstream } = recorder(store, { queuedUserRequests: () => queued });
    now = at('10:00');
    // The day's plan is read, but no snapshot while users wait.
    expect(await r.tick()).toEqual({ kind: 'skipped', minuteMs: at('10:00'), reason: 'busy' });
    const planned = upstream.calls.length;
    now += 5_000;
    expect((await r.tick()).kind).toBe('skipped');
    expect(upstream.calls).toHaveLength(planned);
    queued = 0;
    now = at('10:01');
    expect(await r.tick()).toMatchObject({ kind: 'recorded', minuteMs: at('10:01') });
    expect(await recordedMinutes(store, DAY)).toEqual([at('10:01')]);
    expect(await tapeGaps(store, DAY)).toEqual([{ minute_ms: at('10:00'), reason: 'busy' }]);
    // Recording began after the open: the chart is told so.
    const days = await readIntraday(store, '600519.SH', 1);
    expect(days[0]?.recording_started_at).toBe(at('10:01'));
    await store.close();
  }, 60_000);

  it('never goes beyond its share: with room for one call a minute it records nothing and says why', async () => {
    const store = await openResearchStore(':memory:');
    const { recorder: r, upstream } = recorder(store, { budget: { share: 0.01, ratePerSecond: 2 } });
    now = at('09:05');
    // The plan alone needs three calls: one a minute.
    await r.tick();
    now += 60_000;
    await r.tick();
    now = at('10:30');
    const outcome = await r.tick();
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'budget' });
    const perMinute = new Map<number, number>(r.callsByMinute());
    for (const count of perMinute.values()) expect(count).toBeLessThanOrEqual(1);
    expect(upstream.calls.filter((c) => c.endsWith('/snapshot'))).toEqual([]);
    await store.close();
  }, 60_000);

  it('keeps what it recorded across a restart, and recording that day goes on', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tape-')), 'research.duckdb');
    let store = await openResearchStore(path);
    let { recorder: r } = recorder(store);
    now = at('13:01');
    for (let m = 0; m < 3; m++, now += 60_000) expect((await r.tick()).kind).toBe('recorded');
    const before = await readIntraday(store, '000001.SH', 5);
    await r.stop();
    await store.close();

    store = await openResearchStore(path);
    expect(await readIntraday(store, '000001.SH', 5)).toEqual(before);
    expect(await tapeSummary(store)).toEqual({
      date: DAY,
      minutes: 3,
      first_minute: at('13:01'),
      last_minute: at('13:03'),
    });
    ({ recorder: r } = recorder(store));
    expect((await r.tick()).kind).toBe('recorded');
    expect(await recordedMinutes(store, DAY)).toEqual([at('13:01'), at('13:02'), at('13:03'), at('13:04')]);
    await store.close();
  }, 60_000);

  it('keeps the latest five trading days and drops older ones', async () => {
    const store = await openResearchStore(':memory:');
    const { recorder: r } = recorder(store);
    // Seven trading days in a row (the simulator's calendar), one minute each.
    const days = ['2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-13', '2026-07-14', DAY];
    for (const day of days) {
      now = shanghaiMidnight(day) + (14 * 3600 + 30 * 60) * 1000;
      expect((await r.tick()).kind, day).toBe('recorded');
    }
    const kept = await readIntraday(store, '600519.SH', 5);
    expect(kept.map((d) => d.date)).toEqual(days.slice(2));
    expect(await recordedMinutes(store, '2026-07-08')).toEqual([]);
    // Each day has its own previous close and its one minute.
    expect(new Set(kept.map((d) => d.prev_close)).size).toBe(5);
    for (const day of kept) expect(day.points).toHaveLength(1);
    await store.close();
  }, 60_000);

  it('never stores an earlier minute’s table under this minute: it reads again until the table is new', async () => {
    let lagMs = 90_000;
    const lagging = createSimulator({ apiKey: KEY, now: () => now - lagMs });
    const store = await openResearchStore(':memory:');
    const { recorder: r } = recorder(store, {}, lagging);
    now = at('10:05');
    expect(await r.tick()).toEqual({ kind: 'skipped', minuteMs: at('10:05'), reason: 'stale' });
    expect(await recordedMinutes(store, DAY)).toEqual([]);
    // The cache lets the table go a few seconds later: the same minute is recorded then.
    lagMs = 0;
    now += 5_000;
    expect(await r.tick()).toMatchObject({ kind: 'recorded', minuteMs: at('10:05') });
    expect(await tapeGaps(store, DAY)).toEqual([]);
    await store.close();
    await lagging.close();
  }, 60_000);

  it('asks a failing service once a minute, not on every tick, and notes the minute as a gap', async () => {
    const store = await openResearchStore(':memory:');
    const inner = countingUpstream();
    let failing = true;
    const snapshots: string[] = [];
    const upstream: Upstream = {
      async call(req) {
        if (!req.operation.id.endsWith('/snapshot')) return inner.call(req);
        snapshots.push(req.operation.id);
        return failing ? { ok: false, failure: httpError(503) } : inner.call(req);
      },
      close: async () => undefined,
    };
    const { recorder: r } = recorder(store, { upstream });
    now = at('10:20');
    expect(await r.tick()).toMatchObject({ kind: 'skipped', reason: 'failed' });
    for (let i = 0; i < 5; i++) {
      now += 5_000;
      expect((await r.tick()).kind).toBe('done');
    }
    expect(snapshots).toHaveLength(1);
    failing = false;
    now = at('10:21');
    expect((await r.tick()).kind).toBe('recorded');
    expect(await tapeGaps(store, DAY)).toEqual([{ minute_ms: at('10:20'), reason: 'failed' }]);
    await store.close();
  }, 60_000);

  it('lets the other replica copy the holder’s readings from the shared cache, without a call of its own', async () => {
    const leases = sharedLeases(() => now);
    const stores = [await openResearchStore(':memory:'), await openResearchStore(':memory:')];
    const [leaderStore, followerStore] = stores;
    if (!leaderStore || !followerStore) throw new Error('two stores');
    // What the holder's calls leave in the cache shared by the replicas (Redis in production).
    const shared = new Map<string, UpstreamOutcome>();
    const inner = countingUpstream();
    const caching: Upstream = {
      async call(req) {
        const outcome = await inner.call(req);
        shared.set(`${req.operation.id}?${req.query}`, outcome);
        return outcome;
      },
      close: async () => undefined,
    };
    const leader = recorder(leaderStore, { leases: leases.holder('a'), upstream: caching });
    const follower = recorder(followerStore, {
      leases: leases.holder('b'),
      kept: async (req) => shared.get(`${req.operation.id}?${req.query}`) ?? null,
    });
    now = at('11:28');
    expect((await leader.recorder.tick()).kind).toBe('recorded');
    // The follower looks at 11:29 before the holder: only 11:28's table is kept, so it waits.
    now = at('11:29');
    expect(await follower.recorder.tick()).toMatchObject({ kind: 'skipped', reason: 'stale' });
    for (let m = 0; m < 2; m++, now += 60_000) {
      expect((await leader.recorder.tick()).kind).toBe('recorded');
      now += 5_000;
      expect((await follower.recorder.tick()).kind).toBe('recorded');
      now -= 5_000;
    }
    expect(follower.upstream.calls).toEqual([]);
    expect(await recordedMinutes(followerStore, DAY)).toEqual([at('11:29'), at('11:30')]);
    for (const code of ['600519.SH', '000001.SH']) {
      const copied = (await readIntraday(followerStore, code, 1))[0];
      const original = (await readIntraday(leaderStore, code, 1))[0];
      expect(copied?.points.map((p) => [p.t, p.price, p.avg_price])).toEqual(
        original?.points.slice(1).map((p) => [p.t, p.price, p.avg_price]),
      );
      expect(copied?.prev_close).toBe(original?.prev_close);
    }
    await Promise.all(stores.map((s) => s.close()));
  }, 60_000);
});
