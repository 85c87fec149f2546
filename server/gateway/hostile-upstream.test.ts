import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { createApp, gatewayOf } from '../app';
import { testConfig } from '../testkit';
import { redisForSuite } from '../engines/redis.testkit';
import { startFakeUpstream } from './fake-upstream.testkit';
import { howRevealed, keyEchoes } from './key-forms.testkit';
import type { KeyEcho } from './key-forms.testkit';
import { calendarFilePath, issueFilePath } from '../../src/contract/calendar-files';
import { OPEN_ISSUE } from '../../src/contract/operations/hk-ipo.testkit';

/**
 * A hostile market data service that echoes the key it is sent, in every encoding key-forms.testkit.ts
 * knows, everywhere it can: in the values, property names and request_id of good answers (which are
 * cached, here and in Redis), in business errors, in HTTP error and non-JSON bodies, in its response
 * headers, and in the Hong Kong IPO calendar that the calendar files are made from. The app listens on
 * loopback and is asked through the socket; then every response (headers and body), every cache entry
 * (local, and Redis' keys, values and messages when redis-server is installed) and every log line is
 * read back: none may reveal the key, by any decoding. Once with a 6-character key (the app takes it
 * directly; configuration refuses so short a key) and once with a 32-character one.
 */

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const START = Date.parse('2025-07-14T00:00:00+08:00');
const END = Date.parse('2026-07-13T00:00:00+08:00');
const HISTORICAL = `/api/a-share/prices/historical?thscode=600519.SH&start=${START}&end=${END}`;
const KEYS = { '6-character': 'seckey', '32-character': 'q8Zr-3vLx_T0aYp2WmN9cHd4sKe7bJu1' };

/** Snapshots of these codes are answered with an HTTP failure of each kind, each echoing the key. */
const FAILING = new Map([
  ['690001.SH', 'http-500'],
  ['690002.SH', 'not-json'],
  ['690003.SH', 'redirect'],
  ['690004.SH', 'no-envelope'],
  ['690005.SH', 'http-404'],
]);
/** Answered with the key percent-encoded in raw `\u` escapes alone: a form of the key only once parsed. */
const ESCAPED_PERCENT_ONLY = '690008.SH';
/** Last: a 429 pauses the operation. */
const RATE_LIMITED = '690009.SH';

const snapshotOf = (code: string) => `/api/a-share/prices/snapshot?thscodes=${code}`;
/** The snapshot whose request_id is echo number i. */
const echoCode = (i: number) => `6000${String(i).padStart(2, '0')}.SH`;

/** A JSON string literal whose every character is a `\uXXXX` escape (how a raw body can hide text). */
function escapedLiteral(text: string, upper: boolean): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const hex = text.charCodeAt(i).toString(16).padStart(4, '0');
    out += `\\u${upper ? hex.toUpperCase() : hex}`;
  }
  return `${out}"`;
}

/** Every echo as a value, and as a property name, nested a few levels down. */
function echoData(echoes: KeyEcho[]): Record<string, unknown> {
  return {
    values: Object.fromEntries(echoes.map((e) => [e.name, e.text])),
    names: Object.fromEntries(echoes.map((e, i) => [e.text, i])),
    nested: { list: echoes.map((e) => ({ deep: [[e.text]], [`k-${e.text}`]: { v: e.text } })) },
  };
}

/**
 * An envelope as the service would write it, with the key also in raw `\u` escapes (both cases, as a
 * value and as a property name) and its hex in raw escapes (text that is the key only once parsed).
 */
function envelopeText(key: string, envelope: Record<string, unknown>): string {
  const text = JSON.stringify(envelope);
  const hex = Buffer.from(key).toString('hex');
  const extra = [
    `"raw_escaped":${escapedLiteral(key, false)}`,
    `${escapedLiteral(key, true)}:1`,
    `"raw_escaped_hex":${escapedLiteral(hex, false)}`,
  ];
  return `${text.slice(0, -1)},${extra.join(',')}}`;
}

