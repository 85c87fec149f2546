import { z } from 'zod';
import { defineOperations } from '../operation';
import { canonicalCode, code, documented, fail, int, list, ms, oneOf, INDEX_CODE_RE } from '../params';
import { addYears } from '../time';
import { ms as msField, msOrNull, intOrNull, str, strOrNull, timestampedItems } from '../common';
import { ErrorCode } from '../envelope';
import { barItem, snapshotItem } from './a-share-prices';
import { INDEX_TAGS } from './index-group-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export { INDEX_TAGS } from './index-group-terms';

/* The index and sector group of upstream-extras.md section 6. */

const INDEX_RULE = 'must be an index code: six characters, a dot, SH, SZ or TI (such as 885517.TI)';

/** The server trims and upper-cases codes, so `885517.ti` is the same index. */
function indexCode() {
  const schema = z
    .string()
    .transform(canonicalCode)
    .pipe(code({ pattern: INDEX_CODE_RE, rule: INDEX_RULE }));
  return documented(schema, { kind: 'code', rule: INDEX_RULE });
}

/** Case-insensitive tag of the THS index list. */
function indexTag() {
  const schema = z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(oneOf(INDEX_TAGS));
  return documented(schema, {
    kind: 'enum',
    rule: `must be one of ${INDEX_TAGS.join(', ')} (any case)`,
    values: INDEX_TAGS,
  });
}

/** Indices have no `ticker` in the list. */
export const indexListItem = z.looseObject({ thscode: str, name: str });

export const constituentItem = z.looseObject({ thscode: str, ticker: str, name: str });

export const indexGroupOperations = defineOperations(
  { group: 'index', access: 'open', source: 'extras' },
  {
    'a-share-index/catalog/ths-index-list': {
      summary: 'Every THS index of one tag: concepts, regions, thematic or industries',
      params: z.object({ tag: indexTag().default('cn_concept') }),
      data: timestampedItems(indexListItem),
      cache: 'reference',
    },
    'a-share-index/constituents/ths-stock-list': {
      summary: 'Current member stocks of one index (no weights, no history)',
      params: z.object({ thscode: indexCode() }),
      data: timestampedItems(constituentItem),
      cache: 'reference',
    },
    'a-share-index/prices/snapshot': {
      summary: 'Latest quote of given indices (no whole-market mode)',
      params: z.object({
        // No documented token limit; the A-share snapshot's bound keeps requests sane.
        thscodes: list({ max: 1000, item: INDEX_CODE_RE, itemRule: INDEX_RULE, upper: true }),
        // Accepted for signature compatibility; the service ignores them.
        limit: int({ min: 1 }).optional(),
        offset: int({ min: 0 }).optional(),
      }),
      data: z.looseObject({ timestamp: msOrNull, total: intOrNull, item: z.array(snapshotItem) }),
      cache: 'quote',
    },
    'a-share-index/prices/historical': {
      summary: 'Daily bars of one index, window at most 10 years (indices are not adjusted)',
      params: z
        .object({
          thscode: indexCode(),
          interval: oneOf(['1d']).default('1d'),
          start: ms(),
          end: ms(),
        })
        .check((ctx) => {
          const { start, end } = ctx.value;
          if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
          else if (end > addYears(start, 10))
            fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 10 years after 'start'");
        }),
      // `adjust` is always null here: indices have no adjustment, it is not a sign of missing data.
      data: z.looseObject({ timestamp: msField, adjust: strOrNull, item: z.array(barItem) }),
      cache: 'daily',
    },
  },
);
