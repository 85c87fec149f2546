import type { QueryClient } from '@tanstack/react-query';
import { contractListingQuery } from '../../api/instruments';
import { serverToday } from '../../api/live';
import { OPTION_CODE_RE, optionContractSearches } from '../../contract/operations/options';
import { expiriesOf, listedContracts } from './chain';
import {
  optionDailyQuery,
  optionDetailQuery,
  optionIntradayQuery,
  optionVarietiesQuery,
  type OptionDetail,
  type OptionVariety,
} from './queries';
import type { OptionsSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';

/**
 * From view state to requests, for the route loader and the components alike, so a prefetch lands on
 * the key a component reads.
 */

export function isOptionCode(code: string): boolean {
  return OPTION_CODE_RE.test(code);
}

/**
 * The chain's variety: the chosen contract's, else the link's, else the first the service lists (the
 * link's choice stands even when the list is not loaded yet, so the page does not jump).
 */
export function chooseVariety(
  varieties: readonly OptionVariety[] | undefined,
  fromLink: string | undefined,
  fromContract: string | null | undefined,
): { code: string | null; variety: OptionVariety | undefined } {
  const code = fromContract ?? fromLink ?? varieties?.[0]?.variety_code ?? null;
  return { code, variety: varieties?.find((v) => v.variety_code === code) };
}

/** The chain's expiry: the chosen contract's, else the link's when listed, else the nearest. */
export function chooseExpiry(
  expiries: readonly string[],
  fromLink: string | undefined,
  fromContract: string | null | undefined,
): string | null {
  if (fromContract) return fromContract;
  if (fromLink !== undefined && expiries.includes(fromLink)) return fromLink;
  return expiries[0] ?? null;
}

async function settle(work: readonly Promise<unknown>[], wait: boolean): Promise<void> {
  const settled = Promise.allSettled(work);
  if (wait) await settled;
}

/** The chain's requests: the listing searches, then each contract of the expiry (detail and bars). */
async function loadChain(
  queryClient: QueryClient,
  search: OptionsSearch,
  detail: Promise<OptionDetail> | null,
): Promise<void> {
  const [today, varieties, contract] = await Promise.all([
    serverToday(queryClient),
    queryClient.ensureQueryData(optionVarietiesQuery()),
    detail ? detail.catch(() => null) : Promise.resolve(null),
  ]);
  const { variety } = chooseVariety(varieties.item, search.variety, contract?.variety_code);
  if (!variety) return;
  const answers = await Promise.all(
    optionContractSearches(variety, today).map((s) => queryClient.ensureQueryData(contractListingQuery(s))),
  );
  const rows = listedContracts(
    answers.flatMap((a) => a.item),
    variety,
  );
  const expiry = chooseExpiry(expiriesOf(rows, today), search.expiry, contract?.last_trade_date);
  for (const row of rows) {
    if (row.last_trade_date !== expiry) continue;
    void queryClient.prefetchQuery(optionDetailQuery(row.thscode));
    void queryClient.prefetchQuery(optionDailyQuery(row.thscode));
  }
}

export async function loadOptionsView(
  queryClient: QueryClient,
  search: OptionsSearch,
  rawCode: string | undefined,
  { wait = true }: { wait?: boolean } = {},
): Promise<void> {
  const code = rawCode === undefined ? null : canonicalCode(rawCode);
  const work: Promise<unknown>[] = [];
  let detail: Promise<OptionDetail> | null = null;
  if (code !== null && isOptionCode(code)) {
    detail = queryClient.ensureQueryData(optionDetailQuery(code));
    work.push(
      detail,
      queryClient.ensureQueryData(optionDailyQuery(code)),
      queryClient.ensureQueryData(optionIntradayQuery(code, search.session)),
    );
  }
  work.push(loadChain(queryClient, search, detail));
  await settle(work, wait);
}
