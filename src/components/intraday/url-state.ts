import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { serverNow, useMarketSession } from '../../api/live';
import { INTRADAY_SPANS, intradayQuery, type IntradaySpan } from '../../api/market-data';
import { isWeekday, msSinceShanghaiMidnight, phaseAt } from '../../contract/market-session';
import type { MarketSession, SessionPhase } from '../../contract/market-session';

/**
 * The chart views of an instrument page (stock, index, sector) and their URL state, shared by the pages:
 * `chart` (`intraday` or `daily`; absent: the session decides) and `days` (the intraday span, 1 or 5).
 */

export const CHART_VIEWS = ['intraday', 'daily'] as const;
export type ChartView = (typeof CHART_VIEWS)[number];

/** The phases of a trading day's session, lunch break included: the intraday line is what moves. */
const SESSION_PHASES: readonly SessionPhase[] = [
  'opening-auction',
  'continuous',
  'lunch-break',
  'closing-auction',
];

/** The intraday line during a session (09:15 to 15:00 of a trading day), daily candles otherwise. */
export function defaultChartView(session: Pick<MarketSession, 'phase' | 'isTradingDay'>): ChartView {
  return session.isTradingDay && SESSION_PHASES.includes(session.phase) ? 'intraday' : 'daily';
}

/** `chart=`: a view the reader chose; anything else is "not chosen" (the session decides). */
export const chartViewParam = () => z.enum(CHART_VIEWS).optional().catch(undefined);

export const INTRADAY_DAYS_DEFAULT: IntradaySpan = 1;

/** `days=`: the intraday span; anything but 1 or 5 falls back to one day. */
export const intradayDaysParam = () =>
  z
    .union([z.literal(INTRADAY_SPANS[0]), z.literal(INTRADAY_SPANS[1])])
    .default(INTRADAY_DAYS_DEFAULT)
    .catch(INTRADAY_DAYS_DEFAULT);

/**
 * The view to show: the one in the URL, else the session's default as it was when the page first knew
 * the session (a session that ends while the page is open does not swap the chart under the reader).
 * Null while the server's clock and the calendar are not known yet.
 */
export function useChartView(chosen: ChartView | undefined): ChartView | null {
  const session = useMarketSession();
  const current = session.ready ? defaultChartView(session) : null;
  const [first, setFirst] = useState<ChartView | null>(null);
  // Kept from the first render that knows it (React re-renders at once, before anything is shown).
  if (first === null && current !== null) setFirst(current);
  return chosen ?? first ?? current;
}

/**
 * A page loader's request for the minute tape, sent with its first requests when the chart will be the
 * intraday one: chosen in the link, or the server's clock in a session of a weekday. The calendar is not
 * waited for (the view would wait a round for it); on a holiday the answer, a read of the server's own
 * tape, is left unused.
 */
export async function prefetchIntraday(
  queryClient: QueryClient,
  thscode: string,
  search: { chart?: ChartView | undefined; days: IntradaySpan },
): Promise<void> {
  if (search.chart === 'daily') return;
  if (search.chart === undefined) {
    const now = await serverNow(queryClient);
    const weekday = isWeekday(now);
    const { phase } = phaseAt(msSinceShanghaiMidnight(now) / 1000, weekday);
    if (defaultChartView({ phase, isTradingDay: weekday }) !== 'intraday') return;
  }
  await queryClient.prefetchQuery(intradayQuery(thscode, search.days));
}
