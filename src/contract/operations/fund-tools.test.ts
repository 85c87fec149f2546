import { describe } from 'vitest';
import { fundToolOperations as ops } from './fund-tools';
import { dataSuite, err, ok, paramSuite, sorted as q } from './operation-suites.testkit';

const j = (v: unknown) => JSON.stringify(v);

const indexes = j([
  { thscodes: ['110022.OF', '161725.SZ'], index_info: [{ index_id: 'nav_unit', attribute: {} }] },
]);
const timeRange = j({ time_type: 'day', start: 1735660800000, end: 1767196800000 });
const selectors = j({
  include: [
    { type: 'fund_code', thscodes: ['110022.OF'] },
    { type: 'fund_type', values: ['QDII'] },
  ],
});
const tableIndexes = j([{ index_id: 'return_year', timestamp: 0 }]);
const pageInfo = j({ page_begin: 0, page_size: 50 });
const sort = j([{ idx: 0, type: 'desc' }]);
const backtest = {
  thscode: '110022.OF',
  buy_conditions: j([{ indicator_code: 'rsi', operator: '<', value: 30 }]),
  sell_conditions: j({ indicator_code: 'rsi', operator: '>', value: 70 }),
  buy_frequency_type: 'week',
  max_buy_times: '12',
  per_buy_amount: '1000.5',
};
const backtestNames = [
  'thscode',
  'buy_conditions',
  'sell_conditions',
  'buy_frequency_type',
  'max_buy_times',
  'per_buy_amount',
] as const;
const tab = j(['全部', '美国']);

