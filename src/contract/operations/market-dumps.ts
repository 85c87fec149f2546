import { z } from 'zod';
import { defineOperations } from '../operation';
import { str } from '../common';

/**
 * Whole-market dumps (`../shared/spec/upstream-extras.md` §8.2; vendor page
 * `docs/api/endpoints-market-dumps.md`): three operations without parameters that answer a short-lived
 * link to a Parquet file instead of data. Their page lists codes of its own: 2002/2004 when the key is
 * refused, 4040 when today's file is not ready yet (ErrorCode.DUMP_*).
 */

import type { DumpKind } from './market-dumps-terms';

export * from './market-dumps-terms';

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
      cache: 'link',
    },
    'dump/market-dumps/daily-k-10d/download-url': {
      summary: 'Link (about 5 minutes) to a Parquet file of the last ten trading days of every A-share',
      params: noParams,
      data: link,
      cache: 'link',
    },
    'dump/market-dumps/adjustment-factors/download-url': {
      summary:
        'Link (about 5 minutes) to a Parquet file of every dividend, bonus and rights event of every A-share',
      params: noParams,
      data: link,
      cache: 'link',
    },
  },
);

/** The catalog id of a dump's signing operation. */
export function dumpOperationId(kind: DumpKind) {
  return `dump/market-dumps/${kind}/download-url` as const;
}
