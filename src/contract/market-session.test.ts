import { describe, expect, it } from 'vitest';
import {
  DAY_SESSIONS,
  NIGHT_SESSION,
  clockText,
  derivativeMarketOf,
  isLivePhase,
  nightCloseOf,
  sessionAt,
  tradingDaySet,
  tradingWindows,
  varietyTradingWindows,
  windowsLiveAt,
  TRADING_MINUTES_PER_DAY,
  tradedMinutes,
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

describe('derivatives timetables', () => {
  const hm = (text: string) => {
    const [h = 0, m = 0] = text.split(':').map(Number);
    return h * 3600 + m * 60;
  };
  // Friday 2026-07-17 trades; Saturday and Sunday do not; Monday 2026-07-20 trades.
  const week = tradingDaySet(['2026-07-16', '2026-07-17', '2026-07-20']);
  const copper = tradingWindows('commodity', hm('25:00'));
  const csi300 = tradingWindows(derivativeMarketOf('CFFEX', 'IF'));
  const etfOption = tradingWindows(derivativeMarketOf('SSE'));

  it('picks the timetable by exchange, bond futures apart', () => {
    expect(derivativeMarketOf('CFFEX', 'IF')).toBe('cffex-index');
    expect(derivativeMarketOf('CFFEX', 'T')).toBe('cffex-bond');
    expect(derivativeMarketOf('SZSE')).toBe('stock-exchange');
    expect(derivativeMarketOf('SHFE', 'CU')).toBe('commodity');
    expect(derivativeMarketOf(null)).toBe('commodity');
  });

  it('lists the continuous sessions the exchanges publish', () => {
    const text = (w: { start: number; end: number }) => `${clockText(w.start)}-${clockText(w.end)}`;
    const continuous = (market: keyof typeof DAY_SESSIONS) =>
      DAY_SESSIONS[market].filter((w) => w.kind === 'continuous').map(text);
    expect(continuous('cffex-index')).toEqual(['09:30-11:30', '13:00-15:00']);
    expect(continuous('cffex-bond')).toEqual(['09:30-11:30', '13:00-15:15']);
    expect(continuous('commodity')).toEqual(['09:00-10:15', '10:30-11:30', '13:30-15:00']);
    expect(continuous('stock-exchange')).toEqual(['09:30-11:30', '13:00-14:57']);
    expect(copper.filter((w) => w.night).map(text)).toEqual(['20:55-21:00', '21:00-01:00']);
    // Financial markets have no night session whatever the caller passes.
    expect(tradingWindows('cffex-index', hm('23:00')).some((w) => w.night)).toBe(false);
  });

  it.each([
    ['copper at 10:20, the commodity break', copper, '2026-07-17', '10:20', false, '10:30'],
    ['copper at 10:30', copper, '2026-07-17', '10:30', true, '11:30'],
    ['copper at 13:10, before the afternoon', copper, '2026-07-17', '13:10', false, '13:30'],
    ['index futures at 09:20', csi300, '2026-07-17', '09:20', false, '09:25'],
    ['index futures at 13:10', csi300, '2026-07-17', '13:10', true, '15:00'],
    ['ETF options at 14:58 (closing auction)', etfOption, '2026-07-17', '14:58', true, '15:00'],
    ['copper on Friday night (looked at again at midnight)', copper, '2026-07-17', '22:00', true, '24:00'],
    ['copper after midnight into Saturday', copper, '2026-07-18', '00:30', true, '01:00'],
    ['copper on Saturday at 01:00', copper, '2026-07-18', '01:00', false, '24:00'],
    ['index futures on Friday night', csi300, '2026-07-17', '22:00', false, '24:00'],
    ['copper on Sunday night (not a trading evening)', copper, '2026-07-19', '22:00', false, '24:00'],
  ] as const)('%s', (_name, windows, date, time, live, next) => {
    const now = sh(date, `${time}:00`);
    const result = windowsLiveAt(now, windows, week);
    expect(result.live).toBe(live);
    const [h = 0, m = 0] = next.split(':').map(Number);
    expect(result.nextChangeMs).toBe(sh(date, '00:00:00') + (h * 3600 + m * 60) * 1000);
  });

  it('reads the night close from the service record, past midnight when it ends before it starts', () => {
    const day = [{ start_time: '09:00', end_time: '10:15' }];
    expect(nightCloseOf([{ start_time: '21:00', end_time: '02:30' }, ...day], true)).toBe(hm('26:30'));
    expect(nightCloseOf([{ start_time: '21:00', end_time: '23:00' }, ...day], true)).toBe(hm('23:00'));
    expect(nightCloseOf(day, false)).toBeNull();
    expect(nightCloseOf(null, null)).toBeNull();
    // Said to trade at night, times unreadable: the latest close in use.
    expect(nightCloseOf([{ start_time: null, end_time: 'late' }], true)).toBe(
      Math.max(...NIGHT_SESSION.closes),
    );
  });

  it('gives a variety record the hours of its exchange and its own night session', () => {
    const gold = varietyTradingWindows({
      variety_code: 'AU',
      exchange_code: 'SHFE',
      has_night_session: true,
      trade_sessions: [
        { start_time: '21:00', end_time: '02:30' },
        { start_time: '09:00', end_time: '10:15' },
      ],
    });
    expect(windowsLiveAt(sh('2026-07-17', '02:00:00'), gold, week).live).toBe(true);
    const bond = varietyTradingWindows({
      variety_code: 'T',
      exchange_code: 'CFFEX',
      has_night_session: false,
      trade_sessions: null,
    });
    expect(windowsLiveAt(sh('2026-07-17', '15:10:00'), bond, week).live).toBe(true);
    expect(windowsLiveAt(sh('2026-07-17', '15:10:00'), csi300, week).live).toBe(false);
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
