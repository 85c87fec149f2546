import { boardOf, limitPct, limitPrices } from '../contract/price-limits';

/**
 * Market breadth of one whole-market snapshot: how many stocks rose, fell or stood still, how many
 * stand at their up- or down-limit (by the contract's board rules), the day's traded amount, and the
 * distribution of changes in the buckets Chinese terminals use. Every stock of the snapshot falls in
 * exactly one of advancers, decliners and unchanged, and in exactly one bucket.
 */

export interface BreadthRow {
  thscode: string;
  last_price: number;
  prev_price: number;
  price_change: number;
  price_change_ratio_pct: number;
  turnover: number;
}

export const CHANGE_BUCKETS = [
  'limitUp',
  'over7',
  'from5to7',
  'from3to5',
  'from0to3',
  'flat',
  'from0toMinus3',
  'fromMinus3toMinus5',
  'fromMinus5toMinus7',
  'underMinus7',
  'limitDown',
] as const;
export type ChangeBucket = (typeof CHANGE_BUCKETS)[number];

export interface Breadth {
  total: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  limitUp: number;
  limitDown: number;
  /** Sum of the day's traded amounts (CNY). */
  turnover: number;
  buckets: Readonly<Record<ChangeBucket, number>>;
}

/** Prices are quoted to the cent: anything closer than half a cent is the same price. */
const HALF_CENT = 0.005;

/** Where a stock stands against its limits today (`date` decides the board rules). */
export function limitState(row: BreadthRow, date: string): 'up' | 'down' | null {
  const board = boardOf(row.thscode);
  if (board === null || !(row.prev_price > 0)) return null;
  // ST status is not in the snapshot; since 2025-07-07 it no longer changes a main-board limit.
  const { up, down } = limitPrices(row.prev_price, limitPct(board, false, date));
  // Equal to the limit price, not beyond it: a new listing without a limit is not "at the limit".
  if (Math.abs(row.last_price - up) < HALF_CENT) return 'up';
  if (Math.abs(row.last_price - down) < HALF_CENT) return 'down';
  return null;
}

function bucketOf(pct: number, limit: 'up' | 'down' | null): ChangeBucket {
  if (limit === 'up') return 'limitUp';
  if (limit === 'down') return 'limitDown';
  if (pct === 0) return 'flat';
  if (pct > 0) return pct > 7 ? 'over7' : pct > 5 ? 'from5to7' : pct > 3 ? 'from3to5' : 'from0to3';
  return pct < -7
    ? 'underMinus7'
    : pct < -5
      ? 'fromMinus5toMinus7'
      : pct < -3
        ? 'fromMinus3toMinus5'
        : 'from0toMinus3';
}

export function breadthOf(rows: readonly BreadthRow[], date: string): Breadth {
  const buckets: Record<ChangeBucket, number> = {
    limitUp: 0,
    over7: 0,
    from5to7: 0,
    from3to5: 0,
    from0to3: 0,
    flat: 0,
    from0toMinus3: 0,
    fromMinus3toMinus5: 0,
    fromMinus5toMinus7: 0,
    underMinus7: 0,
    limitDown: 0,
  };
  let advancers = 0;
  let decliners = 0;
  let turnover = 0;
  let limitUp = 0;
  let limitDown = 0;
  for (const row of rows) {
    const change = Math.abs(row.price_change) < HALF_CENT ? 0 : row.price_change;
    if (change > 0) advancers++;
    else if (change < 0) decliners++;
    const limit = limitState(row, date);
    if (limit === 'up') limitUp++;
    else if (limit === 'down') limitDown++;
    buckets[bucketOf(change === 0 ? 0 : row.price_change_ratio_pct, limit)]++;
    if (Number.isFinite(row.turnover)) turnover += row.turnover;
  }
  return {
    total: rows.length,
    advancers,
    decliners,
    unchanged: rows.length - advancers - decliners,
    limitUp,
    limitDown,
    turnover,
    buckets,
  };
}
