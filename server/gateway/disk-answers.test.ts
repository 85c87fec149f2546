import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp, gatewayOf } from '../app';
import { testConfig } from '../testkit';
import { answerJson, answerOk, startFakeUpstream, type FakeUpstream } from './fake-upstream.testkit';
import { ManualClock } from './manual-clock.testkit';
import { DiskAnswers, FLUSH_DELAY_MS, MIN_FRESH_MS, type DiskLog } from './disk-answers';

/**
 * The answer cache's copy on disk, through the whole app: what one run stored is served by the next one
 * without an upstream call while it is within its lifetimes, and never after; a damaged file is moved
 * aside; the file stays within its bound.
 */

const KEY = 'test-key-5f1c9a7e2b4d';
/** A Tuesday in session: quotes live 3 s, reference answers 6 h. */
const NOW = Date.parse('2026-07-14T10:00:00+08:00');
const HOUR = 3_600_000;
const CODE_TABLE = '/api/meta/tickers/list?asset_type=a-share&limit=10';
const SNAPSHOT = '/api/a-share/prices/snapshot?thscodes=600519.SH';

let fake: FakeUpstream;
let dir: string;
let file: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave(answerOk);
  dir = mkdtempSync(join(tmpdir(), 'disk-answers-'));
  file = join(dir, 'answers.sqlite');
});

