import { isDatedContractOf } from '../../contract/operations/futures';
import type { InstrumentRecord } from '../../api/instruments';
import { daysToExpiry } from '../../lib/expiry';
import { annualisedBasisPct, type BasisKind } from './basis';
import type { HistoricalBasis } from './queries';

/** What the main and secondary-main lists say of a contract. */
export type ContractRole = 'main' | 'secondary' | null;

/** One listed month of a variety on the term structure. */
export interface TermPoint {
  thscode: string;
  name: string;
  /** Last trading day, `yyyy-MM-dd`. */
  expiry: string | null;
  /** Calendar days from today to the last trading day. */
  daysLeft: number | null;
  /** The day of the figures (the newest day of the contract's basis history). */
  date: string | null;
  price: number | null;
  spot: number | null;
  basis: number | null;
  /** Annualised with the days from the figures' day, as the basis chart does. */
  annualisedPct: number | null;
  role: ContractRole;
}

/**
 * The listed months of a variety from the search rows (its own dated contracts only, each once), with
 * the newest day of each contract's basis history, in order of expiry (unknown expiries last).
 */
export function termStructure(
  rows: readonly InstrumentRecord[],
  variety: string,
  latest: ReadonlyMap<string, HistoricalBasis | undefined>,
  kind: BasisKind,
  today: string | null,
  roles: { main: string | null; secondary: string | null },
): TermPoint[] {
  const seen = new Set<string>();
  const points: TermPoint[] = [];
  for (const row of rows) {
    const code = row.thscode.toUpperCase();
    if (seen.has(code) || row.asset_type !== 'futures' || !isDatedContractOf(code, variety)) continue;
    seen.add(code);
    const expiry = row.last_trade_date ?? null;
    const day = latest.get(row.thscode);
    const date = day?.date?.slice(0, 10) ?? null;
    const basis = day ? (kind === 'close' ? day.close_basis : day.settle_basis) : null;
    const spot = day?.converted_spot_price ?? null;
    points.push({
      thscode: row.thscode,
      name: row.name,
      expiry,
      daysLeft: daysToExpiry(expiry, today),
      date,
      price: day ? (kind === 'close' ? day.close_price : day.settle_price) : null,
      spot,
      basis,
      annualisedPct: annualisedBasisPct(basis, spot, daysToExpiry(expiry, date)),
      role:
        code === roles.main?.toUpperCase()
          ? 'main'
          : code === roles.secondary?.toUpperCase()
            ? 'secondary'
            : null,
    });
  }
  return points.sort(
    (a, b) => (a.expiry ?? '9999').localeCompare(b.expiry ?? '9999') || a.thscode.localeCompare(b.thscode),
  );
}

/** The newest day of a basis history (by date; rows without a date are skipped). */
export function newestDay(items: readonly HistoricalBasis[] | undefined): HistoricalBasis | undefined {
  let best: HistoricalBasis | undefined;
  for (const item of items ?? []) {
    if (item.date && (!best?.date || item.date > best.date)) best = item;
  }
  return best;
}
