import { barItem } from './a-share-prices';
import { z } from 'zod';
import { defineOperations } from '../operation';
import { fail, ms, oneOf } from '../params';
import { addYears } from '../time';
import { ms as msField, msOrNull, numOrNull, str, strMaybe } from '../common';
import { ErrorCode } from '../envelope';
import { fundCode } from './fund-common';

// ETF only: other fund types get 3004 from the service, which the code pattern cannot tell apart.

export const etfSnapshotItem = z.looseObject({
  thscode: str,
  ticker: str,
  last_price: numOrNull,
  open_price: numOrNull,
  high_price: numOrNull,
  low_price: numOrNull,
  prev_price: numOrNull,
  price_change_ratio_pct: numOrNull,
  price_change: numOrNull,
  price_amplitude_ratio_pct: numOrNull,
  volume: numOrNull,
  turnover: numOrNull,
  turnover_ratio_pct: numOrNull,
});

/** A forward-adjusted daily bar: the A-share bar's fields, its date a checked millisecond timestamp. */
export const etfBarItem = barItem.extend({ date_ms: msField });

export const fundMarketOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/market/snapshot': {
      summary: 'Latest quote of one exchange-traded fund',
      params: z.object({ thscode: fundCode() }),
      // `timestamp` is the newest valid upstream time, null when there is no valid data.
      data: z.looseObject({ timestamp: msOrNull, item: z.array(etfSnapshotItem) }),
      cache: 'quote',
    },
    'fund/market/historical': {
      summary: 'Forward-adjusted daily bars of one exchange-traded fund, window at most 5 natural years',
      params: z
        .object({
          thscode: fundCode(),
          interval: oneOf(['1d']).default('1d'),
          start: ms(),
          end: ms(),
        })
        .check((ctx) => {
          const { start, end } = ctx.value;
          if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
          else if (end > addYears(start, 5))
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 5 years after 'start'");
        }),
      data: z.looseObject({
        // Newest bar time; tolerated as null for an empty window.
        timestamp: msOrNull,
        thscode: str,
        interval: str,
        // Not sent: the docs say fund bars have no `adjust` (docs/api/endpoints-fund.md §7; the prices are
        // forward-adjusted). Older answers carried it as null, so a null or a string is still tolerated.
        adjust: strMaybe,
        item: z.array(etfBarItem),
      }),
      cache: 'daily',
    },
  },
);
