import { z } from 'zod';
import { defineOperations } from '../operation';
import { aShareCodeList, date, oneOf } from '../params';
import { dateText, int as integer, ms, num, numOrNull, str } from '../common';

/**
 * Opening-auction figures; `auction_volume` is in lots (100 shares), `*_pct` are percent values. Every
 * number may be null (docs/api/endpoints-auction.md types them number/null: not ready, suspended), and a
 * null is never to be read as zero.
 */
export const auctionSnapshotItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  auction_price: numOrNull,
  auction_pct: numOrNull,
  auction_volume: numOrNull,
  auction_amount: numOrNull,
  auction_unmatched: numOrNull,
  auction_turnover_pct: numOrNull,
  auction_yesterday_ratio_pct: numOrNull,
  auction_volume_ratio: numOrNull,
  pre_close_price: numOrNull,
  open_price: numOrNull,
  last_price: numOrNull,
  float_market_cap: numOrNull,
});

/** `timestamp` is the assembly time in every state; freshness is judged by `data_status`. */
export const auctionSnapshotData = z.looseObject({
  timestamp: ms,
  auction_phase: str,
  data_status: str,
  total: integer,
  item: z.array(auctionSnapshotItem),
});

/** The spec's "the service (array of string)" is the real field `tags`. */
export const shortTermBenchmarkItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  auction_pct: num,
  tags: z.array(str),
});

export const auctionOperations = defineOperations(
  { group: 'auction', access: 'open', source: 'spec' },
  {
    'a-share/auction/snapshot': {
      summary: 'Opening-auction snapshot of up to 100 A-shares, live or final',
      params: z.object({
        // At most 100 tokens counted before de-duplication; index and fund codes are refused.
        thscodes: aShareCodeList(100),
        stage: oneOf(['live', 'final']).default('final'),
      }),
      data: auctionSnapshotData,
      cache: 'quote',
    },
    'a-share/auction/short-term-benchmark': {
      summary: 'Short-term benchmark stocks of one day with their auction change and tags',
      // Missing means today in Asia/Shanghai; an explicit non-trading day is answered as is (no rule here).
      params: z.object({ date: date().optional() }),
      data: z.looseObject({
        timestamp: ms,
        date: dateText,
        date_ms: ms,
        item: z.array(shortTermBenchmarkItem),
      }),
      cache: 'intraday',
    },
  },
);
