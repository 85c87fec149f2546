import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { fetchOperation } from '../../api/client';
import { liveRefetchInterval, useMarketSession } from '../../api/live';
import { useQuoteTime } from '../../api/quote-time';
import { quoteRequests, withQuoteTime, type QuoteItem, type RowQuote } from './quotes';

/**
 * The live columns of the list in view. Each planned request is a query of its own, refreshed at its
 * operation's pace while a session runs (quotes every 5 s, net values every minute, bars not at all)
 * and not at all outside sessions; the A-shares of the list share ONE snapshot request.
 */

export interface QuoteCell {
  quote: RowQuote | undefined;
  loading: boolean;
  error: unknown;
}

export interface WatchlistQuotesState {
  cell: (thscode: string) => QuoteCell;
  /** Codes whose request failed. */
  failed: readonly string[];
  fetching: boolean;
  retry: () => void;
}

export function useWatchlistQuotes(items: readonly QuoteItem[]): WatchlistQuotesState {
  const { phase } = useMarketSession();
  // Keyed by the set of codes and types, not the order: a move plans (and fetches) nothing new.
  const signature = items
    .map((i) => `${i.thscode}:${i.asset_type}`)
    .sort()
    .join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for `items`
  const requests = useMemo(() => quoteRequests(items), [signature]);

  const timeOf = useQuoteTime();
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: request.key,
      queryFn: ({ signal }: { signal: AbortSignal }) => request.fetch(fetchOperation, signal),
      refetchInterval: liveRefetchInterval(request.cache, phase),
    })),
  });

  return useMemo(() => {
    const byCode = new Map<string, QuoteCell>();
    const failed: string[] = [];
    requests.forEach((request, index) => {
      const result = results[index];
      for (const code of request.codes) {
        const quote = result?.data?.rows.get(code);
        const updatedAt = result?.dataUpdatedAt ?? 0;
        byCode.set(code, {
          quote: quote && withQuoteTime(quote, (timestamp) => timeOf(timestamp, updatedAt)),
          loading: result?.isPending ?? true,
          error: result?.isError ? result.error : null,
        });
        if (result?.isError) failed.push(code);
      }
    });
    return {
      cell: (thscode: string) =>
        byCode.get(thscode.toUpperCase()) ?? { quote: undefined, loading: false, error: null },
      failed,
      fetching: results.some((r) => r.isFetching),
      retry: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    };
  }, [requests, results, timeOf]);
}
