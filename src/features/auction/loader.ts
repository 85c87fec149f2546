import type { QueryClient } from '@tanstack/react-query';
import { aShareCodeTableQuery } from '../../api/instruments';
import { calendarQuery, serverNow } from '../../api/live';
import { tradingDaySet } from '../../contract/market-session';
import { isKnownNonTradingDay, readUrlDate } from '../../lib/trading-days';
import { benchmarkDay } from './benchmark-day';
import { aShareTable, checkCodes, requestCodes } from './codes';
import { benchmarkQuery, snapshotQuery } from './queries';
import { searchTokens, type AuctionSearch } from './url-state';

/**
 * What the first screen shows, fetched before the route renders: the benchmark of the day the page
 * shows, and the auction of the codes once they are checked against the A-share code table (never a
 * list the service would refuse, and never an impossible or non-trading day).
 */
export async function loadAuctionView(
  queryClient: QueryClient,
  search: AuctionSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const tokens = searchTokens(search);
  const benchmark = (async () => {
    const [now, calendar] = await Promise.all([
      serverNow(queryClient),
      queryClient.ensureQueryData(calendarQuery()).catch(() => undefined),
    ]);
    const dates = calendar?.item.map((d) => d.date) ?? [];
    const urlDate = readUrlDate(search.date);
    if (urlDate.kind === 'invalid') return;
    if (urlDate.kind === 'valid') {
      if (!isKnownNonTradingDay(urlDate.date, dates))
        await queryClient.ensureQueryData(benchmarkQuery(urlDate.date));
      return;
    }
    const auto = benchmarkDay(now, calendar ? tradingDaySet(dates) : null);
    await queryClient.ensureQueryData(benchmarkQuery(auto.day));
  })();
  const snapshot = (async () => {
    if (tokens.length === 0) return;
    const rows = await queryClient.ensureQueryData(aShareCodeTableQuery()).catch(() => null);
    const codes = requestCodes(checkCodes(tokens, rows === null ? null : aShareTable(rows)));
    if (codes !== null) await queryClient.ensureQueryData(snapshotQuery(codes, search.stage));
  })();
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled([benchmark, snapshot]);
  if (wait) await settled;
}
