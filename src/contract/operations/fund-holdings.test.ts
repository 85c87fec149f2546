import { describe } from 'vitest';
import { fundHoldingOperations as ops } from './fund-holdings';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const F = '005827.OF';

describe('fund holders and holdings', () => {
  paramSuite(ops, {
    'fund/holders/detail': [
      ['defaults merge_scope to all', { thscode: F }, ok('merge_scope=all&thscode=005827.OF')],
      ['one scope', { thscode: F, merge_scope: 'separate' }, ok('merge_scope=separate&thscode=005827.OF')],
      ['scope outside the enum', { thscode: F, merge_scope: 'both' }, err(1002, 'merge_scope')],
      [
        "the vendor's fund_type",
        { thscode: F, fund_type: 'otc' },
        ok('fund_type=otc&merge_scope=all&thscode=005827.OF'),
      ],
      ['missing thscode', { merge_scope: 'merged' }, err(1001, 'thscode')],
    ],
    'fund/holders/top': [
      ['no limit sent: none injected', { thscode: F }, ok('thscode=005827.OF')],
      ['limit 10', { thscode: F, limit: '10' }, ok('limit=10&thscode=005827.OF')],
      ["the vendor's fund_type", { thscode: F, fund_type: 'otc' }, ok('fund_type=otc&thscode=005827.OF')],
      ['limit 11', { thscode: F, limit: '11' }, err(1003, 'limit')],
      ['limit 0', { thscode: F, limit: '0' }, err(1003, 'limit')],
      ['limit not an integer', { thscode: F, limit: 'ten' }, err(1002, 'limit')],
      ['missing thscode', {}, err(1001, 'thscode')],
    ],
    'fund/portfolio/holdings': [
      ['one fund', { thscode: F }, ok('thscode=005827.OF')],
      ["the vendor's fund_type", { thscode: F, fund_type: 'otc' }, ok('fund_type=otc&thscode=005827.OF')],
      ['fund_type outside the enum', { thscode: F, fund_type: 'fund-otc' }, err(1002, 'fund_type')],
      ['missing thscode', {}, err(1001, 'thscode')],
      ['two codes', { thscode: `${F},110022.OF` }, err(1002, 'thscode')],
    ],
  });

  dataSuite(
    ops,
    {
      'fund/holders/detail': {
        timestamp: 1751212800000,
        item: [
          {
            merge_scope: 'merged',
            report_date_ms: 1751212800000,
            ins_position: 3.21,
            holder_amount: 1523400,
            avg_holder_share: 9421.5,
            psnl_rate: 96.79,
            mgmt_staff_hold_rate: null,
          },
          {
            merge_scope: 'separate',
            report_date_ms: 1735574400000,
            ins_position: null,
            holder_amount: null,
            avg_holder_share: null,
            psnl_rate: null,
            mgmt_staff_hold_rate: 0.01,
          },
        ],
      },
      'fund/holders/top': {
        timestamp: 1751212800000,
        limit: 10,
        item: [
          {
            holder_id: 'H0001',
            holder_code: null,
            holder_name: '中国人寿保险股份有限公司',
            holder_type: '保险公司',
            rank: 1,
            hold_share: 120300000,
            hold_rate_pct: 2.43,
            report_date_ms: 1751212800000,
            publish_date_ms: 1756310400000,
          },
        ],
      },
      'fund/portfolio/holdings': {
        timestamp: 1767254400000,
        total_stock_ratio_pct: 93.1,
        turnover_rate_pct: null,
        main_industry: '食品饮料',
        item: [
          {
            thscode: '600519.SH',
            ticker: '600519',
            stock_name: '贵州茅台',
            hold_ratio: 9.87,
            asset_type: 'stock',
            position_capital: 4520000000,
            position_count: 3650000,
            security_market_value_rate_pct: 9.87,
            period_increase_rate_pct: null,
            investment_rank: 1,
            start_date_ms: 1743436800000,
            end_date_ms: 1751212800000,
            publish_date_ms: 1753372800000,
            modify_time_ms: null,
            x_item_extra: true,
          },
        ],
      },
    },
    {
      'fund/holders/top': { timestamp: 1751212800000, item: [] },
      'fund/holders/detail': {
        timestamp: 1751212800000,
        item: [{ merge_scope: 'merged', report_date_ms: 1.5 }],
      },
    },
  );
});
