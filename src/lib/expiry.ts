import { isValidDate } from '../contract/params';
import { DAY_MS } from '../contract/time';

/**
 * Days to expiry of a futures or option contract: Asia/Shanghai calendar days from `today` to its last
 * trading day, both `yyyy-MM-dd` Shanghai dates. 0 on the last trading day itself, negative once it has
 * passed (an expired contract), null when either date is missing or not a real date.
 */
export function daysToExpiry(
  expiry: string | null | undefined,
  today: string | null | undefined,
): number | null {
  if (!expiry || !today || !isValidDate(expiry) || !isValidDate(today)) return null;
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** A contract whose last trading day has passed. Unknown dates are not called expired. */
export function isExpired(days: number | null): boolean {
  return days !== null && days < 0;
}
