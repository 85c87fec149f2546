import { direction } from '../lib/format';

/**
 * A small line of values (an index's recent closes) without axes: an SVG that stretches to its box, with
 * a dashed reference line (the previous close) and the colour of the move from the reference. Null
 * values are gaps in the data, not zeros: they are left out.
 */
export function Sparkline({
  values,
  reference,
  label,
  height = 36,
  testId,
}: {
  values: readonly (number | null)[];
  /** Drawn dashed; the line takes the colour of the last value against it. */
  reference?: number | null;
  label: string;
  height?: number;
  testId?: string;
}) {
  const points = values.flatMap((v, i) => (typeof v === 'number' && Number.isFinite(v) ? [{ i, v }] : []));
  const ref = typeof reference === 'number' && Number.isFinite(reference) ? reference : null;
  if (points.length < 2) {
    return <div className="sparkline sparkline--empty" style={{ height }} aria-hidden="true" />;
  }
  const all = ref === null ? points.map((p) => p.v) : [...points.map((p) => p.v), ref];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const width = 100;
  const last = points[points.length - 1];
  const x = (i: number) => (values.length <= 1 ? 0 : (i / (values.length - 1)) * width);
  // A pixel of padding at top and bottom keeps the stroke inside the box.
  const y = (v: number) => 1 + (1 - (v - min) / span) * (height - 2);
  const tone = direction(ref === null || !last ? 0 : last.v - ref);
  return (
    <svg
      className={`sparkline ${tone}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={points.length}
    >
      {ref !== null && (
        <line
          className="sparkline__ref"
          x1={0}
          x2={width}
          y1={y(ref)}
          y2={y(ref)}
          vectorEffect="non-scaling-stroke"
        />
      )}
      <polyline
        className="sparkline__line"
        points={points.map((p) => `${x(p.i).toFixed(2)},${y(p.v).toFixed(2)}`).join(' ')}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
