/**
 * Asia/Shanghai calendar arithmetic without time-zone libraries: China has kept UTC+8 with no daylight
 * saving since 1991, so a fixed offset is exact for every date this service covers.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** `yyyy-MM-dd` of the Shanghai calendar day containing `ms`. */
export function shanghaiDate(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight Asia/Shanghai of a `yyyy-MM-dd` day, as Unix ms. */
export function shanghaiMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}

/** The same Shanghai wall-clock moment `years` later (Feb 29 rolls to Mar 1). */
export function addYears(ms: number, years: number): number {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime() - SHANGHAI_OFFSET_MS;
}

/** `yyyy-MM-dd` shifted by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd` shifted by whole years (same month and day). */
export function addYearsToDate(date: string, years: number): string {
  return shanghaiDate(addYears(shanghaiMidnight(date), years));
}

/** `yyyy-MM-dd` shifted by whole months, clamped to the last day of a shorter month (03-31 − 1 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
