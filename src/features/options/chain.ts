import type { OptionBar, OptionDetail } from './queries';

/**
 * The option chain (T-quote) of one underlying and expiry, built from the contracts the instrument
 * search lists and their details: calls left, puts right, strikes in the middle, the at-the-money
 * strike the one closest to the underlying's price.
 */

/**
 * The strike closest to the underlying's price; on a tie the lower strike (the exchanges' convention
 * for the "平值" row is the nearest strike, and a tie has no better answer). Null without a price or
 * without strikes.
 */
export function atTheMoneyStrike(
  strikes: readonly (number | null)[],
  underlying: number | null | undefined,
): number | null {
  if (underlying === null || underlying === undefined || !Number.isFinite(underlying)) return null;
  let best: number | null = null;
  for (const strike of strikes) {
    if (strike === null || !Number.isFinite(strike)) continue;
    const distance = Math.abs(strike - underlying);
    const bestDistance = best === null ? Infinity : Math.abs(best - underlying);
    // A float tolerance keeps 2.75 vs 2.7500000001 a tie.
    if (
      distance < bestDistance - 1e-9 ||
      (Math.abs(distance - bestDistance) <= 1e-9 && best !== null && strike < best)
    )
      best = strike;
  }
  return best;
}

export { expiriesOf, listedContracts } from '../../contract/first-screens';

/** One side of a chain row: the contract and its latest bar. */
export interface ChainQuote {
  thscode: string;
  name: string;
  /** The newest daily close. */
  last: number | null;
  /** Change of that close against the previous bar's close, percent. */
  changePct: number | null;
  volume: number | null;
  /** Unix ms of the newest bar. */
  time: number | null;
}

export interface ChainRow {
  strike: number;
  call: ChainQuote | null;
  put: ChainQuote | null;
}

/** The newest bar and the change against the one before it. */
export function latestQuote(
  bars: readonly OptionBar[] | undefined,
): Pick<ChainQuote, 'last' | 'changePct' | 'volume' | 'time'> {
  const dated = (bars ?? [])
    .filter((b) => b.timestamp !== null)
    .sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0));
  const last = dated[dated.length - 1];
  const prev = dated[dated.length - 2];
  const close = last?.close_price ?? null;
  const prevClose = prev?.close_price ?? null;
  return {
    last: close,
    changePct:
      close !== null && prevClose !== null && prevClose !== 0
        ? ((close - prevClose) / prevClose) * 100
        : null,
    volume: last?.volume ?? null,
    time: last?.timestamp ?? null,
  };
}

/**
 * The chain rows by strike, ascending. Contracts without a detail, a strike or a call/put type are
 * left out (they cannot be placed); a strike with only one side keeps an empty cell on the other.
 */
export function buildChain(
  contracts: readonly { detail: OptionDetail | undefined; bars: readonly OptionBar[] | undefined }[],
): ChainRow[] {
  const rows = new Map<number, ChainRow>();
  for (const { detail, bars } of contracts) {
    const strike = detail?.strike_price;
    const type = detail?.option_type;
    if (!detail?.thscode || strike === null || strike === undefined || (type !== 'call' && type !== 'put'))
      continue;
    const row = rows.get(strike) ?? { strike, call: null, put: null };
    row[type] = { thscode: detail.thscode, name: detail.name ?? detail.thscode, ...latestQuote(bars) };
    rows.set(strike, row);
  }
  return [...rows.values()].sort((a, b) => a.strike - b.strike);
}

/**
 * Put-call parity gap of a pair (same underlying, strike and expiry): (C − P) − (S − K). Zero for
 * European options without carry; the gap shows how far the quotes stray from parity, interest and
 * dividends ignored. Null when any figure is missing.
 */
export function parityGap(
  call: number | null | undefined,
  put: number | null | undefined,
  underlying: number | null | undefined,
  strike: number | null | undefined,
): number | null {
  if ([call, put, underlying, strike].some((v) => v === null || v === undefined || !Number.isFinite(v)))
    return null;
  return (call ?? 0) - (put ?? 0) - ((underlying ?? 0) - (strike ?? 0));
}
