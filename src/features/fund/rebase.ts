/**
 * Putting series that start at different levels on one scale. Net values are rebased to 100 at a
 * common start; cumulative returns (percent since some earlier day) are re-based to 0 % at it.
 */

export interface Point {
  /** Unix ms. */
  time: number;
  value: number | null;
}

export interface ValuePoint {
  time: number;
  value: number;
}

function isNum(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The first time at or after `from` on which every series has a value (a value above zero, when
 * `positive`), or null when there is none or no series at all. Series are in time order.
 */
export function commonStart(
  series: readonly (readonly Point[])[],
  from = Number.NEGATIVE_INFINITY,
  { positive = false }: { positive?: boolean } = {},
): number | null {
  if (series.length === 0) return null;
  const usable = (p: Point) => isNum(p.value) && (!positive || p.value > 0) && p.time >= from;
  const sets = series.map((s) => new Set(s.filter(usable).map((p) => p.time)));
  const [first, ...rest] = sets;
  if (!first) return null;
  const times = [...first].filter((t) => rest.every((set) => set.has(t))).sort((a, b) => a - b);
  return times[0] ?? null;
}

/**
 * A net-value series from `start` on, scaled so that its value at `start` is 100. Points without a value
 * are left out; an empty list when the series has no value above zero at `start`.
 */
export function rebaseTo100(series: readonly Point[], start: number | null): ValuePoint[] {
  if (start === null) return [];
  const base = series.find((p) => p.time === start)?.value;
  if (!isNum(base) || base <= 0) return [];
  return series.flatMap((p) =>
    p.time >= start && isNum(p.value) ? [{ time: p.time, value: (p.value / base) * 100 }] : [],
  );
}

/**
 * A cumulative return series (percent since its own first day) from `start` on, re-based so that it
 * reads 0 % at `start`: ((1 + r) / (1 + r₀) − 1) × 100. Empty when there is no value at `start` or it
 * is a total loss (−100 %), from which nothing can be re-based.
 */
export function rebaseReturns(series: readonly Point[], start: number | null): ValuePoint[] {
  if (start === null) return [];
  const base = series.find((p) => p.time === start)?.value;
  if (!isNum(base) || base <= -100) return [];
  return series.flatMap((p) =>
    p.time >= start && isNum(p.value)
      ? [{ time: p.time, value: ((1 + p.value / 100) / (1 + base / 100) - 1) * 100 }]
      : [],
  );
}

/** A net-value series as cumulative return in percent since `start` (0 % there). */
export function returnsSince(series: readonly Point[], start: number | null): ValuePoint[] {
  return rebaseTo100(series, start).map((p) => ({ time: p.time, value: p.value - 100 }));
}
