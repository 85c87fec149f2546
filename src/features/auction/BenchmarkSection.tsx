import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { calendarQuery, useLiveRefetchInterval, useMarketSession, useServerToday } from '../../api/live';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import { DayPicker } from '../../components/DayPicker';
import { DateNotice } from '../../components/NearestTradingDays';
import type { ApiError } from '../../contract/envelope';
import { tradingDaySet } from '../../contract/market-session';
import { addYearsToDate } from '../../contract/time';
import { direction, formatPercent } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import {
  isKnownNonTradingDay,
  tradingDayTest,
  neighbourDays,
  readUrlDate,
  type UrlDate,
} from '../../lib/trading-days';
import { benchmarkDay, type BenchmarkDay } from './benchmark-day';
import { BENCHMARK_TABLE_HEIGHT } from './Skeletons';
import { useAuctionText, type AuctionT } from './messages';
import { benchmarkQuery, type BenchmarkData, type BenchmarkItem } from './queries';

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

/** What the benchmark part of the page shows, worked out once for the page (the copied link needs it). */
export interface BenchmarkView {
  /** The day in the URL as written. */
  urlDate: UrlDate;
  /** An impossible day in the link, or one the calendar says does not trade: explained, never asked for. */
  problem: { kind: 'invalid'; text: string } | { kind: 'non-trading'; date: string } | null;
  /** "Today's" benchmark while the URL names no day: today's, or the last trading day's before the match. */
  auto: BenchmarkDay;
  /** The day asked for (undefined: the service's today). */
  askDay: string | undefined;
  /** The day the answer is of, once it has arrived. */
  shownDay: string | undefined;
  query: UseQueryResult<BenchmarkData, ApiError>;
  /** Trading days of the calendar, sorted (empty while unknown). */
  days: readonly string[];
  today: string | null;
}

export function useBenchmarkView(date: string | undefined): BenchmarkView {
  const session = useMarketSession();
  const today = useServerToday();
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => [...tradingDaySet(calendar.data?.item.map((d) => d.date) ?? [])].sort(),
    [calendar.data],
  );
  const urlDate = readUrlDate(date);
  const problem =
    urlDate.kind === 'invalid'
      ? { kind: 'invalid' as const, text: urlDate.text }
      : urlDate.kind === 'valid' && isKnownNonTradingDay(urlDate.date, days)
        ? { kind: 'non-trading' as const, date: urlDate.date }
        : null;
  const auto = benchmarkDay(session.nowMs, session.calendarKnown ? new Set(days) : null);
  const askDay = urlDate.kind === 'valid' ? urlDate.date : auto.day;
  const live = useLiveRefetchInterval('intraday');
  const query = useQuery({
    ...benchmarkQuery(askDay),
    // "Today" waits for the clock and the calendar, which say whether today's benchmark exists yet.
    enabled: problem === null && (urlDate.kind === 'valid' || session.ready),
    refetchInterval: askDay === undefined ? live : false,
  });
  const shownDay = query.data && !query.isPlaceholderData ? query.data.date : askDay;
  return { urlDate, problem, auto, askDay, shownDay, query, days, today };
}

export interface BenchmarkSectionProps {
  view: BenchmarkView;
  onDate: (date: string | undefined) => void;
  /** Puts the benchmark's codes into the auction query. */
  onUseCodes: (codes: string[]) => void;
}

/**
 * The short-term benchmark of one day, answered for exactly that day. "Today" before the 09:25 match,
 * and on a day without trading, is the last trading day's, said as such.
 */
export function BenchmarkSection({ view, onDate, onUseCodes }: BenchmarkSectionProps) {
  const { t, lang } = useAuctionText();
  const navigate = useNavigate();
  const { urlDate, problem, auto, shownDay, query, days, today } = view;
  const columns = useMemo(() => benchmarkColumns(t, lang), [t, lang]);
  const data = problem === null ? query.data : undefined;
  const window = {
    min: days[0] ?? addYearsToDate(today ?? '2000-01-01', -1),
    max: today ?? days.at(-1) ?? '',
  };
  const picked = urlDate.kind === 'valid' ? urlDate.date : undefined;
  const { prev, next } = neighbourDays(days, picked, window);
  const dayLink = (day: string, label: string) => (
    <Link key={day} to="/auction" search={(current) => ({ ...current, date: day })}>
      {label}
    </Link>
  );

  return (
    <div className="auction-bench" data-testid="benchmark">
      <div className="auction-bench__bar">
        <h2 className="auction-section__title">{t('bench.title')}</h2>
        <DayPicker
          label={t('bench.date')}
          value={shownDay}
          min={window.min}
          max={window.max}
          isDayEnabled={tradingDayTest(days)}
          disabledNote={() => t('bench.pickerNonTrading')}
          onChange={(day) => onDate(day)}
          testId="bench-date"
        />
        <button
          type="button"
          className="btn btn--small"
          disabled={urlDate.kind === 'none'}
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
      {urlDate.kind === 'none' && auto.reason !== 'today' && auto.day !== undefined && (
        <p className="notice" role="status" data-testid="bench-before-open">
          {t(`bench.${auto.reason}`, { date: auto.day })}
        </p>
      )}
      {problem !== null ? (
        <DateNotice problem={problem} before={prev} after={next} link={dayLink} testId="bench-day-problem">
          <p className="state__links">
            <Link to="/auction" search={(current) => ({ ...current, date: undefined })}>
              {t('bench.today')}
            </Link>
          </p>
        </DateNotice>
      ) : (
        <>
          <p className="muted auction-bench__of" data-testid="bench-of">
            {t('bench.of', { date: shownDay ?? today ?? '' })}
          </p>
          <DataTable
            id="auction-benchmark"
            label={t('bench.label', { date: shownDay ?? '' })}
            exportName={`short-term-benchmark-${shownDay ?? ''}`}
            columns={columns}
            rows={data?.item}
            loading={query.isFetching && (query.isPending || query.isPlaceholderData)}
            error={query.error}
            onRetry={() => void query.refetch()}
            getRowId={(row) => row.thscode}
            onRowClick={(row) => void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } })}
            maxHeight={BENCHMARK_TABLE_HEIGHT}
            empty={t('bench.empty', { date: shownDay ?? '' })}
          />
        </>
      )}
    </div>
  );
}
