import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useServerToday } from '../../api/live';
import type { InstrumentRecord } from '../../api/instruments';
import { FactsList } from '../../components/FactsList';
import { Segmented } from '../../components/Segmented';
import { TimeChart, type ChartSeries, type MarkerSpec } from '../../components/chart/TimeChart';
import type { ColorRole } from '../../components/chart/palette';
import { candleVolumeSeries } from '../../components/chart/candles';
import { NAV_RANGES } from '../../contract/operations/fund-performance-terms';
import {
  DASH,
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShanghaiDate,
} from '../../lib/format';
import { managerRangeFor, rangeWindow } from './dates';
import { isListed } from './loader';
import { useFundText } from './messages';
import {
  dividendsQuery,
  etfBarsQuery,
  managerPerformanceQuery,
  navQuery,
  profileQuery,
  type FundRef,
} from './queries';
import { commonStart, rebaseReturns, returnsSince, type Point } from './rebase';
import { FundError } from './Section';
import { CHART_HEIGHT } from './Skeletons';
import {
  CHART_VIEWS,
  COMPARE_LINES,
  formatList,
  parseList,
  type ChartView,
  type CompareLine,
  type FundSearch,
  type UpdateFundSearch,
} from './url-state';

const LINE_COLORS: Record<CompareLine, ColorRole> = { manager: 'ma20', peer: 'ma5', benchmark: 'ma10' };
const CANDLE_STRETCH = [3, 1];

interface LegendEntry {
  id: string;
  label: string;
  color: ColorRole | null;
  value: string;
  tone?: string;
}

/**
 * The fund's chart: unit and adjusted net value; or the cumulative return since the window's first day
 * with the manager's record, the peer average and the benchmark re-based to the same day; or, for listed
 * funds, the exchange's daily candles and volume. Dividends are marked on their ex-dates.
 */
