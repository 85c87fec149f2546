import { dayOfMs, midnightMs, tradingDayAt, tradingIndexOf, tradingIndexOnOrBefore } from './calendar';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';

/**
 * Where the A-share session stands at a moment (Asia/Shanghai): opening call auction 09:15-09:25,
 * continuous trading 09:30-11:30 and 13:00-15:00. The day's bar appears when the auction matches at
 * 09:25; before that (and on closed days) the latest bar is the previous trading day's.
 */
export type Phase =
  | 'closed-day'
  | 'pre-open'
  | 'auction'
  | 'auction-matched'
  | 'morning'
  | 'lunch'
  | 'afternoon'
  | 'after-close';

export const AUCTION_START_S = 9 * 3600 + 15 * 60;
export const AUCTION_END_S = 9 * 3600 + 25 * 60;
export const OPEN_S = 9 * 3600 + 30 * 60;
export const LUNCH_START_S = 11 * 3600 + 30 * 60;
export const LUNCH_END_S = 13 * 3600;
export const CLOSE_S = 15 * 3600;

export interface MarketClock {
  readonly nowMs: number;
  /** Shanghai calendar day (day number). */
  readonly today: number;
  /** Seconds since Shanghai midnight. */
  readonly secondOfDay: number;
  readonly phase: Phase;
  /** Trading index of today, or -1 on a closed day. */
  readonly todayIndex: number;
  /** Trading index of the latest bar (partial during the session). */
  readonly barIndex: number;
  /** Share of the continuous session behind us for the latest bar: 0 at 09:25, 0.5 over lunch, 1 when complete. */
  readonly barProgress: number;
  /** Unix ms of the latest data in that bar. */
  readonly barTimeMs: number;
  /** Latest trading day whose session has ended (may be today after 15:00). */
  readonly lastClosedIndex: number;
  /** Latest trading day strictly before today. */
  readonly previousIndex: number;
}

function phaseOf(isTrading: boolean, s: number): Phase {
  if (!isTrading) return 'closed-day';
  if (s < AUCTION_START_S) return 'pre-open';
  if (s < AUCTION_END_S) return 'auction';
  if (s < OPEN_S) return 'auction-matched';
  if (s < LUNCH_START_S) return 'morning';
  if (s < LUNCH_END_S) return 'lunch';
  if (s < CLOSE_S) return 'afternoon';
  return 'after-close';
}

/** Session fraction (0..1) of continuous trading elapsed at a second of the day. */
export function sessionProgress(s: number): number {
  if (s <= OPEN_S) return 0;
  if (s < LUNCH_START_S) return (0.5 * (s - OPEN_S)) / (LUNCH_START_S - OPEN_S);
  if (s < LUNCH_END_S) return 0.5;
  if (s < CLOSE_S) return 0.5 + (0.5 * (s - LUNCH_END_S)) / (CLOSE_S - LUNCH_END_S);
  return 1;
}

export function marketClock(nowMs: number): MarketClock {
  const today = dayOfMs(nowMs);
  const secondOfDay = Math.floor(((nowMs + SHANGHAI_OFFSET_MS) % DAY_MS) / 1000);
  const todayIndex = tradingIndexOf(today);
  const phase = phaseOf(todayIndex >= 0, secondOfDay);
  const previousIndex = tradingIndexOnOrBefore(today - 1);
  const midnight = midnightMs(today);
  let barIndex: number;
  let barProgress: number;
  let barTimeMs: number;
  if (todayIndex >= 0 && secondOfDay >= AUCTION_END_S) {
    barIndex = todayIndex;
    barProgress = sessionProgress(secondOfDay);
    barTimeMs =
      phase === 'after-close'
        ? midnight + CLOSE_S * 1000
        : phase === 'lunch'
          ? midnight + LUNCH_START_S * 1000
          : phase === 'auction-matched'
            ? midnight + AUCTION_END_S * 1000
            : // Quotes tick every 3 seconds.
              nowMs - (nowMs % 3000);
  } else {
    barIndex = previousIndex;
    barProgress = 1;
    barTimeMs = midnightMs(tradingDayAt(previousIndex)) + CLOSE_S * 1000;
  }
  const lastClosedIndex = phase === 'after-close' ? todayIndex : previousIndex;
  return {
    nowMs,
    today,
    secondOfDay,
    phase,
    todayIndex,
    barIndex,
    barProgress,
    barTimeMs,
    lastClosedIndex,
    previousIndex,
  };
}
