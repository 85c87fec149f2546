import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
export {
  HOME_SECTOR_TAGS,
  HOT_PAGE_LIMIT,
  MONITOR_PAGE_SIZE,
  sparkWindow,
} from '../../contract/first-screens-terms';
import { MONITOR_PAGE_SIZE } from '../../contract/first-screens-terms';

/**
 * The home page's calls. Each uses the parameters of the page its card links to, in the state the link
 * opens (`/hot` with its default limit and page size, `/dragon-tiger` for the latest day and all
 * boards), so the card and that page share one cache entry and show the same rows.
 */

/** How many entries a card shows of that answer. */
export const CARD_ROWS = 10;

export type MonitorItem = DataOf<'a-share/special-data/abnormal-monitor-list'>['item'][number];

/** The latest completed day's list: no date, the service picks the day. */
export function latestDragonTigerQuery() {
  return operationQuery('a-share/special-data/dragon-tiger-list', { board_type: 'all' });
}

export function currentMonitorQuery(refetchInterval: number | false = false) {
  return operationQuery(
    'a-share/special-data/abnormal-monitor-list',
    { state: 'current', page: 1, size: MONITOR_PAGE_SIZE },
    { refetchInterval },
  );
}

/** Sessions drawn in an index tile's sparkline. */
export const SPARK_SESSIONS = 30;

/** Rows of each sector list on the card. */
export const SECTOR_ROWS = 5;
