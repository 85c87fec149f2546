import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DayPicker } from '../../components/DayPicker';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import { addDays, addYearsToDate } from '../../contract/time';
import type { HotSearch } from './url-state';
import { useServerToday } from '../../api/live';
import type { UpdateSearch } from './url-state';
import { useHotText, type HotT } from './messages';
import { historyDate, historyDateProblem, type DateProblem } from './loader';
import { historyQuery, type HistoryItem } from './queries';
import { TABLE_HEIGHT } from './Skeletons';

function historyColumns(t: HotT): DataColumn<HistoryItem>[] {
  return [
    { id: 'rank', header: t('col.rank'), value: (r) => r.rank, numeric: true, hideable: false, width: 56 },
    ...codeNameColumns<HistoryItem>({ code: t('col.code'), name: t('col.name') }),
  ];
}

/** Why a day cannot be shown, in words (the same rule the service would answer with a 1003). */
export function dateProblemText(t: HotT, problem: DateProblem, vars: Record<string, string>): string {
  return t(`date.${problem}`, vars);
}

/** The top 30 of one past natural day (Beijing time), within the last year. */
export function HistoryView({ search, onSearch }: { search: HotSearch; onSearch: UpdateSearch }) {
  const { t } = useHotText();
  const navigate = useNavigate();
  const today = useServerToday();
  const date = today === null ? null : historyDate(search, today);
  const problem = date === null || today === null ? null : historyDateProblem(date, today);
  const query = useQuery({ ...historyQuery(date ?? ''), enabled: date !== null && problem === null });
  const columns = useMemo(() => historyColumns(t), [t]);
  const min = today === null ? undefined : addYearsToDate(today, -1);

  const go = (next: string) => onSearch({ date: next });

  return (
    <div className="hot-view" data-testid="history-view">
      <div className="hot-toolbar">
        <span className="hot-field">
          <span className="hot-field__label" aria-hidden="true">
            {t('history.date')}
          </span>
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
        </span>
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
      </div>
      {problem !== null && date !== null && today !== null ? (
        <div className="hot-problem" role="alert" data-testid="date-problem">
          {dateProblemText(t, problem, { date, min: addYearsToDate(today, -1), max: today })}
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
