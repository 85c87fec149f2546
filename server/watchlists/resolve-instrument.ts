import { catalog } from '../../src/contract/catalog';
import { ErrorCode } from '../../src/contract/envelope';
import { toQuery } from '../../src/contract/params';
import { watchlistLookupParams } from '../../src/contract/watchlists';
import type { Upstream } from '../gateway/upstream-client';
import { newRequestId } from '../gateway/request-id';

/** What the watchlist store needs to know about a code before it accepts it. */
export interface ResolvedInstrument {
  thscode: string;
  name: string;
  /** As the search reports it; the routes refuse types a watchlist cannot hold. */
  asset_type: string;
}

/**
 * Looks a full code up; null when the instrument is not known. Rejects when the search cannot be
 * asked (the caller answers 503: "unknown" must not be claimed for a code we could not check).
 */
export type ResolveInstrument = (thscode: string) => Promise<ResolvedInstrument | null>;

export class SearchUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchUnavailableError';
  }
}

const search = catalog['meta/tickers/search'];

/**
 * Resolves through the market data service's instrument search as the contract says
 * (`watchlistLookupParams`: `q` = the code, exact thscode match).
 * `upstream` is the gateway's: the same key handling, cache, request budget and error classification
 * as /api.
 */
export function searchResolver(upstream: Upstream): ResolveInstrument {
  return async (thscode) => {
    const outcome = await upstream.call({
      operation: search,
      query: toQuery(watchlistLookupParams(thscode)),
      requestId: newRequestId(),
    });
    if (!outcome.ok) throw new SearchUnavailableError(outcome.failure.message);
    const { envelope } = outcome;
    if (envelope.code === ErrorCode.INSTRUMENT_NOT_FOUND) return null;
    if (envelope.code !== ErrorCode.OK) {
      throw new SearchUnavailableError(
        `The instrument search answered code ${envelope.code}: ${envelope.message}`,
      );
    }
    const data = search.data.safeParse(envelope.data);
    if (!data.success) throw new SearchUnavailableError('The instrument search answered an unexpected shape');
    const wanted = thscode.toUpperCase();
    const hit = data.data.item.find((i) => i.thscode.toUpperCase() === wanted);
    return hit === undefined ? null : { thscode: wanted, name: hit.name, asset_type: hit.asset_type };
  };
}
