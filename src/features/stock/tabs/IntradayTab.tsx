import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { latestTradingDay, useLiveRefetchInterval, useServerToday, useTradingDays } from '../../../api/live';
import { TimeChart, type ChartSeries } from '../../../components/chart/TimeChart';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DayPicker } from '../../../components/DayPicker';
import { Empty, ErrorState } from '../../../components/states';
import { ApiError, ErrorCode } from '../../../contract/envelope';
import { shanghaiMidnight } from '../../../contract/time';
import { direction, formatAmount, formatNumber } from '../../../lib/format';
import { useStockText } from '../messages';
import { capitalFlowMinutesQuery, capitalFlowSnapshotQuery, hfIntradayQuery } from '../queries';
import type { TabProps } from '../StockTabs';

/**
 * The intraday tab: the high-frequency direction of a day by minute and the day's capital flow (the
 * cumulative net of main-force and retail orders by minute, and the latest split by order size). These
 * operations are restricted: where the service answers 2003 the tab says so, once, and nothing else on
 * the page is touched.
 */

/** The service keeps the last 30 trading days of high-frequency data. */
const HF_DAYS = 30;
const CHART_HEIGHT = 360;
const PANES = [1, 1];
const BUCKETS = ['super_large', 'large', 'medium', 'small'] as const;
type Bucket = (typeof BUCKETS)[number];

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FORBIDDEN;
}

interface FlowRow {
  bucket: Bucket;
  inflow: number | null;
  outflow: number | null;
  net: number | null;
}

