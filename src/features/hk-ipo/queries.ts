import { operationQuery } from '../../api/query';
import type { IpoCalendarStatus } from '../../contract/operations/hk-ipo-terms';

/**
 * One `queryOptions` factory per use of an operation on the Hong Kong IPO page; the route loader and the
 * components build the same options from the same inputs.
 */

export function calendarListQuery(status: IpoCalendarStatus) {
  return operationQuery('hk-share/ipo/calendar-list', { status });
}

export function issueDetailQuery(issueCode: string) {
  return operationQuery('hk-share/ipo/issue-detail', { issue_code: issueCode });
}

export function applicationsQuery(page: number) {
  // Paging keeps the current page on screen until the next one has arrived.
  return operationQuery('hk-share/ipo/application-list', { page }, { keepPrevious: true });
}
