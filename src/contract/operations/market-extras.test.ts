import { describe, expect, it } from 'vitest';
import { marketExtrasOperations as ops } from './market-extras';
import { copies, dataCases, paramCases } from './operation-cases.testkit';

const upPool = ops['a-share/special-data/limit-up-pool'];
const downPool = ops['a-share/special-data/limit-down-pool'];
const breakPool = ops['a-share/special-data/limit-break-pool'];
const ladder = ops['a-share/special-data/limit-up-ladder'];
const anomalyList = ops['a-share/special-data/anomaly-analysis-list'];
const anomalyStock = ops['a-share/special-data/anomaly-analysis-stock'];
const valuations = ops['a-share/valuations/snapshot'];

const midnight = Date.parse('2026-07-15T00:00:00+08:00');

const pools = [
  { op: upPool, sort: 'last_price', other: 'seal_money', foreign: 'open_times' },
  { op: downPool, sort: 'last_limit_time', other: 'turnover_ratio_pct', foreign: 'seal_money' },
  { op: breakPool, sort: 'price_change_ratio_pct', other: 'open_times', foreign: 'continue_day_cnt' },
];

for (const { op, sort, other, foreign } of pools) {
  paramCases(op, [
    { name: 'defaults', q: {}, code: 0, value: { page: 1, size: 50, sort_field: sort, sort_dir: 'desc' } },
    {
      name: 'a day at midnight, sorted ascending',
      q: { date_ms: `${midnight}`, sort_field: other, sort_dir: 'asc', size: '200' },
      code: 0,
    },
    { name: 'date_ms as yyyy-MM-dd', q: { date_ms: '2026-07-15' }, code: 1002, param: 'date_ms' },
    {
      name: 'date_ms not at midnight',
      q: { date_ms: `${midnight + 3600_000}` },
      code: 1002,
      param: 'date_ms',
    },
    { name: 'page 0', q: { page: '0' }, code: 1003, param: 'page' },
    { name: 'size 0', q: { size: '0' }, code: 1003, param: 'size' },
    { name: 'size 201', q: { size: '201' }, code: 1003, param: 'size' },
    { name: 'sort field of another pool', q: { sort_field: foreign }, code: 1002, param: 'sort_field' },
    { name: 'sort_dir up', q: { sort_dir: 'up' }, code: 1002, param: 'sort_dir' },
    { name: 'limit/offset paging', q: { limit: '10' }, code: 1002, param: 'limit' },
  ]);
}

paramCases(ladder, [{ name: 'no parameters', q: {}, code: 0 }]);

paramCases(anomalyList, [
  { name: 'every row by default', q: {}, code: 0 },
  { name: 'all-blank means every row', q: { tag_codes: ' ' }, code: 0, value: { tag_codes: undefined } },
  {
    name: 'tags are case-insensitive and de-duplicated',
    q: { tag_codes: 'limit_up, Sharp_Rise,LIMIT_UP' },
    code: 0,
    value: { tag_codes: ['LIMIT_UP', 'SHARP_RISE'] },
  },
  {
    name: 'an empty token between tags',
    q: { tag_codes: 'LIMIT_UP,,SHARP_RISE' },
    code: 1002,
    param: 'tag_codes',
  },
  { name: 'a trailing comma', q: { tag_codes: 'LIMIT_UP,' }, code: 1002, param: 'tag_codes' },
  { name: 'an unknown tag', q: { tag_codes: 'LIMIT_UP,BIG_MOVE' }, code: 1002, param: 'tag_codes' },
]);

describe('anomaly-analysis-list', () => {
  it('has no tool, as the spec says', () => {
    expect(anomalyList.tool).toBeNull();
    expect(anomalyStock.tool).toBe('get_a_share_special_data_anomaly_analysis_stock');
  });
});

paramCases(anomalyStock, [
  {
    name: 'codes upper-cased',
    q: { thscodes: '300033.sz,600519.SH' },
    code: 0,
    value: { thscodes: ['300033.SZ', '600519.SH'] },
  },
  { name: '50 copies of one code', q: { thscodes: copies('300033.SZ', 50) }, code: 0 },
  { name: 'thscodes missing', q: {}, code: 1001, param: 'thscodes' },
  { name: '51 raw tokens', q: { thscodes: copies('300033.SZ', 51) }, code: 1003, param: 'thscodes' },
  { name: 'a bare code', q: { thscodes: '300033' }, code: 1002, param: 'thscodes' },
  { name: 'an index code', q: { thscodes: '885517.TI' }, code: 1002, param: 'thscodes' },
  { name: 'an empty token', q: { thscodes: '300033.SZ,' }, code: 1002, param: 'thscodes' },
]);

paramCases(valuations, [
  { name: 'a few stocks', q: { thscodes: '600519.SH,000001.SZ,920001.BJ' }, code: 0 },
  { name: '100 raw tokens', q: { thscodes: copies('600519.SH', 100) }, code: 0 },
  { name: 'thscodes missing', q: {}, code: 1001, param: 'thscodes' },
  { name: '101 raw tokens', q: { thscodes: copies('600519.SH', 101) }, code: 1003, param: 'thscodes' },
  { name: 'a bare code', q: { thscodes: '600519' }, code: 1002, param: 'thscodes' },
  { name: 'a fund', q: { thscodes: '025480.OF' }, code: 1002, param: 'thscodes' },
]);

