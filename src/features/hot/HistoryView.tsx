import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DayPicker } from '../../components/DayPicker';
import { Field } from '../../components/Field';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import { DASH, direction, formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { quoteListQuery, quotesByCode, type QuoteItem } from '../../api/quotes';
import { quoteColumns } from './columns';
import { addDays } from '../../contract/time';
import { lastYearStart } from '../../contract/operations/special-data-terms';
import type { HotSearch } from './url-state';
import { useServerToday } from '../../api/live';
import type { UpdateSearch } from './url-state';
import { useHotText, type HotT } from './messages';
import { historyDate, historyDateProblem, type DateProblem } from './loader';
import { historyQuery, type HistoryItem } from './queries';
import { TABLE_HEIGHT } from './Skeletons';

/**
 * Places gained since the day before (positive = rose), or null for a stock that was not in that day's
 * top 30 (new on the list) or when the day before is unknown.
 */
export function rankGain(
  item: Pick<HistoryItem, 'thscode' | 'rank'>,
  before: readonly Pick<HistoryItem, 'thscode' | 'rank'>[] | undefined,
): number | null {
  const previous = before?.find((b) => b.thscode === item.thscode);
  return previous === undefined ? null : previous.rank - item.rank;
}

function historyColumns(
  t: HotT,
  lang: Language,
  before: readonly HistoryItem[] | undefined,
  quotes: ReadonlyMap<string, QuoteItem>,
): DataColumn<HistoryItem>[] {
  return [
    { id: 'rank', header: t('col.rank'), value: (r) => r.rank, numeric: true, hideable: false, width: 56 },
    {
      id: 'prevRank',
      header: t('col.prevRank'),
      title: t('col.prevRankTitle'),
      value: (r) => rankGain(r, before),
      cell: (r) => {
        if (before === undefined) return DASH;
        const gain = rankGain(r, before);
        if (gain === null) return <span className="hot-rankdiff--new">{t('history.new')}</span>;
        return <span className={direction(gain)}>{formatNumber(gain, lang, 0, { sign: true })}</span>;
      },
      numeric: true,
      width: 96,
    },
    ...codeNameColumns<HistoryItem>({ code: t('col.code'), name: t('col.name') }),
    ...quoteColumns<HistoryItem>(t, lang, quotes),
  ];
}

/** Why a day cannot be shown, in words (the same rule the service would answer with a 1003). */
export function dateProblemText(t: HotT, problem: DateProblem, vars: Record<string, string>): string {
  return t(`date.${problem}`, vars);
}

/** The top 30 of one past natural day (Beijing time), within the last year. */
export function HistoryView({ search, onSearch }: { search: HotSearch; onSearch: UpdateSearch }) {
  const { t, lang } = useHotText();
  const navigate = useNavigate();
  const today = useServerToday();
  const date = today === null ? null : historyDate(search, today);
  const problem = date === null || today === null ? null : historyDateProblem(date, today);
  const query = useQuery({ ...historyQuery(date ?? ''), enabled: date !== null && problem === null });
  // The day before, for each stock's change of rank (not asked for when the service would refuse it).
  const dayBefore = date === null ? null : addDays(date, -1);
  const beforeOk = dayBefore !== null && today !== null && historyDateProblem(dayBefore, today) === null;
  const before = useQuery({ ...historyQuery(dayBefore ?? ''), enabled: problem === null && beforeOk });
  const codes = useMemo(() => (query.data?.item ?? []).map((item) => item.thscode), [query.data]);
  const quoteList = useQuery({ ...quoteListQuery(codes), enabled: codes.length > 0 });
  const quotes = useMemo(() => quotesByCode(quoteList.data?.item), [quoteList.data]);
  const beforeItems = before.isPlaceholderData ? undefined : before.data?.item;
  const columns = useMemo(() => historyColumns(t, lang, beforeItems, quotes), [t, lang, beforeItems, quotes]);
  const min = today === null ? undefined : lastYearStart(today);

  const go = (next: string) => onSearch({ date: next });

  return (
    <div className="hot-view" data-testid="history-view">
      <div className="hot-toolbar">
        <Field label={t('history.date')} as="span">
          {/* Natural days (Beijing time): every day of the last year may be chosen. */}
          <DayPicker
            label={t('history.date')}
            value={date ?? undefined}
            min={min ?? '0000-01-01'}
            max={today ?? '0000-01-01'}
            isDayEnabled={() => true}
            onChange={go}
            testId="history-date"
          />
        </Field>
        <button
          type="button"
          className="btn btn--small"
          disabled={date === null || min === undefined || date <= min}
          onClick={() => date !== null && go(addDays(date, -1))}
        >
          {t('history.prev')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={date === null || today === null || date >= today}
          onClick={() => date !== null && go(addDays(date, 1))}
        >
          {t('history.next')}
        </button>
        {search.date === undefined && (
          <span className="hot-toolbar__note muted">{t('history.defaultHint')}</span>
        )}
        <span className="hot-toolbar__note muted">{t('history.noHeat')}</span>
      </div>
      {problem !== null && date !== null && today !== null ? (
        <div className="hot-problem" role="alert" data-testid="date-problem">
          {dateProblemText(t, problem, { date, min: lastYearStart(today), max: today })}
        </div>
      ) : (
        <DataTable
          id="hot-history"
          label={t('history.table', { date: date ?? '' })}
          exportName={`hot-history-${date ?? ''}`}
          columns={columns}
          rows={query.data?.item}
          loading={date === null || (query.isFetching && (query.isPending || query.isPlaceholderData))}
          error={query.error}
          onRetry={() => void query.refetch()}
          getRowId={(row) => row.thscode}
          onRowClick={(row) => void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } })}
          maxHeight={TABLE_HEIGHT}
          empty={t('history.empty', { date: date ?? '' })}
        />
      )}
    </div>
  );
}
