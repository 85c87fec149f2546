import { describe } from 'vitest';
import { fundExtraOperations as ops } from './fund-extras';
import { dataSuite, err, ok, paramSuite, sorted, type ParamCase } from './operation-suites.testkit';

const key = { fund_type: 'otc', thscode: '025480.OF' };

/** Section 7 common rule: fund_type and thscode are both required. */
const fundKeyCases: readonly ParamCase[] = [
  ['fund_type and thscode', key, ok('fund_type=otc&thscode=025480.OF')],
  ['missing fund_type', { thscode: '025480.OF' }, err(1001, 'fund_type')],
  ['fund_type outside the enum', { ...key, fund_type: 'fund-otc' }, err(1002, 'fund_type')],
  ['missing thscode', { fund_type: 'otc' }, err(1001, 'thscode')],
  ['two codes', { ...key, thscode: '025480.OF,510300.SH' }, err(1002, 'thscode')],
];

const reportDateCases: readonly ParamCase[] = [
  ...fundKeyCases,
  [
    'optional report_type filter',
    { ...key, report_type: 'quarter' },
    ok(sorted({ ...key, report_type: 'quarter' })),
  ],
];

const historyCases: readonly ParamCase[] = [
  [
    'report_type and end_date as discovered',
    { ...key, report_type: 'quarter', end_date: '2025-12-31' },
    ok(sorted({ ...key, report_type: 'quarter', end_date: '2025-12-31' })),
  ],
  ['missing report_type', { ...key, end_date: '2025-12-31' }, err(1001, 'report_type')],
  ['missing end_date', { ...key, report_type: 'quarter' }, err(1001, 'end_date')],
  ['missing fund_type', { thscode: '025480.OF', report_type: 'q', end_date: 'x' }, err(1001, 'fund_type')],
];

