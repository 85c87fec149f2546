import { z } from 'zod';
import { defineOperations } from '../operation';
import { aShareCodeList, code, fail, int, ms, oneOf, A_SHARE_CODE_RE } from '../params';
import { addYears } from '../time';
import { barFigures, intOrNull, msOrNull, num, str, timestampedItems } from '../common';
import { ErrorCode } from '../envelope';

import { WHOLE_MARKET_PAGE } from './a-share-prices-terms';

export { WHOLE_MARKET_PAGE };

export const snapshotItem = z.looseObject({
  thscode: str,
  ticker: str,
  last_price: num,
  open_price: num,
  high_price: num,
  low_price: num,
  prev_price: num,
  price_change: num,
  price_change_ratio_pct: num,
  volume: num,
  turnover: num,
});

export const barItem = z.looseObject({ date_ms: num, ...barFigures(num) });

export const aSharePriceOperations = defineOperations(
  { group: 'a-share', access: 'open', source: 'spec' },
  {
    'a-share/prices/snapshot': {
      summary: 'Latest quote of given A-shares, or the whole A-share table paged by limit/offset',
      params: z.object({
        thscodes: aShareCodeList(1000).optional(),
        // The spec gives no upper bound; the code table's own page bound (meta/tickers/list, 10,000)
        // lets one call carry the whole market (about 5,500 stocks), as market breadth needs.
        limit: int({ min: 1, max: WHOLE_MARKET_PAGE }).default(100),
        offset: int({ min: 0 }).default(0),
      }),
      // With `thscodes`, `timestamp` is null and `total` is the rows returned; paged, the newest time and
      // the whole table's size (docs/api/endpoints-prices.md).
      data: z.looseObject({ timestamp: msOrNull, total: intOrNull, item: z.array(snapshotItem) }),
      cache: 'quote',
    },
    'a-share/prices/historical': {
      summary: 'Daily bars of one A-share, unadjusted or forward/backward adjusted, window at most 10 years',
      params: z
        .object({
          thscode: code({
            pattern: A_SHARE_CODE_RE,
            rule: 'must be an A-share code: six digits, a dot, SH, SZ or BJ',
          }),
          interval: oneOf(['1d']).default('1d'),
          start: ms(),
          end: ms(),
          adjust: oneOf(['none', 'forward', 'backward']).default('forward'),
          // Documented (docs/api/endpoints-prices.md, default 0): skips that many of the oldest bars. No
          // schema default, so a query without it is forwarded unchanged.
          offset: int({ min: 0 }).optional(),
        })
        .check((ctx) => {
          const { start, end } = ctx.value;
          if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
          else if (end > addYears(start, 10))
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 10 years after 'start'");
        }),
      data: timestampedItems(barItem),
      cache: 'daily',
    },
  },
);
