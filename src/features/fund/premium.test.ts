import { describe, expect, it } from 'vitest';
import { changePct, premiumPct } from './premium';

describe('premiumPct', () => {
  it('is positive above the net value (premium) and negative below it (discount)', () => {
    expect(premiumPct(4.04, 4)).toBeCloseTo(1, 10);
    expect(premiumPct(3.96, 4)).toBeCloseTo(-1, 10);
    expect(premiumPct(4, 4)).toBe(0);
  });

  it('is null without a price or a net value, or with a net value that is not above zero', () => {
    expect(premiumPct(null, 4)).toBeNull();
    expect(premiumPct(4, null)).toBeNull();
    expect(premiumPct(undefined, undefined)).toBeNull();
    expect(premiumPct(4, 0)).toBeNull();
    expect(premiumPct(4, -1)).toBeNull();
    expect(premiumPct(Number.NaN, 4)).toBeNull();
  });
});

describe('changePct', () => {
  it('is the change from the previous value in percent', () => {
    expect(changePct(1.01, 1)).toBeCloseTo(1, 10);
    expect(changePct(0.99, 1)).toBeCloseTo(-1, 10);
  });

  it('is null without both values or from zero', () => {
    expect(changePct(null, 1)).toBeNull();
    expect(changePct(1, undefined)).toBeNull();
    expect(changePct(1, 0)).toBeNull();
  });
});
