import type { ReactNode } from 'react';
import { ErrorState } from '../states';
import './chart.css';

/**
 * The fixed-height box a chart sits in, so the page never moves while data loads: the service's error
 * (with its code and a retry) in place of a chart that has nothing to show, a loading cover over a
 * chart that is (re)loading, and a note when the answer is empty.
 */
export function ChartFrame({
  height,
  error,
  onRetry,
  loading = false,
  empty = null,
  children,
}: {
  height: number;
  /** Shown instead of the chart; pass it only when there is no data to draw. */
  error?: unknown;
  onRetry?: () => void;
  loading?: boolean;
  /** What to say over an empty chart, or null. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="chart-frame" style={{ height }}>
      {error !== undefined && error !== null ? (
        <ErrorState error={error} onRetry={onRetry} compact />
      ) : (
        <>
          {children}
          {loading && <div className="skel chart-frame__cover" aria-hidden="true" />}
          {!loading && empty !== null && (
            <div className="chart-frame__cover chart-frame__empty" role="status">
              {empty}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** In place of a chart where the browser cannot draw one (no canvas): what the caller says instead. */
export function ChartFallback({
  height,
  testId,
  children,
}: {
  height: number;
  testId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="tchart tchart--fallback" style={{ height }} data-testid={testId}>
      {children}
    </div>
  );
}
