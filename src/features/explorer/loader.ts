import type { QueryClient } from '@tanstack/react-query';
import { serverNow } from '../../api/live';
import { checkRequest, operationOf } from './model';
import { explorerCallQuery } from './queries';
import { readExplorerSearch } from './form-url';

/**
 * An operation's page from its URL alone: a link with `run=1` repeats its call, once the same check the
 * BFF runs has passed (a refused request is never sent: the page shows why). Without `run=1` nothing is
 * sent until the user asks.
 */
export async function loadExplorerOperation(
  queryClient: QueryClient,
  id: string,
  searchStr: string,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const op = operationOf(id);
  const { values, run } = readExplorerSearch(searchStr);
  if (!op || !run) return;
  const checked = checkRequest(op, values, await serverNow(queryClient));
  if (!checked.ok) return;
  // A failed call stays in the cache for the page, which shows it.
  const call = queryClient.ensureQueryData(explorerCallQuery(op.id, checked.query)).catch(() => undefined);
  if (wait) await call;
}
