import { describe, expect, it } from 'vitest';
import {
  isKnownNonTradingDay,
  neighbourDays,
  readUrlDate,
  tradingDayTest,
  urlDateSchema,
  validUrlDate,
} from './trading-days';

describe('neighbourDays', () => {
  it('steps to the neighbouring trading days inside the window', () => {
    const days = [
      '2025-07-14',
      '2025-07-15',
      '2026-07-09',
      '2026-07-10',
      '2026-07-13',
      '2026-07-14',
      '2026-07-15',
    ];
    const window = { min: '2025-07-15', max: '2026-07-14' };
    expect(neighbourDays(days, '2026-07-10', window)).toEqual({ prev: '2026-07-09', next: '2026-07-13' });
    // From a weekend, to the trading days around it.
    expect(neighbourDays(days, '2026-07-11', window)).toEqual({ prev: '2026-07-10', next: '2026-07-13' });
    // Nothing before the window's first day, and today is not offered before its close.
    expect(neighbourDays(days, '2025-07-15', window).prev).toBeUndefined();
    expect(neighbourDays(days, '2026-07-14', window).next).toBeUndefined();
    expect(neighbourDays(days, undefined, window)).toEqual({ prev: undefined, next: undefined });
  });
});

describe('URL dates', () => {
  it('keeps what the link says, so an impossible day can be named instead of dropped', () => {
    expect(urlDateSchema.parse('2026-13-45')).toBe('2026-13-45');
    expect(urlDateSchema.parse(20260714)).toBe('20260714');
    expect(urlDateSchema.parse({ a: 1 })).toBeUndefined();
    expect(urlDateSchema.parse(undefined)).toBeUndefined();
  });

  it('tells a real calendar day from anything else', () => {
    expect(readUrlDate('2026-07-14')).toEqual({ kind: 'valid', date: '2026-07-14' });
    expect(readUrlDate('2026-13-45')).toEqual({ kind: 'invalid', text: '2026-13-45' });
    expect(readUrlDate('2026-02-29')).toEqual({ kind: 'invalid', text: '2026-02-29' });
    expect(readUrlDate(undefined)).toEqual({ kind: 'none' });
    expect(validUrlDate('20260714')).toBeUndefined();
    expect(validUrlDate('2026-07-14')).toBe('2026-07-14');
  });
});

describe('isKnownNonTradingDay', () => {
  const calendar = ['20260710', '20260713', '20260714'];
  it('claims only days inside the calendar it was given', () => {
    expect(isKnownNonTradingDay('2026-07-11', calendar)).toBe(true);
    expect(isKnownNonTradingDay('2026-07-13', calendar)).toBe(false);
    // Before or after the calendar's window, and without a calendar, nothing is known.
    expect(isKnownNonTradingDay('2026-07-04', calendar)).toBe(false);
    expect(isKnownNonTradingDay('2026-07-18', calendar)).toBe(false);
    expect(isKnownNonTradingDay('2026-07-11', [])).toBe(false);
  });
});

describe('tradingDayTest', () => {
  it("offers the calendar's days once it is known, and Monday to Friday while it is not", () => {
    // 2026-07-11 is a Saturday, 2026-07-13 a Monday, 2026-07-14 a Tuesday.
    const unknown = tradingDayTest([]);
    expect(['2026-07-11', '2026-07-13', '2026-07-14'].map(unknown)).toEqual([false, true, true]);
    const known = tradingDayTest(['2026-07-14', '2026-07-11']);
    expect(['2026-07-11', '2026-07-13', '2026-07-14'].map(known)).toEqual([true, false, true]);
  });
});
