import { DASH } from '../../lib/format';

/**
 * The page's frame while it loads, in the app's global classes only: the route shows it before its lazy
 * chunk (the page's code, styles and lightweight-charts) has arrived, and it must not pull them forward.
 */

/** Chart area height: fixed, so the page never moves while data loads. */
export const CHART_HEIGHT = 400;

export function FundSkeleton({ thscode }: { thscode: string }) {
  return (
    <div aria-busy="true" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <header className="panel" style={{ minHeight: 120 }}>
        <h1 style={{ margin: 0, fontSize: 20 }}>
          <span className="skel skel--text" style={{ width: '8em' }} />{' '}
          <span className="muted num">{thscode}</span>
        </h1>
        <div className="num flat" style={{ fontSize: 28 }}>
          {DASH}
        </div>
      </header>
      <section className="panel">
        <div className="skel" style={{ height: CHART_HEIGHT }} aria-hidden="true" />
      </section>
    </div>
  );
}
