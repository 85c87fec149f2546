import { describe } from 'vitest';
import { shanghaiMidnight } from '../time';
import { fundPerformanceOperations as ops } from './fund-performance';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const day = (d: string) => String(shanghaiMidnight(d));
const F = '110022.OF';

describe('fund performance', () => {
  paramSuite(ops, {
    'fund/performance/nav': [
      ['defaults nav_type to unit,adj', { thscode: F }, ok('nav_type=unit%2Cadj&thscode=110022.OF')],
      [
        'takes range, nav_type and the live-mode fund_type',
        { thscode: '510300.SH', range: 'tmonth', nav_type: 'adj', fund_type: 'exchange' },
        ok('fund_type=exchange&nav_type=adj&range=tmonth&thscode=510300.SH'),
      ],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['two codes', { thscode: '110022.OF,161725.SZ' }, err(1002, 'thscode')],
      ['bare code', { thscode: '110022' }, err(1002, 'thscode')],
      ['A-share suffix BJ', { thscode: '830799.BJ' }, err(1002, 'thscode')],
      ['range outside the enum', { thscode: F, range: 'day' }, err(1002, 'range')],
      ['nav_type outside the enum', { thscode: F, nav_type: 'acc' }, err(1002, 'nav_type')],
      ['fund_type outside the enum', { thscode: F, fund_type: 'etf' }, err(1002, 'fund_type')],
      ['a parameter it does not take', { thscode: F, start: '1' }, err(1002, 'start')],
    ],
    'fund/performance/returns': [
      ['one fund', { thscode: F }, ok('thscode=110022.OF')],
      ["the vendor's fund_type", { thscode: F, fund_type: 'otc' }, ok('fund_type=otc&thscode=110022.OF')],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['two codes', { thscode: `${F},${F}` }, err(1002, 'thscode')],
    ],
    'fund/performance/indicators-historical': [
      [
        'a window of exactly 5 years',
        { thscode: F, start: day('2021-01-01'), end: day('2026-01-01') },
        ok(`end=${day('2026-01-01')}&start=${day('2021-01-01')}&thscode=110022.OF`),
      ],
      [
        'the live-mode fund_type',
        { thscode: F, start: '0', end: '0', fund_type: 'otc' },
        ok('end=0&fund_type=otc&start=0&thscode=110022.OF'),
      ],
      ['missing start', { thscode: F, end: day('2026-01-01') }, err(1001, 'start')],
      ['missing end', { thscode: F, start: day('2026-01-01') }, err(1001, 'end')],
      [
        'end before start',
        { thscode: F, start: day('2026-01-02'), end: day('2026-01-01') },
        err(1004, 'end'),
      ],
      ['over 5 years', { thscode: F, start: day('2021-01-01'), end: day('2026-01-02') }, err(1003, 'end')],
      ['start not a number', { thscode: F, start: '2021-01-01', end: day('2026-01-01') }, err(1002, 'start')],
      ['negative start', { thscode: F, start: '-1', end: day('2026-01-01') }, err(1003, 'start')],
      ['missing thscode', { start: '1', end: '2' }, err(1001, 'thscode')],
    ],
    'fund/performance/drawdowns': [
      ['one fund', { thscode: '161725.SZ' }, ok('thscode=161725.SZ')],
      [
        "the vendor's fund_type",
        { thscode: '161725.SZ', fund_type: 'exchange' },
        ok('fund_type=exchange&thscode=161725.SZ'),
      ],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['lower-case suffix', { thscode: '161725.sz' }, err(1002, 'thscode')],
    ],
  });

  const ts = 1767254400000;
  dataSuite(
    ops,
    {
      'fund/performance/nav': {
        timestamp: ts,
        item: [
          { nav_date: 1767110400000, unit_nav: 1.2345, adj_nav: 3.4512 },
          { nav_date: 1767196800000, unit_nav: null, adj_nav: 3.4601 },
          { nav_date: 1767283200000, adj_nav: 3.47, x_item_extra: 'kept' },
        ],
      },
      'fund/performance/returns': {
        timestamp: ts,
        item: [
          {
            thscode: F,
            return_week: 0.52,
            return_month: -1.3,
            return_tmonth: 4.1,
            return_hyear: 8.02,
            return_year: 12.5,
            return_twoyear: null,
            return_tyear: -5.4,
            return_fyear: 40.1,
            return_nowyear: 0.2,
            return_now: 310.7,
            peer_average_week: 0.3,
            peer_average_month: -0.8,
            peer_average_tmonth: 2.2,
            peer_average_hyear: 5.1,
            peer_average_year: 9.9,
            peer_average_twoyear: 3.3,
            peer_average_tyear: -8.1,
            peer_average_fyear: null,
            rank_week: 120,
            rank_month: 845,
            rank_tmonth: 33,
            rank_hyear: 51,
            rank_year: 77,
            rank_twoyear: null,
            rank_tyear: 1904,
            rank_fyear: 12,
            rank_total_week: 3120,
            rank_total_month: 3118,
            rank_total_tmonth: 3101,
            rank_total_hyear: 3050,
            rank_total_year: 2890,
            rank_total_twoyear: null,
            rank_total_tyear: 2410,
            rank_total_fyear: 1580,
          },
        ],
      },
      'fund/performance/indicators-historical': {
        timestamp: ts,
        item: [
          {
            date_ms: 1767196800000,
            rsi_pct: 61.2,
            donchian_channel: 0.73,
            track_index_pe_ttm_five_year_percentile: null,
          },
        ],
      },
      'fund/performance/drawdowns': {
        timestamp: ts,
        item: [
          {
            thscode: F,
            ticker: '110022',
            week: -1.1,
            month: -3.4,
            tmonth: -6.2,
            hyear: -9.9,
            year: -14.3,
            twoyear: -22.8,
            tyear: -41.7,
            fyear: null,
            nowyear: -0.5,
            now: -52.3,
          },
        ],
      },
    },
    {
      'fund/performance/nav': { timestamp: ts, item: [{ nav_date: '2026-01-01', unit_nav: 1 }] },
      'fund/performance/returns': { timestamp: ts, item: [{ return_week: '0.5' }] },
      'fund/performance/drawdowns': { timestamp: ts, item: [{ thscode: F, ticker: '110022', week: 0 }] },
    },
  );
});
