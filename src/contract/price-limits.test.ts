import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardOf, isRiskWarningName, limitPct, limitPrices } from './price-limits';

describe('boards by code', () => {
  it('sorts codes into main board, ChiNext, STAR and Beijing', () => {
    expect(boardOf('600519.SH')).toBe('main');
    expect(boardOf('601318.SH')).toBe('main');
    expect(boardOf('000001.SZ')).toBe('main');
    expect(boardOf('002594.SZ')).toBe('main');
    expect(boardOf('300750.SZ')).toBe('chinext');
    expect(boardOf('301001.sz')).toBe('chinext');
    expect(boardOf('688981.SH')).toBe('star');
    expect(boardOf('689009.SH')).toBe('star');
    expect(boardOf('920001.BJ')).toBe('bse');
    expect(boardOf('430047.BJ')).toBe('bse');
    expect(boardOf('000300.TI')).toBeNull();
    expect(boardOf('600519')).toBeNull();
  });

  it('recognises risk-warning names', () => {
    expect(isRiskWarningName('ST华通')).toBe(true);
    expect(isRiskWarningName('*ST金科')).toBe(true);
    expect(isRiskWarningName('S*ST前锋')).toBe(true);
    expect(isRiskWarningName('贵州茅台')).toBe(false);
    expect(isRiskWarningName('SST华塑')).toBe(true);
    // A Latin word that merely starts with the letters is not the flag.
    expect(isRiskWarningName('STAR科技')).toBe(false);
    expect(isRiskWarningName('华ST')).toBe(false);
  });
});

describe('limits by board, flag and day', () => {
  it('gives 10 %, 20 %, 30 % by board and 5 % to main-board ST stocks before 2025-07-07', () => {
    expect(limitPct('main', false, '2026-07-15')).toBe(10);
    expect(limitPct('chinext', false, '2026-07-15')).toBe(20);
    expect(limitPct('star', false, '2026-07-15')).toBe(20);
    expect(limitPct('bse', false, '2026-07-15')).toBe(30);
    expect(limitPct('main', true, '2025-07-04')).toBe(5);
    expect(limitPct('main', true, '2025-07-07')).toBe(10);
    // ST on the growth boards keeps the board's limit.
    expect(limitPct('chinext', true, '2024-01-02')).toBe(20);
    expect(limitPct('star', true, '2024-01-02')).toBe(20);
  });

  it('follows the ChiNext reform of 2020-08-24', () => {
    expect(limitPct('chinext', false, '2020-08-21')).toBe(10);
    expect(limitPct('chinext', false, '2020-08-24')).toBe(20);
  });
});

describe('limit prices', () => {
  it('rounds half up to the 0.01 tick', () => {
    // 10.05 × 1.1 = 11.055 exactly: the half rounds up (a float product would be 11.055000000000001 or
    // 11.054999… depending on the operands).
    expect(limitPrices(10.05, 10)).toEqual({ up: 11.06, down: 9.05 });
    // 1.15 × 1.1 = 1.265 → 1.27; 1.15 × 0.9 = 1.035 → 1.04.
    expect(limitPrices(1.15, 10)).toEqual({ up: 1.27, down: 1.04 });
    expect(limitPrices(1239.46, 10)).toEqual({ up: 1363.41, down: 1115.51 });
    expect(limitPrices(217.69, 20)).toEqual({ up: 261.23, down: 174.15 });
    expect(limitPrices(3.33, 5)).toEqual({ up: 3.5, down: 3.16 });
    expect(limitPrices(8.88, 30)).toEqual({ up: 11.54, down: 6.22 });
  });

  it('never goes below one tick and refuses a price that is not positive', () => {
    expect(limitPrices(0.01, 10)).toEqual({ up: 0.01, down: 0.01 });
    expect(limitPrices(0.05, 30).down).toBe(0.04);
    expect(() => limitPrices(0, 10)).toThrow(RangeError);
    expect(() => limitPrices(Number.NaN, 10)).toThrow(RangeError);
  });

  it('is the nearest tick to the exact product, halves going up, for any price and limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000 }), fc.constantFrom(5, 10, 20, 30), (cents, pct) => {
        const { up, down } = limitPrices(cents / 100, pct);
        // Exact rational arithmetic in hundredths of a cent.
        const exactUp = cents * (100 + pct);
        const exactDown = cents * (100 - pct);
        expect(Math.round(up * 100) * 100 - exactUp).toBeGreaterThan(-50);
        expect(Math.round(up * 100) * 100 - exactUp).toBeLessThanOrEqual(50);
        if (Math.round(down * 100) > 1) {
          expect(Math.round(down * 100) * 100 - exactDown).toBeGreaterThan(-50);
          expect(Math.round(down * 100) * 100 - exactDown).toBeLessThanOrEqual(50);
        }
        expect(up).toBeGreaterThanOrEqual(cents / 100);
        expect(down).toBeLessThanOrEqual(cents / 100);
      }),
    );
  });
});
