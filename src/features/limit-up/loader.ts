import type { QueryClient } from '@tanstack/react-query';
import { breakPoolQuery, downPoolQuery, ladderQuery, upPoolQuery } from '../../api/limit-pools';
import { calendarQuery, latestTradingDay, serverToday } from '../../api/live';
import { wholeMarketQuery } from '../../api/market';
import { tradingDaySet } from '../../contract/market-session';
import { shanghaiMidnight } from '../../contract/time';
import { sentimentDays, previousTradingDay } from './days';
import { anomalyListQuery, sentimentQuery } from './queries';
import type { LimitUpSearch } from './url-state';

export type LimitUpDeps = Pick<LimitUpSearch, 'date' | 'pool' | 'tag'>;

/**
 * What the first screen shows, started from the URL alone: the day's three pools (the summary counts
 * all of them), the ladder and the previous day's limit-ups (promotion rates); the sentiment series, the
 * today's anomalies and the whole-market quotes (turnover) are started without waiting. The industries
 * (one call per industry) wait for the page's own data, in the view.
 * `wait: false` (a change on the open page) only starts the requests.
 */
export async function loadLimitUpView(
  queryClient: QueryClient,
  deps: LimitUpDeps,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const [today, calendar] = await Promise.all([
    serverToday(queryClient),
    queryClient.ensureQueryData(calendarQuery()).catch(() => undefined),
  ]);
  const days = [...tradingDaySet(calendar?.item.map((d) => d.date) ?? [])].sort();
  const latest = latestTradingDay(days, today);
  const date = deps.date ?? latest;
  const dayMs = shanghaiMidnight(date);
  const up = upPoolQuery(dayMs);
  const down = downPoolQuery(dayMs);
  const broke = breakPoolQuery(dayMs);
  // The open pool is waited for; the others feed the summary and load alongside.
  const critical: Promise<unknown>[] = [
    queryClient.ensureQueryData(ladderQuery()),
    deps.pool === 'up'
      ? queryClient.ensureQueryData(up)
      : deps.pool === 'down'
        ? queryClient.ensureQueryData(down)
        : queryClient.ensureQueryData(broke),
  ];
  if (deps.pool !== 'up') void queryClient.prefetchQuery(up);
  if (deps.pool !== 'down') void queryClient.prefetchQuery(down);
  if (deps.pool !== 'break') void queryClient.prefetchQuery(broke);
  const previous = previousTradingDay(days, date);
  if (previous !== undefined) void queryClient.prefetchQuery(upPoolQuery(shanghaiMidnight(previous)));
  void queryClient.prefetchQuery(wholeMarketQuery());
  if (date === latest) void queryClient.prefetchQuery(anomalyListQuery(deps.tag));
  const window = sentimentDays(days, date);
  if (window.length > 0) void queryClient.prefetchQuery(sentimentQuery(window));
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(critical);
  if (wait) await settled;
}
