import { redirect } from '@tanstack/react-router';
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
