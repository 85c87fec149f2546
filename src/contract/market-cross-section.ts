import { z } from 'zod';

/**
 * A whole-market cross-section from the research panel: every A-share on the panel's latest day with
 * its forward-adjusted close, its return over CROSS_SECTION_RETURN_DAYS trading days and its distance to
 * the highest high of the last CROSS_SECTION_HIGH_DAYS (the benchmark query, and the first of the
 * screener's fields). Served at MARKET_DATA_BASE_PATH + CROSS_SECTION_ROUTE.
 */
export const CROSS_SECTION_ROUTE = '/cross-section';
export const CROSS_SECTION_RETURN_DAYS = 20;
export const CROSS_SECTION_HIGH_DAYS = 250;

export const crossSectionRowSchema = z.object({
  thscode: z.string(),
  close: z.number(),
  /** Fraction (0.05 = +5 %); null when the stock has fewer bars than the window. */
  return_20d: z.number().nullable(),
  /** Fraction, ≤ 0 (0 = at the high); null without a full window. */
  from_high_250d: z.number().nullable(),
});
export type CrossSectionRow = z.infer<typeof crossSectionRowSchema>;

export const crossSectionSchema = z.object({
  /** The panel's latest trading day, `YYYY-MM-DD`; null when the panel is empty. */
  date: z.string().nullable(),
  item: z.array(crossSectionRowSchema),
});
export type CrossSection = z.infer<typeof crossSectionSchema>;
