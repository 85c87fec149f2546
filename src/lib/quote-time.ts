import { TIMETABLE } from '../contract/market-session';
import { shanghaiMidnight } from '../contract/time';

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
