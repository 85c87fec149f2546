import type { QueryClient } from '@tanstack/react-query';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { INSTRUMENT_CODE_RE } from '../../contract/params';
import { pageOf, type InstrumentPage } from './instrument';

/** A code as the pages read it: trimmed, upper case (the service's suffixes are upper case). */
export function canonicalCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * For an instrument page's route (`beforeLoad`): when the code in the URL is an instrument of another
 * asset type that has its own page, the page to go to instead (`/stock/510300.SH` → the ETF's page);
 * undefined to stay. A malformed code is left to the page, which explains it without asking the
 * service; the lookup is the same query the pages make, so it costs no extra request. The route throws
 * the redirect itself (a `redirect` typed here would make the route tree's type depend on itself).
 */
export async function ownPageOf(
  queryClient: QueryClient,
  rawCode: string,
  here: InstrumentPage,
): Promise<{ to: InstrumentPage; thscode: string } | undefined> {
  const thscode = canonicalCode(rawCode);
  if (!INSTRUMENT_CODE_RE.test(thscode)) return undefined;
  const lookup = await queryClient.ensureQueryData(instrumentQuery(thscode)).catch(() => undefined);
  const record = findInstrument(lookup, thscode);
  const to = record === undefined ? undefined : pageOf(record.asset_type);
  if (record === undefined || to === undefined || to === here) return undefined;
  return { to, thscode: record.thscode };
}
