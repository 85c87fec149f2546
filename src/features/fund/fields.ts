import { defineMessages } from '../../lib/i18n';
import type { Statement } from './url-state';

/**
 * The lines of the three fund statements, in reading order, with their names (the field names are the
 * contract's, spec file 001 "Fund financial resources"). Amounts are CNY; the two `*_rate` indicators
 * are percent values.
 */
const LABELS = {
  distribution_profit: ['可供分配利润', 'Distributable profit'],
  current_profit: ['本期利润', 'Profit for the period'],
  current_income: ['本期已实现收益', 'Realised income'],
  distribution_share_profit: ['期末可供分配份额利润', 'Distributable profit per unit'],
  average_nav_profit_margin: ['加权平均净值利润率', 'Weighted average NAV margin'],
  average_share_current_profit: ['加权平均份额本期利润', 'Profit per weighted unit'],
  share_nav: ['期末份额净值', 'NAV per unit'],
  sum_share_nav: ['期末累计份额净值', 'Accumulated NAV per unit'],
  asset_nav: ['期末资产净值', 'Net assets'],
  sum_nav_rate: ['累计净值增长率', 'Cumulative NAV growth'],
  nav_rate: ['本期净值增长率', 'NAV growth in the period'],
  income: ['收入', 'Income'],
  total_income: ['收入合计', 'Total income'],
  investment_income: ['投资收益', 'Investment income'],
  stock_investment_income: ['股票投资收益', 'from stocks'],
  bond_investment_income: ['债券投资收益', 'from bonds'],
  fund_investment_income: ['基金投资收益', 'from funds'],
  dividend_income: ['股利收益', 'Dividend income'],
  interest_income: ['利息收入', 'Interest income'],
  fair_value_income: ['公允价值变动收益', 'Fair value changes'],
  exchange_income: ['汇兑收益', 'FX gains'],
  other_income: ['其他收入', 'Other income'],
  fee: ['费用', 'Expenses'],
  total_fee: ['费用合计', 'Total expenses'],
  manager_reward: ['管理人报酬', 'Management fee'],
  custodian_fee: ['托管费', 'Custody fee'],
  transaction_cost: ['交易费用', 'Transaction costs'],
  tax_surcharge: ['税金及附加', 'Taxes and surcharges'],
  total_profit: ['利润总额', 'Total profit'],
  net_profit: ['净利润', 'Net profit'],
  total_assets: ['资产总计', 'Total assets'],
  bank_deposit: ['银行存款', 'Bank deposits'],
  fund_investment: ['基金投资', 'Fund investments'],
  stock_investment: ['股票投资', 'Stock investments'],
  bond_investment: ['债券投资', 'Bond investments'],
  transactional_financial_assets: ['交易性金融资产', 'Financial assets held for trading'],
  other_assets: ['其他资产', 'Other assets'],
  total_liability: ['负债合计', 'Total liabilities'],
  other_liability: ['其他负债', 'Other liabilities'],
  owner_total_equity: ['所有者权益合计', "Owners' equity"],
  undistributed_profit: ['未分配利润', 'Undistributed profit'],
  liability_and_owner_equity: ['负债和所有者权益总计', "Liabilities and owners' equity"],
} as const;

export type StatementField = keyof typeof LABELS;

export const STATEMENT_FIELDS: Record<Statement, readonly StatementField[]> = {
  indicators: [
    'distribution_profit',
    'current_profit',
    'current_income',
    'distribution_share_profit',
    'average_nav_profit_margin',
    'average_share_current_profit',
    'share_nav',
    'sum_share_nav',
    'asset_nav',
    'sum_nav_rate',
    'nav_rate',
  ],
  income: [
    'income',
    'total_income',
    'investment_income',
    'stock_investment_income',
    'bond_investment_income',
    'fund_investment_income',
    'dividend_income',
    'interest_income',
    'fair_value_income',
    'exchange_income',
    'other_income',
    'fee',
    'total_fee',
    'manager_reward',
    'custodian_fee',
    'transaction_cost',
    'tax_surcharge',
    'total_profit',
    'net_profit',
  ],
  balance: [
    'total_assets',
    'bank_deposit',
    'fund_investment',
    'stock_investment',
    'bond_investment',
    'transactional_financial_assets',
    'other_assets',
    'total_liability',
    'other_liability',
    'owner_total_equity',
    'undistributed_profit',
    'liability_and_owner_equity',
  ],
};

/** How a line reads: an amount in 万/亿, a per-unit figure, or a percent. */
export function fieldKind(field: StatementField): 'amount' | 'perUnit' | 'percent' {
  if (field === 'sum_nav_rate' || field === 'nav_rate' || field === 'average_nav_profit_margin')
    return 'percent';
  if (
    field === 'distribution_share_profit' ||
    field === 'average_share_current_profit' ||
    field === 'share_nav' ||
    field === 'sum_share_nav'
  )
    return 'perUnit';
  return 'amount';
}

export const fieldLabels = defineMessages(LABELS);
