import { operationQuery } from '../../api/query';
import { watchlistLookupParams } from '../../contract/watchlists';

/** The instrument lookup as the import page uses it: checking imported codes. */

/**
 * One full code, looked up the way the server checks it before accepting it (`watchlistLookupParams`),
 * so that the preview and the server agree on what is known.
 */
export function lookupQuery(thscode: string) {
  return operationQuery('meta/tickers/search', watchlistLookupParams(thscode));
}