export function IntradayTab({ record, search, onSearch }: TabProps) {
  const { t, lang } = useStockText();
  const today = useServerToday();
  const days = useTradingDays();
  const latest = today === null ? null : latestTradingDay(days, today);
  const hfDays = useMemo(
    () => days.filter((d) => latest !== null && d <= latest).slice(-HF_DAYS),
    [days, latest],
  );
  const day = search.iday ?? latest;
  const isLatest = day !== null && day === latest;
  const interval = useLiveRefetchInterval('intraday');
  const quoteInterval = useLiveRefetchInterval('quote');
  const live = isLatest ? interval : false;

  const hf = useQuery({ ...hfIntradayQuery(record.thscode, search.iday), refetchInterval: live });
  const minutes = useQuery({
    ...capitalFlowMinutesQuery(record.thscode, day === null ? 0 : shanghaiMidnight(day)),
    enabled: day !== null,
    refetchInterval: live,
  });
  const snapshot = useQuery({
    ...capitalFlowSnapshotQuery(record.thscode),
    enabled: isLatest,
    refetchInterval: quoteInterval,
  });

  const series = useMemo<ChartSeries[]>(() => {
    const direction = (hf.data?.item ?? []).flatMap((p) =>
      p.hf_direction === null ? [] : [{ time: p.date_ms, value: p.hf_direction }],
    );
    let main = 0;
    let retail = 0;
    const mainLine: { time: number; value: number }[] = [];
    const retailLine: { time: number; value: number }[] = [];
    for (const m of minutes.data?.item ?? []) {
      const net = (b: Bucket) => (m[b].inflow_amount ?? 0) - (m[b].outflow_amount ?? 0);
      main += net('super_large') + net('large');
      retail += net('medium') + net('small');
      mainLine.push({ time: m.date_ms, value: main });
      retailLine.push({ time: m.date_ms, value: retail });
    }
    return [
      {
        id: 'direction',
        kind: 'line',
        color: 'accent',
        lineWidth: 2,
        data: direction,
        format: (v) => formatNumber(v, lang, 3),
      },
      {
        id: 'main',
        kind: 'line',
        color: 'up',
        lineWidth: 2,
        pane: 1,
        data: mainLine,
        format: (v) => formatAmount(v, lang),
      },
      {
        id: 'retail',
        kind: 'line',
        color: 'amber',
        pane: 1,
        data: retailLine,
        format: (v) => formatAmount(v, lang),
      },
    ];
  }, [hf.data, minutes.data, lang]);

  const flowRows = useMemo<FlowRow[] | undefined>(() => {
    const data = snapshot.data;
    if (!data) return undefined;
    return BUCKETS.map((bucket) => ({
      bucket,
      inflow: data[bucket].inflow_amount,
      outflow: data[bucket].outflow_amount,
      net: data[bucket].net_amount,
    }));
  }, [snapshot.data]);
  const flowColumns = useMemo<DataColumn<FlowRow>[]>(
    () => [
      {
        id: 'bucket',
        header: t('intraday.bucket'),
        value: (r) => t(`intraday.${r.bucket}`),
        hideable: false,
      },
      {
        id: 'inflow',
        header: t('intraday.inflow'),
        value: (r) => r.inflow,
        numeric: true,
        cell: (r) => formatAmount(r.inflow, lang),
      },
      {
        id: 'outflow',
        header: t('intraday.outflow'),
        value: (r) => r.outflow,
        numeric: true,
        cell: (r) => formatAmount(r.outflow, lang),
      },
      {
        id: 'net',
        header: t('intraday.net'),
        value: (r) => r.net,
        numeric: true,
        cell: (r) => <span className={direction(r.net)}>{formatAmount(r.net, lang, 2, { sign: true })}</span>,
      },
    ],
    [t, lang],
  );

  const asked = [hf, minutes, ...(isLatest ? [snapshot] : [])];
  const forbidden = asked.find((q) => isForbidden(q.error));
  if (forbidden) {
    const code = forbidden.error instanceof ApiError ? forbidden.error.code : ErrorCode.FORBIDDEN;
    return (
      <div className="stock-tab" data-testid="intraday">
        <section
          className="state state--empty stock-intraday__forbidden"
          role="status"
          data-testid="intraday-forbidden"
        >
          <h3 className="stock-intraday__title">{t('intraday.forbiddenTitle')}</h3>
          <p>{t('intraday.forbidden', { code })}</p>
        </section>
      </div>
    );
  }

  const chartError = hf.error ?? minutes.error;
  const noData =
    hf.isSuccess && minutes.isSuccess && hf.data.item.length === 0 && minutes.data.item.length === 0;
  return (
    <div className="stock-tab" data-testid="intraday">
      <div className="stock-toolbar">
        <DayPicker
          label={t('intraday.day')}
          value={day ?? undefined}
          min={hfDays[0] ?? '0000-01-01'}
          max={latest ?? '0000-01-01'}
          isDayEnabled={(d) => hfDays.includes(d)}
          disabledNote={() => t('intraday.nonTrading')}
          onChange={(d) => onSearch({ iday: d === latest ? undefined : d }, { replace: true })}
          testId="intraday-day"
        />
        <button
          type="button"
          className="btn btn--small"
          disabled={search.iday === undefined}
          onClick={() => onSearch({ iday: undefined }, { replace: true })}
        >
          {t('intraday.latest')}
        </button>
        <span className="chart-keys muted" title={t('intraday.legendHint')}>
          <span className="chart-keys__item chart-keys__item--accent">{t('intraday.direction')}</span>
          <span className="chart-keys__item chart-keys__item--up">{t('intraday.mainNet')}</span>
          <span className="chart-keys__item chart-keys__item--amber">{t('intraday.retailNet')}</span>
        </span>
        {(hf.isFetching || minutes.isFetching) && (
          <span className="spinner stock-toolbar__busy" aria-hidden="true" />
        )}
      </div>
      <div className="stock-intraday__chart" style={{ height: CHART_HEIGHT }}>
        {chartError && !hf.data ? (
          <ErrorState
            error={chartError}
            onRetry={() => void Promise.all([hf.refetch(), minutes.refetch()])}
          />
        ) : noData ? (
          <Empty>{t('intraday.empty')}</Empty>
        ) : (
          <>
            <TimeChart
              series={series}
              height={CHART_HEIGHT}
              paneStretch={PANES}
              timeScale="minute"
              viewKey={`${record.thscode}|${day ?? ''}`}
              label={t('intraday.chart', { name: record.name, date: day ?? '' })}
              testId="intraday-chart"
              fallback={t('chart.unavailable')}
            />
            {(hf.isPending || minutes.isPending) && (
              <div className="skel stock-chart__cover" aria-hidden="true" />
            )}
          </>
        )}
      </div>
      <section className="stock-intraday__flow" aria-labelledby="stock-flow-title">
        <h3 id="stock-flow-title" className="stock-intraday__title">
          {t('intraday.flowTitle')}
        </h3>
        {!isLatest ? (
          <Empty>{t('intraday.latestOnly')}</Empty>
        ) : snapshot.isSuccess &&
          snapshot.data.timestamp === null &&
          flowRows?.every((r) => r.net === null) ? (
          <Empty>{t('intraday.noFlow')}</Empty>
        ) : (
          <DataTable
            id="stock-capital-flow"
            label={t('intraday.flowTable')}
            columns={flowColumns}
            rows={flowRows}
            loading={snapshot.isFetching}
            error={snapshot.error ?? undefined}
            onRetry={() => void snapshot.refetch()}
            getRowId={(r) => r.bucket}
            exportName={`capital-flow_${record.thscode}`}
            maxHeight="none"
          />
        )}
      </section>
    </div>
  );
}
