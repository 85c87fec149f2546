import { z } from 'zod';
import { defineOperations } from '../operation';
import { documented, fail, int, list, oneOf, text } from '../params';
import { str, strMaybe, strOrNull, timestampedItems } from '../common';
import { ErrorCode } from '../envelope';
import { SEARCH_LIMIT_MAX, SEARCH_KEYWORD_MAX } from './meta-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export { SEARCH_LIMIT_MAX, SEARCH_KEYWORD_MAX } from './meta-terms';

/** Leaf asset types of the instrument record (spec 000, instrument search). */
export const ASSET_TYPES = [
  'a-share',
  'a-share-index',
  'fund-otc',
  'fund-etf',
  'fund-lof',
  'fund-reits',
  'forex',
  'futures',
  'futures-commodity-index',
  'options',
] as const;

/** The code table offers fewer types than the search (upstream-extras 4). */
export const LIST_ASSET_TYPES = [
  'a-share',
  'a-share-index',
  'forex',
  'fund-otc',
  'fund-etf',
  'fund-lof',
  'fund-reits',
] as const;

export const SEARCH_EXCHANGES = [
  'SH',
  'SZ',
  'BJ',
  'CFFEX',
  'SHFE',
  'INE',
  'DCE',
  'CZCE',
  'GFEX',
  'SSE',
  'SZSE',
] as const;

/**
 * A comma list of enum values where every invalid value, the empty token included, gets one code (1003
 * for `asset_type`: "any invalid value"), unlike `list()` which reports empty tokens as 1002.
 * De-duplicated in first-seen order, as the server does.
 */
export function enumList(param: string, values: readonly string[], code: number, max = 50) {
  const schema = z
    .union([z.string(), z.array(z.string()).readonly()])
    .transform((v, ctx): readonly string[] => {
      const tokens = (typeof v === 'string' ? v.split(',') : [...v]).map((t) => t.trim());
      if (tokens.length > max) {
        fail(ctx, param, code, `must have at most ${max} comma-separated items`);
        return z.NEVER;
      }
      const bad = tokens.find((t) => !values.includes(t));
      if (bad !== undefined) {
        fail(
          ctx,
          param,
          code,
          bad === ''
            ? 'must not contain empty items'
            : `has an invalid value '${bad}'; allowed: ${values.join(', ')}`,
        );
        return z.NEVER;
      }
      return [...new Set(tokens)];
    });
  return documented(schema, {
    kind: 'list',
    rule: `must be at most ${max} comma-separated items, each one of ${values.join(', ')}`,
    maxItems: max,
    values,
  });
}

/** Code-table row (upstream-extras 4): `exchange` is null for instruments without an exchange. */
export const tickerItem = z.looseObject({
  thscode: str,
  ticker: str,
  name: str,
  exchange: strOrNull,
  asset_type: str,
  currency: str,
});

/**
 * Search row. The spec lists the four dates as "string or null"; the vendor's TickerItem has none, so
 * an omitted key is tolerated as well.
 */
export const instrumentItem = tickerItem.extend({
  list_date: strMaybe,
  end_date: strMaybe,
  last_trade_date: strMaybe,
  last_delivery_date: strMaybe,
});

export const metaOperations = defineOperations(
  { group: 'meta', access: 'open', source: 'spec' },
  {
    'meta/tickers/search': {
      summary: 'Instruments of every market whose code or name contains the keyword',
      params: z.object({
        q: text({ max: SEARCH_KEYWORD_MAX }),
        exchange: oneOf(SEARCH_EXCHANGES).optional(),
        asset_type: enumList('asset_type', ASSET_TYPES, ErrorCode.PARAM_RANGE).optional(),
        limit: int({ min: 1, max: SEARCH_LIMIT_MAX }).default(10),
      }),
      data: timestampedItems(instrumentItem),
      cache: 'reference',
    },
    'meta/tickers/list': {
      source: 'extras',
      summary: 'The code table filtered by exchange and asset type, paged by offset',
      params: z.object({
        // Beijing is not in the default.
        exchange: list({ max: 10, values: ['SH', 'SZ', 'BJ'], upper: true }).default(['SH', 'SZ']),
        asset_type: enumList('asset_type', LIST_ASSET_TYPES, ErrorCode.PARAM_RANGE).optional(),
        limit: int({ min: 1, max: 10000 }).default(1000),
        offset: int({ min: 0 }).default(0),
      }),
      data: timestampedItems(tickerItem),
      cache: 'reference',
    },
  },
);
