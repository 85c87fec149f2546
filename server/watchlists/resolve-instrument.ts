import { catalog } from '../../src/contract/catalog';
import { ErrorCode } from '../../src/contract/envelope';
import { toQuery } from '../../src/contract/params';
import {
  WATCHLIST_TABLE_PAGE,
  watchlistLookupParams,
  watchlistTableParams,
} from '../../src/contract/watchlists';
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
export type ResolveInstrument = (thscode: string, client?: string) => Promise<ResolvedInstrument | null>;

/** Many codes at once (a batch add): each code's instrument, or null when it is not known. */
export type ResolveInstruments = (
  thscodes: readonly string[],
  client?: string,
) => Promise<Map<string, ResolvedInstrument | null>>;

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
  return async (thscode, client) => {
    const outcome = await upstream.call({
      operation: search,
      query: toQuery(watchlistLookupParams(thscode)),
      requestId: newRequestId(),
      ...(client === undefined ? {} : { client }),
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

const table = catalog['meta/tickers/list'];
/** Pages of the code table read at most for one batch (the exchanges list well under this many). */
const MAX_TABLE_PAGES = 3;

/**
 * A batch through the code table: one call (cached like any reference answer, so the next batch costs
 * none) answers the listed codes; the few it does not hold are asked of the search one by one.
 */
export function tableResolver(
  upstream: Upstream,
  single: ResolveInstrument = searchResolver(upstream),
): ResolveInstruments {
  return async (thscodes, client) => {
    const wanted = new Set(thscodes.map((c) => c.toUpperCase()));
    const found = new Map<string, ResolvedInstrument | null>();
    for (let page = 0; page < MAX_TABLE_PAGES && found.size < wanted.size; page++) {
      const outcome = await upstream.call({
        operation: table,
        query: toQuery(watchlistTableParams(page * WATCHLIST_TABLE_PAGE)),
        requestId: newRequestId(),
        ...(client === undefined ? {} : { client }),
      });
      if (!outcome.ok) throw new SearchUnavailableError(outcome.failure.message);
      if (outcome.envelope.code !== ErrorCode.OK) {
        throw new SearchUnavailableError(`The code table answered code ${outcome.envelope.code}`);
      }
      const data = table.data.safeParse(outcome.envelope.data);
      if (!data.success) throw new SearchUnavailableError('The code table answered an unexpected shape');
      for (const row of data.data.item) {
        const code = row.thscode.toUpperCase();
        if (wanted.has(code)) found.set(code, { thscode: code, name: row.name, asset_type: row.asset_type });
      }
      if (data.data.item.length < WATCHLIST_TABLE_PAGE) break;
    }
    for (const code of wanted) {
      if (!found.has(code)) found.set(code, await single(code, client));
    }
    return found;
  };
}
