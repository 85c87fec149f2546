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
