import { TIMETABLE, msSinceShanghaiMidnight, sessionAt } from '../../contract/market-session';
import { shanghaiDate } from '../../contract/time';

/**
 * Which day "today's" short-term benchmark shows. The benchmark of a day exists once that day's opening
 * auction has matched (09:25); before that, and on a day without trading, the page shows the last
 * trading day's instead of an empty table, and says why.
 */

export type BenchmarkReason = 'today' | 'pre-open' | 'auction' | 'non-trading';

export interface BenchmarkDay {
  /** The day to ask for; undefined asks for the service's today. */
  day: string | undefined;
  reason: BenchmarkReason;
}

/** `tradingDays`: the calendar (`yyyy-MM-dd`), or null while it is unknown (then today is asked for). */
export function benchmarkDay(nowMs: number, tradingDays: ReadonlySet<string> | null): BenchmarkDay {
  if (tradingDays === null || tradingDays.size === 0) return { day: undefined, reason: 'today' };
  const today = shanghaiDate(nowMs);
  const { phase } = sessionAt(nowMs, tradingDays);
  const beforeMatch = msSinceShanghaiMidnight(nowMs) < TIMETABLE.openingMatch * 1000;
  const reason: BenchmarkReason =
    phase === 'non-trading-day'
      ? 'non-trading'
      : phase === 'pre-open'
        ? 'pre-open'
        : phase === 'opening-auction' && beforeMatch
          ? 'auction'
          : 'today';
  if (reason === 'today') return { day: undefined, reason };
  const previous = [...tradingDays]
    .filter((day) => day < today)
    .sort()
    .at(-1);
  return previous === undefined ? { day: undefined, reason: 'today' } : { day: previous, reason };
}
