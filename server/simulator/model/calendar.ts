import { DAY_MS, SHANGHAI_OFFSET_MS } from '../../../src/contract/time';
import { at } from './random';

/**
 * The A-share trading calendar as day numbers (days since 1970-01-01 on the Shanghai calendar).
 * Weekends are closed, plus the exchange holidays below. 2015-2026 follow the exchanges' published
 * schedules; 2027 is an estimate from the lunar calendar (not yet published when this was written);
 * other years only close New Year's Day, Labour Day and the National Day week.
 */

/** Weekday closures per year: single days `MM-DD` or ranges `MM-DD..MM-DD` (weekends inside are ignored). */
const HOLIDAYS: Record<number, readonly string[]> = {
  2015: ['01-01..01-02', '02-18..02-24', '04-06', '05-01', '06-22', '09-03..09-04', '10-01..10-07'],
  2016: ['01-01', '02-08..02-12', '04-04', '05-02', '06-09..06-10', '09-15..09-16', '10-03..10-07'],
  2017: ['01-02', '01-27..02-02', '04-03..04-04', '05-01', '05-29..05-30', '10-02..10-06'],
  2018: ['01-01', '02-15..02-21', '04-05..04-06', '04-30..05-01', '06-18', '09-24', '10-01..10-05'],
  2019: ['01-01', '02-04..02-08', '04-05', '05-01..05-03', '06-07', '09-13', '10-01..10-07'],
  2020: ['01-01', '01-24..01-31', '04-06', '05-01..05-05', '06-25..06-26', '10-01..10-08'],
  2021: ['01-01', '02-11..02-17', '04-05', '05-03..05-05', '06-14', '09-20..09-21', '10-01..10-07'],
  2022: ['01-03', '01-31..02-04', '04-04..04-05', '05-02..05-04', '06-03', '09-12', '10-03..10-07'],
  2023: ['01-02', '01-23..01-27', '04-05', '05-01..05-03', '06-22..06-23', '09-29', '10-02..10-06'],
  2024: ['01-01', '02-09..02-16', '04-04..04-05', '05-01..05-03', '06-10', '09-16..09-17', '10-01..10-07'],
  2025: ['01-01', '01-28..02-04', '04-04', '05-01..05-05', '06-02', '10-01..10-08'],
  2026: ['01-01..01-02', '02-16..02-23', '04-06', '05-01..05-05', '06-19', '09-25', '10-01..10-07'],
  2027: ['01-01', '02-05..02-11', '04-05', '05-03..05-05', '06-09', '09-15', '10-01..10-07'],
};
const GENERIC_HOLIDAYS = ['01-01', '05-01', '10-01..10-07'];

export const CALENDAR_FIRST_YEAR = 2000;
export const CALENDAR_LAST_YEAR = 2035;

/** Day number of a `yyyy-MM-dd` date. */
export function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** `yyyy-MM-dd` of a day number. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `yyyyMMdd` of a day number (the calendar operation's format). */
export function compactDateOf(day: number): string {
  return dateOf(day).replace(/-/g, '');
}

/** Midnight Asia/Shanghai of a day number, as Unix ms. */
export function midnightMs(day: number): number {
  return day * DAY_MS - SHANGHAI_OFFSET_MS;
}

/** The Shanghai calendar day containing a Unix ms instant. */
export function dayOfMs(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** Day of week, 0 = Sunday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

function closedDays(): Set<number> {
  const closed = new Set<number>();
  for (let year = CALENDAR_FIRST_YEAR; year <= CALENDAR_LAST_YEAR; year++) {
    for (const spec of HOLIDAYS[year] ?? GENERIC_HOLIDAYS) {
      const [from, to] = spec.split('..');
      if (from === undefined) continue;
      const first = dayOf(`${year}-${from}`);
      const last = to === undefined ? first : dayOf(`${year}-${to}`);
      for (let d = first; d <= last; d++) closed.add(d);
    }
  }
  return closed;
}

const FIRST_DAY = dayOf(`${CALENDAR_FIRST_YEAR}-01-01`);
const LAST_DAY = dayOf(`${CALENDAR_LAST_YEAR}-12-31`);

/** Trading days ascending, and for every calendar day the index of the latest trading day on or before it. */
const { tradingDays, floorIndex } = (() => {
  const closed = closedDays();
  const days: number[] = [];
  const floor = new Int32Array(LAST_DAY - FIRST_DAY + 1);
  for (let d = FIRST_DAY; d <= LAST_DAY; d++) {
    const wd = weekday(d);
    if (wd !== 0 && wd !== 6 && !closed.has(d)) days.push(d);
    floor[d - FIRST_DAY] = days.length - 1;
  }
  return { tradingDays: Int32Array.from(days), floorIndex: floor };
})();

function clampDay(day: number): number {
  return Math.min(LAST_DAY, Math.max(FIRST_DAY, day));
}

export function isTradingDay(day: number): boolean {
  const i = at(floorIndex, clampDay(day) - FIRST_DAY);
  return i >= 0 && at(tradingDays, i) === day;
}

/** Index of the latest trading day on or before `day` (-1 before the calendar starts). */
export function tradingIndexOnOrBefore(day: number): number {
  if (day < FIRST_DAY) return -1;
  return at(floorIndex, clampDay(day) - FIRST_DAY);
}

/** Index of the first trading day on or after `day`. */
export function tradingIndexOnOrAfter(day: number): number {
  const i = tradingIndexOnOrBefore(day);
  return i >= 0 && at(tradingDays, i) === day ? i : i + 1;
}

/** Index of a trading day, or -1 when the day is not a trading day. */
export function tradingIndexOf(day: number): number {
  const i = tradingIndexOnOrBefore(day);
  return i >= 0 && at(tradingDays, i) === day ? i : -1;
}

/** Day number of the trading day with this index. */
export function tradingDayAt(index: number): number {
  return at(tradingDays, Math.min(tradingDays.length - 1, Math.max(0, index)));
}

export const TRADING_DAY_COUNT = tradingDays.length;

/** Trading days (day numbers) in [from, to], ascending. */
export function tradingDaysBetween(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = tradingIndexOnOrAfter(from); i < tradingDays.length; i++) {
    const d = at(tradingDays, i);
    if (d > to) break;
    out.push(d);
  }
  return out;
}
