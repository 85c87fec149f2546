import { addYearsToDate } from '../time';

/**
 * Date rules of the special-data operations (special-data.ts) that pages check before asking: plain
 * functions of `yyyy-MM-dd` days, no schemas, so importing them never builds the operations' schemas.
 */

/** The earliest day of "one year of data only": the same calendar day a year before today. */
export function lastYearStart(today: string): string {
  return addYearsToDate(today, -1);
}

/** Why a day is outside the last year the service keeps (code 1003): in the future, or older. */
export type LastYearProblem = 'future' | 'too-old';

/**
 * "One year of data only" (upstream-notes, the dragon-tiger list and the hot-stock history): a day
 * from one year before today up to today; null when the day is inside.
 */
export function lastYearProblem(day: string, today: string): LastYearProblem | null {
  if (day > today) return 'future';
  if (day < lastYearStart(today)) return 'too-old';
  return null;
}

/** Why a rank-trend window is refused whatever today is: ends reversed (1004) or over a year apart (1003). */
export type RankTrendSpanProblem = 'order' | 'too-long';

/** The rank trend's own window rule: `start_date` not after `end_date`, at most one year apart. */
export function rankTrendSpanProblem(start: string, end: string): RankTrendSpanProblem | null {
  if (start > end) return 'order';
  if (end > addYearsToDate(start, 1)) return 'too-long';
  return null;
}
