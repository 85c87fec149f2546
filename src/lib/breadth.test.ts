import { describe, expect, it } from 'vitest';
import { breadthOf, limitState, type BreadthRow } from './breadth';

function row(thscode: string, prev: number, last: number, turnover = 1e8): BreadthRow {
  const change = Math.round((last - prev) * 100) / 100;
  return {
    thscode,
    last_price: last,
    prev_price: prev,
    price_change: change,
    price_change_ratio_pct: (change / prev) * 100,
    turnover,
  };
}

const DAY = '2026-07-15';

describe('breadth', () => {
  it('counts limit moves by the board of the code, at the limit price only', () => {
    expect(limitState(row('600001.SH', 10, 11), DAY)).toBe('up');
    expect(limitState(row('600001.SH', 10.05, 11.06), DAY)).toBe('up');
    expect(limitState(row('600001.SH', 10, 10.99), DAY)).toBeNull();
    expect(limitState(row('300001.SZ', 10, 11), DAY)).toBeNull();
    expect(limitState(row('300001.SZ', 10, 12), DAY)).toBe('up');
    expect(limitState(row('688001.SH', 10, 8), DAY)).toBe('down');
    expect(limitState(row('920001.BJ', 10, 13), DAY)).toBe('up');
    // Beyond the limit (a first day without one) is not "at the limit".
    expect(limitState(row('600001.SH', 10, 14.4), DAY)).toBeNull();
    expect(limitState(row('600001.SH', 0, 1), DAY)).toBeNull();
  });

  it('puts every stock in exactly one of up, down and unchanged, and in one bucket', () => {
    const rows = [
      row('600001.SH', 10, 11),
      row('600002.SH', 10, 10.8),
      row('600003.SH', 10, 10.6),
      row('600004.SH', 10, 10.4),
      row('600005.SH', 10, 10.1),
      row('600006.SH', 10, 10),
      row('600007.SH', 10, 9.9),
      row('600008.SH', 10, 9.6),
      row('600009.SH', 10, 9.4),
      row('600010.SH', 10, 9.2),
      row('600011.SH', 10, 9),
      row('300012.SZ', 10, 10, 0),
    ];
    const b = breadthOf(rows, DAY);
    expect(b.total).toBe(12);
    expect(b.advancers + b.decliners + b.unchanged).toBe(b.total);
    expect([b.advancers, b.decliners, b.unchanged]).toEqual([5, 5, 2]);
    expect([b.limitUp, b.limitDown]).toEqual([1, 1]);
    expect(Object.values(b.buckets).reduce((n, c) => n + c, 0)).toBe(b.total);
    expect(b.buckets).toEqual({
      limitUp: 1,
      over7: 1,
      from5to7: 1,
      from3to5: 1,
      from0to3: 1,
      flat: 2,
      from0toMinus3: 1,
      fromMinus3toMinus5: 1,
      fromMinus5toMinus7: 1,
      underMinus7: 1,
      limitDown: 1,
    });
    expect(b.turnover).toBe(11e8);
  });
});
