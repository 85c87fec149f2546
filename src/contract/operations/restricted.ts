import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, date, fail, ms, oneOf, A_SHARE_CODE_RE } from '../params';
import { addYears, DAY_MS } from '../time';
import { ms as msField, msOrNull, numMaybe, numOrNull, str } from '../common';
import { ErrorCode } from '../envelope';

/** An A-share stock (six digits + SH/SZ/BJ) or an index (exchange suffix or THS `.TI`). */
const STOCK_OR_INDEX_RE = /^(\d{6}\.(SH|SZ|BJ)|[0-9A-Z]{6}\.TI)$/;

const stockOrIndex = () =>
  code({
    pattern: STOCK_OR_INDEX_RE,
    rule: 'must be one A-share stock or index code, such as 600519.SH or 000300.SH',
  });
const aShareCode = () => code({ pattern: A_SHARE_CODE_RE });

/** `hf_participation` is null for index daily series and absent from 1-minute series. */
export const highFrequencyItem = z.looseObject({
  date_ms: msField,
  hf_direction: numOrNull,
  hf_participation: numMaybe,
});

export const highFrequencyData = z.looseObject({
  timestamp: msOrNull,
  thscode: str,
  interval: str,
  item: z.array(highFrequencyItem),
});

export const flowBucketSnapshot = z.looseObject({
  inflow_amount: numOrNull,
  outflow_amount: numOrNull,
  net_amount: numOrNull,
});

/** Historical buckets carry no net amount. */
export const flowBucketHistorical = z.looseObject({ inflow_amount: numOrNull, outflow_amount: numOrNull });

export const capitalFlowSnapshotData = z.looseObject({
  timestamp: msOrNull,
  super_large: flowBucketSnapshot,
  large: flowBucketSnapshot,
  medium: flowBucketSnapshot,
  small: flowBucketSnapshot,
});

export const capitalFlowItem = z.looseObject({
  date_ms: msField,
  super_large: flowBucketHistorical,
  large: flowBucketHistorical,
  medium: flowBucketHistorical,
  small: flowBucketHistorical,
});

export const capitalFlowHistoricalData = z.looseObject({
  timestamp: msOrNull,
  thscode: str,
  interval: str,
  item: z.array(capitalFlowItem),
});

/** Not open to external callers: the BFF keeps them in the catalog so the UI can say so (2003). */
export const restrictedOperations = defineOperations(
  { group: 'high-frequency', access: 'restricted', source: 'spec' },
  {
    'a-share/high-frequency/historical': {
      summary: 'High-frequency direction of one stock or index, daily or 1-minute, last 30 trading days',
      // "Inside the last 30 trading days" and "same trading day" need the calendar: the service checks them.
      params: z
        .object({
          thscode: stockOrIndex(),
          interval: oneOf(['1d', '1m']).default('1d'),
          start: ms({ positive: true }),
          end: ms({ positive: true }),
        })
        .check((ctx) => {
          if (ctx.value.end < ctx.value.start)
            fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
        }),
      data: highFrequencyData,
      cache: 'daily',
    },
    'a-share/high-frequency/intraday': {
      summary: 'High-frequency direction of one stock or index over one trading day',
      params: z.object({ thscode: stockOrIndex(), date: date().optional() }),
      data: highFrequencyData,
      cache: 'intraday',
    },
    'a-share/capital-flow/snapshot': {
      group: 'capital-flow',
      summary: 'Inflow and outflow of one A-share by order size, latest',
      params: z.object({ thscode: aShareCode() }),
      data: capitalFlowSnapshotData,
      cache: 'quote',
    },
    'a-share/capital-flow/historical': {
      group: 'capital-flow',
      summary: 'Inflow and outflow of one A-share by order size, 1-minute (7 days) or daily (1 year)',
      params: z
        .object({
          thscode: aShareCode(),
          // Required enum: the string check comes first so that a missing value is 1001, not 1002.
          interval: oneOf(['1m', '1d']),
          start: ms(),
          end: ms(),
        })
        .check((ctx) => {
          const { interval, start, end } = ctx.value;
          if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
          else if (interval === '1m' && end - start > 7 * DAY_MS) {
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 7 days after 'start' for 1-minute data");
          } else if (interval === '1d' && end > addYears(start, 1)) {
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most one year after 'start' for daily data");
          }
        }),
      data: capitalFlowHistoricalData,
      cache: 'daily',
    },
  },
);
