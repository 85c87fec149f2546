import { z } from 'zod';
import { defineOperations } from '../operation';
import { fail, ms, oneOf } from '../params';
import { addYears } from '../time';
import { intOrNull, ms as msField, numMaybe, numOrNull, str, timestampedItems } from '../common';
import { ErrorCode } from '../envelope';
import { fundRecords, fundRef } from './fund-common';
import { NAV_RANGES } from './fund-performance-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export { NAV_RANGES, RETURN_PERIODS } from './fund-performance-terms';

// Fund rule of spec file 001: undisclosed values are null, never zero, so every figure is nullable.

export const navItem = z.looseObject({
  nav_date: msField,
  // Omitted when not requested through `nav_type`; "empty values stay empty" (upstream-extras 7.8).
  unit_nav: numMaybe,
  adj_nav: numMaybe,
});

export const returnsItem = z.looseObject({
  return_week: numOrNull,
  return_month: numOrNull,
  return_tmonth: numOrNull,
  return_hyear: numOrNull,
  return_year: numOrNull,
  return_twoyear: numOrNull,
  return_tyear: numOrNull,
  return_fyear: numOrNull,
  return_nowyear: numOrNull,
  return_now: numOrNull,
  peer_average_week: numOrNull,
  peer_average_month: numOrNull,
  peer_average_tmonth: numOrNull,
  peer_average_hyear: numOrNull,
  peer_average_year: numOrNull,
  peer_average_twoyear: numOrNull,
  peer_average_tyear: numOrNull,
  peer_average_fyear: numOrNull,
  rank_week: intOrNull,
  rank_month: intOrNull,
  rank_tmonth: intOrNull,
  rank_hyear: intOrNull,
  rank_year: intOrNull,
  rank_twoyear: intOrNull,
  rank_tyear: intOrNull,
  rank_fyear: intOrNull,
  rank_total_week: intOrNull,
  rank_total_month: intOrNull,
  rank_total_tmonth: intOrNull,
  rank_total_hyear: intOrNull,
  rank_total_year: intOrNull,
  rank_total_twoyear: intOrNull,
  rank_total_tyear: intOrNull,
  rank_total_fyear: intOrNull,
});

export const fundIndicatorItem = z.looseObject({
  date_ms: msField,
  rsi_pct: numOrNull,
  donchian_channel: numOrNull,
  track_index_pe_ttm_five_year_percentile: numOrNull,
});

export const drawdownItem = z.looseObject({
  thscode: str,
  ticker: str,
  week: numOrNull,
  month: numOrNull,
  tmonth: numOrNull,
  hyear: numOrNull,
  year: numOrNull,
  twoyear: numOrNull,
  tyear: numOrNull,
  fyear: numOrNull,
  nowyear: numOrNull,
  now: numOrNull,
});

export const fundPerformanceOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/performance/nav': {
      summary: 'Net values of one fund: the newest date only, or a range ascending by date',
      params: z.object({
        ...fundRef(),
        range: oneOf(NAV_RANGES).optional(),
        nav_type: oneOf(['unit', 'adj', 'unit,adj']).default('unit,adj'),
      }),
      data: timestampedItems(navItem),
      cache: 'intraday',
    },
    'fund/performance/returns': fundRecords(
      'Interval returns of one fund with peer averages and peer ranks',
      fundRef(),
      returnsItem,
      'intraday',
    ),
    'fund/performance/indicators-historical': {
      summary:
        'Daily RSI, Donchian channel and tracked-index PE percentile of one fund, window at most 5 years',
      params: z
        .object({
          ...fundRef(),
          // Both mandatory since the change recorded in the spec's versioning section.
          start: ms(),
          end: ms(),
        })
        .check((ctx) => {
          const { start, end } = ctx.value;
          if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
          else if (end > addYears(start, 5))
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 5 years after 'start'");
        }),
      data: timestampedItems(fundIndicatorItem),
      cache: 'daily',
    },
    'fund/performance/drawdowns': fundRecords(
      'Maximum drawdown of one fund over ten fixed periods (week to since inception)',
      fundRef(),
      drawdownItem,
      'intraday',
    ),
  },
);
