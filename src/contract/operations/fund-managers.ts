import { z } from 'zod';
import { defineOperations } from '../operation';
import { text, oneOf } from '../params';
import { ms, numOrNull, opaque, str, strMaybe, strOrNull, timestampedItems } from '../common';
import { MANAGER_RANGES } from './fund-managers-terms';
import { fundTypeHint } from './fund-common';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export { MANAGER_RANGES } from './fund-managers-terms';

// Inner structures of the pass-through fields (industry preferences, awards, heavy assets, investment
// history, the radar's inner objects) are not shown by the spec: they stay `unknown` here, and the UI narrows
// them with the shapes in fund-managers-shapes.ts.

export const managerStyleItem = z.looseObject({
  representative_fund_thscode: strOrNull,
  representative_fund_ticker: strOrNull,
  representative_fund_name: strOrNull,
  investment_idea: strOrNull,
  total_fund_scale: numOrNull,
  industry_preferences: opaque,
});

export const managerPerformanceItem = z.looseObject({
  date_ms: ms,
  manager_return_pct: numOrNull,
  peer_return_pct: numOrNull,
  benchmark_return_pct: numOrNull,
});

export const managerExperienceItem = z.looseObject({
  awards: opaque,
  heavy_assets: opaque,
  investment_history: opaque,
});

/**
 * One node of a manager's radar comparison: a fund category over a horizon, with the manager's metrics,
 * the manager's scores and the peers' average scores (docs/api/endpoints-fund.md §21). Only the nodes
 * actually covered are sent. What the three objects hold is not documented: they stay `unknown`.
 */
export const radarComparisonNode = z.looseObject({
  fund_category: strMaybe,
  horizon: strMaybe,
  manager_metrics: opaque,
  manager_scores: opaque,
  peer_average_scores: opaque,
});

export const managerDetailItem = z.looseObject({
  manager_id: str,
  manager_name: str,
  sex: strOrNull,
  degree: strOrNull,
  company_id: strOrNull,
  company_name: strOrNull,
  resume: strOrNull,
  photo_url: strOrNull,
  annual_return_pct: numOrNull,
  maximum_return_pct: numOrNull,
  radar_comparison: z.array(radarComparisonNode).nullish(),
});

/** `manager_id` comes from fund basic information (`manager_info[].manager_id`); an opaque id. */
const managerId = () => text({ max: 64 });

export const fundManagerOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'spec' },
  {
    'fund/managers/investment-style': {
      summary: "A fund manager's investment idea, representative fund, total scale and industry preferences",
      params: z.object({ manager_id: managerId(), ...fundTypeHint() }),
      data: timestampedItems(managerStyleItem),
      cache: 'reference',
    },
    'fund/managers/performance': {
      summary: "A fund manager's return against peers and benchmark over a chosen range",
      params: z.object({ manager_id: managerId(), range: oneOf(MANAGER_RANGES), ...fundTypeHint() }),
      data: timestampedItems(managerPerformanceItem),
      cache: 'reference',
    },
    'fund/managers/experience': {
      summary: "A fund manager's awards, heavy assets and investment history (upstream structures)",
      params: z.object({ manager_id: managerId(), ...fundTypeHint() }),
      data: timestampedItems(managerExperienceItem),
      cache: 'reference',
    },
    'fund/managers/detail': {
      summary: "A fund manager's profile: company, degree, resume, returns and radar comparison",
      params: z.object({ manager_id: managerId(), ...fundTypeHint() }),
      data: timestampedItems(managerDetailItem),
      cache: 'reference',
    },
  },
);
