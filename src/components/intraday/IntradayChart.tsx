import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  createChart,
  type AutoscaleInfo,
  type HistogramData,
  type HistogramSeriesPartialOptions,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type LineData,
  type LineSeriesPartialOptions,
  type SeriesType,
  type Time,
  type WhitespaceData,
} from 'lightweight-charts';
import { SHANGHAI_OFFSET_MS } from '../../contract/time';
import { fromChartTime, toChartTime } from '../../lib/format';
import { useAfterPaint } from '../../lib/useAfterPaint';
import { ChartFallback } from '../chart/ChartFrame';
import { fitSlots } from '../chart/fit';
import { canDrawCharts, chartLook } from '../chart/TimeChart';
import { usePalette, withAlpha, type Palette } from '../chart/palette';
import type { IntradayModel, IntradayViewDays } from './model';
import '../chart/chart.css';

/**
 * The intraday chart: the price and average-price lines of each day, the volume bars in a pane of their
 * own, the previous close as a dashed base line with the price axis centred on it, and (when there is
 * room) a percent axis on the left reading the change from that close. It owns its lightweight-charts
 * instance like `TimeChart` does (created after the first paint, StrictMode-safe, `autoSize`, removed on
 * unmount, repainted with the theme).
 *
 * The time axis is the model's slots with their real minutes: the library spaces points evenly by
 * index, whatever the time between them, so the lunch break (no slot) takes no room, and the axis labels
 * read the real Shanghai clock. Each day has its own line series, so no line joins one day's close to the
 * next day's open; a thin bar marks the separator slot between days.
 *
 * Keyboard: the chart is focusable; arrows step a minute, Page Up/Down thirty, Home/End go to the ends,
 * Escape returns to the latest minute. The cursor is the caller's (it shows the readout).
 */

export interface IntradayChartProps {
  model: IntradayModel;
  view: IntradayViewDays;
  height: number;
  label: string;
  /** Minute index (in `model.minutes`) under the cursor, or null for none. */
  cursor: number | null;
  onCursor: (minute: number | null) => void;
  priceFormat: (value: number) => string;
  volumeFormat: (value: number) => string;
  baseTitle: string;
  /** Changing it fits the whole axis into view (another instrument or span). */
  viewKey: string;
  /** Id of the element that explains the keys. */
  describedBy?: string;
  fallback: ReactNode;
  testId?: string;
}

/** Room kept at each end of the time axis for half a time label. */
const EDGE_LABEL_PX = 18;

/** Below this width the percent axis is left out: the minutes need the room more. */
const PERCENT_AXIS_MIN_WIDTH_PX = 520;
const PRICE_AXIS_MIN_WIDTH_PX = 64;
const PANE_STRETCH = [3, 1];
const SEPARATOR_SCALE = 'separator';
const PAGE_MINUTES = 30;

/** `HH:mm` (and `MM-dd HH:mm`) of a chart time, Shanghai wall clock. */
function clockOf(time: Time): string {
  return new Date(fromChartTime(time) + SHANGHAI_OFFSET_MS).toISOString().slice(11, 16);
}
function dayOf(time: Time): string {
  return new Date(fromChartTime(time) + SHANGHAI_OFFSET_MS).toISOString().slice(5, 10);
}

/**
 * Axis labels: the clock on minute ticks; a day's first slot reads 09:30 in the one-day view and the
 * date in the five-day view. The first afternoon minute (13:01, the minute after 13:00) reads 13:00.
 */
export function intradayTickLabel(time: Time, type: TickMarkType, view: IntradayViewDays): string {
  if (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds) {
    const clock = clockOf(time);
    return clock === '13:01' ? '13:00' : clock;
  }
  return view === 1 ? '09:30' : dayOf(time);
}

type Entry =
  | { kind: 'line'; pane: number; api: ISeriesApi<'Line'> }
  | { kind: 'histogram'; pane: number; api: ISeriesApi<'Histogram'> };

