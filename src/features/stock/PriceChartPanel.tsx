import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { TimeChart, type ChartSeries, type MarkerSpec } from '../../components/chart/TimeChart';
import { shanghaiMidnight } from '../../contract/time';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShanghaiDate,
  formatVolume,
} from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { chartBars, type ChartBar } from './analytics';
import { Segmented } from '../../components/Segmented';
import { CHART_HEIGHT } from './Skeletons';
import { CHART_RANGES, barWindow, type ChartRange } from './dates';
import { useServerToday } from '../../api/live';
import type { UpdateSearch } from './url-state';
import { useStockText, type StockT } from './messages';
import type { InstrumentRecord } from '../../api/instruments';
import { adjustmentEventsQuery, barsQuery, type AdjustmentEvent } from './queries';
import { ADJUSTS, MA_PERIODS, formatMaList, parseMaList, type MaPeriod, type StockSearch } from './url-state';

const PANE_STRETCH = [3, 1];

/** Marker text of a corporate action: "派 x.xx" for cash, "送 x" for bonus shares. */
export function eventMarkerText(event: AdjustmentEvent, t: StockT, lang: Language): string {
  const parts: string[] = [];
  if (event.dividend_per_share > 0) {
    parts.push(t('marker.dividend', { value: formatNumber(event.dividend_per_share, lang, 2) }));
  }
  if (event.per_share_bonus > 0) {
    // Bonus ratios are short decimals (0.1 = 1 share per 10): shown without padding zeros.
    parts.push(t('marker.bonus', { value: String(Number(event.per_share_bonus.toFixed(4))) }));
  }
  return parts.join(' ');
}

