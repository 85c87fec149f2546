import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  PriceScaleMode,
  TickMarkType,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { SHANGHAI_OFFSET_MS } from '../../contract/time';
import { formatShanghaiDate, fromChartTime, toChartTime } from '../../lib/format';
import { ChartFallback } from './ChartFrame';
import { fitSlots } from './fit';
import { usePalette, withAlpha, type ColorRole, type Palette } from './palette';
import { afterNextPaint, useAfterPaint } from '../../lib/useAfterPaint';
import './chart.css';

/**
 * The one component that owns a lightweight-charts instance. Callers describe series declaratively;
 * the wrapper creates the chart in an effect (so StrictMode's mount/unmount/mount leaves exactly one
 * chart), keeps series in step with the props, resizes with `autoSize`, removes the chart on unmount,
 * and repaints when the theme or the colour convention changes (colours come from CSS variables).
 *
 * Times are Unix ms. The library draws every time as UTC, so they are shifted by +8 h on the way in
 * (`toChartTime`) and back on the way out: axis, crosshair and hover all read Asia/Shanghai dates
 * whatever the browser's zone.
 */

export type Tone = 'up' | 'down' | 'flat';

export interface CandlePoint {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ValuePoint {
  time: number;
  value: number;
  /** Histogram bars coloured by direction (volume). */
  tone?: Tone;
}

export interface MarkerSpec {
  time: number;
  text: string;
  color: ColorRole;
  position: 'aboveBar' | 'belowBar';
  shape: 'circle' | 'square' | 'arrowUp' | 'arrowDown';
}

interface SeriesBase {
  id: string;
  /** 0 is the main pane; higher indices are stacked below it. */
  pane?: number;
  /** Value format on the price scale and the crosshair label. */
  format?: (value: number) => string;
  /** Which price scale of its pane the series uses: two units in one pane need both sides. */
  scale?: 'left' | 'right';
}

export type ChartSeries =
  | (SeriesBase & { kind: 'candles'; data: readonly CandlePoint[]; markers?: readonly MarkerSpec[] })
  | (SeriesBase & {
      kind: 'line';
      data: readonly ValuePoint[];
      color: ColorRole;
      lineWidth?: 1 | 2 | 3;
      markers?: readonly MarkerSpec[];
      /** Its latest value as a label in its colour on the price scale (one label per line). */
      lastValueLabel?: boolean;
    })
  | (SeriesBase & { kind: 'histogram'; data: readonly ValuePoint[]; color: ColorRole });

export interface TimeChartProps {
  series: readonly ChartSeries[];
  /** Fixed height in pixels: the layout never moves while data loads. */
  height: number;
  /** Relative heights of the panes, main pane first. */
  paneStretch?: readonly number[];
  /** Smallest value at the top (ranks: 1 is best). */
  invertScale?: boolean;
  /** Daily bars (default) or intraday minute points. */
  timeScale?: TimeScaleKind;
  /** Logarithmic price scale: small values (the top ranks) get as much room as large ones. */
  logScale?: boolean;
  /** Empty room above and below the main pane's data, as fractions of its height (library default 0.2/0.1). */
  scaleMargins?: { top: number; bottom: number };
  /** Time (Unix ms) of the point under the crosshair, or null when the pointer leaves the chart. */
  onHover?: (time: number | null) => void;
  /** Changing it fits the whole data into view (a new range), otherwise the user's zoom is kept. */
  viewKey?: string;
  label: string;
  testId?: string;
  /** Shown where canvas charts cannot run (no ResizeObserver, as in jsdom). */
  fallback?: ReactNode;
}

interface SeriesEntry {
  kind: ChartSeries['kind'];
  pane: number;
  api: ISeriesApi<SeriesType>;
  data: unknown;
  palette: Palette | null;
  markers: ISeriesMarkersPluginApi<Time> | null;
  markerSpecs: readonly MarkerSpec[] | undefined;
}

/** `yyyy-MM-dd` of a (shifted) chart time: its UTC date is the Shanghai date. */
function chartDay(time: Time): string {
  return new Date(fromChartTime(time) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd HH:mm` of a (shifted) chart time, Shanghai wall clock. */
function chartMinute(time: Time): string {
  return new Date(fromChartTime(time) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function tickLabel(time: Time, type: TickMarkType): string {
  if (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds) return chartMinute(time).slice(11);
  const day = chartDay(time);
  if (type === TickMarkType.Year) return day.slice(0, 4);
  if (type === TickMarkType.Month) return day.slice(0, 7);
  return day.slice(5);
}

/** Minute series: the clock on intraday ticks, the date where a new day starts. */
function minuteTickLabel(time: Time, type: TickMarkType): string {
  const text = chartMinute(time);
  if (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds) return text.slice(11);
  return text.slice(5, 10);
}

export function canDrawCharts(): boolean {
  return typeof window !== 'undefined' && typeof ResizeObserver !== 'undefined';
}

function priceFormatOf(format: ((value: number) => string) | undefined) {
  return format ? { type: 'custom' as const, formatter: format, minMove: 0.001 } : undefined;
}

/**
 * The right price axis is at least this wide from the empty chart's first frame on: a little more than
 * the labels of the pages' prices and volumes take (74 px on the stock view, 78 px on the index page).
 * An axis that widened when the first series came in moved the plot sideways and resized every pane's
 * canvases in the frame that draws the candles for the first time (ten years of daily bars: that frame's
 * script 37–50 ms with the resize, 23–35 ms without).
 */
const PRICE_AXIS_MIN_WIDTH_PX = 80;

/** `day`: daily bars (dates on the axis); `minute`: intraday points (clock times on the axis). */
export type TimeScaleKind = 'day' | 'minute';

/** The look every chart of the app shares (the intraday chart too): background, text, grid, crosshair. */
export function chartLook(palette: Palette, crosshairMode: CrosshairMode = CrosshairMode.Normal) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.bg },
      textColor: palette.muted,
      fontSize: 11,
      fontFamily: palette.font,
      attributionLogo: false,
      panes: { separatorColor: palette.border, separatorHoverColor: palette.border },
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    crosshair: {
      mode: crosshairMode,
      vertLine: { color: palette.faint, labelBackgroundColor: palette.border },
      horzLine: { color: palette.faint, labelBackgroundColor: palette.border },
    },
  };
}

function chartOptions(
  palette: Palette,
  invertScale: boolean,
  scale: TimeScaleKind,
  logScale: boolean,
  scaleMargins: { top: number; bottom: number } | undefined,
) {
  return {
    ...chartLook(palette),
    rightPriceScale: {
      minimumWidth: PRICE_AXIS_MIN_WIDTH_PX,
      borderColor: palette.border,
      invertScale,
      mode: logScale ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal,
      ...(scaleMargins && { scaleMargins }),
    },
    leftPriceScale: { borderColor: palette.border, invertScale },
    timeScale: {
      borderColor: palette.border,
      timeVisible: scale === 'minute',
      tickMarkFormatter: scale === 'minute' ? minuteTickLabel : tickLabel,
    },
    localization: { dateFormat: 'yyyy-MM-dd', timeFormatter: scale === 'minute' ? chartMinute : chartDay },
  };
}

function seriesOptions(spec: ChartSeries, palette: Palette) {
  const priceFormat = priceFormatOf(spec.format);
  const priceScaleId = spec.scale ?? 'right';
  switch (spec.kind) {
    case 'candles':
      return {
        priceScaleId,
        upColor: palette.up,
        downColor: palette.down,
        borderUpColor: palette.up,
        borderDownColor: palette.down,
        wickUpColor: palette.up,
        wickDownColor: palette.down,
        ...(priceFormat && { priceFormat }),
      };
    case 'line':
      return {
        priceScaleId,
        color: palette[spec.color],
        lineWidth: spec.lineWidth ?? 1,
        priceLineVisible: false,
        lastValueVisible: spec.lastValueLabel ?? false,
        crosshairMarkerRadius: 3,
        ...(priceFormat && { priceFormat }),
      };
    case 'histogram':
      return {
        priceScaleId,
        color: palette[spec.color],
        priceLineVisible: false,
        lastValueVisible: false,
        ...(priceFormat && { priceFormat }),
      };
  }
}

function addSeries(chart: IChartApi, spec: ChartSeries, palette: Palette): ISeriesApi<SeriesType> {
  const pane = spec.pane ?? 0;
  switch (spec.kind) {
    case 'candles':
      return chart.addSeries(CandlestickSeries, seriesOptions(spec, palette), pane);
    case 'line':
      return chart.addSeries(LineSeries, seriesOptions(spec, palette), pane);
    case 'histogram':
      return chart.addSeries(HistogramSeries, seriesOptions(spec, palette), pane);
  }
}

function toneColor(palette: Palette, tone: Tone | undefined, fallback: string): string {
  if (tone === 'up') return withAlpha(palette.up, 0.6);
  if (tone === 'down') return withAlpha(palette.down, 0.6);
  if (tone === 'flat') return withAlpha(palette.muted, 0.6);
  return fallback;
}

function setSeriesData(api: ISeriesApi<SeriesType>, spec: ChartSeries, palette: Palette): void {
  if (spec.kind === 'candles') {
    api.setData(spec.data.map((p) => ({ ...p, time: toChartTime(p.time) })));
  } else if (spec.kind === 'histogram') {
    const base = palette[spec.color];
    api.setData(
      spec.data.map((p) => ({
        time: toChartTime(p.time),
        value: p.value,
        color: toneColor(palette, p.tone, base),
      })),
    );
  } else {
    api.setData(spec.data.map((p) => ({ time: toChartTime(p.time), value: p.value })));
  }
}

function markersOf(
  specs: readonly MarkerSpec[],
  palette: Palette,
  times: ReadonlySet<number>,
): SeriesMarker<Time>[] {
  // A marker needs a bar at its time; events outside the loaded bars are left out.
  return specs
    .filter((m) => times.has(m.time))
    .sort((a, b) => a.time - b.time)
    .map((m) => ({
      time: toChartTime(m.time),
      position: m.position,
      shape: m.shape,
      color: palette[m.color],
      text: m.text,
    }));
}

export function TimeChart({
  series,
  height,
  paneStretch,
  invertScale = false,
  timeScale = 'day',
  logScale = false,
  scaleMargins,
  onHover,
  viewKey,
  label,
  testId,
  fallback,
}: TimeChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const entriesRef = useRef(new Map<string, SeriesEntry>());
  const viewRef = useRef<string | undefined>(undefined);
  const onHoverRef = useRef(onHover);
  // The chart is built after the page's first paint, in a task of its own (the quote and the tables
  // paint without waiting for the canvas).
  const painted = useAfterPaint();
  const palette = usePalette(containerRef, painted);
  const supported = canDrawCharts();
  // The first build adds the series one at a time, each after the chart has drawn the ones before:
  // ten years of daily bars in nine series, given to the library and drawn in one go, kept the page from
  // answering input for over 100 ms (one long task); a series at a time, the longest step is the first
  // drawing of the candles (about 30 ms; see PRICE_AXIS_MIN_WIDTH_PX). Once all are there, later changes
  // (a new range, an overlay) apply at once.
  const [attachedCount, setAttachedCount] = useState(0);
  const [built, setBuilt] = useState(false);
  const seriesHaveData = series.some((s) => s.data.length > 0);
  const attached = useMemo(
    () => (built ? series : seriesHaveData ? series.slice(0, attachedCount) : []),
    [built, series, seriesHaveData, attachedCount],
  );
  const chartBuilt = painted && palette !== null;
  useEffect(() => {
    if (built || !chartBuilt || !seriesHaveData) return;
    return afterNextPaint(() => {
      if (attachedCount + 1 >= series.length) setBuilt(true);
      setAttachedCount(attachedCount + 1);
    });
  }, [built, chartBuilt, seriesHaveData, attachedCount, series.length]);

  useEffect(() => {
    onHoverRef.current = onHover;
  }, [onHover]);

  // Create once per mount; StrictMode's extra mount/unmount creates and removes a first instance. The
  // effects below are declared after this one, so on every (re)mount they run against the new chart.
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !supported || !painted) return;
    const chart = createChart(container, { autoSize: true });
    // The library lays its panes out in a table; it is layout, not data (the chart is one image).
    chart.chartElement().querySelector('table')?.setAttribute('role', 'presentation');
    const entries = entriesRef.current;
    const onMove = (param: { time?: Time }) =>
      onHoverRef.current?.(param.time === undefined ? null : fromChartTime(param.time));
    chart.subscribeCrosshairMove(onMove);
    chartRef.current = chart;
    viewRef.current = undefined;
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      entries.clear();
      chartRef.current = null;
      chart.remove();
    };
  }, [supported, painted]);

  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !palette || !container) return;
    chart.applyOptions(chartOptions(palette, invertScale, timeScale, logScale, scaleMargins));
    // Test hooks, like the candle colours below: what the library really applied.
    const scale = chart.priceScale('right').options();
    container.dataset['invertScale'] = String(scale.invertScale);
    container.dataset['logScale'] = String(scale.mode === PriceScaleMode.Logarithmic);
  }, [palette, invertScale, timeScale, logScale, scaleMargins]);

  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !palette || !container) return;
    const entries = entriesRef.current;
    const wanted = new Set(attached.map((s) => s.id));
    for (const [id, entry] of entries) {
      if (!wanted.has(id)) {
        entry.markers?.detach();
        chart.removeSeries(entry.api);
        entries.delete(id);
      }
    }
    // Every pane the series ask for is there from the first frame on, series or not yet (the first build
    // adds series one at a time: a pane appearing later would move what was drawn before it), and no
    // other: a pane whose series are gone goes with them.
    const paneCount = series.reduce((n, s) => Math.max(n, (s.pane ?? 0) + 1), 1);
    for (let i = chart.panes().length - 1; i >= paneCount; i -= 1) chart.removePane(i);
    while (chart.panes().length < paneCount) chart.addPane(true);
    for (const spec of attached) {
      const pane = spec.pane ?? 0;
      let entry = entries.get(spec.id);
      if (entry && (entry.kind !== spec.kind || entry.pane !== pane)) {
        entry.markers?.detach();
        chart.removeSeries(entry.api);
        entries.delete(spec.id);
        entry = undefined;
      }
      if (!entry) {
        entry = {
          kind: spec.kind,
          pane,
          api: addSeries(chart, spec, palette),
          data: null,
          palette,
          markers: null,
          markerSpecs: undefined,
        };
        entries.set(spec.id, entry);
      } else if (entry.palette !== palette) {
        entry.api.applyOptions(seriesOptions(spec, palette));
      }
      const paletteChanged = entry.palette !== palette;
      const dataChanged = entry.data !== spec.data;
      if (dataChanged || paletteChanged) {
        setSeriesData(entry.api, spec, palette);
        entry.data = spec.data;
      }
      const markable = spec.kind === 'candles' || spec.kind === 'line';
      const markerSpecs = markable ? spec.markers : undefined;
      if (
        markable &&
        (markerSpecs !== undefined || entry.markers !== null) &&
        (dataChanged || paletteChanged || entry.markerSpecs !== markerSpecs)
      ) {
        const times = new Set(spec.data.map((p) => p.time));
        const markers = markersOf(markerSpecs ?? [], palette, times);
        if (entry.markers) entry.markers.setMarkers(markers);
        else entry.markers = createSeriesMarkers(entry.api, markers);
        entry.markerSpecs = markerSpecs;
      }
      entry.palette = palette;
      if (spec.kind === 'candles') {
        // Test hook and debugging aid: the colours the library is really drawing with.
        const options = entry.api.options();
        if ('upColor' in options && 'downColor' in options) {
          container.dataset['upColor'] = String(options.upColor);
          container.dataset['downColor'] = String(options.downColor);
        }
      }
    }
    // Test hooks: how many series the library really holds (one line per compared stock, for example),
    // and how many markers it draws (events outside the loaded data are left out).
    container.dataset['seriesCount'] = String(chart.panes().reduce((n, p) => n + p.getSeries().length, 0));
    container.dataset['markerCount'] = String(
      [...entries.values()].reduce((n, e) => n + (e.markers?.markers().length ?? 0), 0),
    );
    // Test hook: where each line starts as the library holds it (Shanghai date and value), so a test can
    // see that compared lines really start together.
    container.dataset['lineStarts'] = [...entries.values()]
      .filter((e) => e.kind === 'line')
      .map((e) => {
        const first = e.api.data()[0];
        return first && 'value' in first
          ? `${formatShanghaiDate(fromChartTime(first.time))}:${first.value}`
          : '';
      })
      .join(' ');
    // And how many points they were given (a drawn minute line has a point per minute).
    container.dataset['points'] = String(attached.reduce((n, s) => n + s.data.length, 0));
    const panes = chart.panes();
    // The left axis is one column for every pane (the library reads the first pane's setting): shown
    // when any series uses it.
    const left = attached.some((s) => s.scale === 'left');
    panes.forEach((p, i) => {
      p.setStretchFactor(paneStretch?.[i] ?? 1);
      chart.priceScale('left', i).applyOptions({ visible: left });
    });
    const bars = attached.reduce((n, s) => Math.max(n, s.data.length), 0);
    if (bars > 0 && viewRef.current !== (viewKey ?? '')) {
      // The whole range fits however narrow the chart.
      fitSlots(chart, bars);
      chart.timeScale().fitContent();
      viewRef.current = viewKey ?? '';
    }
  }, [series, attached, palette, paneStretch, viewKey]);

  if (!supported) {
    return (
      <ChartFallback height={height} testId={testId}>
        {fallback}
      </ChartFallback>
    );
  }
  return (
    <div
      ref={containerRef}
      className="tchart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
      // Test hook: every series is in the chart (the first build adds them one at a time).
      data-complete={built || undefined}
    />
  );
}
