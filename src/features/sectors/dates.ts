import { addDays, addYearsToDate, shanghaiMidnight } from '../../contract/time';
import type { IndexRange } from './url-state';

const RANGE_DAYS: Readonly<Record<IndexRange, number | null>> = {
  '3m': 92,
  '6m': 183,
  '1y': null,
  '3y': null,
  '5y': null,
};
const RANGE_YEARS: Readonly<Record<IndexRange, number>> = { '3m': 0, '6m': 0, '1y': 1, '3y': 3, '5y': 5 };

/** The candle window ending today (request bounds: bars are stamped at Shanghai midnight). */
export function indexWindow(today: string, range: IndexRange): { start: number; end: number } {
  const days = RANGE_DAYS[range];
  const from = days === null ? addYearsToDate(today, -RANGE_YEARS[range]) : addDays(today, -days);
  return { start: shanghaiMidnight(from), end: shanghaiMidnight(today) };
}
