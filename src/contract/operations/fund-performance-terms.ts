/**
 * Words and limits of the fund-performance operations (fund-performance.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

export const NAV_RANGES = ['week', 'month', 'tmonth', 'hyear', 'year', 'twoyear', 'tyear', 'fyear'] as const;

/**
 * The periods of the interval-return and drawdown answers, shortest first. Peers are ranked over the fixed
 * windows (`NAV_RANGES`) only: year to date and since inception have no peer average or rank.
 */
export const RETURN_PERIODS = [...NAV_RANGES, 'nowyear', 'now'] as const;
