import type { ReactNode } from 'react';
import { Tabs } from '../Tabs';
import { intradayText } from './messages';
import { CHART_VIEWS, type ChartView } from './url-state';

/**
 * The chart tabs of an instrument page, 分时 / Intraday and K 线 / Candles; the chosen one is in the URL.
 * While the session (and so the default) is not known yet, the tab row and a placeholder of the chart's
 * height are shown, neither tab selected.
 */
export function ChartViews({
  view,
  onView,
  idPrefix,
  placeholderHeight,
  children,
}: {
  view: ChartView | null;
  onView: (view: ChartView) => void;
  idPrefix: string;
  placeholderHeight: number;
  children: ReactNode;
}) {
  const { t } = intradayText.useText();
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
      {children}
    </Tabs>
  );
}
