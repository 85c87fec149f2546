import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { RankChart, rankAt, type RankLine } from '../../components/chart/RankChart';
import type { ColorRole } from '../../components/chart/palette';
import { DayRange } from '../../components/DayRange';
import { Segmented } from '../../components/Segmented';
import { ErrorState } from '../../components/states';
import { lastYearStart } from '../../contract/operations/special-data-terms';
import { DASH, formatNumber, formatShanghaiDate } from '../../lib/format';
import { TREND_MAX_CODES, trendCodes, type HotSearch } from './url-state';
import { useServerToday } from '../../api/live';
import type { UpdateSearch } from './url-state';
import { useHotText } from './messages';
import {
  TREND_PRESETS,
  presetOf,
  presetStart,
  trendWindow,
  trendWindowProblem,
  type TrendPreset,
} from './loader';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { rankingQuery } from '../../api/rankings';
import { rankTrendQuery, type TrendPoint } from './queries';
import { TREND_CHART_HEIGHT } from './Skeletons';

/** Renders an instrument search that calls `onPick` with the chosen A-share code. */
export type StockPicker = (onPick: (thscode: string) => void) => ReactNode;

/** One colour per compared stock, in the order they were added (legend and line agree). */
export const SERIES_COLORS: readonly ColorRole[] = ['ma60', 'ma10', 'ma20', 'ma5', 'down'];

export interface TrendLine {
  thscode: string;
  name: string;
  color: ColorRole;
  points: readonly TrendPoint[];
  status: 'pending' | 'error' | 'success';
  error: unknown;
}

/** Points in time order (the chart library requires it), one per day. */
export function sortedPoints(items: readonly TrendPoint[]): TrendPoint[] {
  return [...items].sort((a, b) => a.date_ms - b.date_ms);
}

/** The lines of the rank chart: one per stock, in its legend colour. */
export function rankLines(lines: readonly TrendLine[]): RankLine[] {
  return lines.map((line) => ({
    id: line.thscode,
    color: line.color,
    points: line.points.map((p) => ({ time: p.date_ms, rank: p.rank })),
  }));
}

/**
 * The daily popularity rank of up to five stocks over one window in one chart, rank 1 at the top
 * (inverted scale), with a legend that names each line and removes it.
 */
