import type { DataOf } from '../contract/catalog';
import { canonicalCode } from '../contract/params-terms';
import { operationQuery } from './query';

/**
 * Latest quotes of a list of A-shares in ONE price snapshot (the operation takes up to 1,000 codes), for
 * the price columns of a stock list: never one call per row. Codes are upper-cased, de-duplicated and
 * sorted, so two lists with the same members (the day and hour lists, a re-sorted table) share one answer.
 */

export type QuoteItem = DataOf<'a-share/prices/snapshot'>['item'][number];

/** The operation's bound on codes per call. */
export const QUOTE_CODES_MAX = 1000;

export function quoteListQuery(thscodes: readonly string[]) {
  const codes = [...new Set(thscodes.map(canonicalCode))].sort().slice(0, QUOTE_CODES_MAX);
  return operationQuery('a-share/prices/snapshot', { thscodes: codes, limit: Math.max(1, codes.length) });
}

/** Quotes by code, for a table's cells. */
export function quotesByCode(items: readonly QuoteItem[] | undefined): ReadonlyMap<string, QuoteItem> {
  return new Map((items ?? []).map((item) => [item.thscode, item]));
}
