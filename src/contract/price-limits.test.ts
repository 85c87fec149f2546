import { describe, expect, it } from 'vitest';
import { boardOfCode, limitPrices, limitRatio } from './price-limits';

describe('price limits', () => {
  it('reads the board from the code prefix', () => {
    expect(boardOfCode('600519.SH')).toBe('main');
    expect(boardOfCode('002594.sz')).toBe('main');
    expect(boardOfCode('688981.SH')).toBe('star');
    expect(boardOfCode('689009.SH')).toBe('star');
    expect(boardOfCode('300033.SZ')).toBe('chinext');
    expect(boardOfCode('301001.SZ')).toBe('chinext');
    expect(boardOfCode('920001.BJ')).toBe('bse');
    expect(boardOfCode('430047.BJ')).toBe('bse');
    expect(boardOfCode('000300.SH')).toBe('main');
    expect(boardOfCode('885517.TI')).toBeNull();
    expect(boardOfCode('600519')).toBeNull();
  });

  it('follows the ChiNext and ST reforms', () => {
    expect(limitRatio('chinext', '2020-08-21')).toBe(0.1);
    expect(limitRatio('chinext', '2020-08-24')).toBe(0.2);
    expect(limitRatio('main', '2025-07-04', true)).toBe(0.05);
    expect(limitRatio('main', '2025-07-07', true)).toBe(0.1);
    expect(limitRatio('main', '2020-01-02')).toBe(0.1);
    expect(limitRatio('star', '2020-01-02')).toBe(0.2);
    expect(limitRatio('bse', '2026-07-15')).toBe(0.3);
  });

  it('rounds limit prices half up to the cent and never below one cent', () => {
    expect(limitPrices(10.05, 0.1)).toEqual({ up: 11.06, down: 9.05 });
    expect(limitPrices(217.69, 0.2)).toEqual({ up: 261.23, down: 174.15 });
    expect(limitPrices(0.01, 0.1).down).toBe(0.01);
  });
});
