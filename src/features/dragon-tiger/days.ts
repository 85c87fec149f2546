import { addDays, addYearsToDate } from '../../contract/time';

/**
 * Which days the dragon-tiger list can be asked for. The service keeps one year (an older or a future
 * day is a parameter error the page must not send) and publishes a day's list after its close.
 */

export interface DayWindow {
  min: string;
  max: string;
}

/**
 * Days that can be chosen: from one year before today up to the latest completed trading day — today
 * once its session has closed, otherwise yesterday (non-trading days are left to the calendar).
 */
export function pickableWindow(today: string, todayClosed: boolean): DayWindow {
  return { min: addYearsToDate(today, -1), max: todayClosed ? today : addDays(today, -1) };
}

/**
 * A day the service would refuse before looking at the calendar (1003: in the future or over a year
 * back), so the page explains it instead of sending a request. A non-trading day inside the year is
 * asked for: the service's own 1002 message is what the page shows.
 */
export function isOutsideServiceWindow(date: string, today: string): boolean {
  return date > today || date < addYearsToDate(today, -1);
}

/** The trading days before and after `day` inside the window (sorted `days`), for the arrow buttons. */
export function neighbourDays(
  days: readonly string[],
  day: string | undefined,
  window: DayWindow,
): { prev: string | undefined; next: string | undefined } {
  if (day === undefined) return { prev: undefined, next: undefined };
  const inside = days.filter((d) => d >= window.min && d <= window.max);
  return { prev: inside.filter((d) => d < day).at(-1), next: inside.find((d) => d > day) };
}
