import { useMemo, type ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { TimeChart, type ChartSeries } from './TimeChart';
import type { ColorRole } from './palette';

/**
 * Popularity ranks over time, one line per stock: rank 1 at the top (inverted scale) on a logarithmic
 * scale, so that ranks 1 to 30 are as far apart as 30 to 900 instead of a flat line at the top, and each
 * line's latest rank as a label in its colour on the scale. The scale reads whole ranks only: no "0",
 * no "-4", no "2.5" from the library's margins and in-between ticks.
 */

export interface RankPoint {
  /** Unix ms. */
  time: number;
  rank: number;
}

export interface RankLine {
  id: string;
  color: ColorRole;
  points: readonly RankPoint[];
}

/** Tick and crosshair text of a rank: a whole rank of at least 1, else nothing. */
export function rankTick(value: number, lang: Language): string {
  const whole = Math.round(value);
  return whole >= 1 && Math.abs(value - whole) < 1e-6 ? formatNumber(whole, lang, 0) : '';
}

/** The rank of a line at a time (one point per day), or null where the line has no point. */
export function rankAt(points: readonly RankPoint[], time: number | null): number | null {
  if (time === null) return null;
  return points.find((p) => p.time === time)?.rank ?? null;
}

/** Ranks fill the pane: little room above rank 1 and below the lowest rank. */
const RANK_MARGINS = { top: 0.06, bottom: 0.06 } as const;

export function RankChart({
  lines,
  height,
  lang,
  onHover,
  viewKey,
  label,
  testId,
  fallback,
}: {
  lines: readonly RankLine[];
  height: number;
  lang: Language;
  onHover?: (time: number | null) => void;
  viewKey?: string;
  label: string;
  testId?: string;
  fallback?: ReactNode;
}) {
  const series = useMemo<ChartSeries[]>(
    () =>
      lines
        .filter((line) => line.points.length > 0)
        .map((line) => ({
          id: line.id,
          kind: 'line' as const,
          color: line.color,
          lineWidth: 2 as const,
          lastValueLabel: true,
          data: line.points.map((p) => ({ time: p.time, value: p.rank })),
          format: (value: number) => rankTick(value, lang),
        })),
    [lines, lang],
  );
  return (
    <TimeChart
      series={series}
      height={height}
      invertScale
      logScale
      scaleMargins={RANK_MARGINS}
      onHover={onHover}
      viewKey={viewKey}
      label={label}
      testId={testId}
      fallback={fallback}
    />
  );
}
