import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { TimeChart, type ChartSeries, type MarkerSpec } from '../../components/chart/TimeChart';
import { candleVolumeSeries } from '../../components/chart/candles';
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
import { BAR_INTERVALS, periodKey, type BarInterval } from '../../lib/bars';
import { chartBars, rebaseComparison, type ChartBar, type Comparison } from './analytics';
import { Segmented } from '../../components/Segmented';
import { chartHeight } from './Skeletons';
import { CHART_RANGES, barWindow, type BarWindow, type ChartRange } from './dates';
import { useServerToday } from '../../api/live';
import type { UpdateSearch } from './url-state';
import { useStockText, type StockT } from './messages';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { adjustmentEventsQuery, barsQuery, indexBarsQuery, type AdjustmentEvent } from './queries';
import {
  ADJUSTS,
  CHART_INDICATORS,
  MA_PERIODS,
  formatMaList,
  parseMaList,
  type Adjust,
  type ChartIndicator,
  type MaPeriod,
  type StockSearch,
} from './url-state';
import { CompareControl } from './CompareControl';
import { isComparable } from './loader';

/** Relative pane heights: candles, volume, and the indicator pane when one is chosen. */
const PANE_STRETCH: Readonly<Record<'plain' | 'indicator', readonly number[]>> = {
  plain: [3, 1],
  indicator: [3, 1, 1.4],
};

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

/** The compared instrument: its record from the search, and its daily bars over the chart's window. */
function useCompare(thscode: string, cmp: string | undefined, adjust: Adjust, span: BarWindow | null) {
  const code = cmp !== undefined && cmp !== thscode ? cmp : undefined;
  const lookup = useQuery({ ...instrumentQuery(code ?? ''), enabled: code !== undefined });
  const record = code === undefined ? undefined : findInstrument(lookup.data, code);
  const comparable = record !== undefined && isComparable(record);
  const stock = useQuery({
    ...barsQuery(code ?? '', adjust, span?.start ?? 0, span?.end ?? 0),
    enabled: span !== null && comparable && record.asset_type === 'a-share',
  });
  const index = useQuery({
    ...indexBarsQuery(code ?? '', span?.start ?? 0, span?.end ?? 0),
    enabled: span !== null && comparable && record.asset_type === 'a-share-index',
  });
  const bars = record?.asset_type === 'a-share' ? stock : index;
  const missing = code !== undefined && lookup.isSuccess && !comparable;
  return {
    code,
    record,
    missing,
    bars: comparable ? bars.data?.item : undefined,
    error: comparable && bars.isError ? bars.error : lookup.isError ? lookup.error : null,
    fetching: lookup.isFetching || (comparable && bars.isFetching),
  };
}

function indicatorSeries(data: readonly ChartBar[], ind: ChartIndicator, lang: Language): ChartSeries[] {
  const line = (
    id: string,
    color: 'ma5' | 'ma10' | 'ma20' | 'ma60' | 'muted',
    pick: (b: ChartBar) => number | null,
    digits: number,
  ): ChartSeries => ({
    id,
    kind: 'line',
    pane: 2,
    color,
    data: data.flatMap((b) => {
      const value = pick(b);
      return value === null ? [] : [{ time: b.date_ms, value }];
    }),
    format: (value) => formatNumber(value, lang, digits),
  });
  switch (ind) {
    case 'none':
      return [];
    case 'macd':
      return [
        {
          id: 'macd-hist',
          kind: 'histogram',
          pane: 2,
          color: 'muted',
          data: data.flatMap((b) =>
            b.macd.hist === null
              ? []
              : [{ time: b.date_ms, value: b.macd.hist, tone: direction(b.macd.hist) }],
          ),
          format: (value) => formatNumber(value, lang, 3),
        },
        line('macd-dif', 'ma5', (b) => b.macd.dif, 3),
        line('macd-dea', 'ma10', (b) => b.macd.dea, 3),
      ];
    case 'kdj':
      return [
        line('kdj-k', 'ma5', (b) => b.kdj.k, 2),
        line('kdj-d', 'ma10', (b) => b.kdj.d, 2),
        line('kdj-j', 'ma20', (b) => b.kdj.j, 2),
      ];
    case 'boll':
      return [
        line('boll-close', 'muted', (b) => b.close_price, 2),
        line('boll-mid', 'ma10', (b) => b.boll.mid, 2),
        line('boll-upper', 'ma20', (b) => b.boll.upper, 2),
        line('boll-lower', 'ma60', (b) => b.boll.lower, 2),
      ];
  }
}

