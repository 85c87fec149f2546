import { z } from 'zod';
import { defineOperations } from '../operation';
import { aShareCodeList, canonicalCode, documented, fail, int, ms, oneOf } from '../params';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../time';
import {
  int as integer,
  ms as msField,
  msOrNull,
  num,
  numOrNull,
  str,
  strOrNull,
  timestampedItems,
} from '../common';
import { ErrorCode } from '../envelope';
import { VALUATION_MAX_CODES, POOL_MAX_SIZE, ANOMALY_TAGS } from './market-extras-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export {
  VALUATION_MAX_CODES,
  POOL_MAX_SIZE,
  LADDER_TIERS,
  LADDER_TIER_CAP,
  ANOMALY_TAGS,
} from './market-extras-terms';

/* Operations the spec only names; shapes from upstream-extras.md sections 1, 2, 3 and 5. */

/** A trading day as Unix ms at 00:00 Asia/Shanghai (a number, not `yyyy-MM-dd`). */
function dayMs() {
  const rule = 'must be midnight Asia/Shanghai in Unix milliseconds';
  const schema = ms().check((ctx) => {
    if ((ctx.value + SHANGHAI_OFFSET_MS) % DAY_MS !== 0) fail(ctx, 'date_ms', ErrorCode.PARAM_FORMAT, rule);
  });
  return documented(schema, { kind: 'ms', rule, midnight: true });
}

/** Page-based (not limit/offset); the sort whitelist and its default differ per pool. */
function poolParams<const F extends readonly [string, ...string[]]>(sortFields: F, defaultField: F[number]) {
  return z.object({
    date_ms: dayMs().optional(),
    page: int({ min: 1 }).default(1),
    size: int({ min: 1, max: POOL_MAX_SIZE }).default(50),
    sort_field: oneOf(sortFields).default(defaultField),
    sort_dir: oneOf(['asc', 'desc']).default('desc'),
  });
}

export const poolPagination = z.looseObject({ total: integer, pages: integer, size: integer, page: integer });

function poolData<T extends z.ZodType>(item: T) {
  return z.looseObject({ timestamp: msField, pagination: poolPagination, item: z.array(item) });
}

export const limitUpItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  is_st: z.boolean(),
  is_new: z.boolean(),
  last_price: num,
  price_change_ratio_pct: num,
  /** `HH:MM` Shanghai. */
  limit_up_time: str,
  /** Topics joined by `+`; empty upstream text arrives as null. */
  limit_up_reason: strOrNull,
  continue_day_text: str,
  continue_day_cnt: integer,
  seal_money: num,
  max_seal_money: num,
});

// The vendor names the down/break fields without types: values are inferred, so null is tolerated.
export const limitDownItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  last_price: numOrNull,
  price_change_ratio_pct: numOrNull,
  first_limit_time: strOrNull,
  last_limit_time: strOrNull,
  turnover_ratio_pct: numOrNull,
});

export const limitBreakItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  last_price: numOrNull,
  price_change_ratio_pct: numOrNull,
  open_times: z.number().int().nullable(),
  turnover_ratio_pct: numOrNull,
  turnover: numOrNull,
});

/**
 * Ladder entry. Vendor sources disagree (extras 2): `sign_level` integer or string, `seal_nextday`
 * boolean or string (null on the newest day); dates come as `yyyyMMdd` or `yyyy-MM-dd`.
 */
export const ladderEntry = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  board_num: integer,
  sign_level: z.union([integer, str]),
  seal_nextday: z.union([z.boolean(), str]).nullable(),
});

/** Tiers may hold more than the documented cap of 4. */
export const ladderDay = z.looseObject({
  date: str,
  boards: z.looseObject({
    two_board: z.array(ladderEntry),
    three_board: z.array(ladderEntry),
    four_board: z.array(ladderEntry),
    five_board: z.array(ladderEntry),
    six_board: z.array(ladderEntry),
    seven_over: z.array(ladderEntry),
  }),
});

/** Never seen in a real sample, so tolerated when absent. */
export const ladderWindow = z.looseObject({
  length: integer,
  date_list: z.array(str),
  board_caps: z.record(z.string(), integer),
});

/**
 * Case-insensitive tags, OR semantics. All-blank means "every row" like an omitted value; an empty
 * token among others or an unknown tag is 1002.
 */