function hostileService(key: string, phase: { calendar: 'refuse' | 'serve' }, sent: string[]) {
  const echoes = keyEchoes(key);
  const hex = Buffer.from(key).toString('hex');
  const b64 = Buffer.from(key).toString('base64');
  const echoHeaders = {
    'x-request-id': key,
    'x-api-key': key,
    'x-echo-hex': hex,
    'x-echo-percent': encodeURIComponent(`k=${key}`),
    'set-cookie': `session=${b64}; Path=/`,
    'www-authenticate': `Bearer ${key}`,
    etag: `"${hex}"`,
  };
  const answer = (
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    sent.push(body, ...Object.values(headers));
    res.writeHead(status, { 'content-type': 'application/json', ...echoHeaders, ...headers });
    res.end(body);
  };
  const message = `key ${echoes.map((e) => e.text).join(' | ')}`;

  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream.test');
    if (url.pathname.endsWith('/prices/snapshot')) {
      const code = url.searchParams.get('thscodes') ?? '';
      const failing = FAILING.get(code);
      if (code === ESCAPED_PERCENT_ONLY) {
        const percent = [...Buffer.from(key)].map((byte) => `%${byte.toString(16)}`).join('');
        const note = escapedLiteral(percent, false);
        return answer(
          res,
          200,
          `{"code":0,"message":"success","request_id":"up-1","data":{"item":[],"note":${note}}}`,
        );
      }
      if (code === RATE_LIMITED) return answer(res, 429, `slow down ${key}`, { 'retry-after': key });
      if (failing === 'http-500') return answer(res, 500, `{"error":"${message}"}`);
      if (failing === 'http-404') return answer(res, 404, message);
      if (failing === 'not-json')
        return answer(res, 200, `<html>${message}</html>`, { 'content-type': 'text/html' });
      if (failing === 'redirect')
        return answer(res, 302, message, { location: `https://evil.test/?k=${key}` });
      if (failing === 'no-envelope')
        return answer(res, 200, JSON.stringify({ key, echoes: echoData(echoes) }));
      const index = Number(code.slice(4, 6));
      const requestId = echoes[index]?.text ?? key;
      const data = { timestamp: NOW, item: [{ thscode: code, name: requestId }], ...echoData(echoes) };
      return answer(
        res,
        200,
        envelopeText(key, { code: 0, message: 'success', request_id: requestId, data }),
      );
    }
    if (url.pathname.endsWith('/prices/historical')) {
      return answer(res, 200, envelopeText(key, { code: 2001, message, request_id: hex, data: null }));
    }
    if (url.pathname.endsWith('/ipo/calendar-list')) {
      if (phase.calendar === 'refuse') {
        return answer(res, 200, envelopeText(key, { code: 2003, message, request_id: b64, data: null }));
      }
      const status = url.searchParams.get('status');
      const item =
        status === 'subscribable'
          ? echoes.map((e, i) => ({
              ...OPEN_ISSUE,
              issue_code: `HKIPO2026071435${i % 10}`,
              name: `${OPEN_ISSUE.name} ${e.text}`,
              issue_price_text: e.text,
            }))
          : [];
      return answer(
        res,
        200,
        envelopeText(key, { code: 0, message: 'success', request_id: key, data: { status, item } }),
      );
    }
    return answer(res, 404, message);
  };
}

interface Seen {
  where: string;
  text: string;
}

/** Every Redis key of the prefix with its value (whatever its type), as text. */
async function redisContents(client: Redis, prefix: string): Promise<Seen[]> {
  const seen: Seen[] = [];
  const keys = await client.keys(`${prefix}*`);
  for (const k of keys) {
    const type = await client.type(k);
    const value =
      type === 'string'
        ? await client.get(k)
        : type === 'hash'
          ? JSON.stringify(await client.hgetall(k))
          : type === 'zset'
            ? JSON.stringify(await client.zrange(k, '0', '-1', 'WITHSCORES'))
            : type === 'list'
              ? JSON.stringify(await client.lrange(k, 0, -1))
              : type === 'set'
                ? JSON.stringify(await client.smembers(k))
                : type === 'stream'
                  ? JSON.stringify(await client.xrange(k, '-', '+'))
                  : `unread type ${type}`;
    seen.push(
      { where: `redis key ${k}`, text: k },
      { where: `redis value of ${k} (${type})`, text: value ?? '' },
    );
  }
  return seen;
}

async function fetchText(
  base: string,
  path: string,
): Promise<{ status: number; seen: Seen[]; body: string; headers: Headers }> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  const body = await res.text();
  const headerLines = [...res.headers].map(([name, value]) => `${name}: ${value}`);
  return {
    status: res.status,
    body,
    headers: res.headers,
    seen: [
      { where: `body of ${path}`, text: body },
      ...headerLines.map((line) => ({ where: `header of ${path}: ${line.slice(0, 40)}`, text: line })),
    ],
  };
}

/**
 * Asks everything of the app in front of the hostile service, then reads back all it wrote and kept.
 * Returns what was seen and a few facts that show each part was exercised.
 */
