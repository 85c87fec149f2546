import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { calendarQuery, useMarketSession } from '../../api/live';
import { DataTable, type SortingState } from '../../components/DataTable';
import { DayPageHead, DayPageHeadSkeleton } from '../../components/DayPageHead';
import { Segmented } from '../../components/Segmented';
import { DateNotice, NearestTradingDays } from '../../components/NearestTradingDays';
import { Empty, ErrorState } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { neighbourDays, readUrlDate } from '../../lib/trading-days';
import { lastYearStart } from '../../contract/operations/special-data-terms';
import { DRAGON_TIGER_BOARDS, netScale, summarise, type DragonTigerRow } from '../../lib/dragon-tiger';
import { tradingDaySet } from '../../contract/market-session';
import { columnIdsFor, dragonTigerColumns } from './columns';
import { dayProblem, pickableWindow } from './days';
import { HotMoneySeats } from './HotMoneySeats';
import { InstitutionPanel } from './InstitutionPanel';
import { useDragonTigerText } from './messages';
import { useServerToday } from '../../api/live';
import { dragonTigerListQuery } from './queries';
import { parseSort, sortOf, type DragonTigerSearch, type SortSpec } from './url-state';
import { formatSort } from '../../lib/search-schema';
import { SummaryCards } from './SummaryCards';
import './dragon-tiger.css';

/** Merge a change into the URL; `replace` for edits that should not add a history entry (sorting). */
export type UpdateDragonTigerSearch = (
  patch: Partial<DragonTigerSearch>,
  opts?: { replace?: boolean },
) => void;

const DEFAULT_SORT: SortSpec = { column: 'net_value', desc: true };

