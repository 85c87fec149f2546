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
  type MarketSession,
  type SessionPhase,
} from '../contract/market-session';
import type { BffMode } from './client';
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
export function useServerClock(): { now: () => number; known: boolean } {
  const mode = useQuery(modeQuery());
  const offset = serverOffsetMs(mode.data?.now, mode.dataUpdatedAt);
  const now = useMemo(() => () => Date.now() + offset, [offset]);
  // An unreachable BFF leaves the browser's clock as the best guess.
  return { now, known: !mode.isPending };
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

/**
 * The current session phase, re-evaluated when it can next change (not every second). Every caller
 * shares the mode and calendar queries through the cache.
 */
export function useMarketSession(): LiveSession {
  const { now, known: clockKnown } = useServerClock();
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => (calendar.data ? tradingDaySet(calendar.data.item.map((item) => item.date)) : null),
    [calendar.data],
  );
  // Bumped by the timer below; the session is recomputed from the clock on every render.
  const [, setTick] = useState(0);
  const nowMs = now();
  const session = sessionAt(nowMs, days ?? weekdaySet(nowMs));
  const { nextChangeMs } = session;

  useEffect(() => {
    const delay = Math.min(Math.max(nextChangeMs - now(), 0) + 50, MAX_TIMER_MS);
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [nextChangeMs, now]);

  return { ...session, nowMs, calendarKnown: days !== null, ready: clockKnown && !calendar.isPending };
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
