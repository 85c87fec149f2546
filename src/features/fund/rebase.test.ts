import { describe, expect, it } from 'vitest';
import { commonStart, rebaseReturns, rebaseTo100, returnsSince, type Point } from './rebase';

const D = 86_400_000;
const pts = (start: number, values: (number | null)[]): Point[] =>
  values.map((value, i) => ({ time: start + i * D, value }));

describe('commonStart', () => {
  it('is the first day on which every series has a value, not before `from`', () => {
    const a = pts(0, [1, 1.1, 1.2, 1.3]);
    const b = pts(D, [null, 2, 2.2]);
    expect(commonStart([a, b])).toBe(2 * D);
    expect(commonStart([a, b], 3 * D)).toBe(3 * D);
    expect(commonStart([a])).toBe(0);
  });

  it('skips values that cannot be a base when asked (zero net value)', () => {
    expect(commonStart([pts(0, [0, 1])], undefined, { positive: true })).toBe(D);
  });

  it('is null when the series share no day, have no values, or there are none', () => {
    expect(commonStart([pts(0, [1, 2]), pts(5 * D, [1, 2])])).toBeNull();
    expect(commonStart([pts(0, [null, null])])).toBeNull();
    expect(commonStart([])).toBeNull();
    expect(commonStart([pts(0, [1])], 2 * D)).toBeNull();
  });
});

describe('rebaseTo100', () => {
  it('starts at exactly 100 at the common start and keeps the ratios', () => {
    const out = rebaseTo100(pts(0, [2, 2.5, 3, null, 1]), D);
    expect(out).toEqual([
      { time: D, value: 100 },
      { time: 2 * D, value: 120 },
      { time: 4 * D, value: 40 },
    ]);
  });

  it('is empty without a start, without a value at it, or with a base that is not above zero', () => {
    expect(rebaseTo100(pts(0, [1, 2]), null)).toEqual([]);
    expect(rebaseTo100(pts(0, [null, 2]), 0)).toEqual([]);
    expect(rebaseTo100(pts(0, [0, 2]), 0)).toEqual([]);
    expect(rebaseTo100(pts(0, [1, 2]), 7 * D)).toEqual([]);
  });

  it('puts three funds with different levels on the same 100 at the same day', () => {
    const funds = [pts(0, [1, 1.1, 1.21]), pts(D, [4, 4.4]), pts(0, [null, 0.5, 0.45])];
    const start = commonStart(funds);
    const lines = funds.map((f) => rebaseTo100(f, start));
    expect(lines.map((l) => l[0])).toEqual([
      { time: D, value: 100 },
      { time: D, value: 100 },
      { time: D, value: 100 },
    ]);
    expect(lines[0]?.[1]?.value).toBeCloseTo(110, 10);
    expect(lines[2]?.[1]?.value).toBeCloseTo(90, 10);
  });
});

describe('rebaseReturns', () => {
  it('re-bases a cumulative return to 0 % at a later start', () => {
    // +10 % then +21 % since the series' own start is +10 % since the second day.
    const out = rebaseReturns(pts(0, [0, 10, 21]), D);
    expect(out[0]).toEqual({ time: D, value: 0 });
    expect(out[1]?.value).toBeCloseTo(10, 10);
  });

  it('leaves out missing values and is empty without a base or from a total loss', () => {
    expect(rebaseReturns(pts(0, [5, null, 5]), 0).map((p) => p.time)).toEqual([0, 2 * D]);
    expect(rebaseReturns(pts(0, [null, 5]), 0)).toEqual([]);
    expect(rebaseReturns(pts(0, [-100, 5]), 0)).toEqual([]);
    expect(rebaseReturns(pts(0, [1]), null)).toEqual([]);
  });
});

describe('returnsSince', () => {
  it('reads net values as percent since the start', () => {
    const out = returnsSince(pts(0, [2, 2.2, 1.8]), 0);
    expect(out.map((p) => Number(p.value.toFixed(10)))).toEqual([0, 10, -10]);
    expect(returnsSince(pts(0, [null]), 0)).toEqual([]);
  });
});
