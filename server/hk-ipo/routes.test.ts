import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { testConfig } from '../testkit';
import { startSimulator } from '../simulator/index';
import { answerJson, startFakeUpstream, type FakeUpstream } from '../gateway/fake-upstream.testkit';
import { calendarFilePath, eventUid, issueFilePath } from '../../src/contract/calendar-files';
import { parseCalendar } from './ics.testkit';
import { AWAITING_ISSUE, OPEN_ISSUE } from '../../src/contract/operations/hk-ipo.testkit';

/** The calendar files as the server serves them, over the embedded simulator with a pinned clock. */

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const KEY = 'calendar-files-key';
/** The simulator's issues on that day: one open, one awaiting its listing. */
const OPEN = OPEN_ISSUE.issue_code;
const AWAITING = AWAITING_ISSUE.issue_code;

let sim: { url: string; close: () => Promise<void> };
let app: FastifyInstance;

beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, now: () => NOW });
  app = createApp({
    // The files name the host they were asked for; that host must be allowed (DNS-rebinding guard).
    config: testConfig({ ALLOWED_HOSTS: 'dash.test' }),
    upstream: { baseUrl: sim.url, apiKey: KEY },
    mode: 'simulated',
    clock: () => NOW,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sim.close();
});

async function get(url: string) {
  return app.inject({ method: 'GET', url, headers: { host: 'dash.test:8080' } });
}

describe('GET /bff/hk-ipo/calendar.ics', () => {
  it('is the whole calendar: both lists, two events per issue, as a downloadable calendar file', async () => {
    const res = await get(calendarFilePath());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="hk-ipo-calendar.ics"');
    const calendar = parseCalendar(res.body);
    expect(calendar.version).toBe('2.0');
    expect(calendar.events.map((e) => e.uid)).toEqual([
      eventUid(OPEN, 'subscriptionEnd'),
      eventUid(OPEN, 'listing'),
      eventUid(AWAITING, 'subscriptionEnd'),
      eventUid(AWAITING, 'listing'),
    ]);
    // The simulator's dates: the open offer closes on Friday the 17th and lists on the 23rd.
    expect(calendar.events[0]?.start).toBe(Date.parse('2026-07-17T11:45:00+08:00'));
    expect(calendar.events[1]?.start).toBe(Date.parse('2026-07-23T09:00:00+08:00'));
    expect(calendar.events[0]?.url).toBe(`http://dash.test:8080/hk-ipo?issue=${OPEN}`);
    expect(calendar.name).toContain('Simulated data');
  });

  it('narrows to one status and speaks English on request', async () => {
    const res = await get(calendarFilePath({ status: 'awaiting_listing', lang: 'en' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('hk-ipo-awaiting_listing.ics');
    const { events } = parseCalendar(res.body);
    expect(events.map((e) => e.uid)).toEqual([
      eventUid(AWAITING, 'subscriptionEnd'),
      eventUid(AWAITING, 'listing'),
    ]);
    expect(events[1]?.summary).toBe('[Simulated] Listing: 远利医疗-B');
  });

  it('refuses a bad status or language, naming the parameter, without asking the service', async () => {
    for (const [query, name] of [
      ['?status=listed', 'status'],
      ['?lang=fr', 'lang'],
    ] as const) {
      const res = await get(`/bff/hk-ipo/calendar.ics${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(`'${name}'`);
    }
  });
});

describe('GET /bff/hk-ipo/issues/:issueCode.ics', () => {
  it('is one issue: its two events with the same UIDs as in the whole calendar, every time', async () => {
    const first = await get(issueFilePath(OPEN));
    const second = await get(issueFilePath(OPEN));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="hk-ipo-${OPEN}.ics"`);
    const a = parseCalendar(first.body);
    const b = parseCalendar(second.body);
    expect(a.events.map((e) => e.uid)).toEqual([
      eventUid(OPEN, 'subscriptionEnd'),
      eventUid(OPEN, 'listing'),
    ]);
    expect(b.events.map((e) => e.uid)).toEqual(a.events.map((e) => e.uid));
    expect(a.name).toContain('天祥食品');
    expect(a.events[0]?.description).toContain('HK$15.52-17.69');
    expect(a.events[0]?.description).toContain('HK$10,721.04');
  });

  it('answers 404 for an issue outside the calendar and 400 for a malformed code', async () => {
    const missing = await get(issueFilePath('HKIPO20260101001'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toContain("'HKIPO20260101001'");
    const bad = await get('/bff/hk-ipo/issues/bad%20code!.ics');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain("'issueCode'");
  });
});

describe('calendar files when the service refuses or fails', () => {
  let fake: FakeUpstream;
  let failing: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeUpstream();
    failing = createApp({
      config: testConfig({ UPSTREAM_MAX_ATTEMPTS: '1' }),
      upstream: { baseUrl: fake.url, apiKey: KEY },
      mode: 'live',
      logger: false,
    });
    await failing.ready();
  });
  afterAll(async () => {
    await failing.close();
    await fake.close();
  });

  it("passes the service's refusal on as 502 with its code (Hong Kong data closed to the key)", async () => {
    fake.behave(
      answerJson(
        JSON.stringify({ code: 2003, message: 'not open to this key', request_id: 'up-1', data: null }),
      ),
    );
    const res = await failing.inject({ method: 'GET', url: calendarFilePath() });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toContain('code 2003');
  });

  it('reads the lists through the gateway cache that /api uses: repeated downloads ask the service once', async () => {
    const entry = { ...OPEN_ISSUE, thscode: null };
    fake.behave((req, res) => {
      const status = new URL(req.url ?? '/', 'http://x').searchParams.get('status');
      const item = status === 'subscribable' ? [entry] : [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: 'success', request_id: 'up-2', data: { status, item } }));
    });
    fake.requests.length = 0;
    const first = await failing.inject({ method: 'GET', url: calendarFilePath() });
    expect(first.statusCode).toBe(200);
    expect(parseCalendar(first.body).events).toHaveLength(2);
    expect(fake.requests.map((r) => r.url).sort()).toEqual([
      '/api/hk-share/ipo/calendar-list?status=awaiting_listing',
      '/api/hk-share/ipo/calendar-list?status=subscribable',
    ]);
    await failing.inject({ method: 'GET', url: calendarFilePath() });
    await failing.inject({ method: 'GET', url: issueFilePath(entry.issue_code) });
    const api = await failing.inject({
      method: 'GET',
      url: '/api/hk-share/ipo/calendar-list?status=subscribable',
    });
    expect(api.headers['x-cache']).toBe('HIT');
    expect(fake.requests).toHaveLength(2);
  });
});
