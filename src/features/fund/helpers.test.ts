import { describe, expect, it } from 'vitest';
import { pickReports } from './tabs/PortfolioTab';
import { pickBasis } from './tabs/HoldersTab';
import { returnRows } from './tabs/PerformanceTab';
import { curveOf } from './tabs/tools/curve';
import { shanghaiMidnight } from '../../contract/time';

const report = (type: string, date: string) => ({ report_type: type, end_date_ms: shanghaiMidnight(date) });

describe('pickReports', () => {
  const list = [
    report('quarter', '2026-03-31'),
    report('quarter', '2025-12-31'),
    report('annual', '2025-12-31'),
    report('quarter', '2025-09-30'),
  ];

  it('opens the newest by default and compares with the next older report of the same type', () => {
    expect(pickReports(list, {})).toEqual({
      current: { type: 'quarter', date: '2026-03-31' },
      previous: { type: 'quarter', date: '2025-12-31' },
      fallback: false,
    });
  });

  it('opens the linked report; an annual report compares with an older one, not its own quarter', () => {
    expect(pickReports(list, { date: '2025-12-31', type: 'annual' })).toEqual({
      current: { type: 'annual', date: '2025-12-31' },
      previous: { type: 'quarter', date: '2025-09-30' },
      fallback: false,
    });
  });

  it('falls back to the newest for a date that was not disclosed, and has nothing without reports', () => {
    expect(pickReports(list, { date: '2024-02-29' })).toMatchObject({
      fallback: true,
      current: { date: '2026-03-31' },
    });
    expect(pickReports([], {})).toEqual({ current: null, previous: null, fallback: false });
    expect(pickReports([report('semi', '2025-06-30')], {}).previous).toBeNull();
  });
});

describe('pickBasis', () => {
  const merged = {
    merge_scope: 'merged',
    report_date_ms: 1,
    ins_position: 1,
    holder_amount: 1,
    avg_holder_share: 1,
    psnl_rate: 99,
    mgmt_staff_hold_rate: null,
  };
  it('never mixes bases: the asked one, else the first disclosed, saying so', () => {
    const separate = { ...merged, merge_scope: 'separate' };
    expect(pickBasis([merged, separate], 'separate')).toEqual({ shown: separate, missing: false });
    expect(pickBasis([merged], 'separate')).toEqual({ shown: merged, missing: true });
    expect(pickBasis([merged], undefined)).toEqual({ shown: merged, missing: false });
    expect(pickBasis([], 'merged')).toEqual({ shown: null, missing: false });
  });
});

describe('returnRows', () => {
  it('gives every period a row, with peer figures only where the service ranks them', () => {
    const rows = returnRows({
      return_year: 12.5,
      peer_average_year: 10,
      rank_year: 3,
      rank_total_year: 100,
      return_now: 40,
    });
    expect(rows.map((r) => r.period)).toEqual([
      'week',
      'month',
      'tmonth',
      'hyear',
      'year',
      'twoyear',
      'tyear',
      'fyear',
      'nowyear',
      'now',
    ]);
    expect(rows.find((r) => r.period === 'year')).toEqual({
      period: 'year',
      ret: 12.5,
      peer: 10,
      rank: 3,
      total: 100,
      quartile: 'excellent',
    });
    // Undisclosed stays null, never 0.
    expect(rows.find((r) => r.period === 'week')).toMatchObject({ ret: null, peer: null, quartile: null });
    expect(rows.find((r) => r.period === 'now')).toMatchObject({ ret: 40, peer: null, rank: null });
  });
});

describe('curveOf', () => {
  it('reads the documented date-keyed object and the array form, in time order, skipping what is not a point', () => {
    expect(curveOf({ '2026-01-06': 1.5, '2026-01-05': 0, bad: 3, '2026-01-07': null })).toEqual([
      { time: shanghaiMidnight('2026-01-05'), value: 0 },
      { time: shanghaiMidnight('2026-01-06'), value: 1.5 },
    ]);
    expect(curveOf([{ date: '2026-01-05', value: 2 }, 'x', { date: '2026-01-06' }])).toEqual([
      { time: shanghaiMidnight('2026-01-05'), value: 2 },
    ]);
  });
});
