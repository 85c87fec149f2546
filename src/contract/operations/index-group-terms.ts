/**
 * Words and limits of the index-group operations (index-group.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const INDEX_TAGS = ['cn_concept', 'region', 'tszs', 'industry'] as const;

/**
 * The exchange indices an analyst reads first, in the order terminals show them (the market home's
 * strip; the minute tape records them).
 */
export const MAIN_INDICES = [
  { thscode: '000001.SH', name: ['上证指数', 'SSE Composite'] },
  { thscode: '399001.SZ', name: ['深证成指', 'SZSE Component'] },
  { thscode: '399006.SZ', name: ['创业板指', 'ChiNext'] },
  { thscode: '000688.SH', name: ['科创50', 'STAR 50'] },
  { thscode: '000300.SH', name: ['沪深300', 'CSI 300'] },
  { thscode: '000905.SH', name: ['中证500', 'CSI 500'] },
] as const;

/** The sector groups the market home ranks (the sector page offers the others; the tape records them). */
export const HOME_SECTOR_TAGS = [
  'industry',
  'cn_concept',
] as const satisfies readonly (typeof INDEX_TAGS)[number][];
