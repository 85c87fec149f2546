import { describe } from 'vitest';
import { fundManagerOperations as ops } from './fund-managers';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const M = '30189744';
const tooLong = 'm'.repeat(65);

describe('fund managers', () => {
  paramSuite(ops, {
    'fund/managers/investment-style': [
      ['one manager', { manager_id: M }, ok('manager_id=30189744')],
      ['missing manager_id', {}, err(1001, 'manager_id')],
      ['id over 64 characters', { manager_id: tooLong }, err(1003, 'manager_id')],
      [
        'a fund_type, forwarded',
        { manager_id: M, fund_type: 'otc' },
        ok('fund_type=otc&manager_id=30189744'),
      ],
      ['fund_type outside the enum', { manager_id: M, fund_type: 'fund-otc' }, err(1002, 'fund_type')],
    ],
    'fund/managers/performance': [
      ['a range', { manager_id: M, range: 'nowyear' }, ok('manager_id=30189744&range=nowyear')],
      ['missing range', { manager_id: M }, err(1001, 'range')],
      ['range outside the enum', { manager_id: M, range: 'week' }, err(1002, 'range')],
      ['missing manager_id', { range: 'now' }, err(1001, 'manager_id')],
      [
        'a fund_type, forwarded',
        { manager_id: M, range: 'now', fund_type: 'exchange' },
        ok('fund_type=exchange&manager_id=30189744&range=now'),
      ],
    ],
    'fund/managers/experience': [
      ['one manager', { manager_id: M }, ok('manager_id=30189744')],
      ['missing manager_id', {}, err(1001, 'manager_id')],
      ['id over 64 characters', { manager_id: tooLong }, err(1003, 'manager_id')],
      [
        'a fund_type, forwarded',
        { manager_id: M, fund_type: 'reits' },
        ok('fund_type=reits&manager_id=30189744'),
      ],
    ],
    'fund/managers/detail': [
      ['one manager', { manager_id: M }, ok('manager_id=30189744')],
      ['missing manager_id', {}, err(1001, 'manager_id')],
      ['a thscode instead', { manager_id: M, thscode: '110022.OF' }, err(1002, 'thscode')],
      ['fund_type outside the enum', { manager_id: M, fund_type: 'etf' }, err(1002, 'fund_type')],
    ],
  });

  const ts = 1767254400000;
  dataSuite(
    ops,
    {
      'fund/managers/investment-style': {
        timestamp: ts,
        item: [
          {
            representative_fund_thscode: null,
            representative_fund_ticker: null,
            representative_fund_name: null,
            investment_idea: '自下而上精选个股，关注长期成长',
            total_fund_scale: 35210000000,
            industry_preferences: [{ industry: '食品饮料', ratio: 31.2 }],
          },
        ],
      },
      'fund/managers/performance': {
        timestamp: ts,
        item: [
          {
            date_ms: 1767110400000,
            manager_return_pct: 12.1,
            peer_return_pct: 8.4,
            benchmark_return_pct: null,
          },
        ],
      },
      'fund/managers/experience': {
        timestamp: ts,
        item: [{ awards: null, heavy_assets: { stocks: [] }, investment_history: { funds: 7 } }],
      },
      'fund/managers/detail': {
        timestamp: ts,
        item: [
          {
            manager_id: M,
            manager_name: '张坤',
            sex: '男',
            degree: null,
            company_id: '80000229',
            company_name: '易方达基金管理有限公司',
            resume: null,
            photo_url: null,
            annual_return_pct: 14.27,
            maximum_return_pct: null,
            radar_comparison: [
              {
                fund_category: '混合型',
                horizon: '3y',
                manager_metrics: { annual_return_pct: 14.27 },
                manager_scores: { return_score: 82 },
                peer_average_scores: { return_score: 61.5 },
              },
            ],
            x_item_extra: 1,
          },
        ],
      },
    },
    {
      'fund/managers/detail': { timestamp: ts, item: [{ manager_id: 30189744, manager_name: '张坤' }] },
      'fund/managers/performance': { timestamp: ts, item: [{ date_ms: null }] },
    },
  );
});