export function TrendView({
  search,
  onSearch,
  stockPicker,
}: {
  search: HotSearch;
  onSearch: UpdateSearch;
  stockPicker: StockPicker;
}) {
  const { t, lang } = useHotText();
  const queryClient = useQueryClient();
  const today = useServerToday();
  const codes = useMemo(() => trendCodes(search), [search]);
  const span = today === null ? null : trendWindow(search, today);
  const yearAgo = today === null ? '0000-01-01' : lastYearStart(today);
  const problem = span === null || today === null ? null : trendWindowProblem(span, today);
  const ready = span !== null && problem === null;
  const [notice, setNotice] = useState<string | null>(null);

  const trends = useQueries({
    queries: codes.map((code) => ({
      ...rankTrendQuery(code, span?.start ?? '', span?.end ?? ''),
      enabled: ready,
    })),
  });
  // The names of the trend's stocks come from the instrument search (the trend has none).
  const names = useQueries({ queries: codes.map((code) => instrumentQuery(code)) });

  const lines = codes.map((thscode, index): TrendLine => {
    const trend = trends[index];
    const record = findInstrument(names[index]?.data, thscode);
    return {
      thscode,
      name: record?.name ?? thscode,
      color: SERIES_COLORS[index] ?? 'accent',
      points: trend?.data ? sortedPoints(trend.data.item) : [],
      status: trend?.status ?? 'pending',
      error: trend?.error ?? null,
    };
  });
  // Stable identity while nothing changed, so the chart does not redraw on every render.
  const lineKey = lines.map((l, i) => `${l.thscode}:${l.status}:${trends[i]?.dataUpdatedAt ?? 0}`).join('|');
  const chartLines = useMemo(
    () => rankLines(lines),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `lineKey` stands for `lines`
    [lineKey],
  );
  const drawn = chartLines.some((line) => line.points.length > 0);
  // The crosshair's day: every line's rank on that day is listed in the legend.
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);
  const rankText = (rank: number | null) => (rank === null ? DASH : formatNumber(rank, lang, 0));

  const setCodes = (next: readonly string[]) =>
    onSearch({ codes: next.length > 0 ? next.join(',') : undefined });

  const add = (thscode: string) => {
    const code = thscode.toUpperCase();
    if (codes.includes(code)) return setNotice(null);
    if (codes.length >= TREND_MAX_CODES) return setNotice(t('trend.full', { max: TREND_MAX_CODES }));
    setNotice(null);
    setCodes([...codes, code]);
  };

  const addTopHot = () => {
    queryClient.fetchQuery(rankingQuery('hot', 'day', 30)).then(
      (data) => setCodes(data.item.slice(0, 3).map((item) => item.thscode)),
      () => setNotice(t('trend.failed')),
    );
  };

  const preset = span !== null && today !== null ? presetOf(span, today) : null;
  const choosePreset = (days: TrendPreset) => {
    if (today === null) return;
    onSearch({ start: presetStart(today, days), end: undefined });
  };
  const failed = lines.find((line) => line.status === 'error');
  const pending = ready && lines.some((line) => line.status === 'pending');

  return (
    <div className="hot-view" data-testid="trend-view">
      <div className="hot-toolbar">
        <Segmented
          label={t('trend.window')}
          value={preset === null ? '' : String(preset)}
          testId="trend-presets"
          options={TREND_PRESETS.map((days) => ({
            value: String(days),
            label: days === 365 ? t('trend.year') : t('trend.days', { days }),
          }))}
          onChange={(value) => {
            const days = TREND_PRESETS.find((d) => String(d) === value);
            if (days !== undefined) choosePreset(days);
          }}
        />
        <DayRange
          labels={{ from: t('trend.start'), to: t('trend.end') }}
          value={span === null ? null : { from: span.start, to: span.end }}
          window={{ min: yearAgo, max: today ?? yearAgo }}
          onChange={(edge, day) =>
            onSearch(edge === 'from' ? { start: day } : { end: day }, { replace: true })
          }
          testIds={{ from: 'trend-start', to: 'trend-end' }}
        />
        {pending && <span className="spinner hot-toolbar__busy" aria-hidden="true" />}
      </div>

      <div className="hot-trend__pick">
        <div className="hot-legend__day num muted" data-testid="trend-day" aria-live="polite">
          {hovered === null ? t('trend.latestDay') : formatShanghaiDate(hovered)}
        </div>
        <ul className="hot-legend" aria-label={t('trend.legend')} data-testid="trend-legend">
          {lines.map((line, index) => (
            <li key={line.thscode} className="hot-legend__item" data-code={line.thscode}>
              <span className={`hot-swatch hot-swatch--${line.color}`} aria-hidden="true" />
              <span className="hot-legend__name">{line.name}</span>
              <span className="hot-legend__code num muted">{line.thscode}</span>
              <span className="hot-legend__latest num" data-testid="trend-rank">
                {line.status === 'error'
                  ? t('trend.failed')
                  : line.status === 'success' && line.points.length === 0
                    ? t('trend.noPoints')
                    : hovered !== null
                      ? t('trend.rankOn', {
                          rank: rankText(rankAt(chartLines[index]?.points ?? [], hovered)),
                        })
                      : t('trend.latest', {
                          rank:
                            line.points.length > 0 ? formatNumber(line.points.at(-1)?.rank, lang, 0) : DASH,
                        })}
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--small hot-legend__remove"
                aria-label={t('trend.remove', { name: line.name })}
                onClick={() => {
                  setNotice(null);
                  setCodes(codes.filter((code) => code !== line.thscode));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="hot-trend__add">
          {codes.length < TREND_MAX_CODES ? (
            <>
              <span className="tool-field__label">{t('trend.add')}</span>
              <div className="hot-trend__search" data-testid="trend-picker">
                {stockPicker(add)}
              </div>
            </>
          ) : (
            <span className="muted">{t('trend.full', { max: TREND_MAX_CODES })}</span>
          )}
          <span className="muted hot-trend__hint">{t('trend.addHint', { max: TREND_MAX_CODES })}</span>
        </div>
        {notice && (
          <div className="hot-problem" role="alert">
            {notice}
          </div>
        )}
      </div>

      <div className="hot-trend__chart" style={{ height: TREND_CHART_HEIGHT }}>
        {problem !== null && span !== null && today !== null ? (
          <div className="hot-problem" role="alert" data-testid="date-problem">
            {t(`date.${problem}`, {
              date: problem === 'future' ? span.end : span.start,
              start: span.start,
              end: span.end,
              min: lastYearStart(today),
              max: today,
            })}
          </div>
        ) : codes.length === 0 ? (
          <div className="state state--empty hot-trend__empty" role="status">
            <span>{t('trend.noCodes')}</span>
            <button type="button" className="btn btn--small" onClick={addTopHot}>
              {t('trend.topHot')}
            </button>
          </div>
        ) : failed && !drawn ? (
          <ErrorState error={failed.error} onRetry={() => trends.forEach((q) => void q.refetch())} />
        ) : (
          <RankChart
            lines={chartLines}
            lang={lang}
            height={TREND_CHART_HEIGHT}
            onHover={onHover}
            viewKey={`${span?.start ?? ''}|${span?.end ?? ''}|${codes.join(',')}`}
            label={t('trend.chart', { names: lines.map((l) => l.name).join('、') })}
            testId="trend-chart"
            fallback={t('trend.unavailable')}
          />
        )}
      </div>
      {drawn && <p className="hot-toolbar__note muted">{t('trend.scale')}</p>}
    </div>
  );
}
