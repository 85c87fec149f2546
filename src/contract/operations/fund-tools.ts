import { z } from 'zod';
import { defineOperations } from '../operation';
import { bool, json, text, THSCODE_RE } from '../params';
import {
  dateText,
  int as integer,
  intOrNull,
  msOrNull,
  num,
  numericString,
  numOrNull,
  opaque,
  str,
  strOrNull,
} from '../common';
import { fundRef, fundTypeHint, jsonShaped, positiveNumber } from './fund-common';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export {
  INDICATOR_TIME_TYPES,
  FUND_INDICATOR_IDS,
  BACKTEST_FREQUENCIES,
  QDII_QUOTA_TABS,
  type IndicatorTimeType,
  type FundIndicatorId,
  type BacktestFrequency,
  type QdiiQuotaTab,
} from './fund-tools-terms';

/*
 * Values the spec leaves open ("allowed values not shown"): the spec gives the shapes of these
 * parameters but not the values inside them. These are the ones this project sends and its simulator
 * answers; the parameter schemas below stay open to other values, which the real service may accept.
 */

// Shapes of the JSON-text parameters (spec 001 "Generic indicators"); a wrong shape is 1002. Objects are
// loose because `attribute` and selector entries carry keys defined per indicator or entity type.
const fullCode = z.string().regex(THSCODE_RE, 'must be a full code with market suffix');

const lineIndexesShape = z.array(
  z.looseObject({
    thscodes: z.array(fullCode),
    index_info: z.array(z.looseObject({ index_id: z.string().min(1) })),
  }),
);

const timeRangeShape = z.looseObject({
  time_type: z.string(),
  start: z.int().optional(),
  end: z.int().optional(),
  offset: z.int().optional(),
});

const CODE_ENTITY_TYPES: readonly string[] = ['stock_code', 'fund_code'];
const selectorEntryShape = z
  .looseObject({
    type: z.string(),
    thscodes: z.array(fullCode).optional(),
    values: z.array(z.unknown()).optional(),
  })
  .check((ctx) => {
    // Code entities select by `thscodes`, every other entity type by `values`.
    const needs = CODE_ENTITY_TYPES.includes(ctx.value.type) ? 'thscodes' : 'values';
    if (ctx.value[needs] === undefined) {
      ctx.issues.push({
        code: 'custom',
        message: `a '${ctx.value.type}' entry needs a '${needs}' array`,
        input: ctx.value,
        path: [needs],
      });
    }
  });
const codeSelectorsShape = z.looseObject({ include: z.array(selectorEntryShape).optional() });

const tableIndexesShape = z.array(
  z.looseObject({ index_id: z.string().min(1), timestamp: z.int().optional() }),
);

const pageInfoShape = z.looseObject({
  page_begin: z.int().min(0).optional(),
  page_size: z.int().min(0).optional(),
  code_begin: z.int().min(0).optional(),
  code_page_size: z.int().min(0).optional(),
});

const sortShape = z.array(z.looseObject({ idx: z.int().min(0), type: z.string() }));

const tabShape = z.array(z.string());

/** Metadata of one requested indicator, echoed by line and table responses. */
export const indicatorIndexMeta = z.looseObject({
  index_id: str,
  value_type: strOrNull,
  /** Positive: Unix ms; 0 and negative: a position selection. */
  timestamp: intOrNull,
  time_type: strOrNull,
  attribute: opaque,
});

export const indicatorLineSeries = z.looseObject({
  thscode: str,
  values: z.array(
    z.looseObject({
      /** Index into `indexes`. */
      idx: integer,
      /** Aligned by position with `time_range`; generic JSON values. */
      values: z.array(opaque),
    }),
  ),
});

export const indicatorTableRow = z.looseObject({
  thscode: str,
  // `value` is any JSON or null; numeric strings are kept as received.
  values: z.array(z.looseObject({ idx: integer, value: opaque })),
});

export const backtestMetrics = z.looseObject({
  strategy_return: numOrNull,
  fund_return: numOrNull,
  excess_return: numOrNull,
  win_rate: numOrNull,
  max_drawdown: numOrNull,
});

export const backtestTrade = z.looseObject({
  trade_date: dateText,
  type: str,
  price: num,
  amount: num,
  shares: num,
  profit: numOrNull,
});

export const backtestIndicatorItem = z.looseObject({
  id: num,
  indicator_name: str,
  indicator_code: str,
  type: num,
  value_kind: num,
  support_operation: str,
  unit: strOrNull,
  description: strOrNull,
  state_rules: strOrNull,
  /** ISO local date-time strings. */
  create_time: str,
  update_time: str,
});