function build(
  tickerStart: number,
  logLines: string[] = [],
  env: Record<string, string> = {},
): { app: FastifyInstance; ticker: ManualClock } {
  const ticker = new ManualClock(tickerStart);
  const app = createApp({
    config: testConfig({ ANSWER_CACHE_DB: file, ...env }),
    upstream: { baseUrl: fake.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    ticker,
    random: () => 0,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  return { app, ticker };
}

async function get(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.body };
}

/** One run that asks for `urls` and shuts down (its queued answers are written on close). */
async function firstRun(urls: readonly string[]): Promise<void> {
  const { app } = build(NOW);
  for (const url of urls) expect((await get(app, url)).cache).toBe('MISS');
  await app.close();
}

describe('answers kept on disk across a restart', () => {
  it('serves a reference answer stored by the previous run without an upstream call', async () => {
    await firstRun([CODE_TABLE]);
    expect(fake.requests).toHaveLength(1);

    const { app } = build(NOW + HOUR);
    const again = await get(app, CODE_TABLE);
    expect(again).toMatchObject({ status: 200, cache: 'HIT' });
    expect(JSON.parse(again.body)).toMatchObject({ code: 0, request_id: 'up-req-1' });
    expect(fake.requests).toHaveLength(1);
    expect(gatewayOf(app)?.status().disk).toMatchObject({ state: 'on', entries: 1, reads: 1 });
    await app.close();
  });

  it('does not keep a quote of a running session (fresh for 3 s)', async () => {
    await firstRun([SNAPSHOT]);
    const { app } = build(NOW + 1_000);
    expect((await get(app, SNAPSHOT)).cache).toBe('MISS');
    expect(fake.requests).toHaveLength(2);
    await app.close();
  });

  it('never serves an answer past its lifetime as fresh: the next run asks the service again', async () => {
    await firstRun([CODE_TABLE]);
    // Past fresh (6 h) and stale-while-revalidate (6 h), within stale-if-error (a day): asked again.
    const { app } = build(NOW + 13 * HOUR);
    expect((await get(app, CODE_TABLE)).cache).toBe('MISS');
    expect(fake.requests).toHaveLength(2);
    await app.close();
  });

  it('serves the expired answer only as STALE when the service fails, and forgets it after a day', async () => {
    await firstRun([CODE_TABLE]);
    fake.behave(answerJson(JSON.stringify({ code: 5001, message: 'down', request_id: 'x', data: null })));
    // One attempt: no back-off to wait for on the manual clock.
    const { app } = build(NOW + 13 * HOUR, [], { UPSTREAM_MAX_ATTEMPTS: '1' });
    expect((await get(app, CODE_TABLE)).cache).toBe('STALE');
    await app.close();

    const later = build(NOW + 6 * HOUR + 25 * HOUR);
    expect(gatewayOf(later.app)?.status().disk).toMatchObject({ state: 'on', entries: 0 });
    expect((await get(later.app, CODE_TABLE)).cache).toBe('MISS');
    await later.app.close();
  });

  it('moves a damaged file aside, logs it and goes on with an empty one', async () => {
    writeFileSync(file, 'this is not a database, only some text '.repeat(200));
    const lines: string[] = [];
    const { app } = build(NOW, lines);
    expect(gatewayOf(app)?.status().disk).toMatchObject({ state: 'on', entries: 0 });
    expect(lines.some((l) => l.includes('answer cache file unreadable'))).toBe(true);
    expect(readdirSync(dir).some((name) => name.startsWith('answers.sqlite.corrupt-'))).toBe(true);
    expect((await get(app, CODE_TABLE)).cache).toBe('MISS');
    await app.close();

    const next = build(NOW + HOUR);
    expect((await get(next.app, CODE_TABLE)).cache).toBe('HIT');
    await next.app.close();
  });

  it('goes on in memory only when the file cannot be created at all', async () => {
    // A file where the folder should be: neither the file nor a fresh one can be made.
    writeFileSync(join(dir, 'blocker'), 'x');
    file = join(dir, 'blocker', 'answers.sqlite');
    const lines: string[] = [];
    const { app } = build(NOW, lines);
    expect(gatewayOf(app)?.status().disk).toMatchObject({ state: 'off' });
    expect(lines.some((l) => l.includes('answers are kept in memory only'))).toBe(true);
    expect((await get(app, CODE_TABLE)).cache).toBe('MISS');
    expect((await get(app, CODE_TABLE)).cache).toBe('HIT');
    await app.close();
  });
});

describe('DiskAnswers', () => {
  const quiet: DiskLog = { warn: () => undefined, info: () => undefined };

  function answer(storedAt: number, size: number) {
    return {
      body: 'x'.repeat(size),
      upstreamRequestId: null,
      storedAt,
      freshUntil: storedAt + HOUR,
      swrUntil: storedAt + 2 * HOUR,
      staleUntil: storedAt + 24 * HOUR,
    };
  }

  it('writes in one batch a moment later, off the request', () => {
    const ticker = new ManualClock(NOW);
    const disk = new DiskAnswers({ file, origin: 'test', maxBytes: 1 << 20, ticker, log: quiet });
    disk.put('a', answer(NOW, 10));
    disk.put('b', answer(NOW, 10));
    expect(disk.status().writes).toBe(0);
    // Readable before it is written.
    expect(disk.get('a')?.body).toBe('x'.repeat(10));
    ticker.advance(FLUSH_DELAY_MS);
    expect(disk.status()).toMatchObject({ writes: 2, entries: 2 });
    disk.close();
  });

  it('keeps within its bound by dropping the oldest answers', () => {
    const ticker = new ManualClock(NOW);
    const maxBytes = 20_000;
    const disk = new DiskAnswers({ file, origin: 'test', maxBytes, ticker, log: quiet });
    for (let i = 0; i < 30; i++) {
      disk.put(`k${i}`, answer(NOW + i, 1_000));
      ticker.advance(FLUSH_DELAY_MS);
    }
    const status = disk.status();
    expect(status.bytes).toBeLessThanOrEqual(maxBytes);
    expect(status.evicted).toBeGreaterThan(0);
    expect(disk.get('k0')).toBeNull();
    expect(disk.get('k29')).not.toBeNull();
    disk.close();

    const reopened = new DiskAnswers({ file, origin: 'test', maxBytes, ticker, log: quiet });
    expect(reopened.status().entries).toBe(status.entries);
    expect(reopened.get('k29')?.body).toHaveLength(1_000);
    reopened.close();
  });

  it('empties a file written for another upstream (simulated answers are never served as live ones)', () => {
    const ticker = new ManualClock(NOW);
    const simulated = new DiskAnswers({
      file,
      origin: 'simulated real time',
      maxBytes: 1 << 20,
      ticker,
      log: quiet,
    });
    simulated.put('a', answer(NOW, 10));
    simulated.close();
    const same = new DiskAnswers({
      file,
      origin: 'simulated real time',
      maxBytes: 1 << 20,
      ticker,
      log: quiet,
    });
    expect(same.get('a')).not.toBeNull();
    same.close();
    const live = new DiskAnswers({
      file,
      origin: 'live https://api.example.com',
      maxBytes: 1 << 20,
      ticker,
      log: quiet,
    });
    expect(live.get('a')).toBeNull();
    expect(live.status().entries).toBe(0);
    live.close();
  });

  it('leaves short-lived answers in memory', () => {
    const ticker = new ManualClock(NOW);
    const disk = new DiskAnswers({ file, origin: 'test', maxBytes: 1 << 20, ticker, log: quiet });
    disk.put('quote', { ...answer(NOW, 10), freshUntil: NOW + MIN_FRESH_MS - 1 });
    ticker.advance(FLUSH_DELAY_MS);
    expect(disk.status().entries).toBe(0);
    disk.close();
    expect(existsSync(file)).toBe(true);
  });
});
