import { addDays, addMonths, addYearsToDate, shanghaiMidnight } from '../../contract/time';
import type { ManagerRange, NavRange } from './url-state';

/**
 * The fund page's windows on Shanghai days. The service's net-value ranges count back from its newest
 * net value; the operations that take explicit bounds (indicator history, ETF bars, generic lines) get
 * the same span back from the server's today, never from the browser clock.
 */

export function rangeStartDate(today: string, range: NavRange): string {
  switch (range) {
    case 'week':
      return addDays(today, -7);
    case 'month':
      return addMonths(today, -1);
    case 'tmonth':
      return addMonths(today, -3);
    case 'hyear':
      return addMonths(today, -6);
    case 'year':
      return addYearsToDate(today, -1);
    case 'twoyear':
      return addYearsToDate(today, -2);
    case 'tyear':
      return addYearsToDate(today, -3);
    case 'fyear':
      // At most five years: the indicator and ETF-bar operations refuse a longer window (1003).
      return addYearsToDate(today, -5);
  }
}

export interface Window {
  /** First Shanghai day. */
  from: string;
  /** Request bounds, Unix ms at Shanghai midnight. */
  start: number;
  end: number;
}

export function rangeWindow(today: string, range: NavRange): Window {
  const from = rangeStartDate(today, range);
  return { from, start: shanghaiMidnight(from), end: shanghaiMidnight(today) };
}

/**
 * The manager-performance range that covers a net-value range: the same span where the operation offers
 * it, else the whole career (the lines are re-based to the window's start either way).
 */
export function managerRangeFor(range: NavRange): ManagerRange {
  switch (range) {
    case 'week':
    case 'month':
      return 'month';
    case 'tmonth':
      return 'tmonth';
    case 'hyear':
    case 'year':
      return 'year';
    case 'twoyear':
    case 'tyear':
    case 'fyear':
      return 'now';
  }
}
