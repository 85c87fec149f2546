import { useEffect, useMemo, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LIVE_INTERVAL_MS } from '../contract/cache-policy';
import type { CacheClass } from '../contract/operation';
import { shanghaiDate } from '../contract/time';
import {
  isLivePhase,
  isWeekday,
  sessionAt,
  tradingDaySet,
  windowsLiveAt,
  type MarketSession,
  type SessionPhase,
  type TradingWindow,
} from '../contract/market-session';
import { DAY_MS } from '../contract/time';
import type { BffMode } from './client';
import { latestTradingDay } from '../contract/first-screens-terms';
import { modeQuery, operationQuery } from './query';

/**
 * The market clock of the app: the BFF's time (pinned by SIM_NOW in simulated mode) and the trading
 * calendar give the session phase, and the phase decides which queries refresh on their own.
 */

export function liveRefetchInterval(cacheClass: CacheClass, phase: SessionPhase): number | false {
  return isLivePhase(phase) ? LIVE_INTERVAL_MS[cacheClass] : false;
}

/** Server `now` (ms or ISO text) minus the browser clock when the answer arrived; 0 when unreadable. */
export function serverOffsetMs(now: BffMode['now'] | undefined, receivedAtMs: number): number {
  if (now === undefined || receivedAtMs <= 0) return 0;
  const serverMs = typeof now === 'number' ? now : Date.parse(now);
  return Number.isFinite(serverMs) ? serverMs - receivedAtMs : 0;
}

/**
 * The server's clock as seen from the browser: the offset is measured once per `/bff/mode` answer and
 * applied to `Date.now()`, so a pinned simulator day holds in the browser too.
 */
export function useServerClock(): {
  now: () => number;
  /** A moment of the browser's clock (a query's `dataUpdatedAt`) on the server's clock. */
  onServer: (browserMs: number) => number;
  known: boolean;
} {
  const mode = useQuery(modeQuery());
  const offset = serverOffsetMs(mode.data?.now, mode.dataUpdatedAt);
  const now = useMemo(() => () => Date.now() + offset, [offset]);
  const onServer = useMemo(() => (browserMs: number) => browserMs + offset, [offset]);
  // An unreachable BFF leaves the browser's clock as the best guess.
  return { now, onServer, known: !mode.isPending };
}

/**
 * The server's clock, for loaders (components use `useServerClock`): the mode answer carries the server
 * clock, and the time since it arrived is added.
 */
export async function serverNow(queryClient: QueryClient): Promise<number> {
  const options = modeQuery();
  try {
    const mode = await queryClient.ensureQueryData(options);
    const receivedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
    return Date.now() + serverOffsetMs(mode.now, receivedAt);
  } catch {
    // An unreachable BFF leaves the browser's clock as the best guess (the pages then show its error).
    return Date.now();
  }
}

/**
 * The server's Shanghai day, for loaders (components use `useServerToday`, which gives the same day, so
 * their query keys agree).
 */
export async function serverToday(queryClient: QueryClient): Promise<string> {
  return shanghaiDate(await serverNow(queryClient));
}

/** The server's Shanghai day in a component, or null until the server clock is known. */
export function useServerToday(): string | null {
  const { now, known } = useServerClock();
  return known ? shanghaiDate(now()) : null;
}

/**
 * The calendar's window ends "today" on the server, so it must be read again after midnight: hourly is
 * enough, since nothing trades before 09:15.
 */
export function calendarQuery() {
  return operationQuery(
    'a-share/calendar/trading-days',
    {},
    { staleTime: 60 * 60_000, refetchInterval: 60 * 60_000 },
  );
}

/** Mon-Fri, for when the calendar cannot be read: polling on a holiday is cheaper than a stale session. */
export function weekdaySet(nowMs: number): Set<string> {
  return isWeekday(nowMs) ? new Set([shanghaiDate(nowMs)]) : new Set();
}

/** A browser timer fires late after sleep or in a background tab: never wait longer than this. */
const MAX_TIMER_MS = 10 * 60_000;

