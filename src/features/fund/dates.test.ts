import { describe, expect, it } from 'vitest';
import { NAV_RANGES } from '../../contract/operations/fund-performance-terms';
import { addYears, shanghaiMidnight } from '../../contract/time';
import { managerRangeFor, rangeStartDate, rangeWindow } from './dates';

describe('fund windows', () => {
  it('count each net-value range back from today', () => {
    const today = '2026-07-15';
    expect(NAV_RANGES.map((r) => rangeStartDate(today, r))).toEqual([
      '2026-07-08',
      '2026-06-15',
      '2026-04-15',
      '2026-01-15',
      '2025-07-15',
      '2024-07-15',
      '2023-07-15',
      '2021-07-15',
    ]);
  });

  it('never ask for more than the five years the bounded operations allow', () => {
    const w = rangeWindow('2024-02-29', 'fyear');
    expect(w.end).toBe(shanghaiMidnight('2024-02-29'));
    expect(w.end <= addYears(w.start, 5)).toBe(true);
  });

  it('map every range to a manager range that covers it', () => {
    expect(NAV_RANGES.map(managerRangeFor)).toEqual([
      'month',
      'month',
      'tmonth',
      'year',
      'year',
      'now',
      'now',
      'now',
    ]);
  });
});
