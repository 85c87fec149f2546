import { DAY_MS, SHANGHAI_OFFSET_MS, shanghaiDate } from '../contract/time';

/**
 * The A-share trading session at a moment, in Asia/Shanghai, from the exchange timetable and the trading
 * calendar. Pure: the caller gives the clock (the BFF's, pinned in tests) and the set of trading days.
 *
 * 09:25-09:30 (orders accepted, nothing matched; the opening price is published at 09:25) counts as the
 * end of the opening auction rather than as pre-open: the auction result arrives at 09:25, so quotes keep
 * refreshing through it, and the next change is straight to continuous trading at 09:30.
 */
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

const MINUTE_MS = 60_000;
const at = (hours: number, minutes: number) => (hours * 60 + minutes) * MINUTE_MS;

/** Boundaries in ms since Shanghai midnight, each with the phase that starts there. */
const TIMETABLE: readonly { startsAt: number; phase: SessionPhase }[] = [
  { startsAt: 0, phase: 'pre-open' },
  { startsAt: at(9, 15), phase: 'opening-auction' },
  { startsAt: at(9, 30), phase: 'continuous' },
  { startsAt: at(11, 30), phase: 'lunch-break' },
  { startsAt: at(13, 0), phase: 'continuous' },
  { startsAt: at(14, 57), phase: 'closing-auction' },
  { startsAt: at(15, 0), phase: 'closed' },
];

/** Phases in which prices move: auctions and continuous trading. */
export function isLivePhase(phase: SessionPhase): boolean {
  return phase === 'opening-auction' || phase === 'continuous' || phase === 'closing-auction';
}

/**
 * `tradingDays` holds `yyyy-MM-dd` Shanghai dates. A day outside the set (weekend, holiday, or beyond the
 * calendar's window) is a non-trading day; the phase is re-evaluated at the next Shanghai midnight.
 */
export function sessionAt(nowMs: number, tradingDays: ReadonlySet<string>): MarketSession {
  const local = nowMs + SHANGHAI_OFFSET_MS;
  const sinceMidnight = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  const midnightMs = nowMs - sinceMidnight;
  const nextMidnightMs = midnightMs + DAY_MS;
  if (!tradingDays.has(shanghaiDate(nowMs))) {
    return { phase: 'non-trading-day', isTradingDay: false, nextChangeMs: nextMidnightMs };
  }
  let phase: SessionPhase = 'pre-open';
  let nextChangeMs = nextMidnightMs;
  for (const [index, slot] of TIMETABLE.entries()) {
    if (sinceMidnight < slot.startsAt) break;
    phase = slot.phase;
    const next = TIMETABLE[index + 1];
    nextChangeMs = next ? midnightMs + next.startsAt : nextMidnightMs;
  }
  return { phase, isTradingDay: true, nextChangeMs };
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