export function NavChart({
  record,
  fundRef,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  fundRef: FundRef;
  search: FundSearch;
  onSearch: UpdateFundSearch;
}) {
  const { t, lang } = useFundText();
  const today = useServerToday();
  const listed = isListed(record);
  const view: ChartView = search.chart === 'market' && !listed ? 'nav' : search.chart;
  const window = today === null ? null : rangeWindow(today, search.range);
  const lines = useMemo(() => parseList(search.cmp, COMPARE_LINES), [search.cmp]);

  const nav = useQuery({ ...navQuery(fundRef, search.range), enabled: view !== 'market' });
  const bars = useQuery({
    ...etfBarsQuery(record.thscode, window?.start ?? 0, window?.end ?? 0),
    enabled: view === 'market' && window !== null,
  });
  const profile = useQuery(profileQuery(fundRef));
  const managerId = profile.data?.item[0]?.manager_info?.[0]?.manager_id ?? null;
  const manager = useQuery({
    ...managerPerformanceQuery(managerId ?? '', managerRangeFor(search.range)),
    enabled: view === 'return' && managerId !== null && lines.length > 0,
  });
  const dividends = useQuery(dividendsQuery(fundRef));
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);

  const markers = useMemo<MarkerSpec[]>(
    () =>
      (dividends.data?.item ?? []).flatMap((d) =>
        typeof d.ex_dividend_date_ms === 'number'
          ? [
              {
                time: d.ex_dividend_date_ms,
                text: `${t('chart.dividendMarker')} ${formatNumber(d.per_ten_cash_before_tax, lang, 3)}/10`,
                color: 'amber' as const,
                position: 'aboveBar' as const,
                shape: 'arrowDown' as const,
              },
            ]
          : [],
      ),
    [dividends.data, t, lang],
  );

  const navItems = nav.data?.item;
  const unit = useMemo(
    () =>
      (navItems ?? []).flatMap((p) =>
        typeof p.unit_nav === 'number' ? [{ time: p.nav_date, value: p.unit_nav }] : [],
      ),
    [navItems],
  );
  const adj = useMemo<Point[]>(
    () => (navItems ?? []).map((p) => ({ time: p.nav_date, value: p.adj_nav ?? null })),
    [navItems],
  );
  const managerItems = manager.data?.item;
  const compare = useMemo(() => {
    const rows = managerItems ?? [];
    const pick: Record<CompareLine, Point[]> = {
      manager: rows.map((r) => ({ time: r.date_ms, value: r.manager_return_pct })),
      peer: rows.map((r) => ({ time: r.date_ms, value: r.peer_return_pct })),
      benchmark: rows.map((r) => ({ time: r.date_ms, value: r.benchmark_return_pct })),
    };
    const shown = view === 'return' ? lines.filter((l) => pick[l].some((p) => p.value !== null)) : [];
    // Only the net value has to be above zero on that day (it is divided by); a cumulative return line
    // may read 0 % or less there (a manager's record starts at 0 %).
    const positiveAdj = adj.filter((p) => p.value !== null && p.value > 0);
    const start = commonStart([positiveAdj, ...shown.map((l) => pick[l])]);
    return {
      start,
      fund: returnsSince(adj, start),
      lines: shown.map((l) => ({ line: l, points: rebaseReturns(pick[l], start) })),
    };
  }, [managerItems, lines, adj, view]);

  const barItems = bars.data?.item;
  const series = useMemo<ChartSeries[]>(() => {
    const price = (value: number) => formatNumber(value, lang, 3);
    const pct = (value: number) => formatPercent(value, lang);
    if (view === 'market') {
      return candleVolumeSeries(barItems ?? [], { lang, digits: 3, amount: (b) => b.volume, markers });
    }
    if (view === 'return') {
      return [
        { id: 'fund', kind: 'line', color: 'accent', lineWidth: 2, data: compare.fund, format: pct },
        ...compare.lines.map((l): ChartSeries => ({
          id: l.line,
          kind: 'line',
          color: LINE_COLORS[l.line],
          data: l.points,
          format: pct,
        })),
      ];
    }
    return [
      { id: 'unit', kind: 'line', color: 'accent', lineWidth: 2, data: unit, markers, format: price },
      {
        id: 'adj',
        kind: 'line',
        color: 'ma20',
        data: adj.flatMap((p) => (p.value === null ? [] : [{ time: p.time, value: p.value }])),
        format: price,
      },
    ];
  }, [view, barItems, markers, compare, unit, adj, lang]);

  const active = view === 'market' ? bars : nav;
  const times = series[0]?.data.map((p) => p.time) ?? [];
  const first = times[0];
  const last = times[times.length - 1];
  const at = hovered ?? last;
  const viewKey = `${view}|${first ?? ''}|${last ?? ''}`;
  const valueAt = (data: readonly { time: number; value: number }[]) =>
    data.find((p) => p.time === at)?.value;

  let legend: LegendEntry[];
  if (view === 'market') {
    const bar = barItems?.find((b) => b.date_ms === at);
    const fmt = (v: number | null | undefined) => formatPrice(v, lang, 'fund');
    legend = [
      { id: 'o', label: t('legend.open'), color: null, value: fmt(bar?.open_price) },
      { id: 'h', label: t('legend.high'), color: null, value: fmt(bar?.high_price) },
      { id: 'l', label: t('legend.low'), color: null, value: fmt(bar?.low_price) },
      { id: 'c', label: t('legend.close'), color: null, value: fmt(bar?.close_price) },
      { id: 'v', label: t('legend.volume'), color: null, value: formatAmount(bar?.volume, lang) },
    ];
  } else if (view === 'return') {
    legend = [
      {
        id: 'fund',
        label: t('chart.fund'),
        color: 'accent',
        value: formatPercent(valueAt(compare.fund), lang, { sign: true }),
      },
      ...compare.lines.map((l) => ({
        id: l.line,
        label: t(`line.${l.line}`),
        color: LINE_COLORS[l.line],
        value: formatPercent(valueAt(l.points), lang, { sign: true }),
      })),
    ];
  } else {
    const point = navItems?.find((p) => p.nav_date === at);
    legend = [
      {
        id: 'unit',
        label: t('chart.unit'),
        color: 'accent',
        value: formatPrice(point?.unit_nav, lang, 'fund'),
      },
      { id: 'adj', label: t('chart.adj'), color: 'ma20', value: formatPrice(point?.adj_nav, lang, 'fund') },
    ];
  }

  const toggleLine = (line: CompareLine) => {
    const next = lines.includes(line) ? lines.filter((l) => l !== line) : [...lines, line];
    onSearch({ cmp: formatList(next, COMPARE_LINES) }, { replace: true });
  };
  const views = CHART_VIEWS.filter((v) => v !== 'market' || listed);

  return (
    <section className="fund-chart" aria-label={t('chart.title')} data-testid="nav-panel">
      <div className="fund-toolbar">
        <Segmented
          label={t('range.label')}
          value={search.range}
          testId="range-switch"
          options={NAV_RANGES.map((range) => ({ value: range, label: t(`range.${range}`) }))}
          onChange={(range) => onSearch({ range })}
        />
        <Segmented
          label={t('chart.view')}
          value={view}
          testId="view-switch"
          options={views.map((v) => ({ value: v, label: t(`chart.${v}`) }))}
          onChange={(chart) => onSearch({ chart })}
        />
        {view === 'return' && (
          <div className="segmented" role="group" aria-label={t('chart.lines')} data-testid="line-switch">
            {COMPARE_LINES.map((line) => (
              <button
                key={line}
                type="button"
                className={`segmented__item fund-key fund-key--${LINE_COLORS[line]}`}
                aria-pressed={lines.includes(line)}
                onClick={() => toggleLine(line)}
              >
                {t(`line.${line}`)}
              </button>
            ))}
          </div>
        )}
        {active.isFetching && <span className="spinner fund-toolbar__busy" aria-hidden="true" />}
      </div>
      <FactsList
        className="chart-legend num"
        testId="chart-legend"
        facts={[
          {
            label: t('legend.date'),
            value: at === undefined ? DASH : formatShanghaiDate(at),
            valueTestId: 'legend-date',
          },
          ...legend.map((entry) => ({
            id: entry.id,
            label: entry.label,
            value: entry.value,
            className: entry.color ? `fund-key fund-key--${entry.color}` : undefined,
            valueTestId: `legend-${entry.id}`,
          })),
        ]}
      />
      <div className="fund-chart__body" style={{ height: CHART_HEIGHT }}>
        {active.isError && !active.data ? (
          <div className="fund-chart__cover fund-chart__empty" data-testid="chart-refused">
            <FundError error={active.error} onRetry={() => void active.refetch()} />
            {view === 'market' && (
              <button type="button" className="btn btn--small" onClick={() => onSearch({ chart: 'nav' })}>
                {t('chart.showNav')}
              </button>
            )}
          </div>
        ) : (
          <>
            <TimeChart
              series={series}
              height={CHART_HEIGHT}
              paneStretch={view === 'market' ? CANDLE_STRETCH : undefined}
              onHover={onHover}
              viewKey={viewKey}
              testId="nav-chart"
              label={t('chart.label', {
                name: record.name,
                view: t(`chart.${view}`),
                from: formatShanghaiDate(first),
                to: formatShanghaiDate(last),
              })}
              fallback={t('chart.unavailable')}
            />
            {active.isPending && <div className="skel fund-chart__cover" aria-hidden="true" />}
            {active.isSuccess && times.length === 0 && (
              <div className="fund-chart__cover fund-chart__empty">{t('chart.empty')}</div>
            )}
          </>
        )}
      </div>
      <p className="fund-chart__note muted">
        {view === 'market' && t('chart.forward')}
        {view === 'return' &&
          compare.start !== null &&
          t('chart.returnNote', { date: formatShanghaiDate(compare.start) })}
        {view === 'return' && managerId === null && profile.isSuccess && t('chart.noManager')}
        {view === 'return' && manager.isError && <FundError compact error={manager.error} />}
      </p>
    </section>
  );
}
