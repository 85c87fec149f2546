import { z } from 'zod';
import { defineOperations, type EntrySpec, type ParamIssue } from '../operation';
import { code, date, documented, fail, int, oneOf, A_SHARE_CODE_RE, type ParamsSchema } from '../params';
import { shanghaiDate } from '../time';
import { lastYearProblem, rankTrendSpanProblem } from './special-data-terms';
import {
  dateText,
  int as integer,
  intOrNull,
  ms,
  num,
  numMaybe,
  numOrNull,
  numericString,
  pagination,
  str,
  strMaybe,
  strOrNull,
  timestampedItems,
} from '../common';
import { ErrorCode } from '../envelope';

const aShareCode = () => code({ pattern: A_SHARE_CODE_RE });

/** Lets `temporal` see the operation's own parameter types (defineOperations only sees the base type). */
function withTemporal<P extends ParamsSchema, D extends z.ZodType>(spec: EntrySpec<P, D>): EntrySpec<P, D> {
  return spec;
}

/**
 * "One year of data only": a Shanghai calendar day from one year before today up to today. Both the
 * future and anything older are out of range (1003, upstream-notes for the dragon-tiger list).
 */
export function outsideLastYear(param: string, day: string | undefined, nowMs: number): ParamIssue | null {
  if (day === undefined) return null;
  switch (lastYearProblem(day, shanghaiDate(nowMs))) {
    case 'future':
      return { param, code: ErrorCode.PARAM_RANGE, rule: 'must not be in the future' };
    case 'too-old':
      return { param, code: ErrorCode.PARAM_RANGE, rule: 'must be within the last year' };
    case null:
      return null;
  }
}

/**
 * Dragon-tiger row. The real service omits absent values instead of sending null, and its `change`
 * and `*_rate` fields are decimal fractions (0.1 = 10%), not percent values (upstream-extras 8.4).
 */
export const dragonTigerStockItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  change: numMaybe,
  net_value: numMaybe,
  net_rate: numMaybe,
  buy_value: numMaybe,
  sell_value: numMaybe,
  hot_rank: z.number().int().nullish(),
  range_days: z.number().int().nullish(),
  limit_reason: strMaybe,
  org_net_value: numMaybe,
  hot_money_net_value: numMaybe,
  hot_money_net_rate: numMaybe,
  // Only on `board_type=org` rows, undocumented: institution seat counts and net-buy fraction.
  org_net_rate: numMaybe,
  org_buy_num: z.number().int().nullish(),
  org_sell_num: z.number().int().nullish(),
  concept_list: z.array(z.looseObject({ name: str })).nullish(),
});

/**
 * A stock traded by one hot-money seat: the stock's row of the day (as in `stock_items`, 1- or 3-day by
 * `range_days`) with the day's `amount` and the seat's own net (`hot_money_item_*`); the 17 fields of
 * docs/api/endpoints-special-data.md and example 08. `hot_money_item_net_value` rows sum to the seat's
 * `buying`. Absent values are omitted like in `stock_items`.
 */
export const hotMoneyRow = z.looseObject({
  thscode: strMaybe,
  ticker: strMaybe,
  name: strMaybe,
  concept_list: z.array(z.looseObject({ name: str })).nullish(),
  change: numMaybe,
  amount: numMaybe,
  buy_value: numMaybe,
  sell_value: numMaybe,
  net_value: numMaybe,
  net_rate: numMaybe,
  org_net_value: numMaybe,
  hot_money_net_value: numMaybe,
  hot_money_net_rate: numMaybe,
  hot_money_item_net_value: numMaybe,
  hot_money_item_net_rate: numMaybe,
  hot_rank: z.number().int().nullish(),
  range_days: z.number().int().nullish(),
});

/** The 17 fields the vendor documents for a hot-money seat's row, in its order. */
export const HOT_MONEY_ROW_FIELDS = [
  'thscode',
  'ticker',
  'name',
  'concept_list',
  'change',
  'amount',
  'buy_value',
  'sell_value',
  'net_value',
  'net_rate',
  'org_net_value',
  'hot_money_net_value',
  'hot_money_net_rate',
  'hot_money_item_net_value',
  'hot_money_item_net_rate',
  'hot_rank',
  'range_days',
] as const satisfies readonly (keyof typeof hotMoneyRow.shape)[];

/** A hot-money seat; `buying` is a net amount and can be negative. */
export const hotMoneySeatItem = z.looseObject({ name: str, buying: num, rows: z.array(hotMoneyRow) });

export const dragonTigerListData = z.looseObject({
  timestamp: ms,
  board_type: str,
  trade_date: dateText,
  count: integer,
  stock_count: integer,
  stock_items: z.array(dragonTigerStockItem),
  hot_money_items: z.array(hotMoneySeatItem),
});

export const departmentItem = z.looseObject({ department_id: str, name: strOrNull });

export const institutionRangeItem = z.looseObject({
  range_days: integer,
  start_date: dateText,
  end_date: dateText,
  org_buy_value: numOrNull,
  org_sell_value: numOrNull,
  org_net_value: numOrNull,
  org_buy_num: intOrNull,
  org_sell_num: intOrNull,
  /** Decimal fraction, not a percent value. */
  org_net_rate: numOrNull,
  buy_departments: z.array(departmentItem),
  sell_departments: z.array(departmentItem),
});

