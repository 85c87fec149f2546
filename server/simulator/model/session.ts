import { dayOfMs, midnightMs, tradingDayAt, tradingIndexOf, tradingIndexOnOrBefore } from './calendar';
import { phaseAt, TIMETABLE, type SessionPhase } from '../../../src/contract/market-session';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';

/**
 * Where the A-share session stands at a moment (Asia/Shanghai), on the contract's timetable and phases
 * (`src/contract/market-session.ts`). The day's bar appears when the opening auction matches at 09:25;
 * before that (and on closed days) the latest bar is the previous trading day's.
 */

export interface MarketClock {
  readonly nowMs: number;
  /** Shanghai calendar day (day number). */
  readonly today: number;
  /** Seconds since Shanghai midnight. */
  readonly secondOfDay: number;
  readonly phase: SessionPhase;
  /** The opening call auction is collecting orders (09:15-09:25): nothing has matched yet today. */
  readonly auctionRunning: boolean;
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

/** Session fraction (0..1) of continuous trading elapsed at a second of the day. */
export function sessionProgress(s: number): number {
  if (s <= TIMETABLE.morningOpen) return 0;
  if (s < TIMETABLE.lunchBreak)
    return (0.5 * (s - TIMETABLE.morningOpen)) / (TIMETABLE.lunchBreak - TIMETABLE.morningOpen);
  if (s < TIMETABLE.afternoonOpen) return 0.5;
  if (s < TIMETABLE.close)
    return 0.5 + (0.5 * (s - TIMETABLE.afternoonOpen)) / (TIMETABLE.close - TIMETABLE.afternoonOpen);
  return 1;
}

export function marketClock(nowMs: number): MarketClock {
  const today = dayOfMs(nowMs);
  const secondOfDay = Math.floor(((nowMs + SHANGHAI_OFFSET_MS) % DAY_MS) / 1000);
  const todayIndex = tradingIndexOf(today);
  const { phase } = phaseAt(secondOfDay, todayIndex >= 0);
  const auctionRunning = phase === 'opening-auction' && secondOfDay < TIMETABLE.openingMatch;
  const previousIndex = tradingIndexOnOrBefore(today - 1);
  const midnight = midnightMs(today);
  let barIndex: number;
  let barProgress: number;
  let barTimeMs: number;
  if (todayIndex >= 0 && secondOfDay >= TIMETABLE.openingMatch) {
    barIndex = todayIndex;
    barProgress = sessionProgress(secondOfDay);
    barTimeMs =
      phase === 'closed'
        ? midnight + TIMETABLE.close * 1000
        : phase === 'lunch-break'
          ? midnight + TIMETABLE.lunchBreak * 1000
          : phase === 'opening-auction'
            ? midnight + TIMETABLE.openingMatch * 1000
            : // Quotes tick every 3 seconds.
              nowMs - (nowMs % 3000);
  } else {
    barIndex = previousIndex;
    barProgress = 1;
    barTimeMs = midnightMs(tradingDayAt(previousIndex)) + TIMETABLE.close * 1000;
  }
  const lastClosedIndex = phase === 'closed' ? todayIndex : previousIndex;
  return {
    nowMs,
    today,
    secondOfDay,
    phase,
    auctionRunning,
    todayIndex,
    barIndex,
    barProgress,
    barTimeMs,
    lastClosedIndex,
    previousIndex,
  };
}