/** Corporate-action markers on the bar that holds their ex-date (a week or month holds several days). */
function eventMarkers(
  events: readonly AdjustmentEvent[],
  data: readonly ChartBar[],
  interval: BarInterval,
  t: StockT,
  lang: Language,
): MarkerSpec[] {
  const barOf = new Map(data.map((b) => [periodKey(b.date_ms, interval), b.date_ms]));
  return events
    .filter((e) => e.dividend_per_share > 0 || e.per_share_bonus > 0)
    .flatMap((e) => {
      const time = barOf.get(periodKey(e.ex_date_ms, interval));
      return time === undefined
        ? []
        : [
            {
              time,
              text: eventMarkerText(e, t, lang),
              color: 'amber' as const,
              position: 'aboveBar' as const,
              shape: 'arrowDown' as const,
            },
          ];
    });
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
  const interval = search.interval;
  const span = today === null ? null : barWindow(today, search.range, interval);
  const bars = useQuery({
    ...barsQuery(record.thscode, search.adjust, span?.start ?? 0, span?.end ?? 0),
    enabled: span !== null,
  });
  const events = useQuery(adjustmentEventsQuery(record.thscode));
  const compare = useCompare(record.thscode, search.cmp, search.adjust, span);
  const overlays = useMemo(() => parseMaList(search.ma), [search.ma]);
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);

  const fromMs = span ? shanghaiMidnight(span.from) : 0;
  const data = useMemo(
    () => (bars.data ? chartBars(bars.data.item, fromMs, interval) : []),
    [bars.data, fromMs, interval],
  );
  const comparison = useMemo<Comparison | null>(
    () => (compare.bars ? rebaseComparison(data, compare.bars, interval) : null),
    [compare.bars, data, interval],
  );

  const markers = useMemo(
    () => eventMarkers(events.data?.item ?? [], data, interval, t, lang),
    [events.data, data, interval, t, lang],
  );

  const series = useMemo<ChartSeries[]>(() => {
    const price = (value: number) => formatNumber(value, lang, 2);
    const list = candleVolumeSeries(data, { lang, digits: 2, amount: (b) => b.volume, markers });
    for (const period of overlays) {
      const points = data.flatMap((b) => {
        const value = b.ma[period];
        return value === null || value === undefined ? [] : [{ time: b.date_ms, value }];
      });
      list.push({ id: `ma${period}`, kind: 'line', color: `ma${period}`, data: points, format: price });
    }
    if (comparison && comparison.points.length > 0) {
      list.push({
        id: 'compare',
        kind: 'line',
        color: 'amber',
        lineWidth: 2,
        data: comparison.points.map((p) => ({ time: p.time, value: p.value })),
        format: price,
      });
    }
    list.push(...indicatorSeries(data, search.ind, lang));
    return list;
  }, [data, markers, overlays, comparison, search.ind, lang]);

  const first = data[0];
  const last = data[data.length - 1];
  const legendBar = (hovered === null ? undefined : data.find((b) => b.date_ms === hovered)) ?? last;
  const viewKey = first && last ? `${interval}|${first.date_ms}|${last.date_ms}` : '';
  const height = chartHeight(search.ind);
  const labelKey =
    interval === 'week' ? 'chart.labelWeek' : interval === 'month' ? 'chart.labelMonth' : 'chart.label';

  const toggleMa = (period: MaPeriod) => {
    const next = overlays.includes(period) ? overlays.filter((p) => p !== period) : [...overlays, period];
    onSearch({ ma: formatMaList(next) }, { replace: true });
  };

  return (
    <div className="stock-chart__daily" data-testid="daily-chart-panel">
      <div className="stock-toolbar">
        <Segmented
          label={t('chart.interval')}
          value={interval}
          testId="interval-switch"
          options={BAR_INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
          onChange={(next) => onSearch({ interval: next })}
        />
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
        <Segmented
          label={t('chart.indicator')}
          value={search.ind}
          testId="indicator-switch"
          options={CHART_INDICATORS.map((ind) => ({ value: ind, label: t(`ind.${ind}`) }))}
          onChange={(ind) => onSearch({ ind })}
        />
        <CompareControl
          thscode={record.thscode}
          compare={
            compare.code === undefined ? null : { thscode: compare.code, name: compare.record?.name ?? null }
          }
          onChange={(cmp) => onSearch({ cmp })}
        />
        {(bars.isFetching || compare.fetching) && (
          <span className="spinner stock-toolbar__busy" aria-hidden="true" />
        )}
      </div>
      <Legend
        bar={legendBar}
        overlays={overlays}
        interval={interval}
        comparison={comparison}
        compareName={compare.record?.name ?? compare.code ?? null}
      />
      {compare.code !== undefined && (compare.missing || compare.error !== null) && (
        <div className="stock-chart__note" role="status" data-testid="compare-problem">
          {compare.missing ? (
            t('compare.notFound', { code: compare.code })
          ) : (
            <ErrorState compact error={compare.error} />
          )}
        </div>
      )}
      {comparison && comparison.baseMs === null && compare.record && (
        <div className="stock-chart__note muted" role="status" data-testid="compare-problem">
          {t('compare.noCommon', { name: compare.record.name })}
        </div>
      )}
      <div className="stock-chart__body" style={{ height }}>
        {bars.isError && !bars.data ? (
          <ErrorState error={bars.error} onRetry={() => void bars.refetch()} />
        ) : (
          <>
            <TimeChart
              series={series}
              height={height}
              paneStretch={PANE_STRETCH[search.ind === 'none' ? 'plain' : 'indicator']}
              onHover={onHover}
              viewKey={viewKey}
              testId="price-chart"
              label={t(labelKey, {
                name: record.name,
                from: formatShanghaiDate(first?.date_ms),
                to: formatShanghaiDate(last?.last_ms),
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
      {search.ind !== 'none' && <IndicatorLegend bar={legendBar} ind={search.ind} />}
    </div>
  );
}

/** The date of a bar: its day, or the first and last trading days of a week or month. */
function barDate(bar: ChartBar | undefined, interval: BarInterval, t: StockT): string {
  if (!bar) return DASH;
  if (interval === 'day') return formatShanghaiDate(bar.date_ms);
  return t('legend.period', {
    from: formatShanghaiDate(bar.date_ms),
    to: formatShanghaiDate(bar.last_ms),
    days: bar.days,
  });
}

/** The bar under the crosshair (the latest when not hovering): fixed slots, values only change. */
function Legend({
  bar,
  overlays,
  interval,
  comparison,
  compareName,
}: {
  bar: ChartBar | undefined;
  overlays: readonly MaPeriod[];
  interval: BarInterval;
  comparison: Comparison | null;
  compareName: string | null;
}) {
  const { t, lang } = useStockText();
  const tone = direction(bar?.changePct);
  const price = (value: number | undefined) => formatPrice(value, lang, 'stock');
  const point = bar && comparison ? comparison.points.find((p) => p.time === bar.date_ms) : undefined;
  // The stock's own change since the common start, next to the other instrument's: at the first common
  // bar both lines stand at the stock's close.
  const baseClose = comparison?.points[0]?.value;
  const ownChange =
    bar && baseClose !== undefined && bar.date_ms >= (comparison?.baseMs ?? Infinity)
      ? (bar.close_price / baseClose - 1) * 100
      : undefined;
  const since =
    comparison === null || comparison.baseMs === null ? '' : formatShanghaiDate(comparison.baseMs);
  return (
    <dl className="chart-legend num" data-testid="chart-legend">
      <div>
        <dt>{t('legend.date')}</dt>
        <dd data-testid="legend-date">{barDate(bar, interval, t)}</dd>
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
      {comparison && comparison.baseMs !== null && (
        <>
          <div>
            <dt>{t('compare.self.legend', { date: since })}</dt>
            <dd className={direction(ownChange)} data-testid="legend-own-change">
              {formatPercent(ownChange, lang, { sign: true })}
            </dd>
          </div>
          <div className="chart-key--compare">
            <dt>{t('compare.legend', { name: compareName ?? '', date: since })}</dt>
            <dd className={direction(point?.changePct)} data-testid="legend-compare">
              {formatPercent(point?.changePct, lang, { sign: true })}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The indicator values of the bar under the crosshair, coloured like their lines. */
function IndicatorLegend({ bar, ind }: { bar: ChartBar | undefined; ind: Exclude<ChartIndicator, 'none'> }) {
  const { t, lang } = useStockText();
  const n = (value: number | null | undefined, digits: number) =>
    bar ? formatNumber(value, lang, digits) : DASH;
  const items: { key: string; label: string; value: string; className: string }[] =
    ind === 'macd'
      ? [
          { key: 'dif', label: 'DIF', value: n(bar?.macd.dif, 3), className: 'chart-key--ma5' },
          { key: 'dea', label: 'DEA', value: n(bar?.macd.dea, 3), className: 'chart-key--ma10' },
          { key: 'hist', label: 'MACD', value: n(bar?.macd.hist, 3), className: direction(bar?.macd.hist) },
        ]
      : ind === 'kdj'
        ? [
            { key: 'k', label: 'K', value: n(bar?.kdj.k, 2), className: 'chart-key--ma5' },
            { key: 'd', label: 'D', value: n(bar?.kdj.d, 2), className: 'chart-key--ma10' },
            { key: 'j', label: 'J', value: n(bar?.kdj.j, 2), className: 'chart-key--ma20' },
          ]
        : [
            { key: 'close', label: t('ind.close'), value: n(bar?.close_price, 2), className: '' },
            { key: 'mid', label: 'MID', value: n(bar?.boll.mid, 2), className: 'chart-key--ma10' },
            { key: 'upper', label: 'UPPER', value: n(bar?.boll.upper, 2), className: 'chart-key--ma20' },
            { key: 'lower', label: 'LOWER', value: n(bar?.boll.lower, 2), className: 'chart-key--ma60' },
          ];
  return (
    <dl className="chart-legend stock-legend--ind num" data-testid="indicator-legend" data-indicator={ind}>
      <div title={t(`ind.${ind}Title`)}>
        <dt className="stock-legend__name">{t(`ind.${ind}`)}</dt>
      </div>
      {items.map((item) => (
        <div key={item.key} className={item.className}>
          <dt>{item.label}</dt>
          <dd data-testid={`ind-${item.key}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
