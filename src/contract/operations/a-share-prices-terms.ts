/** Largest page of the whole-market snapshot: the whole A-share table in one call (a plain value, no schemas). */
export const WHOLE_MARKET_PAGE = 10_000;
