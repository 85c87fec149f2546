import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LadderDay } from '../../api/limit-pools';
import { TimeChart, type ChartSeries } from '../../components/chart/TimeChart';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ErrorState } from '../../components/states';
import { LADDER_TIERS } from '../../contract/operations/market-extras-terms';
import { shanghaiMidnight } from '../../contract/time';
import { formatNumber, formatPercent } from '../../lib/format';
import { useLimitUpText } from './messages';
import { ladderDayOf } from './model';
import { sentimentQuery } from './queries';

/**
 * Day-over-day sentiment of the limit-up market: the limit-up count, the broken count and the seal rate
 * from the pools of each day, the highest board from the ladder (the service's ladder covers 30 trading
 * days), as a chart and a table with CSV export.
 */

interface DayFigures {
  date: string;
  up: number;
  broken: number;
  rate: number | null;
  height: number | null;
}

const CHART_HEIGHT = 220;
const PANES = [3, 2];

export function Sentiment({
  days,
  ladder,
}: {
  days: readonly string[];
  ladder: readonly LadderDay[] | undefined;
}) {
  const { t, lang } = useLimitUpText();
  const series = useQuery({ ...sentimentQuery(days), enabled: days.length > 0 });
  const rows = useMemo<DayFigures[] | undefined>(
    () =>
      series.data?.map((d) => {
        const day = ladderDayOf(ladder, d.date);
        const height = day
          ? Math.max(0, ...LADDER_TIERS.flatMap((tier) => day.boards[tier].map((e) => e.board_num)))
          : null;
        return {
          ...d,
          rate: d.up + d.broken === 0 ? null : (d.up / (d.up + d.broken)) * 100,
          // A day without any streak in the ladder still had first boards when anything sealed.
          height: height === null ? null : height > 0 ? height : d.up > 0 ? 1 : 0,
        };
      }),
    [series.data, ladder],
  );
  const chart = useMemo<ChartSeries[]>(() => {
    const data = rows ?? [];
    const at = (d: DayFigures) => shanghaiMidnight(d.date);
    return [
      {
        id: 'up',
        kind: 'histogram',
        color: 'up',
        data: data.map((d) => ({ time: at(d), value: d.up })),
        format: (v) => formatNumber(v, lang, 0),
      },
      {
        id: 'broken',
        kind: 'line',
        color: 'amber',
        lineWidth: 2,
        data: data.map((d) => ({ time: at(d), value: d.broken })),
        format: (v) => formatNumber(v, lang, 0),
      },
      {
        id: 'height',
        kind: 'line',
        color: 'accent',
        lineWidth: 2,
        pane: 1,
        data: data.flatMap((d) => (d.height === null ? [] : [{ time: at(d), value: d.height }])),
        format: (v) => formatNumber(v, lang, 0),
      },
    ];
  }, [rows, lang]);
  const columns = useMemo<DataColumn<DayFigures>[]>(
    () => [
      { id: 'date', header: t('sentiment.date'), value: (r) => r.date, hideable: false },
      { id: 'up', header: t('sentiment.up'), value: (r) => r.up, numeric: true },
      { id: 'broken', header: t('sentiment.broken'), value: (r) => r.broken, numeric: true },
      {
        id: 'rate',
        header: t('sentiment.rate'),
        value: (r) => r.rate,
        numeric: true,
        cell: (r) => formatPercent(r.rate, lang, { digits: 1 }),
      },
      { id: 'height', header: t('sentiment.height'), value: (r) => r.height, numeric: true },
    ],
    [t, lang],
  );

  return (
    <section className="panel lu-sentiment" aria-labelledby="lu-sentiment-title" data-testid="sentiment">
      <div className="lu-section-head">
        <h2 id="lu-sentiment-title" className="lu-section-title">
          {t('sentiment.title')}
        </h2>
        <span className="muted lu-hint">{t('sentiment.hint', { count: days.length })}</span>
        <span className="chart-keys">
          <span className="chart-keys__item chart-keys__item--up">{t('sentiment.up')}</span>
          <span className="chart-keys__item chart-keys__item--amber">{t('sentiment.broken')}</span>
          <span className="chart-keys__item chart-keys__item--accent">{t('sentiment.height')}</span>
        </span>
      </div>
      {series.isError && !series.data ? (
        <ErrorState error={series.error} onRetry={() => void series.refetch()} />
      ) : (
        <div className="lu-sentiment__chart" style={{ height: CHART_HEIGHT }}>
          {rows ? (
            <TimeChart
              series={chart}
              height={CHART_HEIGHT}
              paneStretch={PANES}
              viewKey={days.join()}
              label={t('sentiment.label')}
              testId="sentiment-chart"
              fallback={t('chart.unavailable')}
            />
          ) : (
            <div className="skel" style={{ height: CHART_HEIGHT }} aria-busy="true" />
          )}
        </div>
      )}
      <DataTable
        id="limit-up-sentiment"
        label={t('sentiment.table')}
        columns={columns}
        rows={rows ? [...rows].reverse() : undefined}
        loading={series.isFetching}
        getRowId={(r) => r.date}
        exportName="limit-up_sentiment"
        maxHeight={240}
      />
    </section>
  );
}