export function IntradayChart({
  model,
  view,
  height,
  label,
  cursor,
  onCursor,
  priceFormat,
  volumeFormat,
  baseTitle,
  viewKey,
  describedBy,
  fallback,
  testId,
}: IntradayChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const entriesRef = useRef(new Map<string, Entry>());
  const baseLineRef = useRef<{ series: ISeriesApi<SeriesType>; line: IPriceLine } | null>(null);
  const rangeRef = useRef(model.range);
  const viewRef = useRef(view);
  const fittedRef = useRef<string | null>(null);
  const minuteOfTime = useRef(new Map<number, number>());
  const onCursorRef = useRef(onCursor);
  const [wide, setWide] = useState(true);
  const painted = useAfterPaint();
  const palette = usePalette(containerRef, painted);
  const supported = canDrawCharts();

  useEffect(() => {
    onCursorRef.current = onCursor;
    rangeRef.current = model.range;
    viewRef.current = view;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !supported || !painted) return;
    const chart = createChart(container, { autoSize: true });
    chart.chartElement().querySelector('table')?.setAttribute('role', 'presentation');
    const onMove = (param: { time?: Time }) => {
      const minute =
        param.time === undefined ? undefined : minuteOfTime.current.get(fromChartTime(param.time));
      onCursorRef.current(minute ?? null);
    };
    chart.subscribeCrosshairMove(onMove);
    const observer = new ResizeObserver(() => setWide(container.clientWidth >= PERCENT_AXIS_MIN_WIDTH_PX));
    observer.observe(container);
    chartRef.current = chart;
    const entries = entriesRef.current;
    return () => {
      observer.disconnect();
      chart.unsubscribeCrosshairMove(onMove);
      entries.clear();
      baseLineRef.current = null;
      fittedRef.current = null;
      chartRef.current = null;
      chart.remove();
    };
  }, [supported, painted]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !palette) return;
    chart.applyOptions(chartOptions(palette, view, wide && model.base !== null));
  }, [palette, view, wide, model.base]);

  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !palette || !container) return;
    draw(chart, entriesRef.current, baseLineRef, model, palette, {
      priceFormat,
      volumeFormat,
      baseTitle,
      autoscale: () => {
        const range = rangeRef.current;
        return range ? { priceRange: { minValue: range.min, maxValue: range.max } } : null;
      },
    });
    minuteOfTime.current = new Map(model.minutes.map((m, i) => [m.t, i]));
    chart.panes().forEach((pane, i) => pane.setStretchFactor(PANE_STRETCH[i] ?? 1));
    if (model.axis.length > 0 && fittedRef.current !== viewKey) {
      // The whole axis, the session's minutes still to come included (`fitContent` stops at the last
      // minute with data, and a session under way would fill the width with its first hour).
      // A margin of EDGE_LABEL_PX on each side, so that the first and the last time label (09:30,
      // 15:00) are drawn whole instead of half outside the canvas.
      const pad = EDGE_LABEL_PX / fitSlots(chart, model.axis.length, EDGE_LABEL_PX);
      chart.timeScale().setVisibleLogicalRange({ from: -0.5 - pad, to: model.axis.length - 0.5 + pad });
      fittedRef.current = viewKey;
    }
    // Test hooks: what the library was given.
    container.dataset['minutes'] = String(model.minutes.length);
    container.dataset['slots'] = String(model.axis.length);
    container.dataset['days'] = String(model.days.length);
    container.dataset['base'] = model.base === null ? '' : String(model.base);
    container.dataset['last'] = model.last ? `${model.last.t}:${model.last.price}` : '';
    container.dataset['complete'] = 'true';
  }, [model, palette, priceFormat, volumeFormat, baseTitle, viewKey]);

  const moveTo = (minute: number | null) => {
    const chart = chartRef.current;
    onCursor(minute);
    if (!chart) return;
    const m = minute === null ? undefined : model.minutes[minute];
    const series = m === undefined ? undefined : entriesRef.current.get(`price-${m.day}`)?.api;
    if (m === undefined || series === undefined) chart.clearCrosshairPosition();
    else chart.setCrosshairPosition(m.price, toChartTime(m.t), series);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = model.minutes.length;
    if (count === 0) return;
    const at = cursor ?? count - 1;
    const clamp = (i: number) => Math.min(Math.max(i, 0), count - 1);
    const target =
      event.key === 'ArrowLeft'
        ? clamp(at - 1)
        : event.key === 'ArrowRight'
          ? clamp(at + 1)
          : event.key === 'PageUp'
            ? clamp(at - PAGE_MINUTES)
            : event.key === 'PageDown'
              ? clamp(at + PAGE_MINUTES)
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? count - 1
                  : event.key === 'Escape'
                    ? null
                    : undefined;
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

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
      className="tchart intraday-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (cursor !== null) moveTo(null);
      }}
      data-testid={testId}
      data-view={view}
    />
  );
}

