import { DASH } from '../../lib/format';
import { useStockText } from './messages';
import { HEADER_FIGURES } from './header-figures';
import './stock.css';

/**
 * The page's frame while it loads: the same boxes with the same heights as the loaded page, so nothing
 * moves when data arrives. Kept apart from the chart code: the route shows these before its lazy chunk
 * (with lightweight-charts) has arrived.
 */

/** Chart area height: fixed, so the page never moves while bars load. */
export const CHART_HEIGHT = 440;
/** With an indicator pane under the volume. */
export const CHART_HEIGHT_WITH_INDICATOR = 560;

/** The chart's height for the lower pane chosen in the URL. */
export function chartHeight(ind: string): number {
  return ind === 'none' ? CHART_HEIGHT : CHART_HEIGHT_WITH_INDICATOR;
}

export function Stat({
  label,
  value,
  tone = 'flat',
  testId,
  title,
  wide = false,
}: {
  label: string;
  value: string;
  tone?: string;
  testId?: string;
  /** How the figure is defined (units, sources). */
  title?: string;
  /** Takes two columns (a date and time). */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'inst-stat stock-head__stat--wide' : 'inst-stat'} title={title}>
      <dt>{label}</dt>
      <dd className={tone === 'flat' ? 'num' : `num ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The header with dashes in every slot, the same size as the loaded header. */
export function StockHeaderSkeleton({ thscode }: { thscode: string }) {
  const { t } = useStockText();

  return (
    <header className="panel stock-head stock-head--skeleton">
      <div className="stock-head__id">
        <h1 className="inst-head__name">
          <span className="skel skel--text" style={{ width: '6em' }} />
        </h1>
        <span className="inst-head__code num">{thscode}</span>
      </div>
      <div className="stock-head__quote">
        <div className="inst-head__price num flat">{DASH}</div>
        <div className="stock-head__change num flat">
          <span>{DASH}</span>
          <span>{DASH}</span>
        </div>
        <dl className="stock-head__stats">
          {HEADER_FIGURES.map(([id, label]) => (
            <Stat key={id} label={t(label)} value={DASH} wide={id === 'time'} />
          ))}
        </dl>
      </div>
    </header>
  );
}

export function PriceChartSkeleton({ indicator = 'none' }: { indicator?: string }) {
  return (
    <section className="panel stock-chart" aria-busy="true">
      <div className="stock-toolbar stock-toolbar--skeleton" />
      <div className="chart-legend" />
      <div className="stock-chart__body skel" style={{ height: chartHeight(indicator) }} />
      {indicator !== 'none' && <div className="chart-legend" />}
    </section>
  );
}

export function StockSkeleton({ thscode, indicator }: { thscode: string; indicator?: string }) {
  return (
    <div className="stock-page" aria-busy="true">
      <StockHeaderSkeleton thscode={thscode} />
      <PriceChartSkeleton indicator={indicator} />
      <div className="panel stock-tabs stock-tabs--skeleton" />
    </div>
  );
}
