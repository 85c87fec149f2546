import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { INSTRUMENT_CODE_RE } from '../../contract/params';
import { pageOf, type InstrumentPage } from '../../lib/instrument-pages';
import { canonicalCode } from '../../contract/params-terms';

/**
 * For an instrument page's route (`beforeLoad`): when the code in the URL is an instrument of another
 * asset type that has its own page, the page to go to instead (`/stock/510300.SH` → the ETF's page);
 * undefined to stay. A malformed code is left to the page, which explains it without asking the
 * service; the lookup is the same query the pages make, so it costs no extra request.
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

/**
 * The loader of an instrument page (`here`): the view's loading (`view`, already started) runs beside
 * the code's lookup, never after it; a code that belongs to another instrument page is sent there
 * (`/fund/600519.SH` → `/stock/600519.SH`, `/stock/510300.SH` → `/fund/510300.SH`), replacing the
 * history entry. A preload (a hovered link) does not look: the navigation that follows it does.
 */
export async function loadOnOwnPage(
  queryClient: QueryClient,
  rawCode: string,
  here: InstrumentPage,
  { preload }: { preload: boolean },
  view: Promise<unknown>,
): Promise<void> {
  const own = preload ? undefined : await ownPageOf(queryClient, rawCode, here);
  if (own) throw redirect({ to: own.to, params: { thscode: own.thscode }, replace: true });
  await view;
}