const pagination = { total: 43, pages: 1, size: 50, page: 1 };
const limitUp = {
  thscode: '603986.SH',
  ticker: '603986',
  name: '兆易创新',
  is_st: false,
  is_new: false,
  last_price: 11.61,
  price_change_ratio_pct: 10.0148,
  limit_up_time: '09:38',
  limit_up_reason: '中报预增+光通信测试+CPO',
  continue_day_text: '2连板',
  continue_day_cnt: 2,
  seal_money: 166900000,
  max_seal_money: 262700000.5,
};

dataCases(upPool, [
  {
    name: 'rows of the 2026-07-15 sample, a null reason among them',
    sample: {
      timestamp: 1784081400000,
      pagination,
      item: [limitUp, { ...limitUp, limit_up_reason: null, continue_day_text: '首板', continue_day_cnt: 1 }],
    },
  },
  {
    name: 'a non-trading day: empty',
    sample: { timestamp: 1784081400000, pagination: { ...pagination, total: 0, pages: 0 }, item: [] },
  },
  {
    name: 'is_st as text',
    sample: { timestamp: 1, pagination, item: [{ ...limitUp, is_st: 'false' }] },
    ok: false,
  },
]);

const identity = { thscode: '000001.SZ', ticker: '000001', name: '平安银行' };
dataCases(downPool, [
  {
    name: 'a down-limit row',
    sample: {
      timestamp: 1,
      pagination,
      item: [
        {
          ...identity,
          last_price: 9.74,
          price_change_ratio_pct: -9.98,
          first_limit_time: '10:02',
          last_limit_time: '14:31',
          turnover_ratio_pct: 2.1,
        },
      ],
    },
  },
]);
dataCases(breakPool, [
  {
    name: 'a break row',
    sample: {
      timestamp: 1,
      pagination,
      item: [
        {
          ...identity,
          last_price: 10.5,
          price_change_ratio_pct: 6.2,
          open_times: 3,
          turnover_ratio_pct: 5.5,
          turnover: 1.2e9,
        },
      ],
    },
  },
]);

const entry = {
  thscode: '603986.SH',
  ticker: '603986',
  name: '兆易创新',
  board_num: 2,
  sign_level: 0,
  seal_nextday: true,
};
const empty = {
  two_board: [],
  three_board: [],
  four_board: [],
  five_board: [],
  six_board: [],
  seven_over: [],
};
dataCases(ladder, [
  {
    name: 'sample form: integer sign_level, boolean seal, yyyy-MM-dd, more than 4 per tier, no window',
    sample: {
      timestamp: 1784081400000,
      item: [
        {
          date: '2026-07-15',
          boards: {
            ...empty,
            two_board: Array.from({ length: 6 }, () => ({ ...entry, seal_nextday: null })),
          },
        },
        {
          date: '2026-07-14',
          boards: { ...empty, seven_over: [{ ...entry, board_num: 8, seal_nextday: false }] },
        },
      ],
    },
  },
  {
    name: 'documented form: string sign_level and seal, yyyyMMdd, window caps',
    sample: {
      timestamp: 1750406400000,
      window: { length: 30, date_list: ['20250620'], board_caps: { two_board: 4, three_board: 4 } },
      item: [
        {
          date: '20250620',
          boards: {
            ...empty,
            three_board: [{ ...entry, board_num: 3, sign_level: '1', seal_nextday: 'true' }],
          },
        },
      ],
    },
  },
  {
    name: 'a tier missing',
    sample: { timestamp: 1, item: [{ date: '2026-07-15', boards: { two_board: [] } }] },
    ok: false,
  },
]);

for (const op of [anomalyList, anomalyStock]) {
  dataCases(op, [
    {
      name: 'an anomaly row',
      sample: {
        timestamp: 1784081000000,
        item: [
          {
            stock_name: '同花顺',
            analysis_content: '金融科技板块拉升',
            keyword_list: ['金融科技', 'AI'],
            thscode: '300033.SZ',
            tag_name: '快速拉升',
          },
        ],
      },
    },
    { name: 'no anomaly for the watched stocks', sample: { timestamp: 1784081000000, item: [] } },
  ]);
}

dataCases(valuations, [
  {
    name: 'negative and null indicators',
    sample: {
      timestamp: 1784080800000,
      total: 2,
      item: [
        {
          thscode: '600519.SH',
          ticker: '600519',
          name: '贵州茅台',
          pe_ttm: 21.3,
          pe_mrq: 19.8,
          pb_mrq: 7.1,
          ps_ttm: 10.2,
          pcf_ttm: 18.4,
        },
        {
          thscode: '000001.SZ',
          ticker: '000001',
          name: null,
          pe_ttm: -12.5,
          pe_mrq: null,
          pb_mrq: 0.52,
          ps_ttm: null,
          pcf_ttm: -3.1,
        },
      ],
    },
  },
  { name: 'the empty answer of the CLI fixture', sample: { timestamp: 1, total: 0, item: [] } },
  {
    name: 'a zero-filled name',
    sample: {
      timestamp: null,
      total: 1,
      item: [
        {
          thscode: 'a',
          ticker: 'a',
          name: 0,
          pe_ttm: null,
          pe_mrq: null,
          pb_mrq: null,
          ps_ttm: null,
          pcf_ttm: null,
        },
      ],
    },
    ok: false,
  },
]);
