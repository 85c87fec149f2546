import { lastYearProblem } from '../../contract/operations/special-data-terms';
import { addDays, addMonths, addYearsToDate, shanghaiMidnight } from '../../contract/time';
import type { BarInterval } from '../../lib/bars';

/**
 * Calendar arithmetic of the stock view on Shanghai days (`yyyy-MM-dd`). Windows are computed from the
 * server's "today", never from the browser clock, so a pinned simulator day and a shared link agree.
 */

export const CHART_RANGES = ['1m', '3m', '6m', '1y', '3y', '5y', '10y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export const HOT_WINDOWS = ['1m', '3m', '6m', '1y'] as const;
export type HotWindow = (typeof HOT_WINDOWS)[number];

/** Shift by whole months (shared with other pages: it lives with the contract's calendar arithmetic). */
export { addMonths };

/** First day of a window that ends today. */
export function windowStart(today: string, window: ChartRange | HotWindow): string {
  switch (window) {
    case '1m':
      return addMonths(today, -1);
    case '3m':
      return addMonths(today, -3);
    case '6m':
      return addMonths(today, -6);
    case '1y':
      return addYearsToDate(today, -1);
    case '3y':
      return addYearsToDate(today, -3);
    case '5y':
      return addYearsToDate(today, -5);
    case '10y':
      return addYearsToDate(today, -10);
  }
}

/**
 * Calendar days fetched before the visible range, per candle interval, so that MA60 and MACD (34 bars)
 * have values from the first bar shown: about 84 trading days, 64 weeks, 61 months.
 */
export const WARMUP_DAYS: Readonly<Record<BarInterval, number>> = { day: 120, week: 450, month: 1860 };

export interface BarWindow {
  /** First Shanghai day shown on the chart. */
  from: string;
  /** Request bounds (Unix ms): bars are stamped at Shanghai midnight, so `end` is today's midnight. */
  start: number;
  end: number;
}

/**
 * The daily bars to ask for: the range plus a warm-up for the moving averages and indicators of the
 * interval, never more than the service's ten years (`end - start` over ten years is 1003).
 */
export function barWindow(today: string, range: ChartRange, interval: BarInterval = 'day'): BarWindow {
  const from = windowStart(today, range);
  const end = shanghaiMidnight(today);
  const earliest = shanghaiMidnight(addYearsToDate(today, -10));
  const start = Math.max(shanghaiMidnight(addDays(from, -WARMUP_DAYS[interval])), earliest);
  return { from, start, end };
}

/** Spans of at most ten years (the service's limit) covering [from, to], oldest first. */
export function tenYearChunks(from: string, to: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let cursor = from;
  while (cursor <= to) {
    const limit = addDays(addYearsToDate(cursor, 10), -1);
    const chunkEnd = limit < to ? limit : to;
    out.push({ start: shanghaiMidnight(cursor), end: shanghaiMidnight(chunkEnd) });
    cursor = addDays(chunkEnd, 1);
  }
  return out;
}

export type DateProblem = 'outside' | 'non-trading' | 'not-listed';

/**
 * Why a chosen day cannot have a record, decided before asking the service (it would answer with a
 * parameter error): the service keeps one year, lists trading days only, and a stock only from its
 * listing day. `days` is the trading calendar (one year back from today), empty while unknown.
 */
export function dragonTigerDateProblem(
  date: string | undefined,
  today: string | null,
  days: readonly string[],
  listDate: string | null,
): DateProblem | null {
  if (date === undefined) return null;
  if (today !== null && lastYearProblem(date, today) !== null) return 'outside';
  if (days.length > 0 && !days.includes(date)) return 'non-trading';
  if (listDate !== null && date < listDate) return 'not-listed';
  return null;
}
