import { useCallback, useMemo } from 'react';
import { lastSessionDay } from '../contract/market-session';
import { quoteTime, type QuoteTime } from '../lib/quote-time';
import { useServerClock, useTradingDays } from './live';

/**
 * The time of a quote a component shows, by the one rule of `lib/quote-time`: the answer's own
 * `timestamp`, or (when the service sends none) the moment the query's answer arrived on the server's
 * clock, no later than the close of the last session by the trading calendar, marked as read.
 */
export function useQuoteTime(): (timestamp: number | null, dataUpdatedAt: number) => QuoteTime {
  const { onServer } = useServerClock();
  const days = useTradingDays();
  const daySet = useMemo(() => new Set(days), [days]);
  return useCallback(
    (timestamp, dataUpdatedAt) => {
      const readAt = onServer(dataUpdatedAt);
      return quoteTime(timestamp, readAt, lastSessionDay(readAt, daySet));
    },
    [onServer, daySet],
  );
}
