import { vi } from 'vitest';
import type { IntradaySeries } from '../../contract/market-data';
import { envelope, requestOf } from '../../lib/testing.testkit';

/**
 * A BFF for intraday tests: its (pinned) clock, a trading calendar, the minute tape as given (or a
 * failure), and an empty answer for every other operation. Returns the tape requests' queries.
 */
export function serveIntraday(opts: {
  serverNow: number;
  tradingDays: readonly string[];
  tape: ((days: number) => IntradaySeries) | { status: number; body: unknown };
  /** Answers for other operations by path (an envelope's data). */
  other?: (path: string, url: URL) => unknown;
}) {
  const tapeRequests: URLSearchParams[] = [];
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return Promise.resolve(
        new Response(JSON.stringify({ mode: 'simulated', version: 't', now: opts.serverNow })),
      );
    }
    if (url.pathname === '/api/a-share/calendar/trading-days') {
      const item = opts.tradingDays.map((date) => ({ date, date_ms: 0 }));
      return Promise.resolve(envelope({ timestamp: 0, item }));
    }
    if (url.pathname === '/bff/market-data/intraday') {
      tapeRequests.push(url.searchParams);
      const tape = opts.tape;
      if (typeof tape === 'function') {
        return Promise.resolve(new Response(JSON.stringify(tape(Number(url.searchParams.get('days'))))));
      }
      return Promise.resolve(new Response(JSON.stringify(tape.body), { status: tape.status }));
    }
    const data = opts.other?.(url.pathname, url);
    return Promise.resolve(data === undefined ? envelope(null, 4004, 'no data') : envelope(data));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, tapeRequests };
}
