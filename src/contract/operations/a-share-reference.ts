import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, date, fail, A_SHARE_CODE_RE } from '../params';
import { ms, num, str, timestampedItems } from '../common';
import { ErrorCode } from '../envelope';

/** A trading day; `date` is `yyyyMMdd` here, not `yyyy-MM-dd` (spec and extras 8.1). */
export const tradingDayItem = z.looseObject({ date_ms: ms, date: str });

/** One corporate action; the kind is implied by which of the two amounts is non-zero. */
export const adjustmentEventItem = z.looseObject({
  ticker: str,
  ex_date_ms: ms,
  dividend_per_share: num,
  per_share_bonus: num,
});

export const aShareReferenceOperations = defineOperations(
  { group: 'a-share', access: 'open', source: 'spec' },
  {
    'a-share/calendar/trading-days': {
      summary: 'A-share trading days from one year before today to today (Asia/Shanghai)',
      params: z.object({}),
      data: timestampedItems(tradingDayItem),
      cache: 'daily',
    },
    'a-share/corporate-actions/adjustment-factors': {
      summary: 'Dividend and bonus-share events of one A-share, newest first',
      params: z
        .object({
          thscode: code({ pattern: A_SHARE_CODE_RE }),
          from: date().optional(),
          to: date().optional(),
        })
        .check((ctx) => {
          const { from, to } = ctx.value;
          // yyyy-MM-dd strings compare in calendar order.
          if (from !== undefined && to !== undefined && to < from) {
            fail(ctx, 'to', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'from'");
          }
        }),
      data: z.looseObject({ thscode: str, ticker: str, item: z.array(adjustmentEventItem) }),
      cache: 'reference',
    },
  },
);