export function PriceChartPanel({
  record,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  search: StockSearch;
  onSearch: UpdateSearch;
}) {
  const { t, lang } = useStockText();
  const today = useServerToday();
  const span = today === null ? null : barWindow(today, search.range);
  const bars = useQuery({
    ...barsQuery(record.thscode, search.adjust, span?.start ?? 0, span?.end ?? 0),
    enabled: span !== null,
  });
  const events = useQuery(adjustmentEventsQuery(record.thscode));
  const overlays = useMemo(() => parseMaList(search.ma), [search.ma]);
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);

  const fromMs = span ? shanghaiMidnight(span.from) : 0;
  const data = useMemo(() => (bars.data ? chartBars(bars.data.item, fromMs) : []), [bars.data, fromMs]);

  const markers = useMemo<MarkerSpec[]>(
    () =>
      (events.data?.item ?? [])
        .filter((e) => e.dividend_per_share > 0 || e.per_share_bonus > 0)
        .map((e) => ({
          time: e.ex_date_ms,
          text: eventMarkerText(e, t, lang),
          color: 'amber',
          position: 'aboveBar',
          shape: 'arrowDown',
        })),
    [events.data, t, lang],
  );

  const series = useMemo<ChartSeries[]>(() => {
    const price = (value: number) => formatNumber(value, lang, 2);
    const list: ChartSeries[] = [
      {
        id: 'candles',
        kind: 'candles',
        data: data.map((b) => ({
          time: b.date_ms,
          open: b.open_price,
          high: b.high_price,
          low: b.low_price,
          close: b.close_price,
        })),
        markers,
        format: price,
      },
      {
        id: 'volume',
        kind: 'histogram',
        pane: 1,
        color: 'muted',
        data: data.map((b) => ({
          time: b.date_ms,
          value: b.volume,
          tone: direction(b.close_price - b.open_price),
        })),
        format: (value) => formatAmount(value, lang),
      },
    ];
    for (const period of overlays) {
      const points = data.flatMap((b) => {
        const value = b.ma[period];
        return value === null || value === undefined ? [] : [{ time: b.date_ms, value }];
      });
      list.push({ id: `ma${period}`, kind: 'line', color: `ma${period}`, data: points, format: price });
    }
    return list;
  }, [data, markers, overlays, lang]);

  const first = data[0];
  const last = data[data.length - 1];
  const legendBar = (hovered === null ? undefined : data.find((b) => b.date_ms === hovered)) ?? last;
  const viewKey = first && last ? `${first.date_ms}|${last.date_ms}` : '';

  const toggleMa = (period: MaPeriod) => {
    const next = overlays.includes(period) ? overlays.filter((p) => p !== period) : [...overlays, period];
    onSearch({ ma: formatMaList(next) }, { replace: true });
  };

  return (
    <section className="panel stock-chart" aria-label={t('chart.title')}>
      <div className="stock-toolbar">
        <Segmented
          label={t('chart.range')}
          value={search.range}
          testId="range-switch"
          options={CHART_RANGES.map((range: ChartRange) => ({ value: range, label: t(`range.${range}`) }))}
          onChange={(range) => onSearch({ range })}
        />
        <Segmented
          label={t('chart.adjust')}
          value={search.adjust}
          testId="adjust-switch"
          options={ADJUSTS.map((adjust) => ({ value: adjust, label: t(`adjust.${adjust}`) }))}
          onChange={(adjust) => onSearch({ adjust })}
        />
        <div className="segmented" role="group" aria-label={t('chart.overlays')} data-testid="ma-switch">
          {MA_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className={
                overlays.includes(period) ? `segmented__item chart-key--ma${period}` : 'segmented__item'
              }
              aria-pressed={overlays.includes(period)}
              onClick={() => toggleMa(period)}
            >
              MA{period}
            </button>
          ))}
        </div>
        {bars.isFetching && <span className="spinner stock-toolbar__busy" aria-hidden="true" />}
      </div>
      <Legend bar={legendBar} overlays={overlays} />
      <div className="stock-chart__body" style={{ height: CHART_HEIGHT }}>
        {bars.isError && !bars.data ? (
          <ErrorState error={bars.error} onRetry={() => void bars.refetch()} />
        ) : (
          <>
            <TimeChart
              series={series}
              height={CHART_HEIGHT}
              paneStretch={PANE_STRETCH}
              onHover={onHover}
              viewKey={viewKey}
              testId="price-chart"
              label={t('chart.label', {
                name: record.name,
                from: formatShanghaiDate(first?.date_ms),
                to: formatShanghaiDate(last?.date_ms),
              })}
              fallback={t('chart.unavailable')}
            />
            {bars.isPending && <div className="skel stock-chart__cover" aria-hidden="true" />}
            {bars.isSuccess && data.length === 0 && (
              <div className="stock-chart__cover stock-chart__empty">{t('chart.empty')}</div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** The bar under the crosshair (the latest when not hovering): fixed slots, values only change. */
function Legend({ bar, overlays }: { bar: ChartBar | undefined; overlays: readonly MaPeriod[] }) {
  const { t, lang } = useStockText();
  const tone = direction(bar?.changePct);
  const price = (value: number | undefined) => formatPrice(value, lang, 'stock');
  return (
    <dl className="stock-legend num" data-testid="chart-legend">
      <div>
        <dt>{t('legend.date')}</dt>
        <dd data-testid="legend-date">{formatShanghaiDate(bar?.date_ms)}</dd>
      </div>
      <div>
        <dt>{t('legend.open')}</dt>
        <dd className={tone}>{price(bar?.open_price)}</dd>
      </div>
      <div>
        <dt>{t('legend.high')}</dt>
        <dd className={tone}>{price(bar?.high_price)}</dd>
      </div>
      <div>
        <dt>{t('legend.low')}</dt>
        <dd className={tone}>{price(bar?.low_price)}</dd>
      </div>
      <div>
        <dt>{t('legend.close')}</dt>
        <dd className={tone} data-testid="legend-close">
          {price(bar?.close_price)}
        </dd>
      </div>
      <div>
        <dt>{t('legend.changePct')}</dt>
        <dd className={tone} data-testid="legend-change">
          {formatPercent(bar?.changePct, lang, { sign: true })}
        </dd>
      </div>
      <div>
        <dt>{t('legend.volume')}</dt>
        <dd>{formatVolume(bar?.volume, lang)}</dd>
      </div>
      <div>
        <dt>{t('legend.turnover')}</dt>
        <dd>{formatAmount(bar?.turnover, lang)}</dd>
      </div>
      {overlays.map((period) => (
        <div key={period} className={`chart-key--ma${period}`}>
          <dt>MA{period}</dt>
          <dd>{bar ? formatNumber(bar.ma[period], lang, 2) : DASH}</dd>
        </div>
      ))}
    </dl>
  );
}
