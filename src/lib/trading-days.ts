import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { isValidDate } from '../contract/params-terms';
import { tradingDaySet } from '../contract/market-session';

/** Days a page may offer or request, inclusive (`yyyy-MM-dd`). */
export interface DayWindow {
  min: string;
  max: string;
}

/**
 * The trading days before and after `day` inside the window (sorted `days`): the arrow buttons of a
 * day view, and the nearest trading days offered for a day that does not trade.
 */
export function neighbourDays(
  days: readonly string[],
  day: string | undefined,
  window: DayWindow,
): { prev: string | undefined; next: string | undefined } {
  if (day === undefined) return { prev: undefined, next: undefined };
  const inside = days.filter((d) => d >= window.min && d <= window.max);
  return { prev: inside.filter((d) => d < day).at(-1), next: inside.find((d) => d > day) };
}

/**
 * A day in a URL's search parameters, kept as written (a number-like `20260714` included, which the
 * router reads as a number) so that a broken one can be named on the page instead of being dropped.
 * Pages read it through `readUrlDate`; only a valid one is ever sent.
 */
export const urlDateSchema = lazySchema(() =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim().slice(0, 40))
    .optional()
    .catch(undefined),
);

export type UrlDate = { kind: 'none' } | { kind: 'valid'; date: string } | { kind: 'invalid'; text: string };

export function readUrlDate(text: string | undefined): UrlDate {
  if (text === undefined || text === '') return { kind: 'none' };
  return isValidDate(text) ? { kind: 'valid', date: text } : { kind: 'invalid', text };
}

/** The day of a URL date when it is a real calendar day, otherwise undefined. */
export function validUrlDate(text: string | undefined): string | undefined {
  const read = readUrlDate(text);
  return read.kind === 'valid' ? read.date : undefined;
}

/**
 * Whether a day is known not to trade: inside the calendar's window (one year up to today) and not in
 * it. Outside the window, or while the calendar is unknown, nothing is claimed.
 */
export function isKnownNonTradingDay(day: string, calendar: readonly string[]): boolean {
  const days = tradingDaySet(calendar);
  if (days.size === 0) return false;
  const sorted = [...days].sort();
  const first = sorted[0] ?? '';
  const last = sorted.at(-1) ?? '';
  return day >= first && day <= last && !days.has(day);
}

/** Mon-Fri for a `yyyy-MM-dd` day: what a picker offers while the trading calendar is unknown. */
export function isWeekdayDate(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * Which days a day picker offers: the calendar's trading days (sorted or not), or Monday to Friday while
 * the calendar is unknown (empty).
 */
export function tradingDayTest(days: readonly string[]): (day: string) => boolean {
  if (days.length === 0) return isWeekdayDate;
  const set = new Set(days);
  return (day) => set.has(day);
}
