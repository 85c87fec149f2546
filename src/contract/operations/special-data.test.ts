import { describe, expect, it } from 'vitest';
import { specialDataOperations as ops } from './special-data';
import { dataCases, NOW, outcome, paramCases } from './operation-cases.testkit';

// NOW is 2026-07-15 (Shanghai): one year back reaches 2025-07-15.
const dragonTiger = ops['a-share/special-data/dragon-tiger-list'];
const institution = ops['a-share/special-data/dragon-tiger-stock-institution'];
const history = ops['a-share/special-data/hot-stock-list-history'];
const trend = ops['a-share/special-data/hot-stock-rank-trend'];
const monitor = ops['a-share/special-data/abnormal-monitor-list'];
const rankings = [ops['a-share/special-data/skyrocket-list'], ops['a-share/special-data/hot-stock-list']];

paramCases(dragonTiger, [
  { name: 'defaults to the whole board', q: {}, code: 0, value: { board_type: 'all' } },
  { name: 'org board of a day', q: { board_type: 'org', date: '2026-07-14' }, code: 0 },
  { name: 'exactly one year back', q: { date: '2025-07-15' }, code: 0 },
  { name: 'unknown board', q: { board_type: 'retail' }, code: 1002, param: 'board_type' },
  { name: 'date as yyyyMMdd', q: { date: '20260714' }, code: 1002, param: 'date' },
  { name: 'older than a year', q: { date: '2025-07-14' }, code: 1003, param: 'date' },
  { name: 'in the future', q: { date: '2026-07-16' }, code: 1003, param: 'date' },
]);

paramCases(institution, [
  { name: 'one stock, both ranges', q: { thscode: '300033.SZ' }, code: 0 },
  {
    name: 'three-day range of a day',
    q: { thscode: '300033.SZ', date: '2026-07-14', range_days: '3' },
    code: 0,
    value: { range_days: 3 },
  },
  { name: 'thscode missing', q: { date: '2026-07-14' }, code: 1001, param: 'thscode' },
  { name: 'a sector code', q: { thscode: '885517.TI' }, code: 1002, param: 'thscode' },
  { name: 'two codes', q: { thscode: '300033.SZ,600519.SH' }, code: 1002, param: 'thscode' },
  { name: 'range_days 2', q: { thscode: '300033.SZ', range_days: '2' }, code: 1002, param: 'range_days' },
  {
    name: 'range_days not a number',
    q: { thscode: '300033.SZ', range_days: 'one' },
    code: 1002,
    param: 'range_days',
  },
  {
    name: 'date older than a year',
    q: { thscode: '300033.SZ', date: '2025-01-02' },
    code: 1003,
    param: 'date',
  },
  { name: 'date in the future', q: { thscode: '300033.SZ', date: '2026-08-01' }, code: 1003, param: 'date' },
]);

for (const op of rankings) {
  paramCases(op, [
    { name: 'defaults', q: {}, code: 0, value: { period: 'day', limit: 30 } },
    { name: 'hourly top 100', q: { period: 'hour', limit: '100' }, code: 0 },
    { name: 'period week', q: { period: 'week' }, code: 1002, param: 'period' },
    { name: 'limit 0', q: { limit: '0' }, code: 1003, param: 'limit' },
    { name: 'limit 101', q: { limit: '101' }, code: 1003, param: 'limit' },
    { name: 'limit not a number', q: { limit: 'ten' }, code: 1002, param: 'limit' },
  ]);
}

paramCases(history, [
  { name: 'yesterday', q: { date: '2026-07-14' }, code: 0 },
  { name: 'date missing', q: {}, code: 1001, param: 'date' },
  { name: 'date with slashes', q: { date: '2026/07/14' }, code: 1002, param: 'date' },
  { name: 'older than a year', q: { date: '2025-07-14' }, code: 1003, param: 'date' },
  { name: 'in the future', q: { date: '2026-07-16' }, code: 1003, param: 'date' },
]);

