import { describe, expect, it } from 'vitest';
import {
  futuresContractSearches,
  futuresOperations as ops,
  futuresVarietyOf,
  isDatedContractOf,
  isMainContinuous,
  listingYears,
} from './futures';
import { dataSuite, err, ok, paramSuite, type ParamCase } from './operation-suites.testkit';

const noParams: readonly ParamCase[] = [
  ['no parameters', {}, ok('')],
  ['a parameter it does not take', { thscode: 'RB2510.SHF' }, err(1002, 'thscode')],
];

describe('futures', () => {
  paramSuite(ops, {
    'futures/variety-plates/list': noParams,
    'futures/contracts/main-continuous-list': noParams,
    'futures/contracts/main-list': noParams,
    'futures/contracts/secondary-main-list': noParams,
    'futures/contracts/commodity-index-list': noParams,
    'futures/varieties/list': noParams,
    'futures/basis/main-continuous-latest': noParams,
    'futures/basis/historical': [
      ['a contract, upstream default basis', { thscode: 'RB2510.SHF' }, ok('thscode=RB2510.SHF')],
      [
        'a spot indicator',
        { thscode: 'IF2512.CFX', spot_indicator_id: 'S001' },
        ok('spot_indicator_id=S001&thscode=IF2512.CFX'),
      ],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['a bare variety', { thscode: 'RB' }, err(1002, 'thscode')],
      ['a stock code', { thscode: '600519.SH' }, err(1002, 'thscode')],
      ['two contracts', { thscode: 'RB2510.SHF,HC2510.SHF' }, err(1002, 'thscode')],
      [
        'spot_indicator_id over 64 characters',
        { thscode: 'RB2510.SHF', spot_indicator_id: 'S'.repeat(65) },
        err(1003, 'spot_indicator_id'),
      ],
    ],
  });

  const ts = 1767254400000;
  const identity = {
    thscode: 'RBZL.SHF',
    ticker: 'RBZL',
    name: '螺纹钢主连',
    variety_code: 'RB',
    variety_name: '螺纹钢',
    exchange_code: 'SHFE',
  };
  const main = {
    timestamp: ts,
    item: [
      {
        ...identity,
        thscode: 'RB2605.SHF',
        list_date: '2025-05-16',
        end_date: null,
        last_trade_date: '2026-05-15',
        last_delivery_date: null,
        margin_rate: 0.07,
        transaction_fee: null,
        transaction_fee_rate: 0.0001,
      },
    ],
  };
  const basis = {
    spot_price: 3250,
    converted_spot_price: null,
    close_price: 3190,
    settle_price: 3195,
    close_basis: 60,
    settle_basis: 55,
    close_basis_rate: 1.85,
    settle_basis_rate: null,
  };
  dataSuite(
    ops,
    {
      'futures/variety-plates/list': {
        timestamp: ts,
        item: [
          { variety_code: 'RB', name: '螺纹钢', plate_name: '黑色', plate_level: 1 },
          { variety_code: null, name: null, plate_name: null, plate_level: null },
        ],
      },
      'futures/contracts/main-continuous-list': {
        timestamp: null,
        item: [
          { ...identity, minute_visit_count: 1203, kline_visit_count: null, statistics_date: '2026-01-01' },
        ],
      },
      'futures/contracts/main-list': main,
      'futures/contracts/secondary-main-list': { timestamp: ts, item: [] },
      'futures/contracts/commodity-index-list': {
        timestamp: ts,
        item: [{ thscode: 'CCI.CZC', ticker: 'CCI', name: '商品综合指数', list_date: null, end_date: null }],
      },
      'futures/varieties/list': {
        timestamp: ts,
        item: [
          {
            variety_code: 'AU',
            quote_code: 'au',
            name: '黄金',
            exchange_code: 'SHFE',
            exchange_name: '上海期货交易所',
            price_unit: '元/克',
            trade_unit: '克/手',
            main_contract_thscode: 'AU2606.SHF',
            has_night_session: true,
            margin_rate: 0.1,
            capital_flow: null,
            long_short_ratio: 1.07,
            trade_amount: 1000,
            price_coefficient: null,
            tick_size: 0.02,
            contract_multiplier: 1000,
            transaction_fee: 10,
            transaction_fee_rate: null,
            trade_sessions: [
              { start_time: '21:00', end_time: '02:30', session_type: 'night' },
              { start_time: '09:00', end_time: '10:15', session_type: 'day', x_session_extra: 1 },
            ],
          },
        ],
      },
      'futures/basis/main-continuous-latest': {
        timestamp: ts,
        item: [
          {
            thscode: 'RBZL.SHF',
            ticker: 'RBZL',
            name: '螺纹钢主连',
            variety_name: '螺纹钢',
            reference_site: '上海',
            updated_at: '2026-01-01 15:30:00',
            spot_publish_date: '2026-01-01',
            spot_indicator_id: 'S001',
            default_value: null,
            ...basis,
            average_close_basis: 48.2,
            average_settle_basis: null,
          },
        ],
      },
      'futures/basis/historical': {
        timestamp: ts,
        item: [
          { date: '2025-12-31', ...basis },
          { date: null, ...basis },
        ],
      },
    },
    {
      'futures/varieties/list': { timestamp: ts, item: [{ variety_code: 'AU', has_night_session: 'yes' }] },
      'futures/basis/historical': {
        timestamp: ts,
        item: [{ date: '2025-12-31', ...basis, spot_price: '3250' }],
      },
    },
  );
});

describe('futures codes and the searches that list a variety’s months', () => {
  it('tells the variety of a main-continuous series and of a dated contract', () => {
    expect(futuresVarietyOf('IFZL.CFX')).toBe('IF');
    expect(futuresVarietyOf('rb2610.SHF')).toBe('RB');
    expect(futuresVarietyOf('SR609.CZC')).toBe('SR');
    expect(futuresVarietyOf('600519.SH')).toBeNull();
    expect(isMainContinuous('IFZL.CFX')).toBe(true);
    expect(isMainContinuous('IF2608.CFX')).toBe(false);
  });

  it('searches each delivery year, with one year digit on CZCE', () => {
    expect(futuresContractSearches('IF', 'CFFEX', '2026-07-15').map((s) => s.q)).toEqual(['IF26', 'IF27']);
    expect(futuresContractSearches('SR', 'CZCE', '2026-07-15').map((s) => s.q)).toEqual(['SR6', 'SR7']);
    // In November contracts of the year after next are listed already.
    expect(listingYears('2026-11-02')).toEqual([0, 1, 2]);
    expect(listingYears('2026-01-05')).toEqual([0, 1]);
    expect(futuresContractSearches('RB', 'SHFE', '2026-07-15')[0]).toMatchObject({
      asset_type: 'futures',
      limit: 50,
    });
  });

  it('keeps only the variety’s own dated contracts from the search rows', () => {
    expect(isDatedContractOf('I2609.DCE', 'I')).toBe(true);
    expect(isDatedContractOf('IF2609.CFX', 'I')).toBe(false);
    expect(isDatedContractOf('IZL.DCE', 'I')).toBe(false);
    expect(isDatedContractOf('sr609.CZC', 'SR')).toBe(true);
  });
});
