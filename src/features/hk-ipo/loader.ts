import type { QueryClient } from '@tanstack/react-query';
import { IPO_CALENDAR_STATUSES } from '../../contract/operations/hk-ipo-terms';
import { applicationsQuery, calendarListQuery, issueDetailQuery } from './queries';
import type { HkIpoSearch } from './url-state';

/**
 * What the first screen shows, from the URL alone and in parallel: both calendar lists, the page of
 * applications and the open issue's detail. Once the lists are in, the details of their issues (lot
 * sizes for the list) are started without waiting. Failures stay in the cache for the components,
 * which show the service's code and a retry where the data belongs.
 *
 * `wait: false` (a change of view state on the open page) only starts the requests.
 */
export async function loadHkIpoView(
  queryClient: QueryClient,
  search: HkIpoSearch,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const lists = IPO_CALENDAR_STATUSES.map((status) => queryClient.ensureQueryData(calendarListQuery(status)));
  const work: Promise<unknown>[] = [...lists, queryClient.ensureQueryData(applicationsQuery(search.apps))];
  if (search.issue !== undefined) work.push(queryClient.ensureQueryData(issueDetailQuery(search.issue)));
  void Promise.allSettled(lists).then((settled) => {
    for (const result of settled) {
      if (result.status !== 'fulfilled') continue;
      for (const entry of result.value.item)
        void queryClient.prefetchQuery(issueDetailQuery(entry.issue_code));
    }
  });
  // Settled either way, so a failure never surfaces as an unhandled rejection.
  const settled = Promise.allSettled(work);
  if (wait) await settled;
}