export function DragonTigerView({
  search,
  onSearch,
}: {
  search: DragonTigerSearch;
  onSearch: UpdateDragonTigerSearch;
}) {
  const { t, lang } = useDragonTigerText();
  const { t: common } = useI18n();
  const today = useServerToday();
  const session = useMarketSession();
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => [...tradingDaySet(calendar.data?.item.map((d) => d.date) ?? [])].sort(),
    [calendar.data],
  );

  const { board, code } = search;
  const urlDate = readUrlDate(search.date);
  const date = urlDate.kind === 'valid' ? urlDate.date : undefined;
  const problem = dayProblem(urlDate, today, days);
  const outsideMessage =
    problem?.kind === 'outside' && date !== undefined && today !== null
      ? t('outside.message', { date, min: lastYearStart(today), max: today })
      : undefined;
  // An explicit day waits for the server clock and the calendar: a day the service would refuse, or
  // one that does not trade, is explained instead of sent.
  const list = useQuery({
    ...dragonTigerListQuery(board, date),
    enabled:
      urlDate.kind === 'none' ||
      (urlDate.kind === 'valid' && today !== null && !calendar.isPending && problem === null),
  });
  const data = list.data;
  const tradeDate = date ?? (list.isPlaceholderData ? undefined : data?.trade_date);

  const todayClosed = session.ready && session.isTradingDay && session.phase === 'closed';
  const pickable = today === null ? null : pickableWindow(today, todayClosed);
  const { prev, next } = pickable
    ? neighbourDays(days, tradeDate, pickable)
    : { prev: undefined, next: undefined };
  const dayLink = (day: string, label: string) => (
    <Link key={day} to="/dragon-tiger" search={(current) => ({ ...current, date: day, code: undefined })}>
      {label}
    </Link>
  );
  const latestLink = (
    <Link to="/dragon-tiger" search={(current) => ({ ...current, date: undefined, code: undefined })}>
      {common('day.latest')}
    </Link>
  );

  const columnIds = useMemo(() => columnIdsFor(board), [board]);
  const requested = sortOf(search);
  // A sort by a column this board does not have (an institution column on "all") falls back.
  const sort = columnIds.has(requested.column) ? requested : DEFAULT_SORT;
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.column, desc: sort.desc }],
    [sort.column, sort.desc],
  );
  const rows = data?.stock_items;
  const scale = useMemo(() => netScale(rows ?? []), [rows]);
  const columns = useMemo(() => dragonTigerColumns(board, t, lang, scale), [board, t, lang, scale]);
  const summary = useMemo(
    () => (data && !list.isPlaceholderData ? summarise(data) : undefined),
    [data, list.isPlaceholderData],
  );

  const select = useCallback((row: DragonTigerRow) => onSearch({ code: row.thscode }), [onSearch]);
  const isSelected = useCallback((row: DragonTigerRow) => row.thscode === code, [code]);
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const spec = first ? parseSort(`${first.id}.${first.desc ? 'desc' : 'asc'}`) : null;
    onSearch({ sort: formatSort(spec ?? DEFAULT_SORT) }, { replace: true });
  };

  const name =
    code === undefined
      ? undefined
      : (rows?.find((row) => row.thscode === code)?.name ??
        data?.hot_money_items.flatMap((seat) => seat.rows).find((row) => row.thscode === code)?.name ??
        undefined);

  let content;
  if (problem !== null && problem.kind !== 'outside') {
    content = (
      <section className="panel dtl-message" data-testid="dragon-tiger-day-problem">
        <DateNotice problem={problem} before={prev} after={next} link={dayLink}>
          <p className="state__links">{latestLink}</p>
        </DateNotice>
      </section>
    );
  } else if (outsideMessage !== undefined) {
    content = (
      <section className="panel dtl-message" data-testid="dragon-tiger-outside">
        <h2 className="dtl-section-title">{t('outside.title')}</h2>
        <Empty>{outsideMessage}</Empty>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onSearch({ date: undefined, code: undefined })}
        >
          {t('outside.latest')}
        </button>
      </section>
    );
  } else if (list.isError) {
    content = (
      <section className="panel dtl-message" data-testid="dragon-tiger-error">
        <ErrorState error={list.error} onRetry={() => void list.refetch()}>
          {date !== undefined && <NearestTradingDays before={prev} after={next} link={dayLink} />}
        </ErrorState>
      </section>
    );
  } else {
    const seats = data?.hot_money_items ?? [];
    const detailOpen = code !== undefined;
    content = (
      <>
        <SummaryCards summary={summary} />
        <div className={detailOpen ? 'dtl-body dtl-body--detail' : 'dtl-body'}>
          <section className="panel dtl-table" aria-label={t('table.label')}>
            <DataTable
              key={board}
              id={`dragon-tiger-${board}`}
              label={t('table.label')}
              columns={columns}
              rows={rows}
              loading={list.isFetching}
              getRowId={(row, index) => `${row.thscode}:${index}`}
              onRowClick={select}
              isRowSelected={isSelected}
              sorting={sorting}
              onSortingChange={onSortingChange}
              exportName={`dragon-tiger_${tradeDate ?? 'latest'}_${board}`}
              empty={t('table.empty')}
              maxHeight="calc(100vh - 300px)"
              toolbar={<span className="muted dtl-table__hint">{t('table.hint')}</span>}
            />
          </section>
          {detailOpen && (
            <InstitutionPanel
              code={code}
              name={name}
              tradeDate={tradeDate}
              onClose={() => onSearch({ code: undefined })}
            />
          )}
        </div>
        {(board === 'hot_money' || seats.length > 0) && data && (
          <HotMoneySeats
            seats={seats}
            selectedCode={code}
            onSelect={(thscode) => onSearch({ code: thscode })}
          />
        )}
      </>
    );
  }

  return (
    <div className="dtl-page" data-testid="dragon-tiger-page">
      <DayPageHead
        title={t('page.title')}
        intro={t('page.intro')}
        shown={tradeDate}
        pickable={pickable}
        days={days}
        prev={prev}
        next={next}
        hasUrlDay={search.date !== undefined}
        onDay={(day) => onSearch({ date: day, code: undefined })}
        busy={list.isFetching}
        pickerTestId="dragon-tiger-date"
      >
        <Segmented
          label={t('toolbar.board')}
          value={board}
          options={DRAGON_TIGER_BOARDS.map((option) => ({ value: option, label: t(`board.${option}`) }))}
          onChange={(value) => onSearch({ board: value })}
          testId="board-switch"
        />
      </DayPageHead>
      {content}
    </div>
  );
}

/** The page's frame while the route loads: the same boxes with the same heights. */
export function DragonTigerSkeleton() {
  const { t } = useDragonTigerText();
  return (
    <div className="dtl-page" aria-busy="true">
      <DayPageHeadSkeleton title={t('page.title')} />
      <SummaryCards summary={undefined} />
      <section className="panel dtl-table">
        <div className="skel dtl-table__skeleton" />
      </section>
    </div>
  );
}
