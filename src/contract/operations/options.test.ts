import { describe, expect, it } from 'vitest';
import { isListedOptionOf, optionContractSearches, optionOperations as ops } from './options';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const O = '10008123.SH';

describe('options', () => {
  paramSuite(ops, {
    'options/varieties/list': [
      ['no parameters', {}, ok('')],
      ['a parameter it does not take', { exchange: 'SSE' }, err(1002, 'exchange')],
    ],
    'options/contracts/detail': [
      ['an ETF option', { thscode: O }, ok('thscode=10008123.SH')],
      ['a futures option with hyphens', { thscode: 'IO2512-C-4000.CFX' }, ok('thscode=IO2512-C-4000.CFX')],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['no market suffix', { thscode: '10008123' }, err(1002, 'thscode')],
      ['two contracts', { thscode: `${O},10008124.SH` }, err(1002, 'thscode')],
    ],
    'options/prices/intraday': [
      ['defaults session to intraday', { thscode: O }, ok('session=intraday&thscode=10008123.SH')],
      ['pre-market', { thscode: O, session: 'pre_market' }, ok('session=pre_market&thscode=10008123.SH')],
      ['session outside the enum', { thscode: O, session: 'night' }, err(1002, 'session')],
      ['missing thscode', { session: 'intraday' }, err(1001, 'thscode')],
    ],
    'options/prices/daily': [
      ['both omitted: latest 100 bars', { thscode: O }, ok('thscode=10008123.SH')],
      [
        'start and end together',
        { thscode: O, start: '1764518400000', end: '1767196800000' },
        ok('end=1767196800000&start=1764518400000&thscode=10008123.SH'),
      ],
      [
        'start equal to end',
        { thscode: O, start: '1767196800000', end: '1767196800000' },
        ok('end=1767196800000&start=1767196800000&thscode=10008123.SH'),
      ],
      ['only start', { thscode: O, start: '1764518400000' }, err(1004, 'end')],
      ['only end', { thscode: O, end: '1767196800000' }, err(1004, 'start')],
      ['end before start', { thscode: O, start: '1767196800000', end: '1764518400000' }, err(1004, 'end')],
      ['start zero is not positive', { thscode: O, start: '0', end: '1767196800000' }, err(1003, 'start')],
      ['end not a number', { thscode: O, start: '1', end: '2026-01-01' }, err(1002, 'end')],
      ['missing thscode', {}, err(1001, 'thscode')],
    ],
  });

  const ts = 1767249000000;
  dataSuite(
    ops,
    {
      'options/varieties/list': {
        timestamp: ts,
        item: [
          {
            variety_code: '510050',
            name: '上证50ETF期权',
            exchange_code: 'SSE',
            exchange_name: '上海证券交易所',
            price_unit: '元',
            trade_unit: '张',
            has_night_session: false,
            margin_rate: null,
            trade_amount: 10000,
            price_coefficient: null,
            tick_size: 0.0001,
            contract_multiplier: 10000,
            transaction_fee: 1.3,
            exercise_fee: 0.6,
            settlement_type: 'physical',
            trade_sessions: [{ start_time: '09:30', end_time: '11:30', session_type: null }],
          },
        ],
      },
      'options/contracts/detail': {
        timestamp: ts,
        thscode: O,
        ticker: '10008123',
        display_code: '50ETF购12月2900',
        name: '50ETF购12月2900',
        variety_code: '510050',
        pinyin: null,
        list_date: '2025-10-23',
        end_date: '2025-12-24',
        last_trade_date: '2025-12-24',
        last_delivery_date: null,
        margin_rate: null,
        strike_price: 2.9,
        trade_amount: 10000,
        underlying_code: '510050',
        exercise_style: 'european',
        option_type: 'call',
      },
      'options/prices/intraday': {
        timestamp: ts,
        thscode: O,
        date: '2025-12-01',
        session: 'intraday',
        item: [
          { timestamp: 1764552600000, price: 0.1523, volume: 120, turnover: 182760 },
          { timestamp: 1764552660000, price: null, volume: null, turnover: null, x_tick_extra: 1 },
        ],
      },
      'options/prices/daily': {
        timestamp: ts,
        thscode: O,
        interval: '1d',
        item: [
          {
            timestamp: 1764518400000,
            open_price: 0.15,
            high_price: 0.17,
            low_price: 0.14,
            close_price: 0.16,
            volume: 52310,
            turnover: null,
          },
        ],
      },
    },
    {
      'options/prices/daily': {
        timestamp: ts,
        thscode: O,
        interval: '1d',
        item: [{ timestamp: '2025-12-01' }],
      },
      'options/varieties/list': { timestamp: ts, item: [{ variety_code: '510050' }] },
    },
  );
});

describe('the searches that list a variety’s option contracts', () => {
  const etf = { variety_code: '510050', exchange_code: 'SSE' };
  const index = { variety_code: 'IO', exchange_code: 'CFFEX' };
  const sugar = { variety_code: 'SR_O', exchange_code: 'CZCE' };

  it('search ETF options by the fund’s short name with the call and the put mark on its exchange', () => {
    expect(optionContractSearches(etf, '2026-07-15')).toEqual([
      { q: '50ETF购', asset_type: 'options', exchange: 'SSE', limit: 50 },
      { q: '50ETF沽', asset_type: 'options', exchange: 'SSE', limit: 50 },
    ]);
    expect(isListedOptionOf({ thscode: '10260700.SH', name: '50ETF购7月2700' }, etf)).toBe(true);
    expect(isListedOptionOf({ thscode: '13260700.SH', name: '科创50ETF购7月1000' }, etf)).toBe(false);
  });

  it('search index and commodity options by variety and delivery year', () => {
    expect(optionContractSearches(index, '2026-07-15').map((s) => s.q)).toEqual(['IO26', 'IO27']);
    expect(optionContractSearches(sugar, '2026-07-15').map((s) => s.q)).toEqual(['SR6', 'SR7']);
    expect(isListedOptionOf({ thscode: 'IO2608-C-4000.CFX', name: '' }, index)).toBe(true);
    expect(isListedOptionOf({ thscode: 'IF2608.CFX', name: '' }, index)).toBe(false);
    expect(isListedOptionOf({ thscode: 'SR609C6000.CZC', name: '' }, sugar)).toBe(true);
  });

  it('list nothing for a variety without a code', () => {
    expect(optionContractSearches({ variety_code: null, exchange_code: null }, '2026-07-15')).toEqual([]);
    expect(
      isListedOptionOf(
        { thscode: 'IO2608-C-4000.CFX', name: '' },
        { variety_code: null, exchange_code: null },
      ),
    ).toBe(false);
  });
});
