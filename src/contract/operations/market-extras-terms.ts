/**
 * Words and limits of the market-extras operations (market-extras.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

/** Raw tokens per valuation call (duplicates count): callers chunk longer lists. */
export const VALUATION_MAX_CODES = 100;

/** The service's largest page of a limit pool. */
export const POOL_MAX_SIZE = 200;

export const LADDER_TIERS = [
  'two_board',
  'three_board',
  'four_board',
  'five_board',
  'six_board',
  'seven_over',
] as const;

/** Stocks per tier of a ladder day at most (docs/api/endpoints-special-data.md: "最多返回 4 只"). */
export const LADDER_TIER_CAP = 4;

export const ANOMALY_TAGS = [
  'LIMIT_UP',
  'LIMIT_DOWN',
  'SHARP_RISE',
  'SHARP_FALL',
  'RAPID_RALLY',
  'RAPID_DECLINE',
] as const;
