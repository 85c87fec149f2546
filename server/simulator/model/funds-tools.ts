import { dateOf, dayOf, tradingDayAt, tradingIndexOnOrBefore, weekday } from './calendar';
import { addYearsToDate } from '../../../src/contract/time';
import type { BacktestFrequency, QdiiQuotaTab } from '../../../src/contract/operations/fund-tools';
import { closeAt, firstBarIndex } from './prices';
import { Rng, round } from './random';
import type { Stock } from './universe';
import type { Fund } from './funds';
import { etfBar } from './funds-market';
import {
  accumulatedAt,
  adjAt,
  donchianAt,
  navSeries,
  pePercentileAt,
  rsiAt,
  scaleAt,
  unitAt,
  windowDrawdown,
  windowReturn,
  windowStart,
  type NavSeries,
  type Window,
} from './funds-nav';

/**
 * The generic indicator catalogue (line and table operations), the back-test engine and the QDII
 * purchase quotas. Every value is read from the same net-value model as the fund operations, so an
 * indicator at a date equals what the dedicated operation reports for it.
 */

export type Entity = { kind: 'fund'; fund: Fund } | { kind: 'stock'; stock: Stock };

const WINDOW_NAMES: Record<string, Window> = {
  week: 'week',
  month: 'month',
  tmonth: 'tmonth',
  hyear: 'hyear',
  year: 'year',
  twoyear: 'twoyear',
  tyear: 'tyear',
  fyear: 'fyear',
  nowyear: 'nowyear',
  now: 'now',
};

/** `return_month`, `returnMonth`, `maxDrawDownTMonth`, `max_drawdown_year` ... → the metric and window. */
function windowMetric(id: string): { metric: 'return' | 'drawdown'; window: Window } | null {
  const m = /^(return|maxdrawdown|max_drawdown)_?([a-z]+)$/.exec(id.toLowerCase());
  const window = m?.[2] !== undefined ? WINDOW_NAMES[m[2]] : undefined;
  if (!m || window === undefined) return null;
  return { metric: m[1] === 'return' ? 'return' : 'drawdown', window };
}

const NUMERIC_FUND: Record<string, (s: NavSeries, t: number) => number | null> = {
  unit_nav: (s, t) => unitAt(s, t),
  adj_nav: (s, t) => adjAt(s, t),
  accumulated_nav: (s, t) => accumulatedAt(s, t),
  fund_scale: (s, t) => scaleAt(s, t),
  rsi_pct: (s, t) => rsiAt(s, t),
  donchian_channel: (s, t) => donchianAt(s, t),
  track_index_pe_ttm_five_year_percentile: (s, t) => pePercentileAt(s.fund, t),
  close_price: (s, t) =>
    s.fund.instrument.assetType === 'fund-etf' ? (etfBar(s.fund, t)?.close ?? null) : null,
};

