import { indicatorBaseId } from '../../contract/operations/financials';
import type { Language } from '../../lib/i18n';
import { formatFigure, parseDecimal, type FigureKind } from '../../lib/format';
import type { StatementKind } from './url-state';

/**
 * Rows of the statements and the indicators, with labels in both languages. Labels are data here (one
 * per field of the contract), not UI phrases, so they live next to the field lists rather than in the
 * dictionary.
 */

type Label = Readonly<Record<Language, string>>;

export const INCOME_FIELDS = [
  'operating_income',
  'operating_costs',
  'operating_expenses',
  'sales_fee',
  'manage_fee',
  'research_and_development_expenses',
  'operating_profit',
  'interest_expenses',
  'profit_total',
  'income_tax_expense',
  'net_profit',
  'parent_holder_net_profit',
  'basic_eps',
] as const;

export const BALANCE_FIELDS = [
  'assets_total',
  'total_current_assets',
  'non_current_nets_total',
  'cash',
  'accounts_receivable',
  'total_debt',
  'holder_equity_total',
] as const;

export const CASHFLOW_FIELDS = [
  'act_cash_flow_net',
  'invest_cash_flow_net',
  'financing_cash_flow_net',
  'pay_fixed_assets_etc_cash',
  'pay_dividends_profits_interest_cash',
  'cash_equivalents_net_addition',
] as const;

export type StatementField =
  (typeof INCOME_FIELDS)[number] | (typeof BALANCE_FIELDS)[number] | (typeof CASHFLOW_FIELDS)[number];

export const STATEMENT_FIELDS: Readonly<Record<StatementKind, readonly StatementField[]>> = {
  income: INCOME_FIELDS,
  balance: BALANCE_FIELDS,
  cashflow: CASHFLOW_FIELDS,
};

export const FIELD_LABELS: Readonly<Record<StatementField, Label>> = {
  operating_income: { 'zh-CN': '营业收入', en: 'Operating income' },
  operating_costs: { 'zh-CN': '营业成本', en: 'Operating costs' },
  operating_expenses: { 'zh-CN': '营业总成本', en: 'Operating expenses' },
  sales_fee: { 'zh-CN': '销售费用', en: 'Selling expenses' },
  manage_fee: { 'zh-CN': '管理费用', en: 'Administrative expenses' },
  research_and_development_expenses: { 'zh-CN': '研发费用', en: 'R&D expenses' },
  operating_profit: { 'zh-CN': '营业利润', en: 'Operating profit' },
  interest_expenses: { 'zh-CN': '利息费用', en: 'Interest expenses' },
  profit_total: { 'zh-CN': '利润总额', en: 'Total profit' },
  income_tax_expense: { 'zh-CN': '所得税费用', en: 'Income tax' },
  net_profit: { 'zh-CN': '净利润', en: 'Net profit' },
  parent_holder_net_profit: { 'zh-CN': '归母净利润', en: 'Net profit to parent' },
  basic_eps: { 'zh-CN': '基本每股收益（元）', en: 'Basic EPS (CNY)' },
  assets_total: { 'zh-CN': '资产总计', en: 'Total assets' },
  total_current_assets: { 'zh-CN': '流动资产合计', en: 'Current assets' },
  non_current_nets_total: { 'zh-CN': '非流动资产合计', en: 'Non-current assets' },
  cash: { 'zh-CN': '货币资金', en: 'Cash' },
  accounts_receivable: { 'zh-CN': '应收账款', en: 'Accounts receivable' },
  total_debt: { 'zh-CN': '负债合计', en: 'Total liabilities' },
  holder_equity_total: { 'zh-CN': '所有者权益合计', en: 'Total equity' },
  act_cash_flow_net: { 'zh-CN': '经营活动现金流量净额', en: 'Net operating cash flow' },
  invest_cash_flow_net: { 'zh-CN': '投资活动现金流量净额', en: 'Net investing cash flow' },
  financing_cash_flow_net: { 'zh-CN': '筹资活动现金流量净额', en: 'Net financing cash flow' },
  pay_fixed_assets_etc_cash: { 'zh-CN': '购建固定资产等支付的现金', en: 'Capital expenditure' },
  pay_dividends_profits_interest_cash: {
    'zh-CN': '分配股利、利润或偿付利息支付的现金',
    en: 'Dividends and interest paid',
  },
  cash_equivalents_net_addition: { 'zh-CN': '现金及现金等价物净增加额', en: 'Net change in cash' },
};

/** Per-share figures are in yuan, not comparable in scale with amounts: shown as plain numbers. */
export const PER_SHARE_FIELDS: ReadonlySet<StatementField> = new Set<StatementField>(['basic_eps']);

export function isStatementField(kind: StatementKind, value: string | undefined): value is StatementField {
  return value !== undefined && STATEMENT_FIELDS[kind].some((field) => field === value);
}

export const ABILITY_LABELS: Readonly<Record<string, Label>> = {
  growth: { 'zh-CN': '成长能力', en: 'Growth' },
  profitability: { 'zh-CN': '盈利能力', en: 'Profitability' },
  solvency: { 'zh-CN': '偿债能力', en: 'Solvency' },
  operation: { 'zh-CN': '营运能力', en: 'Operation' },
  'cash-flow': { 'zh-CN': '现金流量', en: 'Cash flow' },
};

