import { shanghaiMidnight } from '../../../../contract/time';
import type { BacktestResult } from '../../queries';

/** `curve_points` as documented (date keys, numeric values) or as an array of {date, value}. */
export function curveOf(points: BacktestResult['curve_points']): { time: number; value: number }[] {
  const pairs: [string, unknown][] = Array.isArray(points)
    ? points.flatMap((p): [string, unknown][] =>
        typeof p === 'object' && p !== null && 'date' in p && typeof p.date === 'string' && 'value' in p
          ? [[p.date, p.value]]
          : [],
      )
    : Object.entries(points);
  return pairs
    .flatMap(([date, value]) =>
      /^\d{4}-\d{2}-\d{2}$/.test(date) && typeof value === 'number' && Number.isFinite(value)
        ? [{ time: shanghaiMidnight(date), value }]
        : [],
    )
    .sort((a, b) => a.time - b.time);
}