describe('fund groups from upstream-extras section 7', () => {
  paramSuite(ops, {
    'fund/profile/detail': fundKeyCases,
    'fund/corporate-actions/dividends': fundKeyCases,
    'fund/diagnostics/detail': fundKeyCases,
    'fund/news/article-list': [
      ...fundKeyCases.map(([l, q, e]): ParamCase => [
        l,
        q,
        'query' in e ? ok(sorted({ ...key, limit: '20' })) : e,
      ]),
      [
        'limit 100 and a cursor',
        { ...key, limit: '100', offset: 'eyJpZCI6OTl9' },
        ok(sorted({ ...key, limit: '100', offset: 'eyJpZCI6OTl9' })),
      ],
      ['limit 0', { ...key, limit: '0' }, err(1003, 'limit')],
      ['limit 101', { ...key, limit: '101' }, err(1003, 'limit')],
      ['cursor over 256 characters', { ...key, offset: 'c'.repeat(257) }, err(1003, 'offset')],
    ],
    'fund/offerings/list': [
      ['active', { subscribe: 'active' }, ok('subscribe=active')],
      ['missing subscribe', {}, err(1001, 'subscribe')],
      ['an upstream numeric enum', { subscribe: '1' }, err(1002, 'subscribe')],
      [
        'a fund_type, forwarded',
        { subscribe: 'active', fund_type: 'otc' },
        ok('fund_type=otc&subscribe=active'),
      ],
      ['fund_type outside the enum', { subscribe: 'active', fund_type: 'OTC' }, err(1002, 'fund_type')],
    ],
    'fund/companies/detail': [
      ['a company id', { company_id: '80000229' }, ok('company_id=80000229')],
      ['missing company_id', {}, err(1001, 'company_id')],
      ['id over 64 characters', { company_id: '8'.repeat(65) }, err(1003, 'company_id')],
      [
        'a fund_type, forwarded',
        { company_id: '80000229', fund_type: 'exchange' },
        ok('company_id=80000229&fund_type=exchange'),
      ],
    ],
    'fund/portfolio/industry-allocation': fundKeyCases,
    'fund/portfolio/asset-allocation': fundKeyCases,
    'fund/portfolio/stock-report-dates': reportDateCases,
    'fund/portfolio/stock-history': historyCases,
    'fund/portfolio/bond-report-dates': reportDateCases,
    'fund/portfolio/bond-history': historyCases,
  });

  const ts = 1767254400000;
  const reportDates = {
    timestamp: ts,
    item: [
      {
        report_type: 'quarter',
        report_type_name: '季报',
        start_date_ms: 1759248000000,
        end_date_ms: 1767110400000,
      },
    ],
  };
  const history = {
    timestamp: ts,
    item: [
      {
        thscode: '019727.SH',
        ticker: '019727',
        name: '23国债24',
        asset_type: 'bond',
        hold_ratio: 4.1,
        market_value: 120000000,
        period_increase_pct: null,
        rank: 1,
        report_type: 'quarter',
        end_date_ms: 1767110400000,
      },
    ],
  };
  dataSuite(
    ops,
    {
      'fund/profile/detail': {
        timestamp: ts,
        item: [
          {
            thscode: '025480.OF',
            ticker: '025480',
            fund_name: null,
            estab_date: null,
            company_id: '80000229',
            mgmt_name: '易方达基金管理有限公司',
            manager_name: '张坤',
            fund_scale: 1.23e9,
            unit_nav: 1.2345,
            manager_info: [
              {
                manager_id: '30189744',
                manager_name: '张坤',
                tenure_return_pct: 12.3,
                tenure_days: 412,
                start_date_ms: 1731600000000,
                end_date_ms: null,
              },
            ],
            trade_rule: [{ title: '申购确认', display_time: 'T+1', time_ms: null }],
            rate_info: [
              {
                rate_type: '申购费',
                charge_mode: '前端',
                condition: '<100万',
                standard_rate: '1.50%',
                discounted_rate: 0.15,
              },
            ],
          },
        ],
      },
      'fund/corporate-actions/dividends': {
        timestamp: ts,
        dividend_count: 3,
        dividend_total: 0.45,
        item: [
          {
            per_ten_cash_before_tax: 0.15,
            per_ten_cash_after_tax: 0.15,
            progress: '实施',
            publish_date_ms: 1750000000000,
            registration_date_ms: 1750300000000,
            ex_dividend_date_ms: 1750300000000,
            payment_date_ms: null,
            reinvestment_date_ms: null,
            profit_base_date_ms: 1748620800000,
            in_dividend_date_ms: 1750300000000,
          },
        ],
      },
      'fund/diagnostics/detail': {
        timestamp: ts,
        item: [
          {
            thscode: '025480.OF',
            ticker: '025480',
            fund_type: 'otc',
            peer_code: 'G001',
            dimensions: { return: 80 },
            peer_dimensions: null,
            probabilities: [0.2, 0.5],
            ranges: null,
            resilience: { score: 3 },
            peer_resilience: null,
          },
        ],
      },
      'fund/news/article-list': {
        timestamp: ts,
        limit: 20,
        offset: 'eyJpZCI6OTl9',
        has_more: true,
        item: [
          {
            id: 'a1',
            content_type: 'news',
            title: '基金经理季度观点',
            summary: null,
            source: '同花顺',
            url: 'https://example.com/a1',
            image_url: null,
            author: null,
            publish_time_ms: 1767250000000,
            top: false,
          },
        ],
      },
      'fund/offerings/list': {
        timestamp: ts,
        item: [
          {
            thscode: null,
            ticker: '026001',
            subscription_start_ms: 1767283200000,
            subscription_end_ms: 1768060800000,
          },
        ],
      },
      'fund/companies/detail': {
        timestamp: ts,
        item: [
          {
            company_id: '80000229',
            company_name: '易方达基金管理有限公司',
            company_type: null,
            established_date_ms: 1017590400000,
            fund_count: 700,
            scale: null,
          },
        ],
      },
      'fund/portfolio/industry-allocation': {
        timestamp: ts,
        item: [{ report_period: '2025-12-31', industry_name: '制造业', ratio_pct: 45.2 }],
      },
      'fund/portfolio/asset-allocation': {
        timestamp: ts,
        item: [
          {
            report_date_ms: 1767110400000,
            stock_ratio_pct: 91.2,
            bond_ratio_pct: 2.1,
            deposit_ratio_pct: 6.5,
            other_ratio_pct: null,
          },
        ],
      },
      'fund/portfolio/stock-report-dates': reportDates,
      'fund/portfolio/stock-history': history,
      'fund/portfolio/bond-report-dates': reportDates,
      'fund/portfolio/bond-history': history,
    },
    {
      'fund/news/article-list': { timestamp: ts, limit: 20, offset: null, item: [] },
      'fund/profile/detail': { timestamp: ts, item: [{ thscode: '025480.OF', unit_nav: '1.2345' }] },
    },
  );
});
