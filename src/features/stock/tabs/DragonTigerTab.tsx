import { useQuery } from '@tanstack/react-query';
import { DayToolbar } from '../../../components/DayPageHead';
import { InstitutionRanges } from '../../../components/InstitutionRanges';
import { Empty, ErrorState } from '../../../components/states';
import { lastYearStart } from '../../../contract/operations/special-data-terms';
import { dragonTigerDateProblem } from '../dates';
import { neighbourDays } from '../../../lib/trading-days';
import { useServerToday, useTradingDays } from '../../../api/live';
import { useStockText } from '../messages';
import { dragonTigerQuery } from '../queries';
import type { TabProps } from '../StockTabs';

export function DragonTigerTab({ record, search, onSearch }: TabProps) {
  const { t } = useStockText();
  const today = useServerToday();
  const days = useTradingDays();
  const dt = search.dt;
  const listDate = record.list_date ?? null;
  const pickable = today === null ? null : { min: lastYearStart(today), max: today };
  const min = pickable?.min;
  const problem = dragonTigerDateProblem(dt, today, days, listDate);
  const detail = useQuery({ ...dragonTigerQuery(record.thscode, dt), enabled: problem === null });

  const shown = dt ?? detail.data?.trade_date;
  const { prev, next } =
    pickable === null ? { prev: undefined, next: undefined } : neighbourDays(days, shown, pickable);

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
      <DayToolbar
        shown={shown}
        pickable={pickable}
        days={days}
        prev={prev}
        next={next}
        hasUrlDay={dt !== undefined}
        onDay={(date) => onSearch({ dt: date })}
        pickerTestId="stock-dt-date"
      >
        {detail.data && (
          <span className="stock-toolbar__note muted num">
            {t('dt.tradeDate', { date: detail.data.trade_date })}
          </span>
        )}
      </DayToolbar>
      {body}
    </div>
  );
}
