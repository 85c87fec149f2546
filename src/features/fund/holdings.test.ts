import { describe, expect, it } from 'vitest';
import { exits, overlapOf, weightChange, type Holding } from './holdings';

const h = (thscode: string, weight: number | null): Holding => ({ thscode, name: thscode, weight });

describe('weightChange', () => {
  const previous = [h('600519.SH', 8), h('000858.SZ', null), h('300750.SZ', 5)];

  it('tells new positions from changed ones, in percentage points', () => {
    expect(weightChange(h('601318.SH', 3), previous)).toEqual({ kind: 'new' });
    const change = weightChange(h('600519.SH', 9.5), previous);
    expect(change.kind).toBe('changed');
    expect(change.kind === 'changed' ? change.delta : undefined).toBeCloseTo(1.5, 10);
  });

  it('has no delta when either weight is undisclosed, and nothing to say without a previous report', () => {
    expect(weightChange(h('000858.SZ', 4), previous)).toEqual({ kind: 'changed', delta: null });
    expect(weightChange(h('600519.SH', null), previous)).toEqual({ kind: 'changed', delta: null });
    expect(weightChange(h('600519.SH', 8), null)).toEqual({ kind: 'unknown' });
  });

  it('lists the positions that were sold out', () => {
    expect(exits([h('600519.SH', 8)], previous).map((x) => x.thscode)).toEqual(['000858.SZ', '300750.SZ']);
    expect(exits([h('600519.SH', 8)], null)).toEqual([]);
  });
});

describe('overlapOf', () => {
  it('sums the smaller weight of every security two funds both hold', () => {
    const { pairs } = overlapOf([
      [h('A', 10), h('B', 5), h('C', 2)],
      [h('A', 4), h('C', 6), h('D', 9)],
      [h('E', 3)],
    ]);
    expect(pairs).toEqual([
      { a: 0, b: 1, common: 2, weight: 6 },
      { a: 0, b: 2, common: 0, weight: 0 },
      { a: 1, b: 2, common: 0, weight: 0 },
    ]);
  });

  it('counts a common security whose weight is undisclosed but adds no weight for it', () => {
    const { pairs, common } = overlapOf([[h('A', null)], [h('A', 4)]]);
    expect(pairs[0]).toEqual({ a: 0, b: 1, common: 1, weight: 0 });
    expect(common[0]?.weights).toEqual([null, 4]);
  });

  it('lists securities held by two or more funds, most widely held first, each once per fund', () => {
    const { common } = overlapOf([
      [h('A', 1), h('B', 9), h('B', 1)],
      [h('A', 2), h('B', 1)],
      [h('A', 3), h('C', 5)],
    ]);
    expect(common.map((c) => [c.thscode, c.holders])).toEqual([
      ['A', 3],
      ['B', 2],
    ]);
    expect(common[1]?.weights).toEqual([9, 1, null]);
  });

  it('has nothing to compare for fewer than two funds', () => {
    expect(overlapOf([[h('A', 1)]])).toEqual({ pairs: [], common: [] });
    expect(overlapOf([])).toEqual({ pairs: [], common: [] });
  });
});