paramCases(trend, [
  {
    name: 'one month',
    q: { thscode: '300033.SZ', start_date: '2026-06-15', end_date: '2026-07-15' },
    code: 0,
  },
  {
    name: 'the whole last year',
    q: { thscode: '300033.SZ', start_date: '2025-07-15', end_date: '2026-07-15' },
    code: 0,
  },
  {
    name: 'end_date missing',
    q: { thscode: '300033.SZ', start_date: '2026-06-15' },
    code: 1001,
    param: 'end_date',
  },
  {
    name: 'bare code',
    q: { thscode: '300033', start_date: '2026-06-15', end_date: '2026-07-15' },
    code: 1002,
  },
  {
    name: 'bad date',
    q: { thscode: '300033.SZ', start_date: '2026-6-15', end_date: '2026-07-15' },
    code: 1002,
  },
  {
    name: 'start after end',
    q: { thscode: '300033.SZ', start_date: '2026-07-15', end_date: '2026-06-15' },
    code: 1004,
    param: 'start_date',
  },
  {
    name: 'window over a year',
    q: { thscode: '300033.SZ', start_date: '2025-07-14', end_date: '2026-07-15' },
    code: 1003,
    param: 'end_date',
  },
  {
    name: 'start older than a year',
    q: { thscode: '300033.SZ', start_date: '2025-07-01', end_date: '2025-08-01' },
    code: 1003,
    param: 'start_date',
  },
  {
    name: 'end in the future',
    q: { thscode: '300033.SZ', start_date: '2026-07-01', end_date: '2026-07-20' },
    code: 1003,
    param: 'end_date',
  },
]);

paramCases(monitor, [
  { name: 'defaults', q: {}, code: 0, value: { state: 'current', page: 1, size: 30 } },
  { name: 'history page 3', q: { state: 'history', page: '3', size: '10' }, code: 0 },
  { name: 'unknown state', q: { state: 'past' }, code: 1002, param: 'state' },
  { name: 'page 0', q: { page: '0' }, code: 1003, param: 'page' },
  { name: 'size 0', q: { size: '0' }, code: 1003, param: 'size' },
  { name: 'size 31', q: { size: '31' }, code: 1003, param: 'size' },
]);

describe('date rules follow the clock', () => {
  it('accepts a date that becomes valid the next day', () => {
    const nextDay = NOW + 24 * 3600 * 1000;
    expect(outcome(history, { date: '2026-07-16' }, nextDay).code).toBe(0);
    expect(outcome(history, { date: '2026-07-16' }).code).toBe(1003);
  });
  it('uses the Shanghai day, not UTC: 2026-07-15 00:30 Shanghai is still 2026-07-14 in UTC', () => {
    const earlyMorning = Date.parse('2026-07-15T00:30:00+08:00');
    expect(outcome(history, { date: '2026-07-15' }, earlyMorning).code).toBe(0);
  });
});

// Real responses (upstream-extras 8.4 and 9): fractions, omitted keys, org-only fields, concept objects.
const row = { thscode: '300033.SZ', ticker: '300033', name: '同花顺', range_days: 1 };
dataCases(dragonTiger, [
  {
    name: 'all board with omitted keys and concept objects',
    sample: {
      timestamp: 1783958400000,
      board_type: 'all',
      trade_date: '2026-07-14',
      count: 2,
      stock_count: 1,
      stock_items: [
        {
          ...row,
          change: 0.1,
          net_value: 33200000,
          net_rate: 0.046,
          buy_value: 289000000,
          sell_value: 255800000,
          hot_rank: 66,
          limit_reason: '涨停',
          org_net_value: 18600000,
          concept_list: [{ name: '金融科技' }, { name: 'AI' }],
        },
        {
          ...row,
          range_days: 3,
          change: 0.2,
          net_value: -14500000,
          net_rate: -0.023,
          buy_value: 5e7,
          sell_value: 6.45e7,
        },
      ],
      hot_money_items: [],
    },
  },
  {
    name: 'org board rows with seat counts',
    sample: {
      timestamp: 1783958400000,
      board_type: 'org',
      trade_date: '2026-07-14',
      count: 1,
      stock_count: 1,
      stock_items: [
        {
          ...row,
          change: 0.09,
          net_value: 7.2e6,
          net_rate: 0.009,
          buy_value: 1.25e8,
          sell_value: 1.178e8,
          org_net_value: 2e6,
          org_net_rate: 0.012,
          org_buy_num: 3,
          org_sell_num: 1,
        },
      ],
      hot_money_items: [],
    },
  },
  {
    name: 'hot-money seats with a negative net',
    sample: {
      timestamp: 1783958400000,
      board_type: 'hot_money',
      trade_date: '2026-07-14',
      count: 63,
      stock_count: 58,
      stock_items: [],
      hot_money_items: [
        {
          name: 'T王',
          buying: -98000000,
          rows: [
            {
              thscode: '300033.SZ',
              name: '同花顺',
              hot_money_item_net_value: -98000000,
              hot_money_item_net_rate: -0.18,
              amount: 541000000,
            },
          ],
        },
      ],
    },
  },
  {
    name: 'a seat without rows',
    sample: {
      timestamp: 1,
      board_type: 'hot_money',
      trade_date: '2026-07-14',
      count: 0,
      stock_count: 0,
      stock_items: [],
      hot_money_items: [{ name: 'x', buying: 1 }],
    },
    ok: false,
  },
]);

