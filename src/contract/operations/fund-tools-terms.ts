/**
 * Words and limits of the fund-tools operations (fund-tools.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

/** `time_type` of the indicator line's `time_range`: one point per day, week or month. */
export const INDICATOR_TIME_TYPES = ['DAY_1', 'WEEK_1', 'MONTH_1'] as const;

export type IndicatorTimeType = (typeof INDICATOR_TIME_TYPES)[number];

/** Indicator ids the dashboard offers for the generic line and table operations. */
export const FUND_INDICATOR_IDS = [
  'unit_nav',
  'adj_nav',
  'accumulated_nav',
  'fund_scale',
  'rsi_pct',
  'donchian_channel',
  'track_index_pe_ttm_five_year_percentile',
  'return_month',
  'return_year',
  'max_drawdown_year',
] as const;

export type FundIndicatorId = (typeof FUND_INDICATOR_IDS)[number];

/** `buy_frequency_type` of the back-test: how often the buy conditions are checked. */
export const BACKTEST_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;

export type BacktestFrequency = (typeof BACKTEST_FREQUENCIES)[number];

/** QDII quota categories (`tab` values): popular, then one per market theme. */
export const QDII_QUOTA_TABS = [
  'remen',
  'nazhi100',
  'biaopu500',
  'zhonggai',
  'hengsheng',
  'quanqiu',
  'yuanyou',
] as const;

export type QdiiQuotaTab = (typeof QDII_QUOTA_TABS)[number];

/**
 * The dashboard's back-test plan (what its form sends and its links keep): conditions per side, most buys
 * and the largest amount per buy. The service documents none of these limits; they bound what a link can ask.
 */
export const BACKTEST_PLAN_LIMITS = { conditions: 5, maxBuys: 1000, perBuyMax: 1e9 } as const;
