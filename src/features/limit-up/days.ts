/** Trading days around the chosen one (sorted `yyyy-MM-dd` calendar days). */

/** Sessions in the sentiment window. */
export const SENTIMENT_DAYS = 10;

/** The last `SENTIMENT_DAYS` trading days up to and including `date`. */
export function sentimentDays(days: readonly string[], date: string): string[] {
  return days.filter((d) => d <= date).slice(-SENTIMENT_DAYS);
}

export { previousTradingDay } from '../../contract/first-screens-terms';