const department = { department_id: '80012345', name: '机构专用' };
dataCases(institution, [
  {
    name: 'one-day and three-day ranges, null org figures',
    sample: {
      thscode: '300033.SZ',
      trade_date: '2026-07-14',
      item: [
        {
          range_days: 1,
          start_date: '2026-07-14',
          end_date: '2026-07-14',
          org_buy_value: 1.2e8,
          org_sell_value: 4e7,
          org_net_value: 8e7,
          org_buy_num: 3,
          org_sell_num: 1,
          org_net_rate: 0.05,
          buy_departments: [department, department],
          sell_departments: [{ department_id: '1', name: null }],
        },
        {
          range_days: 3,
          start_date: '2026-07-10',
          end_date: '2026-07-14',
          org_buy_value: null,
          org_sell_value: null,
          org_net_value: null,
          org_buy_num: null,
          org_sell_num: null,
          org_net_rate: null,
          buy_departments: [],
          sell_departments: [],
        },
      ],
    },
  },
]);

const ranked = (rank: number, heat: string) => ({
  thscode: '300033.SZ',
  ticker: '300033',
  name: '同花顺',
  rank,
  heat,
  rank_change: 0,
  rank_trend: 'flat',
});
for (const op of rankings) {
  dataCases(op, [
    {
      name: 'heat as numeric strings, Java float notation and 285fa81 extras',
      sample: {
        timestamp: 1784080140000,
        item: [
          ranked(1, '75616216'),
          { ...ranked(2, '1.4874021E7'), rank_change: null, rank_trend: 'unknown', tags: ['AI'] },
        ],
      },
    },
    {
      // The docs table types heat as a number (docs/api/endpoints-special-data.md).
      name: 'heat as a number',
      sample: { timestamp: 1, item: [{ ...ranked(1, ''), heat: 75616216 }] },
    },
    {
      name: 'heat missing',
      sample: { timestamp: 1, item: [{ ...ranked(1, ''), heat: undefined }] },
      ok: false,
    },
  ]);
}

dataCases(history, [
  {
    name: 'a past top list',
    sample: {
      date: '2026-07-14',
      date_ms: 1783958400000,
      item: [{ thscode: '300033.SZ', ticker: '300033', name: '同花顺', rank: 1 }],
    },
  },
]);

dataCases(trend, [
  {
    name: 'calendar days including a weekend',
    sample: {
      timestamp: 1781452800000,
      item: ['2026-06-13', '2026-06-14'].map((date, i) => ({
        thscode: '300033.SZ',
        ticker: '300033',
        date,
        date_ms: 1781280000000 + i * 86400000,
        rank: 41 - i,
      })),
    },
  },
]);

dataCases(monitor, [
  {
    name: 'rows with null and empty identity, unknown total',
    sample: {
      item: [
        {
          thscode: '600001.SH',
          name: 'ST样本',
          start_date_ms: 1783958400000,
          end_date_ms: null,
          monitor_type: 1,
          monitor_label: '严重异常波动',
        },
        {
          thscode: null,
          name: '',
          start_date_ms: 1783958400000,
          end_date_ms: 1784044800000,
          monitor_type: 5,
          monitor_label: '重点监控',
        },
      ],
      pagination: { page: 1, size: 30, total: null, has_next: false },
    },
  },
  { name: 'no pagination', sample: { item: [] }, ok: false },
]);
