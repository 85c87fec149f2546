import { queryOptions } from '@tanstack/react-query';
import { constituentsQuery, indexListQuery } from '../../api/indices';
import { breakCountQuery, upCountQuery } from '../../api/limit-pools';
import { operationQuery } from '../../api/query';
import { CLIENT_STALE_MS } from '../../contract/cache-policy';
import type { DataOf } from '../../contract/catalog';
import type { ANOMALY_TAGS } from '../../contract/operations/market-extras-terms';
import type { ApiError } from '../../contract/envelope';
import { shanghaiMidnight } from '../../contract/time';
import { mapLimited } from '../../contract/limited';

/**
 * The limit-up review's own calls (the pools and the ladder are shared with the market home, see
 * `src/api/limit-pools.ts`).
 */

export type AnomalyItem = DataOf<'a-share/special-data/anomaly-analysis-list'>['item'][number];

/** Calls under way at once for the many small requests below. */
const CONCURRENCY = 2;

export type AnomalyTag = (typeof ANOMALY_TAGS)[number];

/** Today's anomaly reasons of every stock, or of one tag (the service filters; it has no history). */
export function anomalyListQuery(tag: AnomalyTag | undefined, refetchInterval: number | false = false) {
  return operationQuery(
    'a-share/special-data/anomaly-analysis-list',
    tag === undefined ? {} : { tag_codes: [tag] },
    { refetchInterval, keepPrevious: true },
  );
}

/** Today's anomaly reasons of one stock. */
export function anomalyStockQuery(thscode: string) {
  return operationQuery('a-share/special-data/anomaly-analysis-stock', { thscodes: [thscode] });
}

/**
 * Each stock's THS industry: the industry list, then the members of every industry (two calls at a
 * time). Reference data: read once per half hour, kept by the server for hours.
 */
export function industryMapQuery() {
  return queryOptions<ReadonlyMap<string, string>, ApiError>({
    queryKey: ['limit-up', 'industry-map'],
    queryFn: async ({ client }) => {
      const list = await client.fetchQuery(indexListQuery('industry'));
      const members = await mapLimited(list.item, CONCURRENCY, (industry) =>
        client.fetchQuery(constituentsQuery(industry.thscode)).then((data) => ({ industry, data })),
      );
      const map = new Map<string, string>();
      for (const { industry, data } of members) {
        for (const stock of data.item) if (!map.has(stock.thscode)) map.set(stock.thscode, industry.name);
      }
      return map;
    },
    staleTime: CLIENT_STALE_MS.reference,
  });
}

export interface SentimentDay {
  date: string;
  up: number;
  broken: number;
}

/**
 * Limit-up and broken-limit counts of each day (one-row pool calls: `pagination.total` is the count), two
 * calls at a time. Each day's answer is also cached on its own, so moving the window by a day asks only
 * for the new day.
 */
export function sentimentQuery(days: readonly string[]) {
  return queryOptions<SentimentDay[], ApiError>({
    queryKey: ['limit-up', 'sentiment', days],
    queryFn: async ({ client }) =>
      mapLimited(days, CONCURRENCY, async (date) => {
        const ms = shanghaiMidnight(date);
        const up = await client.fetchQuery(upCountQuery(ms));
        const broken = await client.fetchQuery(breakCountQuery(ms));
        return { date, up: up.pagination.total, broken: broken.pagination.total };
      }),
    staleTime: CLIENT_STALE_MS.intraday,
    placeholderData: (previous) => previous,
  });
}
