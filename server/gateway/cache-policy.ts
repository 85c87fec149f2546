import type { CacheClass } from '../../src/contract/operation';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../../src/contract/time';

/**
 * How long an answer stays fresh, by cache class and the Asia/Shanghai market clock. Weekdays count as
 * potential trading days: on a holiday the gateway only asks a little more often than it needs to.
 *
 * Live windows are the sessions (09:15–11:30, 13:00–15:00) plus a short grace after each close, so the
 * settled closing figures are fetched before a quote is kept until the next open.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SESSION_GRACE = 2 * MINUTE;
const LIVE_WINDOWS: readonly (readonly [number, number])[] = [
  [(9 * 60 + 15) * MINUTE, (11 * 60 + 30) * MINUTE + SESSION_GRACE],
  [13 * 60 * MINUTE, 15 * 60 * MINUTE + SESSION_GRACE],
];
/** Daily data is final once the exchanges have published the close. */
const DAILY_SETTLED = (15 * 60 + 30) * MINUTE;

export interface Lifetime {
  /** Served as HIT for this long. */
  freshMs: number;
  /**
   * After that, served STALE at once (with one background refresh) for this long; older answers wait
   * for the refresh and are only served when it fails (stale-if-error).
   */
  swrMs: number;
}

const FIXED: Record<CacheClass, { live: number; swr: number }> = {
  quote: { live: 3_000, swr: 5_000 },
  intraday: { live: MINUTE, swr: MINUTE },
  daily: { live: 5 * MINUTE, swr: 10 * MINUTE },
  reference: { live: 6 * HOUR, swr: 6 * HOUR },
};

function dayStart(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

export function isWeekday(ms: number): boolean {
  const day = new Date(ms + SHANGHAI_OFFSET_MS).getUTCDay();
  return day !== 0 && day !== 6;
}

/** True while a session (or its short grace after the close) is running. */
export function isLive(ms: number): boolean {
  if (!isWeekday(ms)) return false;
  const t = ms - dayStart(ms);
  return LIVE_WINDOWS.some(([from, to]) => t >= from && t < to);
}

/** The next moment a live window opens, strictly after `ms` when `ms` itself is not live. */
export function nextOpen(ms: number): number {
  for (let day = dayStart(ms), i = 0; i < 8; i++, day += DAY_MS) {
    if (!isWeekday(day)) continue;
    for (const [from] of LIVE_WINDOWS) if (day + from > ms) return day + from;
  }
  // Unreachable: a week always has a weekday.
  return ms + DAY_MS;
}

export function lifetime(cls: CacheClass, marketNow: number): Lifetime {
  const swrMs = FIXED[cls].swr;
  const untilOpen = Math.max(1_000, nextOpen(marketNow) - marketNow);
  const live = isLive(marketNow);
  switch (cls) {
    case 'quote':
      return { freshMs: live ? FIXED.quote.live : untilOpen, swrMs };
    case 'intraday':
      // News and lists still move a little outside sessions.
      return { freshMs: live ? FIXED.intraday.live : Math.min(10 * MINUTE, untilOpen), swrMs };
    case 'daily': {
      const t = marketNow - dayStart(marketNow);
      const opening = LIVE_WINDOWS[0]?.[0] ?? 0;
      if (!isWeekday(marketNow) || t < opening) return { freshMs: untilOpen, swrMs };
      // Today's bar is forming until the close is published.
      if (t < DAILY_SETTLED) return { freshMs: Math.min(FIXED.daily.live, DAILY_SETTLED - t), swrMs };
      // After-close publications (the dragon-tiger list comes out in the evening).
      return { freshMs: 30 * MINUTE, swrMs };
    }
    case 'reference':
      return { freshMs: FIXED.reference.live, swrMs };
  }
}
