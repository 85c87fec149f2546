import type { QueryClient } from '@tanstack/react-query';
import { instrumentQuery } from '../../api/instruments';
import {
  lastYearProblem,
  lastYearStart,
  rankTrendSpanProblem,
  type LastYearProblem,
  type RankTrendSpanProblem,
} from '../../contract/operations/special-data-terms';
import { addDays } from '../../contract/time';
import { serverToday } from '../../api/live';
import { rankingQuery } from '../../api/rankings';
import { quoteListQuery } from '../../api/quotes';
import { historyQuery, monitorQuery, rankTrendQuery } from './queries';
import { trendCodes, type HotSearch } from './url-state';

/**
 * From view state to operation parameters, and the checks the service would otherwise answer with a
 * parameter error (code 1001–1004, a wasted round trip and an error in place of the data). The route
 * loader and the components both go through these functions, so a prefetch lands on the key a component
 * reads and neither sends a request the service must refuse.
 */

/** Trend windows offered as buttons; any window of at most a year works from a link. */
export const TREND_PRESETS = [30, 90, 180, 365] as const;
export type TrendPreset = (typeof TREND_PRESETS)[number];
export const DEFAULT_TREND_DAYS: TrendPreset = 90;

/** The history day shown when the link names none: yesterday, the latest complete day. */
export function historyDate(search: Pick<HotSearch, 'date'>, today: string): string {
  return search.date ?? addDays(today, -1);
}

export interface TrendWindow {
  start: string;
  end: string;
}

export function presetStart(today: string, days: TrendPreset): string {
  return days === 365 ? lastYearStart(today) : addDays(today, -days);
}

/** The rank-trend window: the link's ends, or the last 90 days up to today. */
export function trendWindow(search: Pick<HotSearch, 'start' | 'end'>, today: string): TrendWindow {
  const end = search.end ?? today;
  const start = search.start ?? presetStart(end > today ? today : end, DEFAULT_TREND_DAYS);
  return { start, end };
}

/** The preset a window matches (for the pressed button), if any. */
export function presetOf(window: TrendWindow, today: string): TrendPreset | null {
  if (window.end !== today) return null;
  return TREND_PRESETS.find((days) => presetStart(today, days) === window.start) ?? null;
}

/** Why a day or window cannot be asked for: the service keeps one year up to today. */
export type DateProblem = LastYearProblem | RankTrendSpanProblem;

/** Hot-stock history: a natural day of the last year (code 1003 otherwise). */
export function historyDateProblem(date: string, today: string): DateProblem | null {
  return lastYearProblem(date, today);
}

/**
 * Rank trend: both ends within the last year, in order (1004 otherwise), at most a year apart (1003):
 * the contract's window rule and date rule, as the BFF checks them.
 */
export function trendWindowProblem(window: TrendWindow, today: string): DateProblem | null {
  const { start, end } = window;
  return rankTrendSpanProblem(start, end) ?? lastYearProblem(start, today) ?? lastYearProblem(end, today);
}

function prefetchQuotes(queryClient: QueryClient, items: readonly { thscode: string }[]): Promise<void> {
  return items.length === 0
    ? Promise.resolve()
    : queryClient.prefetchQuery(quoteListQuery(items.map((item) => item.thscode)));
}

/**
 * What the open view shows, fetched before the route renders. Failures stay in the cache for the
 * components, which show the service's code and a retry where the data belongs.
 *
 * `wait: false` (a change of view state on the open page) only starts the requests, so the page stays
 * interactive and keeps the previous data on screen instead of falling back to its pending skeleton.
 */
export async function loadHotView(
  queryClient: QueryClient,
  search: HotSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const work: Promise<unknown>[] = [];
  switch (search.view) {
    case 'rank': {
      const list = queryClient.ensureQueryData(rankingQuery(search.list, search.period, search.limit));
      work.push(list);
      // The price columns: one snapshot of the listed codes, as soon as the list is known.
      void list.then(
        (data) => prefetchQuotes(queryClient, data.item),
        () => undefined,
      );
      break;
    }
    case 'monitor':
      work.push(queryClient.ensureQueryData(monitorQuery(search.state, search.page, search.size)));
      break;
    case 'history':
    case 'trend': {
      // Without the server's clock the browser's is the best guess; the component does the same.
      const today = await serverToday(queryClient);
      if (search.view === 'history') {
        const date = historyDate(search, today);
        if (historyDateProblem(date, today) === null) {
          const list = queryClient.ensureQueryData(historyQuery(date));
          work.push(list);
          void list.then(
            (data) => prefetchQuotes(queryClient, data.item),
            () => undefined,
          );
          const dayBefore = addDays(date, -1);
          if (historyDateProblem(dayBefore, today) === null) {
            void queryClient.prefetchQuery(historyQuery(dayBefore));
          }
        }
      } else {
        const window = trendWindow(search, today);
        if (trendWindowProblem(window, today) === null) {
          for (const code of trendCodes(search)) {
            work.push(queryClient.ensureQueryData(rankTrendQuery(code, window.start, window.end)));
            void queryClient.prefetchQuery(instrumentQuery(code));
          }
        }
      }
      break;
    }
  }
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(work);
  if (wait) await settled;
}
