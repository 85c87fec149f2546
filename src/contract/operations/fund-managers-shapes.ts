import { z } from 'zod';

/**
 * What the manager operations' pass-through fields hold, as far as the dashboard reads them. The spec does
 * not document these structures, so the operations' data schemas (fund-managers.ts) keep them `unknown`
 * and never fail an answer over them; a page reads each with its shape here and shows nothing of a field
 * that does not match.
 */

/** `radar_comparison[].manager_scores` and `.peer_average_scores`: a score per dimension. */
export const managerRadarScores = z.record(z.string(), z.number().nullable());

/** Investment style's `industry_preferences`: industries by weight. */
export const managerIndustryPreferences = z.array(
  z.looseObject({ industry_name: z.string(), ratio_pct: z.number().nullable() }),
);

/** Experience's `awards`. */
export const managerAwards = z.array(
  z.looseObject({
    award_name: z.string(),
    award_year: z.union([z.number(), z.string()]).nullish(),
    organization: z.string().nullish(),
  }),
);

/** Experience's `heavy_assets`: the top holdings of the manager's newest report. */
export const managerHeavyAssets = z.looseObject({
  fund_thscode: z.string().nullish(),
  report_date: z.string().nullish(),
  items: z.array(
    z.looseObject({
      thscode: z.string().nullish(),
      name: z.string().nullish(),
      hold_ratio: z.number().nullish(),
    }),
  ),
});

/** Experience's `investment_history`: the career start and each fund managed, with its tenure. */
export const managerInvestmentHistory = z.looseObject({
  career_start_date: z.string().nullish(),
  funds: z.array(
    z.looseObject({
      thscode: z.string().nullish(),
      fund_name: z.string().nullish(),
      start_date: z.string().nullish(),
      end_date: z.string().nullish(),
      tenure_return_pct: z.number().nullish(),
    }),
  ),
});

export type ManagerHistoryFund = z.output<typeof managerInvestmentHistory>['funds'][number];