type Unit = Extract<FigureKind, 'percent' | 'times' | 'turnover' | 'ratio'>;

/** Percent-type indicators are percent values; ratios, multiples and turnovers use their natural unit. */
/** Keyed by base id: `calculate_x` reads the entry of `x` (indicatorInfo). */
export const INDICATOR_INFO: Readonly<Record<string, { label: Label; unit: Unit }>> = {
  total_assets_growth_ratio: {
    label: { 'zh-CN': '总资产同比增长', en: 'Total assets growth' },
    unit: 'percent',
  },
  net_profit_yoy_growth_ratio: {
    label: { 'zh-CN': '净利润同比增长', en: 'Net profit YoY' },
    unit: 'percent',
  },
  parent_holder_net_profit_yoy_growth_ratio: {
    label: { 'zh-CN': '归母净利润同比增长', en: 'Net profit to parent YoY' },
    unit: 'percent',
  },
  operating_income_yoy_growth_ratio: {
    label: { 'zh-CN': '营业收入同比增长', en: 'Operating income YoY' },
    unit: 'percent',
  },
  operating_profit_yoy_growth_ratio: {
    label: { 'zh-CN': '营业利润同比增长', en: 'Operating profit YoY' },
    unit: 'percent',
  },
  sale_gross_margin: { label: { 'zh-CN': '销售毛利率', en: 'Gross margin' }, unit: 'percent' },
  sale_net_interest_ratio: { label: { 'zh-CN': '销售净利率', en: 'Net margin' }, unit: 'percent' },
  total_assets_net_ratio: { label: { 'zh-CN': '总资产净利率', en: 'Return on assets' }, unit: 'percent' },
  index_deduct_weighted_avg_roe: {
    label: { 'zh-CN': '扣非加权净资产收益率', en: 'ROE, weighted, recurring' },
    unit: 'percent',
  },
  index_weighted_avg_roe: { label: { 'zh-CN': '加权净资产收益率', en: 'ROE, weighted' }, unit: 'percent' },
  current_ratio: { label: { 'zh-CN': '流动比率', en: 'Current ratio' }, unit: 'ratio' },
  quick_ratio: { label: { 'zh-CN': '速动比率', en: 'Quick ratio' }, unit: 'ratio' },
  assets_debt_ratio: { label: { 'zh-CN': '资产负债率', en: 'Debt to assets' }, unit: 'percent' },
  cash_ratio: { label: { 'zh-CN': '现金比率', en: 'Cash ratio' }, unit: 'ratio' },
  earned_interest_multiple: { label: { 'zh-CN': '已获利息倍数', en: 'Interest coverage' }, unit: 'times' },
  long_term_debt_equity_ratio: {
    label: { 'zh-CN': '长期负债权益比', en: 'Long-term debt to equity' },
    unit: 'ratio',
  },
  total_assets_turnover_ratio: {
    label: { 'zh-CN': '总资产周转率', en: 'Total asset turnover' },
    unit: 'turnover',
  },
  inventory_turnover_ratio: { label: { 'zh-CN': '存货周转率', en: 'Inventory turnover' }, unit: 'turnover' },
  current_assets_turnover_ratio: {
    label: { 'zh-CN': '流动资产周转率', en: 'Current asset turnover' },
    unit: 'turnover',
  },
  receive_account_turnover_ratio: {
    label: { 'zh-CN': '应收账款周转率', en: 'Receivables turnover' },
    unit: 'turnover',
  },
  cash_operating_index: { label: { 'zh-CN': '经营现金指数', en: 'Operating cash index' }, unit: 'ratio' },
  operating_cash_flow_net_divide_income: {
    label: { 'zh-CN': '经营现金流/营业收入', en: 'Operating cash flow / income' },
    unit: 'ratio',
  },
  net_profit_cash_content: {
    label: { 'zh-CN': '净利润现金含量', en: 'Cash content of profit' },
    unit: 'percent',
  },
  operating_cash_net_yoy_growth_ratio: {
    label: { 'zh-CN': '经营现金流同比增长', en: 'Operating cash flow YoY' },
    unit: 'percent',
  },
  cash_meet_invest_ratio: {
    label: { 'zh-CN': '现金满足投资比率', en: 'Cash to investment needs' },
    unit: 'ratio',
  },
};

/**
 * The value with its kind's precision and unit (src/lib/format.ts), so that 93.121 and -3.1317 read as
 * 93.12% and -3.13%; null or text that is not a number is a dash.
 */
export function formatIndicator(indexId: string, value: string | null, lang: Language): string {
  return formatFigure(parseDecimal(value), indicatorInfo(indexId)?.unit ?? 'ratio', lang);
}

export function indicatorLabel(indexId: string, lang: Language): string {
  return indicatorInfo(indexId)?.label[lang] ?? indexId;
}

function indicatorInfo(indexId: string): { label: Label; unit: Unit } | undefined {
  return INDICATOR_INFO[indicatorBaseId(indexId)];
}

export function abilityLabel(ability: string, lang: Language): string {
  return ABILITY_LABELS[ability]?.[lang] ?? ability;
}
