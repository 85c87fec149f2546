import { describe, expect, it } from 'vitest';
import { isOutsideServiceWindow, neighbourDays, pickableWindow } from './days';

describe('dragon-tiger days', () => {
  it('offers today only once its session has closed (the list is published after the close)', () => {
    expect(pickableWindow('2026-07-15', false)).toEqual({ min: '2025-07-15', max: '2026-07-14' });
    expect(pickableWindow('2026-07-15', true)).toEqual({ min: '2025-07-15', max: '2026-07-15' });
  });

  it('keeps days the service refuses outright (future, over a year back) from being requested', () => {
    expect(isOutsideServiceWindow('2026-07-16', '2026-07-15')).toBe(true);
    expect(isOutsideServiceWindow('2025-07-14', '2026-07-15')).toBe(true);
    expect(isOutsideServiceWindow('2025-07-15', '2026-07-15')).toBe(false);
    // A weekend inside the year is the service's to refuse (1002), with its own message.
    expect(isOutsideServiceWindow('2026-07-11', '2026-07-15')).toBe(false);
  });

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
