import { lastYearProblem, lastYearStart } from '../../contract/operations/special-data-terms';
import { addDays } from '../../contract/time';
import { isKnownNonTradingDay, type DayWindow, type UrlDate } from '../../lib/trading-days';

/**
 * Which days the dragon-tiger list can be asked for. The service keeps one year (an older or a future
 * day is a parameter error the page must not send) and publishes a day's list after its close.
 */

/**
 * Days that can be chosen: from one year before today up to the latest completed trading day — today
 * once its session has closed, otherwise yesterday (non-trading days are left to the calendar).
 */
export function pickableWindow(today: string, todayClosed: boolean): DayWindow {
  return { min: lastYearStart(today), max: todayClosed ? today : addDays(today, -1) };
}

/**
 * A day the service would refuse before looking at the calendar (1003: in the future or over a year
 * back), so the page explains it instead of sending a request.
 */
export function isOutsideServiceWindow(date: string, today: string): boolean {
  return lastYearProblem(date, today) !== null;
}

/** Why the day in the URL is not requested: explained on the page instead. */
export type DayProblem =
  { kind: 'invalid'; text: string } | { kind: 'outside' } | { kind: 'non-trading'; date: string };

/**
 * What keeps the URL's day from being requested: not a calendar day (`2026-13-45`), outside the
 * service's year, or a day the trading calendar says does not trade (a weekend, a holiday). Null when
 * it may be asked for (the latest day always may). A day the calendar cannot judge is asked for, and
 * the service's own refusal is shown.
 */
export function dayProblem(
  urlDate: UrlDate,
  today: string | null,
  calendar: readonly string[],
): DayProblem | null {
  if (urlDate.kind === 'none') return null;
  if (urlDate.kind === 'invalid') return { kind: 'invalid', text: urlDate.text };
  if (today !== null && isOutsideServiceWindow(urlDate.date, today)) return { kind: 'outside' };
  if (isKnownNonTradingDay(urlDate.date, calendar)) return { kind: 'non-trading', date: urlDate.date };
  return null;
}
