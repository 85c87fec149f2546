import { describe } from 'vitest';
import { fundFinancialOperations as ops } from './fund-financials';
import { dataSuite, err, ok, paramSuite } from './operation-suites.testkit';

const thscodeCases = [
  ['one fund', { thscode: '510300.SH' }, ok('thscode=510300.SH')],
  ['missing thscode', {}, err(1001, 'thscode')],
  ['two codes', { thscode: '510300.SH,159919.SZ' }, err(1002, 'thscode')],
  ['an upstream market code', { thscode: 'OF110022' }, err(1002, 'thscode')],
  [
    "the vendor's fund_type",
    { thscode: '510300.SH', fund_type: 'exchange' },
    ok('fund_type=exchange&thscode=510300.SH'),
  ],
  ['fund_type outside the enum', { thscode: '510300.SH', fund_type: 'etf' }, err(1002, 'fund_type')],
] as const;

const period = { start_date_ms: 1735660800000, end_date_ms: 1751212800000, publish_date_ms: 1756310400000 };

describe('fund financials', () => {
  paramSuite(ops, {
    'fund/financials/indicators': thscodeCases,
    'fund/financials/income-statements': thscodeCases,
    'fund/financials/balance-sheets': thscodeCases,
  });

  dataSuite(
    ops,
    {
      'fund/financials/indicators': {
        timestamp: 1767254400000,
        item: [
          {
            ...period,
            distribution_profit: 1523000000.5,
            current_profit: 2301000000,
            current_income: null,
            distribution_share_profit: 0.0712,
            average_nav_profit_margin: 2.1,
            average_share_current_profit: 0.11,
            share_nav: 4.021,
            sum_share_nav: 4.521,
            asset_nav: 88123000000,
            sum_nav_rate: null,
            nav_rate: 3.2,
          },
        ],
      },
      'fund/financials/income-statements': {
        timestamp: 1767254400000,
        item: [
          {
            ...period,
            income: 2500000000,
            total_income: 2500000000,
            investment_income: 1800000000,
            stock_investment_income: 1700000000,
            bond_investment_income: 90000000,
            fund_investment_income: null,
            dividend_income: 410000000,
            interest_income: 2100000,
            fair_value_income: 690000000,
            exchange_income: null,
            other_income: 150000,
            fee: 210000000,
            total_fee: 210000000,
            manager_reward: 160000000,
            custodian_fee: 27000000,
            transaction_cost: 21000000,
            tax_surcharge: null,
            total_profit: 2290000000,
            net_profit: 2290000000,
          },
        ],
      },
      'fund/financials/balance-sheets': {
        timestamp: 1767254400000,
        item: [
          {
            ...period,
            total_assets: 90200000000,
            bank_deposit: 3100000000,
            fund_investment: null,
            stock_investment: 85000000000,
            bond_investment: 1200000000,
            transactional_financial_assets: 86200000000,
            other_assets: 900000000,
            total_liability: 2070000000,
            other_liability: null,
            owner_total_equity: 88130000000,
            undistributed_profit: 12000000000,
            liability_and_owner_equity: 90200000000,
            x_item_extra: 'kept',
          },
        ],
      },
    },
    { 'fund/financials/indicators': { timestamp: 1767254400000, item: [{ ...period, share_nav: '4.021' }] } },
  );
});
