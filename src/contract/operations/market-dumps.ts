import { z } from 'zod';
import { defineOperations } from '../operation';
import { str } from '../common';

/**
 * Whole-market dumps (`../shared/spec/upstream-extras.md` §8.2; vendor page
 * `docs/api/endpoints-market-dumps.md`): three operations without parameters that answer a short-lived
 * link to a Parquet file instead of data. Their page lists codes of its own: 2002/2004 when the key is
 * refused, 4040 when today's file is not ready yet (ErrorCode.DUMP_*).
 */

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

const link = z.looseObject({
  presigned_url: str,
  /** ISO 8601, UTC. */
  presigned_url_expires_at: str,
});

const noParams = z.object({});

export const marketDumpOperations = defineOperations(
  { group: 'market-dumps', access: 'open', source: 'extras' },
  {
    'dump/market-dumps/daily-k/download-url': {
      summary:
        'Link (about 5 minutes) to a Parquet file of about ten years of unadjusted daily bars of every A-share',
      params: noParams,
      data: link,
      cache: 'quote',
    },
    'dump/market-dumps/daily-k-10d/download-url': {
      summary: 'Link (about 5 minutes) to a Parquet file of the last ten trading days of every A-share',
      params: noParams,
      data: link,
      cache: 'quote',
    },
    'dump/market-dumps/adjustment-factors/download-url': {
      summary:
        'Link (about 5 minutes) to a Parquet file of every dividend, bonus and rights event of every A-share',
      params: noParams,
      data: link,
      cache: 'quote',
    },
  },
);

/** The catalog id of a dump's signing operation. */
export function dumpOperationId(kind: DumpKind) {
  return `dump/market-dumps/${kind}/download-url` as const;
}
