import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDate } from './time';

/**
 * The A-share trading timetable and the one phase vocabulary of the app, the BFF and the simulator, in
 * Asia/Shanghai. Pure: the caller gives the clock (the BFF's, pinned in tests) and the set of trading days.
 *
 * 09:15-09:25 opening call auction (orders and cancellations); 09:25 the auction matches and the opening
 * price is published; 09:25-09:30 orders are accepted but nothing is matched; 09:30-11:30 and 13:00-14:57
 * continuous trading; 14:57-15:00 closing call auction.
 *
 * 09:25-09:30 counts as the end of the opening auction rather than as pre-open: the auction result arrives
 * at 09:25, so quotes keep refreshing through it, and the next change is straight to continuous trading.
 */

/** Seconds since Shanghai midnight of each boundary of the timetable. */
export const TIMETABLE = {
  openingAuction: 9 * 3600 + 15 * 60,
  /** The opening auction matches: the day's first price and bar exist from here. */
  openingMatch: 9 * 3600 + 25 * 60,
  morningOpen: 9 * 3600 + 30 * 60,
  lunchBreak: 11 * 3600 + 30 * 60,
  afternoonOpen: 13 * 3600,
  closingAuction: 14 * 3600 + 57 * 60,
  close: 15 * 3600,
} as const;

export const SESSION_PHASES = [
  'pre-open',
  'opening-auction',
  'continuous',
  'lunch-break',
  'closing-auction',
  'closed',
  'non-trading-day',
] as const;
export type SessionPhase = (typeof SESSION_PHASES)[number];

export interface MarketSession {
  phase: SessionPhase;
  isTradingDay: boolean;
  /** When the phase can next change (Unix ms): the next boundary of the timetable or Shanghai midnight. */
  nextChangeMs: number;
}

/** Boundaries in seconds since Shanghai midnight, each with the phase that starts there. */
const PHASE_STARTS: readonly { startsAt: number; phase: SessionPhase }[] = [
  { startsAt: 0, phase: 'pre-open' },
  { startsAt: TIMETABLE.openingAuction, phase: 'opening-auction' },
  { startsAt: TIMETABLE.morningOpen, phase: 'continuous' },
  { startsAt: TIMETABLE.lunchBreak, phase: 'lunch-break' },
  { startsAt: TIMETABLE.afternoonOpen, phase: 'continuous' },
  { startsAt: TIMETABLE.closingAuction, phase: 'closing-auction' },
  { startsAt: TIMETABLE.close, phase: 'closed' },
];

/** Phases in which prices move: auctions and continuous trading. */
export function isLivePhase(phase: SessionPhase): boolean {
  return phase === 'opening-auction' || phase === 'continuous' || phase === 'closing-auction';
}

/** Milliseconds since Shanghai midnight of an instant. */
export function msSinceShanghaiMidnight(nowMs: number): number {
  const local = nowMs + SHANGHAI_OFFSET_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The phase at a second of a day that trades (or `non-trading-day`), with the second it next changes at. */
export function phaseAt(
  secondOfDay: number,
  isTradingDay: boolean,
): { phase: SessionPhase; nextChangeS: number } {
  const endOfDay = DAY_MS / 1000;
  if (!isTradingDay) return { phase: 'non-trading-day', nextChangeS: endOfDay };
  let phase: SessionPhase = 'pre-open';
  let nextChangeS = endOfDay;
  for (const [index, slot] of PHASE_STARTS.entries()) {
    if (secondOfDay < slot.startsAt) break;
    phase = slot.phase;
    nextChangeS = PHASE_STARTS[index + 1]?.startsAt ?? endOfDay;
  }
  return { phase, nextChangeS };
}

/**
 * `tradingDays` holds `yyyy-MM-dd` Shanghai dates. A day outside the set (weekend, holiday, or beyond the
 * calendar's window) is a non-trading day; the phase is re-evaluated at the next Shanghai midnight.
 */
export function sessionAt(nowMs: number, tradingDays: ReadonlySet<string>): MarketSession {
  const sinceMidnight = msSinceShanghaiMidnight(nowMs);
  const midnightMs = nowMs - sinceMidnight;
  const isTradingDay = tradingDays.has(shanghaiDate(nowMs));
  const { phase, nextChangeS } = phaseAt(sinceMidnight / 1000, isTradingDay);
  return { phase, isTradingDay, nextChangeMs: midnightMs + nextChangeS * 1000 };
}

/** Mon-Fri: the stand-in for a trading calendar that cannot be read (a holiday then looks like a day). */
export function isWeekday(ms: number): boolean {
  const day = new Date(ms + SHANGHAI_OFFSET_MS).getUTCDay();
  return day !== 0 && day !== 6;
}

/** The calendar's `yyyyMMdd` dates as the `yyyy-MM-dd` keys `sessionAt` expects; bad entries are skipped. */
export function tradingDaySet(dates: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const date of dates) {
    const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date);
    if (match) out.add(`${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}`);
  }
  return out;
}

/** Minutes of continuous trading in a full day (09:30-11:30 and 13:00-15:00), the base of the volume ratio. */
export const TRADING_MINUTES_PER_DAY =
  (TIMETABLE.lunchBreak - TIMETABLE.morningOpen + TIMETABLE.close - TIMETABLE.afternoonOpen) / 60;

/**
 * Minutes of the trading day elapsed at a second of the day: 0 before 09:30, frozen over lunch, the full
 * 240 from 15:00 on. Terminals divide today's volume by these minutes for the volume ratio (量比).
 */
export function tradedMinutes(secondOfDay: number): number {
  const morning = Math.min(
    Math.max(secondOfDay - TIMETABLE.morningOpen, 0),
    TIMETABLE.lunchBreak - TIMETABLE.morningOpen,
  );
  const afternoon = Math.min(
    Math.max(secondOfDay - TIMETABLE.afternoonOpen, 0),
    TIMETABLE.close - TIMETABLE.afternoonOpen,
  );
  return (morning + afternoon) / 60;
}
