import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, oneOf } from '../params';
import {
  int as integer,
  intOrNull,
  ms,
  msOrNull,
  numMaybe,
  numOrNull,
  str,
  strMaybe,
  strOrNull,
  timestampedItems,
} from '../common';
import { fundRef } from './fund-common';

export const holderStructureItem = z.looseObject({
  /** The actual disclosure basis: `merged` or `separate`. */
  merge_scope: str,
  report_date_ms: integer,
  ins_position: numOrNull,
  holder_amount: intOrNull,
  avg_holder_share: numOrNull,
  psnl_rate: numOrNull,
  mgmt_staff_hold_rate: numOrNull,
});

export const topHolderItem = z.looseObject({
  holder_id: str,
  // Individuals and undisclosed entries may lack a code or type (fund rule: undisclosed is null).
  holder_code: strOrNull,
  holder_name: str,
  holder_type: strOrNull,
  rank: integer,
  hold_share: numOrNull,
  hold_rate_pct: numOrNull,
  report_date_ms: ms,
  publish_date_ms: msOrNull,
});

/** One holding from periodic disclosure: stocks, bonds and funds may be mixed (`asset_type`). */
export const holdingItem = z.looseObject({
  thscode: str,
  ticker: str,
  /** Asset name whatever the asset kind (field name kept by the service for compatibility). */
  stock_name: strOrNull,
  hold_ratio: numOrNull,
  asset_type: strOrNull,
  position_capital: numOrNull,
  position_count: numOrNull,
  security_market_value_rate_pct: numOrNull,
  period_increase_rate_pct: numOrNull,
  investment_rank: intOrNull,
  start_date_ms: msOrNull,
  end_date_ms: msOrNull,
  publish_date_ms: msOrNull,
  modify_time_ms: msOrNull,
});

export const fundHoldingOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/holders/detail': {
      summary: 'Holder structure of one fund (institutional, individual, staff shares) on the latest report',
      params: z.object({
        ...fundRef(),
        merge_scope: oneOf(['all', 'merged', 'separate']).default('all'),
      }),
      data: timestampedItems(holderStructureItem),
      cache: 'reference',
    },
    'fund/holders/top': {
      summary: 'Top holders of one fund on the latest report, at most 10',
      params: z.object({
        ...fundRef(),
        // No default here: the service applies its own and echoes it in `data.limit`.
        limit: int({ min: 1, max: 10 }).optional(),
      }),
      data: z.looseObject({ timestamp: ms, limit: integer, item: z.array(topHolderItem) }),
      cache: 'reference',
    },
    'fund/portfolio/holdings': {
      summary: 'Disclosed portfolio holdings of one fund with optional summary ratios',
      params: z.object(fundRef()),
      data: timestampedItems(holdingItem).extend({
        // Summary fields "may appear": absent keys are normal.
        total_stock_ratio_pct: numMaybe,
        total_bond_ratio_pct: numMaybe,
        total_fund_ratio_pct: numMaybe,
        turnover_rate_pct: numMaybe,
        stock_ratio_pct: numMaybe,
        main_industry: strMaybe,
        concentration_ratio: numMaybe,
      }),
      cache: 'reference',
    },
  },
);