/**
 * Skyrocket and hot-stock lists. `heat` is typed a number by the docs table and sent as a numeric string
 * by the service (sometimes in Java float notation, "1.4874021E7"; example 07): both are accepted and kept
 * as received.
 */
export const rankingItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  rank: integer,
  heat: z.union([numericString, num]),
  rank_change: intOrNull,
  rank_trend: str,
});

export const hotHistoryItem = z.looseObject({ thscode: str, ticker: str, name: str, rank: integer });

export const rankTrendItem = z.looseObject({
  thscode: str,
  ticker: str,
  date: dateText,
  date_ms: ms,
  rank: integer,
});

/** `thscode`/`name` may be null or empty as received from the source. */
export const abnormalMonitorItem = z.looseObject({
  thscode: strOrNull,
  name: strOrNull,
  start_date_ms: integer,
  end_date_ms: intOrNull,
  monitor_type: integer,
  monitor_label: str,
});

/** Listing range of the institution detail: 1 or 3 days, anything else is a format error. */
function rangeDays() {
  const rule = 'must be 1 or 3';
  const schema = int().check((ctx) => {
    if (ctx.value !== 1 && ctx.value !== 3) fail(ctx, 'range_days', ErrorCode.PARAM_FORMAT, rule);
  });
  return documented(schema, { kind: 'int', rule, min: 1, max: 3 });
}

const rankingParams = z.object({
  period: oneOf(['day', 'hour']).default('day'),
  limit: int({ min: 1, max: 100 }).default(30),
});

export const specialDataOperations = defineOperations(
  { group: 'special-data', access: 'open', source: 'spec' },
  {
    'a-share/special-data/dragon-tiger-list': withTemporal({
      group: 'special-data',
      summary: 'Dragon-tiger list of one trading day: listed stocks and hot-money seats',
      params: z.object({
        board_type: oneOf(['all', 'org', 'hot_money']).default('all'),
        date: date().optional(),
      }),
      data: dragonTigerListData,
      cache: 'daily',
      access: 'open',
      source: 'spec',
      // An explicit non-trading day (1002) needs the calendar: the service checks it.
      temporal: (p, nowMs) => outsideLastYear('date', p.date, nowMs),
    }),
    'a-share/special-data/dragon-tiger-stock-institution': withTemporal({
      group: 'special-data',
      summary: 'Institution and branch trading of one stock on the dragon-tiger list, per listing range',
      params: z.object({
        thscode: aShareCode(),
        date: date().optional(),
        range_days: rangeDays().optional(),
      }),
      data: z.looseObject({ thscode: str, trade_date: dateText, item: z.array(institutionRangeItem) }),
      cache: 'daily',
      access: 'open',
      source: 'spec',
      temporal: (p, nowMs) => outsideLastYear('date', p.date, nowMs),
    }),
    'a-share/special-data/skyrocket-list': {
      summary: 'Stocks whose popularity rank rose fastest, daily or hourly',
      params: rankingParams,
      data: timestampedItems(rankingItem),
      cache: 'intraday',
    },
    'a-share/special-data/hot-stock-list': {
      summary: 'Most popular stocks, 24-hour or hourly',
      params: rankingParams,
      data: timestampedItems(rankingItem),
      cache: 'intraday',
    },
    'a-share/special-data/hot-stock-list-history': withTemporal({
      summary: 'Hot-stock top 30 of one past natural day',
      params: z.object({ date: date() }),
      data: z.looseObject({ date: dateText, date_ms: ms, item: z.array(hotHistoryItem) }),
      cache: 'daily',
      temporal: (p, nowMs) => outsideLastYear('date', p.date, nowMs),
    }),
    'a-share/special-data/hot-stock-rank-trend': withTemporal({
      summary: 'Daily popularity rank of one stock over a window of at most one year',
      params: z.object({ thscode: aShareCode(), start_date: date(), end_date: date() }).check((ctx) => {
        const { start_date, end_date } = ctx.value;
        const problem = rankTrendSpanProblem(start_date, end_date);
        if (problem === 'order')
          fail(ctx, 'start_date', ErrorCode.PARAM_CONFLICT, "must not be after 'end_date'");
        else if (problem === 'too-long') {
          fail(ctx, 'end_date', ErrorCode.PARAM_RANGE, "must be at most one year after 'start_date'");
        }
      }),
      data: timestampedItems(rankTrendItem),
      cache: 'daily',
      temporal: (p, nowMs) =>
        outsideLastYear('start_date', p.start_date, nowMs) ?? outsideLastYear('end_date', p.end_date, nowMs),
    }),
    'a-share/special-data/abnormal-monitor-list': {
      summary: 'Stocks under severe-anomaly or key monitoring by the exchanges, current or past',
      params: z.object({
        state: oneOf(['current', 'history']).default('current'),
        page: int({ min: 1 }).default(1),
        size: int({ min: 1, max: 30 }).default(30),
      }),
      data: z.looseObject({ item: z.array(abnormalMonitorItem), pagination }),
      cache: 'intraday',
    },
  },
);