/** QDII quota numbers stay strings, not unit-converted (spec). */
export const quotaSummaryItem = z.looseObject({
  name: str,
  unlimited: numericString,
  total_limit: numericString,
  total: numericString,
  buy: numericString,
});

export const quotaFund = z.looseObject({
  thscode: str,
  fund_name: str,
  /** null means unlimited. */
  quota: numericString.nullable(),
  /** One-year return. */
  year: numericString.nullable(),
});

export const quotaListItem = z.looseObject({
  name: str,
  sub_tab: z.array(z.looseObject({ name: str, fund_list: z.array(quotaFund) })),
});

/**
 * `tab` is optional: the spec says its requiredness is not shown, only that every sample sends it. Making
 * it required would refuse calls the service may accept; the UI always sends it.
 */
const tab = () => jsonShaped('array', tabShape, 'must be a JSON array of category names').optional();

export const fundToolOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/indicators/line': {
      summary: 'Time series of generic indicators for groups of codes over a time range',
      params: z.object({
        indexes: jsonShaped(
          'array',
          lineIndexesShape,
          'must be a JSON array of groups with a thscodes array of codes and an index_info array of {index_id}',
        ),
        time_range: jsonShaped(
          'object',
          timeRangeShape,
          'must be a JSON object with a string time_type and optional integer start, end, offset',
        ),
        ...fundTypeHint(),
      }),
      data: z.looseObject({
        time_range: z.array(msOrNull),
        indexes: z.array(indicatorIndexMeta),
        data: z.array(indicatorLineSeries),
      }),
      cache: 'daily',
    },
    'fund/indicators/table': {
      summary: 'Cross-section of generic indicators for selected codes, paged and sorted',
      // All optional, and an omitted parameter gets no injected default.
      params: z.object({
        code_selectors: jsonShaped(
          'object',
          codeSelectorsShape,
          'must be a JSON object whose include entries have a type and thscodes or values',
        ).optional(),
        indexes: jsonShaped(
          'array',
          tableIndexesShape,
          'must be a JSON array of {index_id, timestamp?}',
        ).optional(),
        page_info: jsonShaped(
          'object',
          pageInfoShape,
          'must be a JSON object of integers from 0: page_begin, page_size, code_begin, code_page_size',
        ).optional(),
        sort: jsonShaped('array', sortShape, 'must be a JSON array of {idx, type}').optional(),
        ...fundTypeHint(),
      }),
      data: z.looseObject({
        total: integer,
        indexes: z.array(indicatorIndexMeta),
        data: z.array(indicatorTableRow),
        /** Codes of a partial sort result; elements may be null. */
        part_order_thscodes: z.array(strOrNull).nullish(),
      }),
      cache: 'daily',
    },
    'fund/backtest/result': {
      summary: 'Back-test of an indicator-driven buy/sell plan on one fund: metrics, trades, equity curve',
      params: z.object({
        ...fundRef(),
        buy_conditions: json('object-or-array'),
        sell_conditions: json('object-or-array'),
        // Allowed values are not shown by the spec.
        buy_frequency_type: text({ max: 64 }),
        max_buy_times: positiveNumber(),
        per_buy_amount: positiveNumber(),
      }),
      data: z.looseObject({
        start_date: dateText,
        end_date: dateText,
        metrics: backtestMetrics,
        trade_count: num,
        trades: z.array(backtestTrade),
        // Keys are date strings, values numbers; an array form is also documented.
        curve_points: z.union([z.array(opaque), z.record(z.string(), numOrNull)]),
      }),
      cache: 'daily',
    },
    'fund/backtest/indicators': {
      summary: 'Indicators, operators and thresholds usable in back-test conditions',
      params: z.object(fundTypeHint()),
      data: z.array(backtestIndicatorItem),
      cache: 'reference',
    },
    'fund/quota/summary': {
      summary: 'QDII purchase quota summary per category (counts and totals as strings)',
      params: z.object({ tab: tab(), ...fundTypeHint() }),
      data: z.array(quotaSummaryItem),
      cache: 'intraday',
    },
    'fund/quota/list': {
      summary: 'QDII funds with their purchase quota per category and sub-category',
      params: z.object({
        tab: tab(),
        // Not injected when omitted: no default.
        buy: bool().optional(),
        ...fundTypeHint(),
      }),
      data: z.array(quotaListItem),
      cache: 'intraday',
    },
  },
);
