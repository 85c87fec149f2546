/**
 * Words and limits of the fund-managers operations (fund-managers.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const MANAGER_RANGES = ['month', 'tmonth', 'year', 'nowyear', 'now'] as const;
