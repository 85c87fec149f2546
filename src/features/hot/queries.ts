import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
import type { MonitorState } from './url-state';

/**
 * One `queryOptions` factory per use of an operation on the hot-list page. The route loader and the
 * components build the same options from the same inputs, so the loader's prefetch is what they read.
 * Live refresh intervals are added by the components (they depend on the market session).
 */

export type HistoryItem = DataOf<'a-share/special-data/hot-stock-list-history'>['item'][number];
export type TrendPoint = DataOf<'a-share/special-data/hot-stock-rank-trend'>['item'][number];
export type MonitorData = DataOf<'a-share/special-data/abnormal-monitor-list'>;
export type MonitorItem = MonitorData['item'][number];

export function historyQuery(date: string) {
  return operationQuery('a-share/special-data/hot-stock-list-history', { date }, { keepPrevious: true });
}

export function rankTrendQuery(thscode: string, startDate: string, endDate: string) {
  return operationQuery('a-share/special-data/hot-stock-rank-trend', {
    thscode,
    start_date: startDate,
    end_date: endDate,
  });
}

export function monitorQuery(state: MonitorState, page: number, size: number) {
  return operationQuery(
    'a-share/special-data/abnormal-monitor-list',
    { state, page, size },
    // Paging keeps the current page on screen until the next one has arrived.
    { keepPrevious: true },
  );
}