async function exercise(key: string, redisUrl: string | null) {
  const sent: string[] = [];
  const phase: { calendar: 'refuse' | 'serve' } = { calendar: 'refuse' };
  const fake = await startFakeUpstream();
  fake.behave(hostileService(key, phase, sent));
  const prefix = `hostile-${Math.random().toString(36).slice(2)}:`;
  const logLines: string[] = [];
  const messages: string[] = [];
  const subscriber = redisUrl === null ? null : new Redis(redisUrl);
  if (subscriber) {
    await subscriber.psubscribe(`${prefix}*`);
    subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
      messages.push(`${channel} ${message}`);
    });
  }
  const app = createApp({
    config: testConfig({
      UPSTREAM_MAX_ATTEMPTS: '1',
      UPSTREAM_RATE_PER_S: '1000',
      UPSTREAM_BURST: '1000',
      CLIENT_RATE_LIMIT_PER_MIN: '1000000',
      ...(redisUrl === null ? {} : { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }),
    }),
    upstream: { baseUrl: fake.url, apiKey: key },
    mode: 'live',
    clock: () => NOW,
    random: () => 0,
    tuning: { breakerThreshold: 1_000 },
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const seen: Seen[] = [];
  const statuses: Record<string, number> = {};
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ask = async (path: string) => {
      const res = await fetchText(address, path);
      seen.push(...res.seen);
      statuses[path] = res.status;
      return res;
    };
    const echoes = keyEchoes(key);
    // Each echo as the request_id of a good answer: asked twice, the second time from the cache.
    for (let i = 0; i < echoes.length; i++) {
      await ask(snapshotOf(echoCode(i)));
      await ask(snapshotOf(echoCode(i)));
    }
    await ask(HISTORICAL);
    for (const code of FAILING.keys()) await ask(snapshotOf(code));
    await ask(snapshotOf(ESCAPED_PERCENT_ONLY));
    await ask(calendarFilePath());
    phase.calendar = 'serve';
    const calendar = await ask(calendarFilePath());
    await ask(issueFilePath('HKIPO20260714350'));
    await ask(snapshotOf(RATE_LIMITED));
    await ask(snapshotOf(RATE_LIMITED));
    await ask('/bff/status');
    const entries = gatewayOf(app)?.cacheEntries() ?? [];
    for (const e of entries) {
      seen.push({ where: `cache entry ${e.key}`, text: `${e.key} ${e.body} ${e.upstreamRequestId ?? ''}` });
    }
    let redisValues: Seen[] = [];
    if (redisUrl !== null) {
      const reader = new Redis(redisUrl);
      try {
        redisValues = await redisContents(reader, prefix);
      } finally {
        reader.disconnect();
      }
      seen.push(...redisValues, ...messages.map((m, i) => ({ where: `redis message ${i}`, text: m })));
    }
    await app.close();
    seen.push(...logLines.map((line, i) => ({ where: `log line ${i}: ${line.slice(0, 60)}`, text: line })));
    return {
      seen,
      sent,
      statuses,
      entries,
      redisValues,
      logLines,
      calendarType: calendar.headers.get('content-type'),
    };
  } finally {
    await app.close();
    subscriber?.disconnect();
    await fake.close();
  }
}

function leaks(seen: Seen[], key: string): string[] {
  return seen.flatMap(({ where, text }) => {
    const how = howRevealed(text, key);
    return how === null ? [] : [`${where}: ${how}`];
  });
}

describe('the key-forms check itself', () => {
  it.each(Object.entries(KEYS))('reads a %s key back out of every echo it makes', (_name, key) => {
    const missed = keyEchoes(key).filter((e) => howRevealed(`x ${e.text} y`, key) === null);
    expect(missed.map((e) => e.name)).toEqual([]);
    expect(howRevealed('[redacted] bff-3f1a 600519.SH HK$15.52-17.69', key)).toBeNull();
  });
});

describe.each(Object.entries(KEYS))('a hostile upstream echoing a %s key', (_name, key) => {
  it('never gets the key into a body, a header, the cache or a log line', async () => {
    const result = await exercise(key, null);
    expect(leaks(result.seen, key)).toEqual([]);
    // The service did echo it, and every part was exercised.
    expect(result.sent.some((text) => howRevealed(text, key) !== null)).toBe(true);
    expect(result.statuses[snapshotOf(echoCode(0))]).toBe(200);
    expect(result.statuses[HISTORICAL]).toBe(200);
    expect(result.statuses[calendarFilePath()]).toBe(200);
    expect(result.calendarType).toContain('text/calendar');
    expect(result.statuses['/bff/status']).toBe(200);
    expect(result.entries.length).toBeGreaterThanOrEqual(keyEchoes(key).length);
    expect(result.entries.every((e) => e.body.includes('[redacted]'))).toBe(true);
    expect(result.logLines.length).toBeGreaterThan(keyEchoes(key).length);
  });
});

describe('a hostile upstream behind replicas sharing Redis', () => {
  const redisServer = redisForSuite();
  if (redisServer === null) return;

  it.each(Object.entries(KEYS))('keeps a %s key out of Redis as well', async (_name, key) => {
    const result = await exercise(key, redisServer().url);
    expect(leaks(result.seen, key)).toEqual([]);
    expect(result.statuses[snapshotOf(echoCode(0))]).toBe(200);
    const answers = result.redisValues.filter(
      (v) => v.where.includes('answer:') && v.where.includes('value'),
    );
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((v) => v.text.includes('[redacted]'))).toBe(true);
  });
});
