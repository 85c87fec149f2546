import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import type { ASSET_TYPES } from '../../contract/operations/meta';
import { INSTRUMENT_CODE_RE } from '../../contract/params';

/**
 * Which page opens an instrument, by the search's `asset_type`. An asset type without a page gets a
 * clear "not supported yet" message instead of a dead link; a new instrument page adds its line here.
 * The search opens instruments through this table, and a code on another instrument page's route is
 * sent here too (`redirectToOwnPage`, `InstrumentElsewhere`).
 */
export const INSTRUMENT_PAGES = {
  'a-share': '/stock/$thscode',
} as const satisfies Partial<Record<(typeof ASSET_TYPES)[number], string>>;

export type InstrumentPage = (typeof INSTRUMENT_PAGES)[keyof typeof INSTRUMENT_PAGES];

export type InstrumentTarget =
  { kind: 'page'; to: InstrumentPage; thscode: string } | { kind: 'unsupported' };

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

export function targetOf(record: InstrumentRecord): InstrumentTarget {
  const to = pageOf(record.asset_type);
  return to === undefined ? { kind: 'unsupported' } : { kind: 'page', to, thscode: record.thscode };
}

/** A code as the pages read it: trimmed, upper case (the service's suffixes are upper case). */
export function canonicalCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * For an instrument page's route (`beforeLoad`): when the code in the URL is an instrument of another
 * asset type that has its own page, go there instead (`/stock/510300.SH` → the ETF's page). A malformed
 * code is left to the page, which explains it without asking the service; the lookup is the same query
 * the pages make, so it costs no extra request.
 */
export async function redirectToOwnPage(
  queryClient: QueryClient,
  rawCode: string,
  here: InstrumentPage,
): Promise<void> {
  const thscode = canonicalCode(rawCode);
  if (!INSTRUMENT_CODE_RE.test(thscode)) return;
  const lookup = await queryClient.ensureQueryData(instrumentQuery(thscode)).catch(() => undefined);
  const record = findInstrument(lookup, thscode);
  const to = record === undefined ? undefined : pageOf(record.asset_type);
  if (record === undefined || to === undefined || to === here) return;
  throw redirect({ to, params: { thscode: record.thscode }, replace: true });
}
