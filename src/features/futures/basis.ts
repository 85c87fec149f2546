import { shanghaiMidnight } from '../../contract/time';
import { isValidDate } from '../../contract/params';
import { daysToExpiry } from '../../lib/expiry';
import type { HistoricalBasis } from './queries';
import type { BasisKind } from './url-state';

/**
 * The basis figures of the futures pages. The service's basis is converted spot minus the futures price
 * (close or settlement), in the futures' own price unit; its `*_basis_rate` is that basis over the futures
 * price in percent. The annualised rate puts contracts of different maturities on one footing.
 */

// Which basis a page shows is URL state (`basis=close|settle`): the kinds live there, so the route's
// search check does not load this module up front.
export { BASIS_KINDS, type BasisKind } from './url-state';

const DAYS_PER_YEAR = 365;

/**
 * Annualised basis rate, a percent value: basis ÷ spot × 365 ÷ days to expiry. Null when a figure is
 * missing, the spot is not positive, or no day is left (the last trading day or an expired contract:
 * the basis then converges and the ratio means nothing).
 */
export function annualisedBasisPct(
  basis: number | null | undefined,
  spot: number | null | undefined,
  days: number | null | undefined,
): number | null {
  if (basis === null || basis === undefined || spot === null || spot === undefined) return null;
  if (days === null || days === undefined || !Number.isFinite(basis) || !Number.isFinite(spot)) return null;
  if (spot <= 0 || days <= 0) return null;
  return ((basis / spot) * DAYS_PER_YEAR * 100) / days;
}

/** One day of a basis history, for the chart and its legend. */
export interface BasisDay {
  /** Shanghai midnight of the day (Unix ms). */
  time: number;
  date: string;
  spot: number | null;
  convertedSpot: number | null;
  /** Close or settlement, as chosen. */
  price: number | null;
  basis: number | null;
  /** The service's rate: basis over the futures price, percent. */
  ratePct: number | null;
  /** Days from this day to the contract's last trading day; null for a main-continuous series. */
  daysLeft: number | null;
  annualisedPct: number | null;
}

/**
 * The days of a basis history with the chosen price, in date order. `expiry` is the contract's last
 * trading day (null for a main-continuous series, whose contract rolls: no annualised rate then).
 * Days without a readable date are left out.
 */
export function basisDays(
  items: readonly HistoricalBasis[],
  kind: BasisKind,
  expiry: string | null,
): BasisDay[] {
  const out: BasisDay[] = [];
  for (const item of items) {
    const date = item.date?.slice(0, 10) ?? '';
    if (!isValidDate(date)) continue;
    const basis = kind === 'close' ? item.close_basis : item.settle_basis;
    const daysLeft = expiry === null ? null : daysToExpiry(expiry, date);
    out.push({
      time: shanghaiMidnight(date),
      date,
      spot: item.spot_price,
      convertedSpot: item.converted_spot_price,
      price: kind === 'close' ? item.close_price : item.settle_price,
      basis,
      ratePct: kind === 'close' ? item.close_basis_rate : item.settle_basis_rate,
      daysLeft,
      annualisedPct: annualisedBasisPct(basis, item.converted_spot_price, daysLeft),
    });
  }
  return out.sort((a, b) => a.time - b.time);
}
