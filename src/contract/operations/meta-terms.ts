/**
 * Words and limits of the meta operations (meta.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

/** The most rows one instrument search returns (spec 000: `limit` 1 to 50). */
export const SEARCH_LIMIT_MAX = 50;

/**
 * The longest keyword the instrument search is sent (a code or a name is far shorter); a longer `q` is
 * refused with 1003 before it reaches the service.
 */
export const SEARCH_KEYWORD_MAX = 64;
