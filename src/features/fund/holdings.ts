/**
 * Holdings arithmetic: how a report's positions changed since the previous report, and how much the
 * disclosed holdings of several funds overlap. Weights are percent of net value (`hold_ratio`).
 */

export interface Holding {
  thscode: string;
  name: string;
  /** Percent of net value; null when not disclosed. */
  weight: number | null;
}

export type WeightChange =
  /** Not in the previous report. */
  | { kind: 'new' }
  /** Weight change in percentage points (null when either weight is undisclosed). */
  | { kind: 'changed'; delta: number | null }
  /** No previous report to compare with. */
  | { kind: 'unknown' };

function isNum(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The change of one position against the previous report's positions (null: no previous report). */
export function weightChange(holding: Holding, previous: readonly Holding[] | null): WeightChange {
  if (previous === null) return { kind: 'unknown' };
  const before = previous.find((p) => p.thscode === holding.thscode);
  if (!before) return { kind: 'new' };
  return {
    kind: 'changed',
    delta: isNum(holding.weight) && isNum(before.weight) ? holding.weight - before.weight : null,
  };
}

/** Positions of the previous report that are gone from the current one. */
export function exits(current: readonly Holding[], previous: readonly Holding[] | null): Holding[] {
  if (previous === null) return [];
  const held = new Set(current.map((h) => h.thscode));
  return previous.filter((p) => !held.has(p.thscode));
}

export interface PairOverlap {
  a: number;
  b: number;
  /** Number of securities both hold. */
  common: number;
  /** Σ min(weight in a, weight in b) over the common securities, percent of net value. */
  weight: number;
}

export interface CommonHolding {
  thscode: string;
  name: string;
  /** Weight in each fund, in the order given; null when that fund does not hold it (or undisclosed). */
  weights: (number | null)[];
  /** How many of the funds hold it. */
  holders: number;
}

export interface Overlap {
  pairs: PairOverlap[];
  /** Securities held by at least two funds, most widely held first, then by summed weight. */
  common: CommonHolding[];
}

/** Overlap of the holdings of several funds (each list one fund's disclosed positions). */
export function overlapOf(funds: readonly (readonly Holding[])[]): Overlap {
  const pairs: PairOverlap[] = [];
  for (let a = 0; a < funds.length; a++) {
    for (let b = a + 1; b < funds.length; b++) {
      const right = new Map((funds[b] ?? []).map((h) => [h.thscode, h]));
      let common = 0;
      let weight = 0;
      for (const h of funds[a] ?? []) {
        const other = right.get(h.thscode);
        if (!other) continue;
        common += 1;
        if (isNum(h.weight) && isNum(other.weight)) weight += Math.min(h.weight, other.weight);
      }
      pairs.push({ a, b, common, weight });
    }
  }
  const byCode = new Map<string, CommonHolding>();
  funds.forEach((list, index) => {
    const seen = new Set<string>();
    for (const h of list) {
      // A security listed twice in one fund (stock and bond lists) counts once, with its first weight.
      if (seen.has(h.thscode)) continue;
      seen.add(h.thscode);
      let entry = byCode.get(h.thscode);
      if (!entry) {
        entry = { thscode: h.thscode, name: h.name, weights: funds.map(() => null), holders: 0 };
        byCode.set(h.thscode, entry);
      }
      entry.weights[index] = h.weight;
      entry.holders += 1;
    }
  });
  const sum = (c: CommonHolding) => c.weights.reduce<number>((s, w) => s + (isNum(w) ? w : 0), 0);
  const common = [...byCode.values()]
    .filter((c) => c.holders >= 2)
    .sort((x, y) => y.holders - x.holders || sum(y) - sum(x));
  return { pairs, common };
}
