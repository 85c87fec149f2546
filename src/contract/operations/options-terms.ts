/**
 * Words and limits of the options operations (options.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const OPTION_SESSIONS = ['pre_market', 'intraday', 'post_market'] as const;
