import { ChartViews } from '../../components/intraday/ChartViews';
import { INTRADAY_PANEL_HEIGHT } from '../../components/intraday/IntradayPanel';
import type { InstrumentRecord } from '../../api/instruments';
import { useStockText } from './messages';
import { PriceChartPanel } from './PriceChartPanel';
import { chartHeight } from './Skeletons';
import type { StockSearch, UpdateSearch } from './url-state';

/** The stock's chart: the intraday line (the default during a session) or the candles, as tabs. */
export function StockChart({
  record,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  search: StockSearch;
  onSearch: UpdateSearch;
}) {
  const { t } = useStockText();
  return (
    <section className="panel stock-chart" aria-label={t('chart.section')}>
      <ChartViews
        chosen={search.chart}
        onView={(chart) => onSearch({ chart })}
        instrument={{ thscode: record.thscode, name: record.name, priceKind: 'stock' }}
        days={search.days}
        onDays={(days) => onSearch({ days }, { replace: true })}
        idPrefix="stock-chart"
        placeholderHeight={Math.max(INTRADAY_PANEL_HEIGHT, chartHeight(search.ind))}
      >
        <PriceChartPanel record={record} search={search} onSearch={onSearch} />
      </ChartViews>
    </section>
  );
}
