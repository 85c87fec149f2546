// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClientProvider, focusManager, useQuery } from '@tanstack/react-query';
import { createQueryClient, operationQuery } from './query';
import {
  liveRefetchInterval,
  serverOffsetMs,
  useLiveRefetchInterval,
  useMarketSession,
  useWindowsRefetchInterval,
  weekdaySet,
} from './live';
import { tradingWindows } from '../contract/market-session';
import { envelope, requestOf } from '../lib/testing.testkit';

const sh = (date: string, time: string) => Date.parse(`${date}T${time}+08:00`);

/** The BFF answers: its pinned clock, a calendar, and counted snapshot calls. */
function serve(opts: { serverNow: number | string; tradingDays: string[]; calendarFails?: boolean }) {
  const calls = { snapshot: 0, calendar: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestOf(input);
      if (url.pathname === '/bff/mode') {
        return Promise.resolve(
          new Response(JSON.stringify({ mode: 'simulated', version: 't', now: opts.serverNow })),
        );
      }
      if (url.pathname === '/api/a-share/calendar/trading-days') {
        calls.calendar += 1;
        if (opts.calendarFails) return Promise.resolve(envelope(null, 3002, 'not ready'));
        const item = opts.tradingDays.map((date) => ({ date, date_ms: 0 }));
        return Promise.resolve(envelope({ timestamp: 0, item }));
      }
      calls.snapshot += 1;
      return Promise.resolve(envelope({ timestamp: 1, total: 0, item: [] }));
    }),
  );
  return calls;
}

function wrapper() {
  const client = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return Wrapper;
}

