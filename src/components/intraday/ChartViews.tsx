import type { ReactNode } from 'react';
import type { IntradaySpan } from '../../api/market-data';
import type { PriceKind } from '../../lib/format';
import { Tabs } from '../Tabs';
import { IntradayPanel } from './IntradayPanel';
import { intradayText } from './messages';
import { CHART_VIEWS, useChartView, type ChartView } from './url-state';

/**
 * The chart tabs of an instrument page, 分时 / Intraday and K 线 / Candles (the page's own chart, given
 * as children). The view is the URL's, else the session's default (`useChartView`). While the session is
 * not known yet, the tab row and a placeholder of the chart's height are shown, neither tab selected.
 */
export function ChartViews({
  chosen,
  onView,
  instrument,
  days,
  onDays,
  idPrefix,
  placeholderHeight,
  children,
}: {
  /** The view in the URL, if the reader chose one. */
  chosen: ChartView | undefined;
  onView: (view: ChartView) => void;
  instrument: { thscode: string; name: string; priceKind: PriceKind };
  days: IntradaySpan;
  onDays: (days: IntradaySpan) => void;
  idPrefix: string;
  placeholderHeight: number;
  /** The candles. */
  children: ReactNode;
}) {
  const { t } = intradayText.useText();
  const view = useChartView(chosen);
  if (view === null) {
    return (
      <div className="chart-views chart-views--pending" aria-busy="true">
        <div className="tabs__list">
          {CHART_VIEWS.map((v) => (
            <span key={v} className="tabs__tab">
              {t(`view.${v}`)}
            </span>
          ))}
        </div>
        <div className="skel" style={{ height: placeholderHeight }} />
      </div>
    );
  }
  return (
    <Tabs
      tabs={CHART_VIEWS}
      selected={view}
      onSelect={onView}
      label={t('view.label')}
      labelOf={(v) => t(`view.${v}`)}
      idPrefix={idPrefix}
    >
      {view === 'intraday' ? <IntradayPanel {...instrument} days={days} onDays={onDays} /> : children}
    </Tabs>
  );
}
