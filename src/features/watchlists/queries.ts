import { operationQuery } from '../../api/query';

/** The instrument lookup as the import page uses it: checking imported codes. */

/**
 * One full code, looked up the way the server checks it before accepting it (exact match among the
 * search's 50 best), so that the preview and the server agree on what is known.
 */
export function lookupQuery(thscode: string) {
  return operationQuery('meta/tickers/search', { q: thscode, limit: 50 }, { staleTime: 30 * 60_000 });
}
