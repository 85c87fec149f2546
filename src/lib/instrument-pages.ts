import type { ASSET_TYPES } from '../contract/operations/meta';

/**
 * Which page opens an instrument, by the search's `asset_type`. An asset type without a page gets a
 * clear "not supported yet" message instead of a dead link; a new instrument page adds its line here.
 * The search opens instruments through this table, and a code on another instrument page's route is
 * sent here too (`ownPageOf` in redirect.ts, `InstrumentElsewhere`).
 */
export const INSTRUMENT_PAGES = {
  'a-share': '/stock/$thscode',
  'fund-otc': '/fund/$thscode',
  'fund-etf': '/fund/$thscode',
  'fund-lof': '/fund/$thscode',
  'fund-reits': '/fund/$thscode',
  futures: '/futures/$thscode',
  options: '/options/$thscode',
  // Exchange indices open here; a THS sector (.TI) is sent on to /sectors/$thscode (the same view).
  'a-share-index': '/index/$thscode',
} as const satisfies Partial<Record<(typeof ASSET_TYPES)[number], string>>;

export type InstrumentPage = (typeof INSTRUMENT_PAGES)[keyof typeof INSTRUMENT_PAGES];

function hasPage(type: string): type is keyof typeof INSTRUMENT_PAGES {
  return Object.hasOwn(INSTRUMENT_PAGES, type);
}

/** The page of an asset type, or undefined while it has none. */
export function pageOf(assetType: string): InstrumentPage | undefined {
  return hasPage(assetType) ? INSTRUMENT_PAGES[assetType] : undefined;
}

/** The asset types a page shows (the first one names the page: "股票" for the stock page). */
export function assetTypesOf(page: InstrumentPage): string[] {
  return Object.entries(INSTRUMENT_PAGES)
    .filter(([, to]) => to === page)
    .map(([type]) => type);
}