function chartOptions(palette: Palette, view: IntradayViewDays, percentAxis: boolean) {
  return {
    ...chartLook(palette, CrosshairMode.Magnet),
    rightPriceScale: {
      minimumWidth: PRICE_AXIS_MIN_WIDTH_PX,
      borderColor: palette.border,
      scaleMargins: { top: 0.06, bottom: 0.06 },
    },
    leftPriceScale: {
      visible: percentAxis,
      borderColor: palette.border,
      scaleMargins: { top: 0.06, bottom: 0.06 },
    },
    timeScale: {
      borderColor: palette.border,
      timeVisible: true,
      // These options are applied again when the percent axis comes or goes (the plot's width changes):
      // a right offset here would move the last minute to the right edge, and a resize would keep the
      // spacing instead of the whole session.
      lockVisibleTimeRangeOnResize: true,
      // 09:31 and 15:00 at the ends are read in full, not cut by the edges.
      ensureEdgeTickMarksVisible: true,
      tickMarkFormatter: (time: Time, type: TickMarkType) => intradayTickLabel(time, type, view),
    },
    localization: {
      timeFormatter: (time: Time) => (view === 1 ? clockOf(time) : `${dayOf(time)} ${clockOf(time)}`),
    },
  };
}

interface DrawOptions {
  priceFormat: (value: number) => string;
  volumeFormat: (value: number) => string;
  baseTitle: string;
  autoscale: () => AutoscaleInfo | null;
}

type Want =
  | { kind: 'line'; pane: number; options: LineSeriesPartialOptions; data: (LineData | WhitespaceData)[] }
  | { kind: 'histogram'; pane: number; options: HistogramSeriesPartialOptions; data: HistogramData[] };

function custom(format: (value: number) => string) {
  return { type: 'custom' as const, formatter: format, minMove: 0.001 };
}

