/**
 * Words and limits of the index-group operations (index-group.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const INDEX_TAGS = ['cn_concept', 'region', 'tszs', 'industry'] as const;