describe('fund generic indicators, back-test and QDII quota', () => {
  paramSuite(ops, {
    'fund/indicators/line': [
      ['both JSON parameters', { indexes, time_range: timeRange }, ok(q({ indexes, time_range: timeRange }))],
      ['missing indexes', { time_range: timeRange }, err(1001, 'indexes')],
      ['missing time_range', { indexes }, err(1001, 'time_range')],
      [
        'a fund_type, forwarded',
        { indexes, time_range: timeRange, fund_type: 'otc' },
        ok(q({ fund_type: 'otc', indexes, time_range: timeRange })),
      ],
      ['indexes not JSON', { indexes: '[{', time_range: timeRange }, err(1002, 'indexes')],
      ['indexes an object', { indexes: j({ thscodes: [] }), time_range: timeRange }, err(1002, 'indexes')],
      [
        'a group without index_info',
        { indexes: j([{ thscodes: ['110022.OF'] }]), time_range: timeRange },
        err(1002, 'indexes'),
      ],
      [
        'thscodes holding a number',
        { indexes: j([{ thscodes: [110022], index_info: [{ index_id: 'x' }] }]), time_range: timeRange },
        err(1002, 'indexes'),
      ],
      [
        'index_info entry without index_id',
        { indexes: j([{ thscodes: ['110022.OF'], index_info: [{ attribute: {} }] }]), time_range: timeRange },
        err(1002, 'indexes'),
      ],
      ['time_range an array', { indexes, time_range: '[]' }, err(1002, 'time_range')],
      ['time_range without time_type', { indexes, time_range: j({ start: 1 }) }, err(1002, 'time_range')],
      [
        'time_range with a fractional offset',
        { indexes, time_range: j({ time_type: 'day', offset: 1.5 }) },
        err(1002, 'time_range'),
      ],
    ],
    'fund/indicators/table': [
      ['no parameters: nothing injected', {}, ok('')],
      ['only a fund_type, forwarded', { fund_type: 'reits' }, ok('fund_type=reits')],
      [
        'all four parameters',
        { code_selectors: selectors, indexes: tableIndexes, page_info: pageInfo, sort },
        ok(q({ code_selectors: selectors, indexes: tableIndexes, page_info: pageInfo, sort })),
      ],
      ['code_selectors an array', { code_selectors: '[]' }, err(1002, 'code_selectors')],
      [
        'a fund_code entry without thscodes',
        { code_selectors: j({ include: [{ type: 'fund_code', values: ['110022.OF'] }] }) },
        err(1002, 'code_selectors'),
      ],
      [
        'an entry without type',
        { code_selectors: j({ include: [{ values: ['x'] }] }) },
        err(1002, 'code_selectors'),
      ],
      ['indexes an object', { indexes: j({ index_id: 'x' }) }, err(1002, 'indexes')],
      ['page_info an array', { page_info: '[0, 50]' }, err(1002, 'page_info')],
      ['page_info with a negative size', { page_info: j({ page_size: -1 }) }, err(1002, 'page_info')],
      ['sort an object', { sort: j({ idx: 0, type: 'desc' }) }, err(1002, 'sort')],
      ['sort entry without idx', { sort: j([{ type: 'desc' }]) }, err(1002, 'sort')],
    ],
    'fund/backtest/result': [
      ['all six parameters', backtest, ok(q({ ...backtest }))],
      ...backtestNames.map((k) => [`missing ${k}`, { ...backtest, [k]: undefined }, err(1001, k)] as const),
      ['bare fund code', { ...backtest, thscode: '110022' }, err(1002, 'thscode')],
      ["the vendor's fund_type", { ...backtest, fund_type: 'otc' }, ok(q({ ...backtest, fund_type: 'otc' }))],
      ['buy_conditions a number', { ...backtest, buy_conditions: '30' }, err(1002, 'buy_conditions')],
      ['sell_conditions not JSON', { ...backtest, sell_conditions: 'rsi>70' }, err(1002, 'sell_conditions')],
      ['max_buy_times not a number', { ...backtest, max_buy_times: 'many' }, err(1002, 'max_buy_times')],
      ['max_buy_times zero', { ...backtest, max_buy_times: '0' }, err(1003, 'max_buy_times')],
      ['per_buy_amount negative', { ...backtest, per_buy_amount: '-100' }, err(1003, 'per_buy_amount')],
    ],
    'fund/backtest/indicators': [
      ['no parameters', {}, ok('')],
      ['a parameter it does not take', { thscode: '110022.OF' }, err(1002, 'thscode')],
      ['a fund_type, forwarded', { fund_type: 'otc' }, ok('fund_type=otc')],
      ['fund_type outside the enum', { fund_type: 'qdii' }, err(1002, 'fund_type')],
    ],
    'fund/quota/summary': [
      ['tab', { tab }, ok(q({ tab }))],
      // Requiredness is not shown by the spec: omitted tab is passed through.
      ['no tab', {}, ok('')],
      ['tab an object', { tab: j({ name: '美国' }) }, err(1002, 'tab')],
      ['tab holding a number', { tab: '[1]' }, err(1002, 'tab')],
      ['a fund_type, forwarded', { tab, fund_type: 'otc' }, ok(q({ fund_type: 'otc', tab }))],
    ],
    'fund/quota/list': [
      ['tab and buy', { tab, buy: 'true' }, ok(q({ buy: 'true', tab }))],
      ['no buy: none injected', { tab }, ok(q({ tab }))],
      ['buy not a boolean', { tab, buy: 'yes' }, err(1002, 'buy')],
      ['tab not JSON', { tab: '全部' }, err(1002, 'tab')],
      ['a fund_type, forwarded', { tab, fund_type: 'exchange' }, ok(q({ fund_type: 'exchange', tab }))],
    ],
  });

  const indexMeta = {
    index_id: 'nav_unit',
    value_type: 'double',
    timestamp: null,
    time_type: 'day',
    attribute: null,
  };
  dataSuite(
    ops,
    {
      'fund/indicators/line': {
        time_range: [1767110400000, 1767196800000, null],
        indexes: [indexMeta],
        data: [
          { thscode: '110022.OF', values: [{ idx: 0, values: [4.01, '4.0230', null], x_value_extra: 1 }] },
        ],
      },
      'fund/indicators/table': {
        total: 1523,
        indexes: [{ ...indexMeta, timestamp: 0, attribute: { period: 'year' } }],
        data: [
          {
            thscode: '110022.OF',
            values: [
              { idx: 0, value: '12.3400' },
              { idx: 1, value: null },
            ],
          },
        ],
        part_order_thscodes: ['110022.OF', null],
      },
      'fund/backtest/result': {
        start_date: '2023-01-03',
        end_date: '2025-12-31',
        metrics: {
          strategy_return: 18.2,
          fund_return: 9.1,
          excess_return: 9.1,
          win_rate: 62.5,
          max_drawdown: null,
        },
        trade_count: 8,
        trades: [
          { trade_date: '2023-02-06', type: 'BUY', price: 3.12, amount: 1000, shares: 320.51, profit: null },
        ],
        curve_points: { '2023-01-03': 1, '2023-01-04': 1.002 },
      },
      'fund/backtest/indicators': [
        {
          id: 3,
          indicator_name: 'RSI',
          indicator_code: 'rsi',
          type: 1,
          value_kind: 2,
          support_operation: '>,<,>=,<=',
          unit: null,
          description: '相对强弱指标',
          state_rules: null,
          create_time: '2025-06-01T10:00:00',
          update_time: '2025-06-01T10:00:00',
        },
      ],
      'fund/quota/summary': [
        { name: '美国', unlimited: '12', total_limit: '350000000', total: '85', buy: '40' },
      ],
      'fund/quota/list': [
        {
          name: '美国',
          sub_tab: [
            {
              name: '纳斯达克',
              fund_list: [
                { thscode: '513100.SH', fund_name: '国泰纳斯达克100ETF', quota: null, year: '25.31' },
                {
                  thscode: '040046.OF',
                  fund_name: '华安纳斯达克100ETF联接(QDII)A',
                  quota: '100',
                  year: null,
                },
              ],
            },
          ],
        },
      ],
    },
    {
      // QDII numbers are strings: a JSON number is not the documented shape.
      'fund/quota/summary': [{ name: '美国', unlimited: 12, total_limit: '1', total: '1', buy: '1' }],
      // Backtest indicators are an array, not {timestamp, item}.
      'fund/backtest/indicators': { timestamp: 1, item: [] },
    },
  );
});
