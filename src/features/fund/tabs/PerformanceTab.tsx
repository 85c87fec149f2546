import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServerToday } from '../../../api/live';
import { FactsList } from '../../../components/FactsList';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TimeChart, type ChartSeries } from '../../../components/chart/TimeChart';
import { DASH, direction, formatNumber, formatPercent, formatShanghaiDate } from '../../../lib/format';
import { NAV_RANGES, RETURN_PERIODS } from '../../../contract/operations/fund-performance-terms';
import { rangeWindow } from '../dates';
import type { FundTabProps } from '../FundTabs';
import { isFundMessageKey, useFundText, type FundT } from '../messages';
import { quartileOf, rankText, type Quartile } from '../quartile';
import {
  diagnosticsQuery,
  drawdownsQuery,
  indicatorHistoryQuery,
  returnsQuery,
  type Drawdowns,
} from '../queries';
import { FundQueryView, Section } from '../Section';
import { ScoreTable } from '../ScoreTable';

const PERIODS = RETURN_PERIODS;
type Period = (typeof PERIODS)[number];
const PEER_PERIODS = NAV_RANGES;

function numberField(record: Readonly<Record<string, unknown>>, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export interface ReturnRow {
  period: Period;
  ret: number | null;
  peer: number | null;
  rank: number | null;
  total: number | null;
  quartile: Quartile | null;
}

/** The interval-return answer as one row per period (undisclosed figures stay null). */
export function returnRows(item: Readonly<Record<string, unknown>>): ReturnRow[] {
  return PERIODS.map((period) => {
    const hasPeers = PEER_PERIODS.some((p) => p === period);
    const rank = hasPeers ? numberField(item, `rank_${period}`) : null;
    const total = hasPeers ? numberField(item, `rank_total_${period}`) : null;
    return {
      period,
      ret: numberField(item, `return_${period}`),
      peer: hasPeers ? numberField(item, `peer_average_${period}`) : null,
      rank,
      total,
      quartile: quartileOf(rank, total),
    };
  });
}

export function QuartileBadge({ quartile, t }: { quartile: Quartile | null; t: FundT }) {
  if (quartile === null) return <>{DASH}</>;
  return <span className={`fund-quartile fund-quartile--${quartile}`}>{t(`quartile.${quartile}`)}</span>;
}

/** Interval returns with peers and quartiles, drawdowns, historical indicators and the diagnosis. */
export function PerformanceTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <div className="fund-grid fund-grid--wide-first">
        <ReturnsPanel {...props} />
        <DrawdownsPanel {...props} />
      </div>
      <HistoryPanel {...props} />
      <DiagnosisPanel {...props} />
    </div>
  );
}

function ReturnsPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const returns = useQuery(returnsQuery(fundRef));
  const pct = (v: number | null) => formatPercent(v, lang, { sign: true });
  const columns: DataColumn<ReturnRow>[] = [
    {
      id: 'period',
      header: t('returns.period'),
      value: (r) => PERIODS.indexOf(r.period),
      cell: (r) => t(`period.${r.period}`),
      hideable: false,
    },
    {
      id: 'return',
      header: t('returns.return'),
      value: (r) => r.ret,
      cell: (r) => <span className={direction(r.ret)}>{pct(r.ret)}</span>,
      numeric: true,
    },
    { id: 'peer', header: t('returns.peer'), value: (r) => r.peer, cell: (r) => pct(r.peer), numeric: true },
    {
      id: 'excess',
      header: t('returns.excess'),
      value: (r) => (r.ret !== null && r.peer !== null ? r.ret - r.peer : null),
      cell: (r) => {
        const v = r.ret !== null && r.peer !== null ? r.ret - r.peer : null;
        return <span className={direction(v)}>{pct(v)}</span>;
      },
      numeric: true,
    },
    {
      id: 'rank',
      header: t('returns.rank'),
      value: (r) => (r.rank !== null && r.total ? r.rank / r.total : null),
      cell: (r) => rankText(r.rank, r.total) ?? DASH,
      numeric: true,
    },
    {
      id: 'quartile',
      header: t('returns.quartile'),
      value: (r) =>
        r.quartile === null ? null : ['excellent', 'good', 'average', 'poor'].indexOf(r.quartile),
      cell: (r) => <QuartileBadge quartile={r.quartile} t={t} />,
    },
  ];
  return (
    <Section title={t('returns.title')} testId="returns-panel">
      <FundQueryView query={returns} height={330} isEmpty={(d) => d.item.length === 0}>
        {(data) => (
          <>
            <p className="muted num fund-section__meta">
              {formatShanghaiDate(typeof data.timestamp === 'number' ? data.timestamp : null)}
            </p>
            <DataTable
              id="fund-returns"
              label={t('returns.title')}
              columns={columns}
              rows={data.item[0] ? returnRows(data.item[0]) : []}
              maxHeight={420}
              exportName={`${fundRef.thscode}-returns`}
            />
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

interface DrawdownRow {
  period: Period;
  value: number | null;
}

function drawdownRows(item: Drawdowns): DrawdownRow[] {
  return PERIODS.map((period) => ({ period, value: numberField(item, period) }));
}

function DrawdownsPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const drawdowns = useQuery(drawdownsQuery(fundRef));
  const columns: DataColumn<DrawdownRow>[] = [
    {
      id: 'period',
      header: t('returns.period'),
      value: (r) => PERIODS.indexOf(r.period),
      cell: (r) => t(`period.${r.period}`),
      hideable: false,
    },
    {
      id: 'drawdown',
      header: t('drawdowns.value'),
      value: (r) => r.value,
      cell: (r) => (
        <span className="fund-bar-cell">
          <span
            className="fund-bar-cell__bar fund-bar-cell__bar--down"
            style={{ width: `${Math.min(100, r.value ?? 0)}%` }}
          />
          <span>{formatPercent(r.value, lang)}</span>
        </span>
      ),
      numeric: true,
    },
  ];
  return (
    <Section title={t('drawdowns.title')} testId="drawdowns-panel">
      <FundQueryView query={drawdowns} height={330} isEmpty={(d) => d.item.length === 0}>
        {(data) => (
          <DataTable
            id="fund-drawdowns"
            label={t('drawdowns.title')}
            columns={columns}
            rows={data.item[0] ? drawdownRows(data.item[0]) : []}
            maxHeight={420}
            exportName={`${fundRef.thscode}-drawdowns`}
          />
        )}
      </FundQueryView>
    </Section>
  );
}

const HISTORY_FIELDS = [
  { key: 'rsi_pct', label: 'history.rsi', color: 'accent' },
  { key: 'donchian_channel', label: 'history.donchian', color: 'ma10' },
  { key: 'track_index_pe_ttm_five_year_percentile', label: 'history.pe', color: 'ma20' },
] as const;

function HistoryPanel({ fundRef, search }: FundTabProps) {
  const { t, lang } = useFundText();
  const today = useServerToday();
  const window = today === null ? null : rangeWindow(today, search.range);
  const history = useQuery({
    ...indicatorHistoryQuery(fundRef, window?.start ?? 0, window?.end ?? 0),
    enabled: window !== null,
  });
  const items = history.data?.item;
  // A field without any value (the PE percentile of a fund that tracks no index) gets no empty pane.
  const fields = useMemo(
    () => HISTORY_FIELDS.filter((f) => (items ?? []).some((p) => typeof p[f.key] === 'number')),
    [items],
  );
  const series = useMemo<ChartSeries[]>(
    () =>
      fields.map((f, pane) => ({
        id: f.key,
        kind: 'line' as const,
        pane,
        color: f.color,
        data: (items ?? []).flatMap((p) => {
          const v = p[f.key];
          return typeof v === 'number' ? [{ time: p.date_ms, value: v }] : [];
        }),
        format: (v: number) => formatNumber(v, lang, 1),
      })),
    [items, fields, lang],
  );
  const last = items?.[items.length - 1];
  return (
    <Section title={`${t('history.title')} · ${t(`range.${search.range}`)}`} testId="history-panel">
      <FundQueryView query={history} height={300} isEmpty={(d) => d.item.length === 0}>
        {() => (
          <>
            <FactsList
              className="chart-legend num"
              facts={[
                { label: t('history.latest', { date: formatShanghaiDate(last?.date_ms) }), value: null },
                ...HISTORY_FIELDS.map((f) => ({
                  id: f.key,
                  label: t(f.label),
                  value: formatNumber(last?.[f.key], lang, 1),
                  className: `fund-key fund-key--${f.color}`,
                })),
              ]}
            />
            <TimeChart
              series={series}
              height={300}
              viewKey={`${search.range}|${items?.[0]?.date_ms ?? ''}`}
              testId="history-chart"
              label={t('history.title')}
              fallback={t('chart.unavailable')}
            />
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

// The diagnosis' inner structures are not documented: each part is read only if it has a known shape.
const scoreMap = z.record(z.string(), z.number());
const probabilities = z.array(
  z.looseObject({ holding_period: z.string(), positive_probability_pct: z.number().nullable() }),
);
const ranges = z.array(
  z.looseObject({
    holding_period: z.string(),
    min_return_pct: z.number().nullable(),
    median_return_pct: z.number().nullable(),
    max_return_pct: z.number().nullable(),
  }),
);
const resilience = z.looseObject({
  max_drawdown_pct: z.number().nullable(),
  drawdown_start_date: z.string().nullish(),
  drawdown_end_date: z.string().nullish(),
  recovery_days: z.number().nullable(),
});

export interface HoldingRow {
  period: string;
  positive: number | null;
  min: number | null;
  median: number | null;
  max: number | null;
}

/** One row per holding period of either list (in the service's order), the two lists joined by period. */
export function holdingRows(
  probs: z.output<typeof probabilities>,
  spans: z.output<typeof ranges>,
): HoldingRow[] {
  const periods = [...new Set([...probs, ...spans].map((r) => r.holding_period))];
  return periods.map((period) => {
    const p = probs.find((x) => x.holding_period === period);
    const r = spans.find((x) => x.holding_period === period);
    return {
      period,
      positive: p?.positive_probability_pct ?? null,
      min: r?.min_return_pct ?? null,
      median: r?.median_return_pct ?? null,
      max: r?.max_return_pct ?? null,
    };
  });
}

function DiagnosisPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const diagnosis = useQuery(diagnosticsQuery(fundRef));
  const signed = (key: 'min' | 'median' | 'max', header: string): DataColumn<HoldingRow> => ({
    id: key,
    header,
    value: (r) => r[key],
    cell: (r) => <span className={direction(r[key])}>{formatPercent(r[key], lang, { sign: true })}</span>,
    numeric: true,
  });
  const holdingColumns: DataColumn<HoldingRow>[] = [
    { id: 'period', header: t('diag.holding'), value: (r) => r.period, hideable: false },
    {
      id: 'positive',
      header: t('diag.positive'),
      value: (r) => r.positive,
      cell: (r) => formatPercent(r.positive, lang),
      numeric: true,
    },
    signed('min', t('diag.min')),
    signed('median', t('diag.median')),
    signed('max', t('diag.max')),
  ];
  return (
    <Section title={t('diag.title')} testId="diagnosis-panel">
      <FundQueryView query={diagnosis} height={200} isEmpty={(d) => d.item.length === 0}>
        {(data) => {
          const item = data.item[0];
          if (!item) return null;
          const dims = scoreMap.safeParse(item.dimensions);
          const peerDims = scoreMap.safeParse(item.peer_dimensions);
          const probs = probabilities.safeParse(item.probabilities);
          const spans = ranges.safeParse(item.ranges);
          const own = resilience.safeParse(item.resilience);
          const peer = resilience.partial().safeParse(item.peer_resilience);
          if (!dims.success && !probs.success && !spans.success && !own.success) {
            return <p className="muted">{t('diag.unknown')}</p>;
          }
          const dimLabel = (key: string) => {
            const k = `diag.${key}`;
            return isFundMessageKey(k) ? t(k) : key;
          };
          return (
            <div className="fund-grid">
              {dims.success && (
                <ScoreTable
                  id="fund-diagnosis"
                  label={t('diag.dimensions')}
                  rows={Object.entries(dims.data).map(([key, score]) => ({
                    key,
                    label: dimLabel(key),
                    score,
                    peer: (peerDims.success ? peerDims.data[key] : null) ?? null,
                  }))}
                  exportName={`${fundRef.thscode}-diagnosis`}
                />
              )}
              {(probs.success || spans.success) && (
                <DataTable
                  id="fund-holding-periods"
                  label={t('diag.holdings')}
                  columns={holdingColumns}
                  rows={holdingRows(probs.success ? probs.data : [], spans.success ? spans.data : [])}
                  getRowId={(r) => r.period}
                  exportName={`${fundRef.thscode}-holding-periods`}
                />
              )}
              {own.success && (
                <FactsList
                  className="fund-facts"
                  facts={[
                    {
                      label: t('diag.maxDrawdown'),
                      value: (
                        <>
                          {formatPercent(own.data.max_drawdown_pct, lang)}
                          {peer.success && (
                            <span className="muted">
                              {' '}
                              · {t('diag.peers')} {formatPercent(peer.data.max_drawdown_pct, lang)}
                            </span>
                          )}
                        </>
                      ),
                      valueClassName: 'num',
                    },
                    {
                      label: t('diag.drawdownSpan'),
                      value: `${own.data.drawdown_start_date ?? DASH} – ${own.data.drawdown_end_date ?? DASH}`,
                      valueClassName: 'num',
                    },
                    {
                      label: t('diag.recovery'),
                      value: (
                        <>
                          {own.data.recovery_days === null
                            ? t('diag.notRecovered')
                            : formatNumber(own.data.recovery_days, lang, 0)}
                          {peer.success && typeof peer.data.recovery_days === 'number' && (
                            <span className="muted">
                              {' '}
                              · {t('diag.peers')} {formatNumber(peer.data.recovery_days, lang, 0)}
                            </span>
                          )}
                        </>
                      ),
                      valueClassName: 'num',
                    },
                  ]}
                />
              )}
            </div>
          );
        }}
      </FundQueryView>
    </Section>
  );
}
