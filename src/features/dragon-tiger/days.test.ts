import { describe, expect, it } from 'vitest';
import { isOutsideServiceWindow, pickableWindow } from './days';

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
});
