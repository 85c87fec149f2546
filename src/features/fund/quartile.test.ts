import { describe, expect, it } from 'vitest';
import { quartileOf, rankText } from './quartile';

describe('quartileOf', () => {
  it('splits the ranking into four quarters, the best first', () => {
    expect(quartileOf(1, 100)).toBe('excellent');
    expect(quartileOf(25, 100)).toBe('excellent');
    expect(quartileOf(26, 100)).toBe('good');
    expect(quartileOf(50, 100)).toBe('good');
    expect(quartileOf(51, 100)).toBe('average');
    expect(quartileOf(75, 100)).toBe('average');
    expect(quartileOf(76, 100)).toBe('poor');
    expect(quartileOf(100, 100)).toBe('poor');
  });

  it('handles small peer groups: one fund is excellent, the last of three is poor', () => {
    expect(quartileOf(1, 1)).toBe('excellent');
    expect(quartileOf(2, 3)).toBe('average');
    expect(quartileOf(3, 3)).toBe('poor');
  });

  it('has no quartile without a rank or a total, or when they do not make a rank', () => {
    expect(quartileOf(null, 100)).toBeNull();
    expect(quartileOf(3, null)).toBeNull();
    expect(quartileOf(undefined, undefined)).toBeNull();
    expect(quartileOf(0, 100)).toBeNull();
    expect(quartileOf(101, 100)).toBeNull();
    expect(quartileOf(1, 0)).toBeNull();
    expect(quartileOf(2.5, 10)).toBeNull();
    expect(quartileOf(Number.NaN, 10)).toBeNull();
  });
});

describe('rankText', () => {
  it('writes n/total, and nothing when either is missing', () => {
    expect(rankText(265, 8614)).toBe('265/8614');
    expect(rankText(null, 8614)).toBeNull();
    expect(rankText(265, undefined)).toBeNull();
  });
});
