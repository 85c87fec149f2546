import type { CacheClass } from './operation';
import { isWeekday, msSinceShanghaiMidnight, TIMETABLE } from './market-session';
import { DAY_MS } from './time';

/**
 * How long an answer of each cache class stays good: the BFF's lifetimes by the Asia/Shanghai market
 * clock, and the browser's freshness and polling. One home for both, so the two sides cannot drift.
 *
 * The BFF counts weekdays as potential trading days: on a holiday it only asks a little more often than it
 * needs to. Live windows are the sessions (opening auction to lunch, afternoon to close) plus a short
 * grace after each close, so the settled closing figures are fetched before a quote is kept until the
 * next open.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const SESSION_GRACE = 2 * MINUTE;
const LIVE_WINDOWS: readonly (readonly [number, number])[] = [
  [TIMETABLE.openingAuction * SECOND, TIMETABLE.lunchBreak * SECOND + SESSION_GRACE],
  [TIMETABLE.afternoonOpen * SECOND, TIMETABLE.close * SECOND + SESSION_GRACE],
];
/** Daily data is final once the exchanges have published the close. */
export const DAILY_SETTLED = TIMETABLE.close * SECOND + 30 * MINUTE;

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
  quote: { live: 3 * SECOND, swr: 5 * SECOND },
  intraday: { live: MINUTE, swr: MINUTE },
  daily: { live: 5 * MINUTE, swr: 10 * MINUTE },
  reference: { live: 6 * HOUR, swr: 6 * HOUR },
  link: { live: 30 * SECOND, swr: 0 },
};

/** True while a session (or its short grace after the close) is running. */
export function isLive(ms: number): boolean {
  if (!isWeekday(ms)) return false;
  const t = msSinceShanghaiMidnight(ms);
  return LIVE_WINDOWS.some(([from, to]) => t >= from && t < to);
}

/** The next moment a live window opens, strictly after `ms` when `ms` itself is not live. */
export function nextOpen(ms: number): number {
  for (let day = ms - msSinceShanghaiMidnight(ms), i = 0; i < 8; i++, day += DAY_MS) {
    if (!isWeekday(day)) continue;
    for (const [from] of LIVE_WINDOWS) if (day + from > ms) return day + from;
  }
  // Unreachable: a week always has a weekday.
  return ms + DAY_MS;
}

/** The BFF's lifetime of an answer of class `cls` stored at `marketNow`. */
export function lifetime(cls: CacheClass, marketNow: number): Lifetime {
  const swrMs = FIXED[cls].swr;
  const untilOpen = Math.max(SECOND, nextOpen(marketNow) - marketNow);
  const live = isLive(marketNow);
  switch (cls) {
    case 'quote':
      return { freshMs: live ? FIXED.quote.live : untilOpen, swrMs };
    case 'intraday':
      // News and lists still move a little outside sessions.
      return { freshMs: live ? FIXED.intraday.live : Math.min(10 * MINUTE, untilOpen), swrMs };
    case 'daily': {
      const t = msSinceShanghaiMidnight(marketNow);
      if (!isWeekday(marketNow) || t < TIMETABLE.openingAuction * SECOND)
        return { freshMs: untilOpen, swrMs };
      // Today's bar is forming until the close is published.
      if (t < DAILY_SETTLED) return { freshMs: Math.min(FIXED.daily.live, DAILY_SETTLED - t), swrMs };
      // After-close publications (the dragon-tiger list comes out in the evening).
      return { freshMs: 30 * MINUTE, swrMs };
    }
    case 'reference':
      return { freshMs: FIXED.reference.live, swrMs };
    case 'link':
      return { freshMs: FIXED.link.live, swrMs };
  }
}

/**
 * How long the browser treats an answer as fresh (TanStack Query's `staleTime`): a focus or a remount
 * refetches only what is older. Bounded by the BFF's cache, which answers a refetch of a fresh key at once.
 */
export const CLIENT_STALE_MS: Readonly<Record<CacheClass, number>> = {
  quote: 5 * SECOND,
  intraday: 30 * SECOND,
  daily: 5 * MINUTE,
  reference: 30 * MINUTE,
  link: 0,
};

/**
 * Refresh periods in the browser while a session runs; outside sessions nothing polls (focus and
 * reconnect still refetch).
 */
export const LIVE_INTERVAL_MS: Readonly<Record<CacheClass, number | false>> = {
  quote: 5 * SECOND,
  intraday: MINUTE,
  daily: false,
  reference: false,
  link: false,
};
