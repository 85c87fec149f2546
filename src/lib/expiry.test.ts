import { describe, expect, it } from 'vitest';
import { daysToExpiry, isExpired } from './expiry';

describe('daysToExpiry', () => {
  it('counts Shanghai calendar days, weekends and holidays included', () => {
    // Wednesday 2026-07-15 to the third Friday of August.
    expect(daysToExpiry('2026-08-21', '2026-07-15')).toBe(37);
    expect(daysToExpiry('2026-07-17', '2026-07-15')).toBe(2);
    // Across the National Day holiday and a year end.
    expect(daysToExpiry('2026-10-09', '2026-09-30')).toBe(9);
    expect(daysToExpiry('2027-01-15', '2026-12-31')).toBe(15);
    // Across a leap day.
    expect(daysToExpiry('2028-03-01', '2028-02-28')).toBe(2);
  });

  it('is 0 on the last trading day and negative once the contract has expired', () => {
    expect(daysToExpiry('2026-07-15', '2026-07-15')).toBe(0);
    expect(daysToExpiry('2026-07-14', '2026-07-15')).toBe(-1);
    expect(isExpired(-1)).toBe(true);
    expect(isExpired(0)).toBe(false);
  });

  it('is null when a date is missing or not a real date', () => {
    expect(daysToExpiry(null, '2026-07-15')).toBeNull();
    expect(daysToExpiry('2026-08-21', undefined)).toBeNull();
    expect(daysToExpiry('', '2026-07-15')).toBeNull();
    expect(daysToExpiry('2026-02-30', '2026-01-01')).toBeNull();
    expect(daysToExpiry('20260821', '2026-07-15')).toBeNull();
    expect(isExpired(null)).toBe(false);
  });
});
