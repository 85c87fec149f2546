import { describe, expect, it } from 'vitest';
import { isLive, lifetime, nextOpen } from './cache-policy';

const at = (text: string) => Date.parse(`${text}+08:00`);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('the market clock (Asia/Shanghai)', () => {
  it.each([
    ['2026-07-14T09:14:59', false],
    ['2026-07-14T09:15:00', true],
    ['2026-07-14T11:31:59', true],
    ['2026-07-14T11:32:00', false],
    ['2026-07-14T12:59:59', false],
    ['2026-07-14T13:00:00', true],
    ['2026-07-14T15:01:59', true],
    ['2026-07-14T15:02:00', false],
    ['2026-07-18T10:00:00', false],
    ['2026-07-19T10:00:00', false],
  ])('%s live: %s', (time, live) => {
    expect(isLive(at(time))).toBe(live);
  });

  it.each([
    ['2026-07-14T08:00:00', '2026-07-14T09:15:00'],
    ['2026-07-14T12:00:00', '2026-07-14T13:00:00'],
    ['2026-07-14T16:00:00', '2026-07-15T09:15:00'],
    ['2026-07-17T15:30:00', '2026-07-20T09:15:00'],
    ['2026-07-18T23:00:00', '2026-07-20T09:15:00'],
  ])('after %s the market opens at %s', (time, open) => {
    expect(nextOpen(at(time))).toBe(at(open));
  });
});

describe('lifetimes', () => {
  it.each([
    // Quotes: seconds during sessions, until the next open otherwise.
    ['quote', '2026-07-14T10:00:00', 3 * S],
    ['quote', '2026-07-14T12:00:00', 1 * H],
    ['quote', '2026-07-17T16:00:00', 2 * 24 * H + 17 * H + 15 * MIN],
    // Intraday lists and news: a minute in sessions, at most 10 minutes otherwise.
    ['intraday', '2026-07-14T10:00:00', 1 * MIN],
    ['intraday', '2026-07-14T21:00:00', 10 * MIN],
    ['intraday', '2026-07-14T09:10:00', 5 * MIN],
    // Daily data: until the open, a few minutes while today's bar forms, then the evening publications.
    ['daily', '2026-07-14T07:00:00', 2 * H + 15 * MIN],
    ['daily', '2026-07-14T10:00:00', 5 * MIN],
    ['daily', '2026-07-14T15:28:00', 2 * MIN],
    ['daily', '2026-07-14T18:00:00', 30 * MIN],
    ['daily', '2026-07-18T12:00:00', 45 * H + 15 * MIN],
    // Reference data: hours.
    ['reference', '2026-07-14T10:00:00', 6 * H],
    ['reference', '2026-07-18T10:00:00', 6 * H],
  ] as const)('%s stored at %s stays fresh for %d ms', (cls, time, freshMs) => {
    expect(lifetime(cls, at(time)).freshMs).toBe(freshMs);
  });

  it('revalidation windows grow with the class', () => {
    const now = at('2026-07-14T10:00:00');
    const swr = (['quote', 'intraday', 'daily', 'reference'] as const).map((c) => lifetime(c, now).swrMs);
    expect(swr).toEqual([...swr].sort((a, b) => a - b));
    expect(swr[0]).toBeLessThanOrEqual(10 * S);
  });
});