/** Let pending fetches and the renders they cause complete, moving the fake clock by `ms`. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  // The browser's own clock is years away from the server's pinned one: only the server's counts.
  vi.useFakeTimers({ now: Date.parse('2031-02-03T04:05:06Z') });
});

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('liveRefetchInterval', () => {
  it('polls quotes every 5 s and intraday lists every 60 s during auctions and trading only', () => {
    expect(liveRefetchInterval('quote', 'continuous')).toBe(5_000);
    expect(liveRefetchInterval('quote', 'opening-auction')).toBe(5_000);
    expect(liveRefetchInterval('intraday', 'closing-auction')).toBe(60_000);
    expect(liveRefetchInterval('daily', 'continuous')).toBe(false);
    expect(liveRefetchInterval('reference', 'continuous')).toBe(false);
    for (const phase of ['pre-open', 'lunch-break', 'closed', 'non-trading-day'] as const) {
      expect(liveRefetchInterval('quote', phase)).toBe(false);
      expect(liveRefetchInterval('intraday', phase)).toBe(false);
    }
  });
});

describe('server clock', () => {
  it('measures the offset from the server time in ms or ISO text', () => {
    expect(serverOffsetMs(1_000_500, 1_000_000)).toBe(500);
    expect(serverOffsetMs('1970-01-01T00:00:02Z', 1_000)).toBe(1_000);
    expect(serverOffsetMs('not a date', 1_000)).toBe(0);
    expect(serverOffsetMs(undefined, 1_000)).toBe(0);
  });

  it('assumes Mon-Fri trading when the calendar is unknown', () => {
    expect(weekdaySet(sh('2026-07-15', '10:00:00')).has('2026-07-15')).toBe(true);
    expect(weekdaySet(sh('2026-07-18', '10:00:00')).size).toBe(0);
  });
});

describe('useMarketSession', () => {
  it("follows the server's pinned clock and the calendar, not the browser's clock", async () => {
    serve({ serverNow: '2026-07-15T10:10:00+08:00', tradingDays: ['20260714', '20260715'] });
    const { result } = renderHook(() => useMarketSession(), { wrapper: wrapper() });
    await advance(0);
    expect(result.current.calendarKnown).toBe(true);
    expect(result.current.phase).toBe('continuous');
    expect(result.current.nextChangeMs).toBe(sh('2026-07-15', '11:30:00'));
  });

  it('calls a day missing from the calendar a non-trading day', async () => {
    serve({ serverNow: sh('2026-07-15', '10:10:00'), tradingDays: ['20260714'] });
    const { result } = renderHook(() => useMarketSession(), { wrapper: wrapper() });
    await advance(0);
    expect(result.current.phase).toBe('non-trading-day');
  });

  it('moves to the next phase when its boundary passes, without rendering every second', async () => {
    serve({ serverNow: sh('2026-07-15', '11:29:00'), tradingDays: ['20260715'] });
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useMarketSession();
      },
      { wrapper: wrapper() },
    );
    await advance(0);
    expect(result.current.phase).toBe('continuous');
    const before = renders;
    await advance(59_000);
    expect(result.current.phase).toBe('continuous');
    expect(renders).toBe(before);
    await advance(1_100);
    expect(result.current.phase).toBe('lunch-break');
  });

  it('falls back to Mon-Fri when the calendar cannot be read', async () => {
    serve({ serverNow: sh('2026-07-15', '10:10:00'), tradingDays: [], calendarFails: true });
    const { result } = renderHook(() => useMarketSession(), { wrapper: wrapper() });
    await advance(0);
    expect(result.current.calendarKnown).toBe(false);
    expect(result.current.phase).toBe('continuous');
  });
});

describe('useLiveRefetchInterval', () => {
  function useLiveSnapshot() {
    const interval = useLiveRefetchInterval('quote');
    useQuery(operationQuery('a-share/prices/snapshot', { limit: 1 }, { refetchInterval: interval }));
    return interval;
  }

  it('refetches quotes every 5 s during trading', async () => {
    const calls = serve({ serverNow: sh('2026-07-15', '10:10:00'), tradingDays: ['20260715'] });
    const { result } = renderHook(() => useLiveSnapshot(), { wrapper: wrapper() });
    await advance(0);
    expect(result.current).toBe(5_000);
    const first = calls.snapshot;
    await advance(15_000);
    expect(calls.snapshot - first).toBe(3);
  });

  it('does not poll while the tab is hidden, and resumes when it is shown', async () => {
    const calls = serve({ serverNow: sh('2026-07-15', '10:10:00'), tradingDays: ['20260715'] });
    renderHook(() => useLiveSnapshot(), { wrapper: wrapper() });
    await advance(0);
    act(() => focusManager.setFocused(false));
    const hidden = calls.snapshot;
    await advance(30_000);
    expect(calls.snapshot).toBe(hidden);
    act(() => focusManager.setFocused(true));
    await advance(5_000);
    expect(calls.snapshot).toBeGreaterThan(hidden);
  });

  it('does not poll at all when the market is closed', async () => {
    const calls = serve({ serverNow: sh('2026-07-15', '16:00:00'), tradingDays: ['20260715'] });
    const { result } = renderHook(() => useLiveSnapshot(), { wrapper: wrapper() });
    await advance(0);
    expect(result.current).toBe(false);
    const first = calls.snapshot;
    await advance(120_000);
    expect(calls.snapshot).toBe(first);
  });
});

describe('useWindowsRefetchInterval (the exchanges’ own timetables)', () => {
  const copper = tradingWindows('commodity', 25 * 3600);
  const indexFutures = tradingWindows('cffex-index');

  it('polls a night-trading variety at 22:00, not an index future', async () => {
    serve({ serverNow: sh('2026-07-15', '22:00:00'), tradingDays: ['20260714', '20260715'] });
    const { result } = renderHook(
      () => ({
        copper: useWindowsRefetchInterval('intraday', copper),
        index: useWindowsRefetchInterval('intraday', indexFutures),
        a: useLiveRefetchInterval('intraday'),
      }),
      { wrapper: wrapper() },
    );
    await advance(0);
    expect(result.current).toEqual({ copper: 60_000, index: false, a: false });
  });

  it('stops at the commodity break 10:15 and resumes at 10:30, while index futures trade on', async () => {
    serve({ serverNow: sh('2026-07-15', '10:14:00'), tradingDays: ['20260715'] });
    const { result } = renderHook(
      () => ({
        copper: useWindowsRefetchInterval('quote', copper),
        index: useWindowsRefetchInterval('quote', indexFutures),
      }),
      { wrapper: wrapper() },
    );
    await advance(0);
    expect(result.current).toEqual({ copper: 5_000, index: 5_000 });
    await advance(61_000);
    expect(result.current).toEqual({ copper: false, index: 5_000 });
    await advance(15 * 60_000);
    expect(result.current).toEqual({ copper: 5_000, index: 5_000 });
  });

  it('never polls without a timetable', async () => {
    serve({ serverNow: sh('2026-07-15', '10:10:00'), tradingDays: ['20260715'] });
    const { result } = renderHook(() => useWindowsRefetchInterval('quote', null), { wrapper: wrapper() });
    await advance(0);
    expect(result.current).toBe(false);
  });
});
