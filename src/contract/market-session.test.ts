import { describe, expect, it } from 'vitest';
import {
  TRADING_MINUTES_PER_DAY,
  isLivePhase,
  sessionAt,
  tradedMinutes,
  tradingDaySet,
  type SessionPhase,
} from './market-session';

// Instants are written with an explicit +08:00 offset, so nothing here depends on the machine's zone.
const sh = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

// Wednesday 2026-07-15 and Thursday 2026-07-16 trade; 2026-10-01 (a Thursday) is a holiday.
const days = tradingDaySet(['20260714', '20260715', '20260716', '20260930']);

describe('sessionAt on a trading day', () => {
  const cases: [string, SessionPhase, string][] = [
    ['00:00:00', 'pre-open', '09:15:00'],
    ['09:14:59', 'pre-open', '09:15:00'],
    ['09:15:00', 'opening-auction', '09:30:00'],
    ['09:24:59', 'opening-auction', '09:30:00'],
    // 09:25-09:30: the auction has matched, continuous trading has not begun: counted as the auction.
    ['09:25:00', 'opening-auction', '09:30:00'],
    ['09:29:59', 'opening-auction', '09:30:00'],
    ['09:30:00', 'continuous', '11:30:00'],
    ['11:29:59', 'continuous', '11:30:00'],
    ['11:30:00', 'lunch-break', '13:00:00'],
    ['12:59:59', 'lunch-break', '13:00:00'],
    ['13:00:00', 'continuous', '14:57:00'],
    ['14:56:59', 'continuous', '14:57:00'],
    ['14:57:00', 'closing-auction', '15:00:00'],
    ['14:59:59', 'closing-auction', '15:00:00'],
    ['15:00:00', 'closed', '24:00:00'],
    ['23:59:59', 'closed', '24:00:00'],
  ];

  it.each(cases)('at %s it is %s until %s', (time, phase, next) => {
    const session = sessionAt(sh('2026-07-15', time), days);
    expect(session.phase).toBe(phase);
    expect(session.isTradingDay).toBe(true);
    const nextMs = next === '24:00:00' ? sh('2026-07-16', '00:00:00') : sh('2026-07-15', next);
    expect(session.nextChangeMs).toBe(nextMs);
  });

  it('reads the same instant the same way whatever the caller wrote it in', () => {
    // 10:10 in Shanghai is 02:10 UTC and 22:10 the day before in New York.
    expect(sessionAt(Date.parse('2026-07-15T02:10:00Z'), days).phase).toBe('continuous');
    expect(sessionAt(Date.parse('2026-07-14T22:10:00-04:00'), days).phase).toBe('continuous');
    // 23:30 UTC on the 14th is already 07:30 on the 15th in Shanghai: pre-open, not "closed".
    expect(sessionAt(Date.parse('2026-07-14T23:30:00Z'), days).phase).toBe('pre-open');
  });
});

describe('sessionAt on days without trading', () => {
  it('calls a weekend a non-trading day until the next midnight', () => {
    const saturday = sessionAt(sh('2026-07-18', '10:10:00'), days);
    expect(saturday).toEqual({
      phase: 'non-trading-day',
      isTradingDay: false,
      nextChangeMs: sh('2026-07-19', '00:00:00'),
    });
  });

  it('calls a weekday holiday (National Day) a non-trading day, even during trading hours', () => {
    const holiday = sessionAt(sh('2026-10-01', '10:00:00'), days);
    expect(holiday.phase).toBe('non-trading-day');
    expect(holiday.isTradingDay).toBe(false);
    expect(sessionAt(sh('2026-09-30', '10:00:00'), days).phase).toBe('continuous');
  });

  it('treats every day as closed when the calendar is empty', () => {
    expect(sessionAt(sh('2026-07-15', '10:10:00'), new Set()).phase).toBe('non-trading-day');
  });
});

describe('live phases and calendar dates', () => {
  it('counts auctions and continuous trading as live, and nothing else', () => {
    const live = (
      [
        'pre-open',
        'opening-auction',
        'continuous',
        'lunch-break',
        'closing-auction',
        'closed',
        'non-trading-day',
      ] as const
    ).filter(isLivePhase);
    expect(live).toEqual(['opening-auction', 'continuous', 'closing-auction']);
  });

  it('accepts yyyyMMdd (the calendar) and yyyy-MM-dd, skipping anything else', () => {
    expect([...tradingDaySet(['20260715', '2026-07-16', '2026/07/17', ''])]).toEqual([
      '2026-07-15',
      '2026-07-16',
    ]);
  });
});

describe('traded minutes', () => {
  const at = (hh: number, mm: number) => hh * 3600 + mm * 60;
  it('counts the minutes of continuous trading elapsed, frozen over lunch', () => {
    expect(TRADING_MINUTES_PER_DAY).toBe(240);
    expect(tradedMinutes(at(9, 0))).toBe(0);
    expect(tradedMinutes(at(9, 25))).toBe(0);
    expect(tradedMinutes(at(9, 31))).toBe(1);
    expect(tradedMinutes(at(10, 10))).toBe(40);
    expect(tradedMinutes(at(11, 30))).toBe(120);
    expect(tradedMinutes(at(12, 15))).toBe(120);
    expect(tradedMinutes(at(13, 30))).toBe(150);
    expect(tradedMinutes(at(15, 0))).toBe(240);
    expect(tradedMinutes(at(18, 30))).toBe(240);
  });
});