/** camelCase ids as the vendor samples use them (unitNav, fundScale ...) map to the snake_case ones. */
function canonical(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export type ValueType = 'double' | 'string';

/** The type of an indicator, or null when the simulator does not know it. */
export function valueType(id: string): ValueType | null {
  const key = canonical(id);
  if (key === 'fund_name' || key === 'stock_name' || key === 'fund_type') return 'string';
  if (key in NUMERIC_FUND || windowMetric(id) !== null) return 'double';
  return null;
}

/** Value of an indicator for an entity at a trading index (null before it existed or when unknown). */
export function metricAt(entity: Entity, id: string, t: number): number | string | null {
  const key = canonical(id);
  if (entity.kind === 'stock') {
    const s = entity.stock;
    if (t < firstBarIndex(s)) return null;
    if (key === 'close_price') return closeAt(s, t);
    if (key === 'stock_name') return s.name;
    return null;
  }
  const series = navSeries(entity.fund);
  if (key === 'fund_name') return entity.fund.name;
  if (key === 'fund_type') return entity.fund.fundType;
  if (t < series.first) return null;
  const numeric = NUMERIC_FUND[key];
  if (numeric) return numeric(series, t);
  const wm = windowMetric(id);
  if (!wm) return null;
  const start = windowStart(series, wm.window, t);
  if (start === null) return null;
  return wm.metric === 'return' ? windowReturn(series, start, t) : windowDrawdown(series, start, t);
}

// ---------------------------------------------------------------------------------------------------
// Back-test

export interface BacktestIndicator {
  id: number;
  code: string;
  name: string;
  type: number;
  unit: string | null;
  description: string;
  stateRules: string | null;
}

export const BACKTEST_INDICATORS: readonly BacktestIndicator[] = [
  {
    id: 101,
    code: 'rsi_pct',
    name: 'RSI相对强弱(14日)',
    type: 1,
    unit: null,
    description: '基于复权净值的14日相对强弱指标，取值0-100',
    stateRules: null,
  },
  {
    id: 102,
    code: 'donchian_channel',
    name: '唐奇安通道位置(20日)',
    type: 1,
    unit: null,
    description: '复权净值在近20日最高最低区间中的位置，取值0-100',
    stateRules: null,
  },
  {
    id: 103,
    code: 'track_index_pe_ttm_five_year_percentile',
    name: '跟踪指数PE(TTM)近5年分位',
    type: 2,
    unit: '%',
    description: '被动指数基金跟踪指数的市盈率在近5年中的百分位',
    stateRules: '仅适用于被动指数型基金，其他基金该条件不成立',
  },
  {
    id: 104,
    code: 'nav_change_pct',
    name: '单位净值日涨跌幅',
    type: 3,
    unit: '%',
    description: '当日复权净值相对前一日的涨跌幅',
    stateRules: null,
  },
  {
    id: 105,
    code: 'drawdown_pct',
    name: '近一年最大回撤位置',
    type: 3,
    unit: '%',
    description: '复权净值距近一年最高点的回撤幅度（正数）',
    stateRules: null,
  },
  {
    id: 106,
    code: 'ma20_deviation_pct',
    name: '净值偏离20日均线',
    type: 1,
    unit: '%',
    description: '复权净值相对20日均值的偏离幅度',
    stateRules: null,
  },
];

export const OPERATORS = ['>', '>=', '<', '<='] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_ALIASES: Record<string, Operator> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

export function operatorOf(text: string): Operator | null {
  return OPERATORS.find((o) => o === text) ?? OPERATOR_ALIASES[text.toLowerCase()] ?? null;
}

export interface Condition {
  indicator: string;
  operator: Operator;
  value: number;
}

/** An indicator of the back-test catalogue at a trading index. */
export function backtestValue(series: NavSeries, code: string, t: number): number | null {
  switch (code) {
    case 'rsi_pct':
      return rsiAt(series, t);
    case 'donchian_channel':
      return donchianAt(series, t);
    case 'track_index_pe_ttm_five_year_percentile':
      return pePercentileAt(series.fund, t);
    case 'nav_change_pct':
      return t > series.first ? round((adjAt(series, t) / adjAt(series, t - 1) - 1) * 100, 4) : null;
    case 'drawdown_pct': {
      const from = Math.max(series.first, t - 243);
      let peak = 0;
      for (let k = from; k <= t; k++) peak = Math.max(peak, adjAt(series, k));
      return round((1 - adjAt(series, t) / peak) * 100, 4);
    }
    case 'ma20_deviation_pct': {
      if (t - 19 < series.first) return null;
      let sum = 0;
      for (let k = t - 19; k <= t; k++) sum += adjAt(series, k);
      return round((adjAt(series, t) / (sum / 20) - 1) * 100, 4);
    }
    default:
      return null;
  }
}

function holds(series: NavSeries, conditions: readonly Condition[], t: number): boolean {
  return conditions.every((c) => {
    const v = backtestValue(series, c.indicator, t);
    if (v === null) return false;
    switch (c.operator) {
      case '>':
        return v > c.value;
      case '>=':
        return v >= c.value;
      case '<':
        return v < c.value;
      case '<=':
        return v <= c.value;
    }
  });
}

export type Frequency = BacktestFrequency;

/** Whether a trading day is a check day: every day, the first of a week, the first of a month. */
function isCheckDay(frequency: Frequency, t: number): boolean {
  if (frequency === 'DAILY') return true;
  const day = tradingDayAt(t);
  const prev = tradingDayAt(t - 1);
  if (frequency === 'WEEKLY') return day - prev > 6 || weekday(day) <= weekday(prev);
  return dateOf(day).slice(0, 7) !== dateOf(prev).slice(0, 7);
}

// Type aliases (not interfaces) so that the values fit the catalog's loose object schemas.
export type BacktestTrade = {
  trade_date: string;
  type: 'BUY' | 'SELL';
  price: number;
  amount: number;
  shares: number;
  profit: number | null;
};

export type BacktestResult = {
  start_date: string;
  end_date: string;
  metrics: {
    strategy_return: number;
    fund_return: number;
    excess_return: number;
    win_rate: number | null;
    max_drawdown: number;
  };
  trade_count: number;
  trades: BacktestTrade[];
  curve_points: Record<string, number>;
};

/**
 * Buy a fixed amount on check days when every buy condition holds (at most `maxBuys` times), sell the
 * whole position when every sell condition holds. Holdings are valued on the adjusted net value, so
 * dividends count as reinvested; trades are priced at the unit net value. The window is the last three
 * years up to the newest net value (or since inception).
 */
export function runBacktest(
  fund: Fund,
  end: number,
  buy: readonly Condition[],
  sell: readonly Condition[],
  frequency: Frequency,
  maxBuys: number,
  perBuy: number,
): BacktestResult {
  const series = navSeries(fund);
  const start = Math.max(
    series.first,
    tradingIndexOnOrBefore(dayOf(addYearsToDate(dateOf(tradingDayAt(end)), -3))),
  );
  const trades: BacktestTrade[] = [];
  const curve: Record<string, number> = {};
  let buys = 0;
  let invested = 0;
  let cost = 0;
  // Position in adjusted units: value = units × adjusted net value.
  let adjUnits = 0;
  let proceeds = 0;
  let peak = 0;
  let worst = 0;
  let wins = 0;
  let sells = 0;
  for (let t = start; t <= end; t++) {
    const unit = unitAt(series, t);
    const adj = adjAt(series, t);
    if (isCheckDay(frequency, t)) {
      if (adjUnits > 0 && sell.length > 0 && holds(series, sell, t)) {
        const value = adjUnits * adj;
        const profit = round(value - cost, 2);
        trades.push({
          trade_date: dateOf(tradingDayAt(t)),
          type: 'SELL',
          price: unit,
          amount: round(value, 2),
          shares: round(value / unit, 2),
          profit,
        });
        proceeds += value;
        sells++;
        if (profit > 0) wins++;
        adjUnits = 0;
        cost = 0;
      } else if (buys < maxBuys && holds(series, buy, t)) {
        trades.push({
          trade_date: dateOf(tradingDayAt(t)),
          type: 'BUY',
          price: unit,
          amount: perBuy,
          shares: round(perBuy / unit, 2),
          profit: null,
        });
        adjUnits += perBuy / adj;
        invested += perBuy;
        cost += perBuy;
        buys++;
      }
    }
    if (invested > 0) {
      const equity = adjUnits * adj + proceeds;
      const ret = (equity / invested - 1) * 100;
      curve[dateOf(tradingDayAt(t))] = round(ret, 2);
      peak = Math.max(peak, equity / invested);
      worst = Math.max(worst, 1 - equity / invested / peak);
    }
  }
  const finalValue = adjUnits * adjAt(series, end) + proceeds;
  const strategy = invested > 0 ? round((finalValue / invested - 1) * 100, 2) : 0;
  const fundReturn = windowReturn(series, start, end);
  return {
    start_date: dateOf(tradingDayAt(start)),
    end_date: dateOf(tradingDayAt(end)),
    metrics: {
      strategy_return: strategy,
      fund_return: fundReturn,
      excess_return: round(strategy - fundReturn, 2),
      win_rate: sells > 0 ? round((100 * wins) / sells, 2) : null,
      max_drawdown: round(worst * 100, 2),
    },
    trade_count: trades.length,
    trades,
    curve_points: curve,
  };
}

// ---------------------------------------------------------------------------------------------------
// QDII quotas

export const QUOTA_TABS: readonly { key: QdiiQuotaTab; themes: readonly string[] }[] = [
  { key: 'remen', themes: [] },
  { key: 'nazhi100', themes: ['nasdaq'] },
  { key: 'biaopu500', themes: ['sp500'] },
  { key: 'zhonggai', themes: ['chinainternet'] },
  { key: 'hengsheng', themes: ['hk'] },
  { key: 'quanqiu', themes: ['global'] },
  { key: 'yuanyou', themes: ['oil'] },
];

/**
 * Daily purchase quota per account of an off-exchange QDII fund in a month (CNY, as text), null when
 * unlimited. Listed funds are bought on the exchange without a quota.
 */
export function quotaOf(fund: Fund, day: number): string | null {
  if (fund.fundType !== 'otc') return null;
  const month = dateOf(day).slice(0, 7);
  const rng = Rng.of(fund.thscode, 'quota', month);
  const quota = rng.weighted([null, 100, 500, 1000, 5000, 10000, 0], [2, 3, 3, 3, 1, 1, 1]);
  return quota === null ? null : quota.toFixed(2);
}

export function isPurchasable(quota: string | null): boolean {
  return quota === null || Number(quota) > 0;
}

export function yearsBack(day: number, years: number): number {
  return dayOf(addYearsToDate(dateOf(day), -years));
}
