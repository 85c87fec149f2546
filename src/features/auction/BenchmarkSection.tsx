import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { calendarQuery, useLiveRefetchInterval, useServerClock } from '../../api/live';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import { shanghaiDate } from '../../contract/time';
import { direction, formatPercent } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { isKnownNonTradingDay } from '../../lib/trading-days';
import { BENCHMARK_TABLE_HEIGHT } from './Skeletons';
import { useAuctionText, type AuctionT } from './messages';
import { benchmarkQuery, type BenchmarkItem } from './queries';

function benchmarkColumns(t: AuctionT, lang: Language): DataColumn<BenchmarkItem>[] {
  return [
    ...codeNameColumns<BenchmarkItem>({ code: t('col.code'), name: t('col.name') }),
    {
      id: 'pct',
      header: t('col.pct'),
      value: (r) => r.auction_pct,
      cell: (r) => (
        <span className={direction(r.auction_pct)}>{formatPercent(r.auction_pct, lang, { sign: true })}</span>
      ),
      numeric: true,
    },
    {
      id: 'tags',
      header: t('col.tags'),
      value: (r) => r.tags.join(' '),
      cell: (r) => (
        <span className="auction-tags">
          {r.tags.map((tag) => (
            <span key={tag} className="auction-chip">
              {tag}
            </span>
          ))}
        </span>
      ),
      sortable: false,
    },
  ];
}

export interface BenchmarkSectionProps {
  /** The chosen day; absent means today (the service's default). */
  date: string | undefined;
  onDate: (date: string | undefined) => void;
  /** Puts the benchmark's codes into the auction query. */
  onUseCodes: (codes: string[]) => void;
}

/** The short-term benchmark of one day, answered for exactly that day (a non-trading day is not moved). */
export function BenchmarkSection({ date, onDate, onUseCodes }: BenchmarkSectionProps) {
  const { t, lang } = useAuctionText();
  const navigate = useNavigate();
  const { now, known } = useServerClock();
  const today = known ? shanghaiDate(now()) : null;
  const live = useLiveRefetchInterval('intraday');
  const query = useQuery({ ...benchmarkQuery(date), refetchInterval: date === undefined ? live : false });
  const calendar = useQuery(calendarQuery());
  const columns = useMemo(() => benchmarkColumns(t, lang), [t, lang]);
  const data = query.data;
  // The answer's own day names what is shown (the service's "today" when no day was asked for).
  const shownDate = data && !query.isPlaceholderData ? data.date : (date ?? today ?? '');
  const nonTrading =
    data !== undefined &&
    !query.isPlaceholderData &&
    isKnownNonTradingDay(data.date, calendar.data?.item.map((d) => d.date) ?? []);

  return (
    <div className="auction-bench" data-testid="benchmark">
      <div className="auction-bench__bar">
        <h2 className="auction-section__title">{t('bench.title')}</h2>
        <label className="auction-field">
          <span className="auction-field__label">{t('bench.date')}</span>
          <input
            type="date"
            className="auction-input"
            value={date ?? today ?? ''}
            max={today ?? undefined}
            data-testid="bench-date"
            onChange={(event) => onDate(event.target.value === '' ? undefined : event.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn--small"
          disabled={date === undefined}
          onClick={() => onDate(undefined)}
        >
          {t('bench.today')}
        </button>
        <span className="auction-form__spacer" />
        <button
          type="button"
          className="btn btn--small"
          disabled={!data || data.item.length === 0}
          onClick={() => data && onUseCodes(data.item.map((item) => item.thscode))}
          data-testid="bench-use"
        >
          {t('codes.fromBenchmark')}
        </button>
      </div>
      <p className="muted auction-bench__of" data-testid="bench-of">
        {t('bench.of', { date: shownDate })}
      </p>
      {nonTrading && (
        <p className="auction-alert" role="status" data-testid="bench-non-trading">
          {t('bench.nonTrading', { date: data.date })}
        </p>
      )}
      <DataTable
        id="auction-benchmark"
        label={t('bench.label', { date: shownDate })}
        exportName={`short-term-benchmark-${shownDate}`}
        columns={columns}
        rows={data?.item}
        loading={query.isFetching && (query.isPending || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        getRowId={(row) => row.thscode}
        onRowClick={(row) => void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } })}
        maxHeight={BENCHMARK_TABLE_HEIGHT}
        empty={t('bench.empty', { date: shownDate })}
      />
    </div>
  );
}
