/** The market dumps' plain values (market-dumps.ts defines the operations): importing them loads no schemas. */

/** The dumps, by the name in their path (`/api/dump/market-dumps/<kind>/download-url`). */
export const DUMP_KINDS = ['daily-k', 'daily-k-10d', 'adjustment-factors'] as const;
export type DumpKind = (typeof DUMP_KINDS)[number];

/** How long a signed link lives (the service's "about 5 minutes"; the BFF's own links the same). */
export const DUMP_LINK_TTL_MS = 5 * 60_000;

/** Columns of `daily-k` and `daily-k-10d`, in the file's order (unadjusted prices, volume in shares). */
export const DAILY_K_COLUMNS = [
  'thscode',
  'currency',
  'interval',
  'adjusted',
  'date_ms',
  'open_price',
  'high_price',
  'low_price',
  'close_price',
  'volume',
  'turnover',
] as const;

/** Columns of `adjustment-factors` (one row per dividend / bonus / rights event). */
export const ADJUSTMENT_COLUMNS = [
  'thscode',
  'ticker',
  'ex_date_ms',
  'dividend_per_share',
  'per_share_bonus',
  'allotment_ratio',
  'allotment_price',
  'currency',
] as const;

/** How many trading days `daily-k-10d` holds. */
export const DUMP_RECENT_DAYS = 10;
