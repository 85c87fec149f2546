import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { calendarQuery } from '../../../api/live';
import { DayPicker } from '../../../components/DayPicker';
import { InstitutionRanges } from '../../../components/InstitutionRanges';
import { Empty, ErrorState } from '../../../components/states';
import { addYearsToDate } from '../../../contract/time';
import { dragonTigerDateProblem } from '../dates';
import { isWeekdayDate } from '../../../lib/trading-days';
import { useServerToday } from '../../../api/live';
import { useStockText } from '../messages';
import { dragonTigerQuery } from '../queries';
import type { TabProps } from '../StockTabs';
import { calendarDate } from '../loader';

export function DragonTigerTab({ record, search, onSearch }: TabProps) {
  const { t } = useStockText();
  const today = useServerToday();
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => (calendar.data?.item.map((d) => calendarDate(d.date)) ?? []).sort(),
    [calendar.data],
  );
  const tradingDays = useMemo(() => new Set(days), [days]);
  const dt = search.dt;
  const listDate = record.list_date ?? null;
  const min = today === null ? undefined : addYearsToDate(today, -1);
  const problem = dragonTigerDateProblem(dt, today, days, listDate);
  const detail = useQuery({ ...dragonTigerQuery(record.thscode, dt), enabled: problem === null });

  const shown = dt ?? detail.data?.trade_date;
  const before = shown === undefined ? undefined : days.filter((d) => d < shown).at(-1);
  const after =
    shown === undefined ? undefined : days.find((d) => d > shown && (today === null || d <= today));
  const go = (date: string | undefined) => onSearch({ dt: date });

  let body;
  const date = dt ?? '';
  if (problem === 'outside') {
    body = <Empty>{t('dt.outside', { date, min: min ?? '', max: today ?? '' })}</Empty>;
  } else if (problem === 'non-trading') body = <Empty>{t('dt.nonTrading', { date })}</Empty>;
  else if (problem === 'not-listed') {
    body = <Empty>{t('dt.notListed', { code: record.thscode, listDate: listDate ?? '', date })}</Empty>;
  } else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.isPending) body = <div className="skel stock-dt__skeleton" aria-busy="true" />;
  else if (detail.data.item.length === 0) {
    body = <Empty>{t('dt.empty', { code: record.thscode, date: detail.data.trade_date })}</Empty>;
  } else {
    body = (
      <div className="stock-dt__ranges">
        <InstitutionRanges items={detail.data.item} />
      </div>
    );
  }

  return (
    <div className="stock-tab" data-testid="dragon-tiger">
      <div className="stock-toolbar">
        <button
          type="button"
          className="btn btn--small"
          disabled={before === undefined || (min !== undefined && before < min)}
          onClick={() => go(before)}
          aria-label={t('dt.prevDay')}
          title={t('dt.prevDay')}
        >
          ◀
        </button>
        <DayPicker
          label={t('dt.date')}
          value={shown}
          min={min ?? '0000-01-01'}
          max={today ?? '0000-01-01'}
          isDayEnabled={(day) => (days.length > 0 ? tradingDays.has(day) : isWeekdayDate(day))}
          disabledNote={() => t('dt.pickerNonTrading')}
          onChange={go}
          testId="stock-dt-date"
        />
        <button
          type="button"
          className="btn btn--small"
          disabled={after === undefined}
          onClick={() => go(after)}
          aria-label={t('dt.nextDay')}
          title={t('dt.nextDay')}
        >
          ▶
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={dt === undefined}
          onClick={() => go(undefined)}
        >
          {t('dt.latest')}
        </button>
        {detail.data && (
          <span className="stock-toolbar__note muted num">
            {t('dt.tradeDate', { date: detail.data.trade_date })}
          </span>
        )}
      </div>
      {body}
    </div>
  );
}
