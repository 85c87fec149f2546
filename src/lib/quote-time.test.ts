import { describe, expect, it } from 'vitest';
import { lastSessionDay } from '../contract/market-session';
import { quoteTime } from './quote-time';

const at = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

/** Monday 2026-07-06 to Monday 2026-07-13, the Friday 07-10 a holiday here. */
const calendar = new Set(['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-13']);
const noCalendar = new Set<string>();

describe('the last session by a clock reading', () => {
  it('is today once its opening auction has matched (09:25), the trading day before until then', () => {
    expect(lastSessionDay(at('2026-07-13', '09:25:00'), calendar)).toBe('2026-07-13');
    expect(lastSessionDay(at('2026-07-13', '20:00:00'), calendar)).toBe('2026-07-13');
    expect(lastSessionDay(at('2026-07-13', '09:24:59'), calendar)).toBe('2026-07-09');
  });

  it('skips weekends and the holidays of the calendar; without a calendar, Mon-Fri stand in', () => {
    expect(lastSessionDay(at('2026-07-12', '10:00:00'), calendar)).toBe('2026-07-09');
    expect(lastSessionDay(at('2026-07-12', '10:00:00'), noCalendar)).toBe('2026-07-10');
    expect(lastSessionDay(at('2026-07-13', '08:00:00'), noCalendar)).toBe('2026-07-10');
  });
});

describe('the time of a quote', () => {
  it("is the service's time when it gives one", () => {
    expect(quoteTime(at('2026-07-13', '10:30:00'), at('2026-07-13', '10:31:00'), '2026-07-13')).toEqual({
      ms: at('2026-07-13', '10:30:00'),
      basis: 'service',
    });
  });

  it('without one (the thscodes snapshot sends null) is the read time to the minute, marked as read', () => {
    expect(quoteTime(null, at('2026-07-13', '10:31:42'), '2026-07-13')).toEqual({
      ms: at('2026-07-13', '10:31:00'),
      basis: 'read',
    });
  });

  it('read after a session (evening, weekend, holiday, before the next open) is that session’s close', () => {
    const closeOf = (readAt: number) => quoteTime(null, readAt, lastSessionDay(readAt, calendar)).ms;
    expect(closeOf(at('2026-07-13', '20:00:00'))).toBe(at('2026-07-13', '15:00:00'));
    expect(closeOf(at('2026-07-11', '09:00:00'))).toBe(at('2026-07-09', '15:00:00'));
    expect(closeOf(at('2026-07-13', '09:00:00'))).toBe(at('2026-07-09', '15:00:00'));
    expect(closeOf(at('2026-07-13', '14:59:30'))).toBe(at('2026-07-13', '14:59:00'));
  });

  it('with no session known, is the read time itself', () => {
    expect(quoteTime(null, at('2026-07-13', '20:00:00'), null).ms).toBe(at('2026-07-13', '20:00:00'));
  });
});
