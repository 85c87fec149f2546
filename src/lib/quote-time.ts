import { TIMETABLE, isWeekday, msSinceShanghaiMidnight } from '../contract/market-session';
import { addDays, shanghaiDate, shanghaiMidnight } from '../contract/time';

/**
 * The time a quote stands for, one rule for every page that shows one (the stock header's 数据时间, the
 * watchlist's data time column). The snapshot asked by `thscodes` carries none (`timestamp: null`, as
 * the vendor documents), so the time is when the answer was read on the server's clock, to the whole
 * minute (finer would be false precision), but not past the close of the last session that had begun
 * by then: evenings, weekends and holidays read as of that close. Such a time is marked as read
 * (`basis: 'read'`), so a page can say that the service did not state it.
 */

export type QuoteTimeBasis = 'service' | 'read';

export interface QuoteTime {
  /** Unix ms. */
  ms: number;
  /** `service`: the answer's own time; `read`: when the answer was read (the service gave none). */
  basis: QuoteTimeBasis;
}

const MINUTE_MS = 60_000;
/** Longer than any exchange holiday: how far back a session is looked for. */
const SEARCH_DAYS = 31;

/**
 * The newest day whose session had begun (its opening auction matched) by `atMs`, as `yyyy-MM-dd`.
 * `tradingDays` is the calendar's set of days; without one (loading, unreadable) Mon-Fri stand in.
 */
export function lastSessionDay(atMs: number, tradingDays: ReadonlySet<string>): string | null {
  const trades = (day: string) =>
    tradingDays.size > 0 ? tradingDays.has(day) : isWeekday(shanghaiMidnight(day));
  const today = shanghaiDate(atMs);
  const begun = msSinceShanghaiMidnight(atMs) >= TIMETABLE.openingMatch * 1000;
  for (let back = begun ? 0 : 1; back <= SEARCH_DAYS; back++) {
    const day = addDays(today, -back);
    if (trades(day)) return day;
  }
  return null;
}

/** A quote's time: the service's when it gives one, otherwise the read time as described above. */
export function quoteTime(
  timestamp: number | null,
  readAtServerMs: number,
  sessionDay: string | null,
): QuoteTime {
  if (timestamp !== null) return { ms: timestamp, basis: 'service' };
  const readAt = readAtServerMs - (readAtServerMs % MINUTE_MS);
  const close = sessionDay === null ? Infinity : shanghaiMidnight(sessionDay) + TIMETABLE.close * 1000;
  return { ms: Math.min(readAt, close), basis: 'read' };
}