export interface LiveSession extends MarketSession {
  /** The server clock at the last evaluation (Unix ms). */
  nowMs: number;
  /** `false` while the calendar is loading or unreadable (the phase then assumes Mon-Fri trading). */
  calendarKnown: boolean;
  /** `false` until the server clock and the calendar have answered (or failed): the phase is a guess. */
  ready: boolean;
}

/** The trading calendar as a set of days, or null while it loads or when it cannot be read. */
function useTradingDaySet(): { days: Set<string> | null; pending: boolean } {
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => (calendar.data ? tradingDaySet(calendar.data.item.map((item) => item.date)) : null),
    [calendar.data],
  );
  return { days, pending: calendar.isPending };
}

/** Re-renders the caller at `nextChangeMs` by the server clock (bounded, since timers fire late). */
function useWakeAt(nextChangeMs: number, now: () => number): void {
  // Bumped by the timer; the caller recomputes its state from the clock on every render.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!Number.isFinite(nextChangeMs)) return;
    const delay = Math.min(Math.max(nextChangeMs - now(), 0) + 50, MAX_TIMER_MS);
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [nextChangeMs, now]);
}

/**
 * The current session phase, re-evaluated when it can next change (not every second). Every caller
 * shares the mode and calendar queries through the cache.
 */
export function useMarketSession(): LiveSession {
  const { now, known: clockKnown } = useServerClock();
  const { days, pending } = useTradingDaySet();
  const nowMs = now();
  const session = sessionAt(nowMs, days ?? weekdaySet(nowMs));
  useWakeAt(session.nextChangeMs, now);
  return { ...session, nowMs, calendarKnown: days !== null, ready: clockKnown && !pending };
}

/**
 * Whether an exchange's timetable (`tradingWindows` of the contract: futures with their night session,
 * CFFEX, options) trades now, re-evaluated when that can next change. `null` (timetable not known yet)
 * never trades. Without the calendar, today and yesterday count as trading when they are weekdays.
 */
export function useTradingWindowsLive(windows: readonly TradingWindow[] | null): boolean {
  const { now } = useServerClock();
  const { days } = useTradingDaySet();
  const nowMs = now();
  const fallback = new Set([...weekdaySet(nowMs - DAY_MS), ...weekdaySet(nowMs)]);
  const state =
    windows === null
      ? { live: false, nextChangeMs: Infinity }
      : windowsLiveAt(nowMs, windows, days ?? fallback);
  useWakeAt(state.nextChangeMs, now);
  return state.live;
}

/** `refetchInterval` of a query of this cache class while the exchange's windows trade; none otherwise. */
export function useWindowsRefetchInterval(
  cacheClass: CacheClass,
  windows: readonly TradingWindow[] | null,
): number | false {
  return useTradingWindowsLive(windows) ? LIVE_INTERVAL_MS[cacheClass] : false;
}

/**
 * `refetchInterval` for a query of this cache class: 5 s for quotes and 60 s for intraday lists while
 * an auction or continuous trading runs, none otherwise. Hidden tabs do not poll (TanStack Query's
 * `refetchIntervalInBackground` stays false).
 */
export function useLiveRefetchInterval(cacheClass: CacheClass): number | false {
  const { phase } = useMarketSession();
  return liveRefetchInterval(cacheClass, phase);
}

/** The calendar's trading days as sorted `yyyy-MM-dd` (empty while it loads or when it cannot be read). */
export function useTradingDays(): readonly string[] {
  const calendar = useQuery(calendarQuery());
  return useMemo(
    () => [...tradingDaySet(calendar.data?.item.map((d) => d.date) ?? [])].sort(),
    [calendar.data],
  );
}

export { latestTradingDay };

/** The latest trading day for a loader: the calendar (usually cached by the shell) and the server clock. */
export async function latestTradingDayOf(queryClient: QueryClient): Promise<string> {
  const [today, calendar] = await Promise.all([
    serverToday(queryClient),
    queryClient.ensureQueryData(calendarQuery()).catch(() => undefined),
  ]);
  return latestTradingDay([...tradingDaySet(calendar?.item.map((d) => d.date) ?? [])].sort(), today);
}