function tagCodes() {
  const schema = z
    .union([z.string(), z.array(z.string()).readonly()])
    .transform((v, ctx): readonly string[] | undefined => {
      const tokens = (typeof v === 'string' ? v.split(',') : [...v]).map(canonicalCode);
      if (tokens.every((t) => t === '')) return undefined;
      const allowed: readonly string[] = ANOMALY_TAGS;
      const bad = tokens.find((t) => !allowed.includes(t));
      if (bad !== undefined) {
        fail(
          ctx,
          'tag_codes',
          ErrorCode.PARAM_FORMAT,
          bad === ''
            ? 'must not contain empty items'
            : `has an unknown tag '${bad}'; allowed: ${ANOMALY_TAGS.join(', ')}`,
        );
        return z.NEVER;
      }
      return [...new Set(tokens)];
    });
  return documented(schema, {
    kind: 'list',
    rule: `must be comma-separated tags, each one of ${ANOMALY_TAGS.join(', ')} (any case)`,
    values: ANOMALY_TAGS,
  });
}

/** Exactly these five fields are public; a stock without an anomaly has no row. */
export const anomalyItem = z.looseObject({
  stock_name: str,
  analysis_content: str,
  keyword_list: z.array(str),
  thscode: str,
  tag_name: str,
});

/** Any indicator may be null or negative; never zero-filled. */
export const valuationItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: strOrNull,
  pe_ttm: numOrNull,
  pe_mrq: numOrNull,
  pb_mrq: numOrNull,
  ps_ttm: numOrNull,
  pcf_ttm: numOrNull,
});

export const marketExtrasOperations = defineOperations(
  { group: 'special-data', access: 'open', source: 'extras' },
  {
    'a-share/special-data/limit-up-pool': {
      summary: 'Stocks at the daily up-limit, including consecutive boards, of one trading day',
      params: poolParams(['last_price', 'continue_day_cnt', 'seal_money', 'limit_up_time'], 'last_price'),
      data: poolData(limitUpItem),
      cache: 'intraday',
    },
    'a-share/special-data/limit-down-pool': {
      summary: 'Stocks at the daily down-limit of one trading day',
      params: poolParams(
        ['last_limit_time', 'first_limit_time', 'last_price', 'price_change_ratio_pct', 'turnover_ratio_pct'],
        'last_limit_time',
      ),
      data: poolData(limitDownItem),
      cache: 'intraday',
    },
    'a-share/special-data/limit-break-pool': {
      summary: 'Stocks that touched the up-limit and opened again, of one trading day',
      params: poolParams(
        ['price_change_ratio_pct', 'open_times', 'last_price', 'turnover_ratio_pct', 'turnover'],
        'price_change_ratio_pct',
      ),
      data: poolData(limitBreakItem),
      cache: 'intraday',
    },
    'a-share/special-data/limit-up-ladder': {
      summary: 'Consecutive-board ladder of the last 30 trading days, by tier',
      params: z.object({}),
      data: z.looseObject({ timestamp: msField, window: ladderWindow.nullish(), item: z.array(ladderDay) }),
      cache: 'intraday',
    },
    'a-share/special-data/anomaly-analysis-list': {
      summary: "Today's anomaly reasons of all stocks, optionally filtered by tag",
      hasTool: false,
      params: z.object({ tag_codes: tagCodes().optional() }),
      data: timestampedItems(anomalyItem),
      cache: 'intraday',
    },
    'a-share/special-data/anomaly-analysis-stock': {
      summary: "Today's anomaly reasons of up to 50 given stocks",
      // 50 raw tokens before de-duplication; index codes are refused.
      params: z.object({ thscodes: aShareCodeList(50) }),
      data: timestampedItems(anomalyItem),
      cache: 'intraday',
    },
    'a-share/valuations/snapshot': {
      group: 'valuation',
      summary: 'Latest PE (TTM, MRQ), PB, PS and PCF of up to 100 A-shares',
      params: z.object({ thscodes: aShareCodeList(VALUATION_MAX_CODES) }),
      data: z.looseObject({ timestamp: msOrNull, total: integer, item: z.array(valuationItem) }),
      cache: 'quote',
    },
  },
);
