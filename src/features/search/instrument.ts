import type { InstrumentRecord } from '../../api/instruments';
import type { ASSET_TYPES } from '../../contract/operations/meta';

/**
 * Which page opens an instrument, by the search's `asset_type`. An asset type without a page gets a
 * clear "not supported yet" message instead of a dead link; a new instrument page adds its line here.
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

export type InstrumentTarget =
  { kind: 'page'; to: InstrumentPage; thscode: string } | { kind: 'unsupported' };

function hasPage(type: string): type is keyof typeof INSTRUMENT_PAGES {
  return Object.hasOwn(INSTRUMENT_PAGES, type);
}

export function targetOf(record: InstrumentRecord): InstrumentTarget {
  return hasPage(record.asset_type)
    ? { kind: 'page', to: INSTRUMENT_PAGES[record.asset_type], thscode: record.thscode }
    : { kind: 'unsupported' };
}