/** The series the model needs, by id: what the library should hold. */
function wantedSeries(model: IntradayModel, palette: Palette, opts: DrawOptions): Map<string, Want> {
  const base = model.base;
  const percent = (value: number) =>
    base === null || base <= 0 ? '' : `${(((value - base) / base) * 100).toFixed(2)}%`;
  const autoscaleInfoProvider = (original: () => AutoscaleInfo | null) => opts.autoscale() ?? original();
  const wanted = new Map<string, Want>();

  // The axis itself: every slot, the recorded minutes with their price (read on the percent axis).
  wanted.set('axis', {
    kind: 'line',
    pane: 0,
    options: {
      priceScaleId: 'left',
      lineVisible: false,
      crosshairMarkerVisible: false,
      lastValueVisible: false,
      priceLineVisible: false,
      priceFormat: custom(percent),
      autoscaleInfoProvider,
    },
    data: model.axis.map((slot) => {
      const m = slot.kind === 'minute' ? model.minutes[slot.minute] : undefined;
      return m ? { time: toChartTime(slot.t), value: m.price } : { time: toChartTime(slot.t) };
    }),
  });
  for (const [index, day] of model.days.entries()) {
    const minutes = model.minutes.slice(day.from, day.to);
    const common = {
      priceScaleId: 'right',
      priceLineVisible: false,
      crosshairMarkerRadius: 3,
      priceFormat: custom(opts.priceFormat),
      autoscaleInfoProvider,
    };
    const last = index === model.days.length - 1;
    wanted.set(`price-${index}`, {
      kind: 'line',
      pane: 0,
      options: { ...common, color: palette.accent, lineWidth: 2, lastValueVisible: last },
      data: minutes.map((m) => ({ time: toChartTime(m.t), value: m.price })),
    });
    const averages = minutes.flatMap((m) =>
      m.avg === null ? [] : [{ time: toChartTime(m.t), value: m.avg }],
    );
    if (averages.length > 0) {
      wanted.set(`avg-${index}`, {
        kind: 'line',
        pane: 0,
        options: { ...common, color: palette.amber, lineWidth: 1, lastValueVisible: false },
        data: averages,
      });
    }
  }
  const toneColor = { up: palette.up, down: palette.down, flat: palette.muted };
  wanted.set('volume', {
    kind: 'histogram',
    pane: 1,
    options: {
      priceScaleId: 'right',
      priceLineVisible: false,
      lastValueVisible: false,
      priceFormat: custom(opts.volumeFormat),
    },
    data: model.minutes.map((m) => ({
      time: toChartTime(m.t),
      value: m.volume,
      color: withAlpha(toneColor[m.tone], 0.7),
    })),
  });
  const separators = model.axis.filter((s) => s.kind === 'separator');
  if (separators.length > 0) {
    for (const pane of [0, 1]) {
      wanted.set(`separator-${pane}`, {
        kind: 'histogram',
        pane,
        options: {
          priceScaleId: SEPARATOR_SCALE,
          color: palette.border,
          priceLineVisible: false,
          lastValueVisible: false,
          autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 1 } }),
        },
        data: separators.map((s) => ({ time: toChartTime(s.t), value: 1 })),
      });
    }
  }
  return wanted;
}

function addEntry(chart: IChartApi, want: Want): Entry {
  return want.kind === 'line'
    ? { kind: 'line', pane: want.pane, api: chart.addSeries(LineSeries, want.options, want.pane) }
    : { kind: 'histogram', pane: want.pane, api: chart.addSeries(HistogramSeries, want.options, want.pane) };
}

function update(entry: Entry, want: Want): boolean {
  if (entry.kind === 'line' && want.kind === 'line') {
    entry.api.applyOptions(want.options);
    entry.api.setData(want.data);
    return true;
  }
  if (entry.kind === 'histogram' && want.kind === 'histogram') {
    entry.api.applyOptions(want.options);
    entry.api.setData(want.data);
    return true;
  }
  return false;
}

/** Keeps the library's series in step with the model: series added or removed by id, data set again. */
function draw(
  chart: IChartApi,
  entries: Map<string, Entry>,
  baseLine: { current: { series: ISeriesApi<SeriesType>; line: IPriceLine } | null },
  model: IntradayModel,
  palette: Palette,
  opts: DrawOptions,
): void {
  const wanted = wantedSeries(model, palette, opts);
  if (baseLine.current) {
    baseLine.current.series.removePriceLine(baseLine.current.line);
    baseLine.current = null;
  }
  for (const [id, entry] of entries) {
    const want = wanted.get(id);
    if (!want || want.kind !== entry.kind || want.pane !== entry.pane) {
      chart.removeSeries(entry.api);
      entries.delete(id);
    }
  }
  while (chart.panes().length < 2) chart.addPane(true);
  for (const [id, want] of wanted) {
    const entry = entries.get(id);
    if (entry && update(entry, want)) continue;
    const added = addEntry(chart, want);
    update(added, want);
    entries.set(id, added);
  }
  for (const pane of [0, 1]) {
    if (wanted.has(`separator-${pane}`)) {
      chart.priceScale(SEPARATOR_SCALE, pane).applyOptions({ scaleMargins: { top: 0, bottom: 0 } });
    }
  }
  chart.priceScale('right', 1).applyOptions({ scaleMargins: { top: 0.1, bottom: 0 } });

  const first = entries.get('price-0');
  if (first && model.base !== null) {
    baseLine.current = {
      series: first.api,
      line: first.api.createPriceLine({
        price: model.base,
        color: palette.muted,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title: opts.baseTitle,
      }),
    };
  }
}
