import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DataOf, ParamsIn } from '../contract/catalog';
import type { ApiError } from '../contract/envelope';
import { fetchOperation } from './client';
import { freshnessOf, operationKey } from './query';

/**
 * The hot and skyrocket rankings, shared by every page that shows them (the hot-list page, the market
 * home, the call auction's "top of the hot list"): one key per list, period and length, so a card and the
 * page it links to read the same answer.
 */

const RANKING_OPERATIONS = {
  hot: 'a-share/special-data/hot-stock-list',
  skyrocket: 'a-share/special-data/skyrocket-list',
} as const;

export type RankingList = keyof typeof RANKING_OPERATIONS;
export type RankingPeriod = NonNullable<ParamsIn<'a-share/special-data/hot-stock-list'>['period']>;
export type RankingData = DataOf<'a-share/special-data/hot-stock-list'>;
export type RankingItem = RankingData['item'][number];

/** Either list under the operation's own key (`['op', id, params]`); the last answer stays while another loads. */
export function rankingQuery(list: RankingList, period: RankingPeriod, limit: number) {
  const id = RANKING_OPERATIONS[list];
  const params = { period, limit };
  return queryOptions<RankingData, ApiError>({
    queryKey: operationKey(id, params),
    queryFn: ({ signal }) =>
      // Two calls rather than one with a union id: each keeps its operation's types.
      list === 'hot'
        ? fetchOperation(RANKING_OPERATIONS.hot, params, { signal })
        : fetchOperation(RANKING_OPERATIONS.skyrocket, params, { signal }),
    staleTime: freshnessOf(id),
    placeholderData: keepPreviousData,
  });
}
