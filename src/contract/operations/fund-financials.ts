import { z } from 'zod';
import { defineOperations } from '../operation';
import { ms, numOrNull } from '../common';
import { fundRecords, fundRef } from './fund-common';

// Every financial record is one report period; figures are null when not disclosed (fund rule).
const period = {
  start_date_ms: ms,
  end_date_ms: ms,
  publish_date_ms: ms,
};

export const fundIndicatorsItem = z.looseObject({
  ...period,
  distribution_profit: numOrNull,
  current_profit: numOrNull,
  current_income: numOrNull,
  distribution_share_profit: numOrNull,
  average_nav_profit_margin: numOrNull,
  average_share_current_profit: numOrNull,
  share_nav: numOrNull,
  sum_share_nav: numOrNull,
  asset_nav: numOrNull,
  sum_nav_rate: numOrNull,
  nav_rate: numOrNull,
});

export const fundIncomeItem = z.looseObject({
  ...period,
  income: numOrNull,
  total_income: numOrNull,
  investment_income: numOrNull,
  stock_investment_income: numOrNull,
  bond_investment_income: numOrNull,
  fund_investment_income: numOrNull,
  dividend_income: numOrNull,
  interest_income: numOrNull,
  fair_value_income: numOrNull,
  exchange_income: numOrNull,
  other_income: numOrNull,
  fee: numOrNull,
  total_fee: numOrNull,
  manager_reward: numOrNull,
  custodian_fee: numOrNull,
  transaction_cost: numOrNull,
  tax_surcharge: numOrNull,
  total_profit: numOrNull,
  net_profit: numOrNull,
});

export const fundBalanceItem = z.looseObject({
  ...period,
  total_assets: numOrNull,
  bank_deposit: numOrNull,
  fund_investment: numOrNull,
  stock_investment: numOrNull,
  bond_investment: numOrNull,
  transactional_financial_assets: numOrNull,
  other_assets: numOrNull,
  total_liability: numOrNull,
  other_liability: numOrNull,
  owner_total_equity: numOrNull,
  undistributed_profit: numOrNull,
  liability_and_owner_equity: numOrNull,
});

export const fundFinancialOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/financials/indicators': fundRecords(
      'Per-period financial indicators of one fund (distributable profit, NAV growth, ...)',
      fundRef(),
      fundIndicatorsItem,
    ),
    'fund/financials/income-statements': fundRecords(
      'Per-period income statements of one fund',
      fundRef(),
      fundIncomeItem,
    ),
    'fund/financials/balance-sheets': fundRecords(
      'Per-period balance sheets of one fund',
      fundRef(),
      fundBalanceItem,
    ),
  },
);
