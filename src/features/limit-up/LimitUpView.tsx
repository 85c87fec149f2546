import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  breakPoolQuery,
  downPoolQuery,
  ladderQuery,
  upPoolQuery,
  type Pool,
  type UpRow,
} from '../../api/limit-pools';
import { latestTradingDay, useLiveRefetchInterval, useServerToday, useTradingDays } from '../../api/live';
import { quotesByCode, wholeMarketQuery } from '../../api/market';
import { DataTable, type SortingState } from '../../components/DataTable';
import { DayPageHead, DayPageHeadSkeleton } from '../../components/DayPageHead';
import { Segmented } from '../../components/Segmented';
import { Empty, ErrorState } from '../../components/states';
import { POOLS } from '../../api/limit-pools';
import { addYearsToDate, shanghaiMidnight } from '../../contract/time';
import { neighbourDays } from '../../lib/trading-days';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { DASH, formatNumber, formatPercent } from '../../lib/format';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { AnomalyList, StockDetail } from './Anomalies';
import {
  breakRows,
  DEFAULT_SORTS,
  downRows,
  POOL_COLUMNS,
  poolColumns,
  upRows,
  type PoolRow,
} from './columns';
import { previousTradingDay, sentimentDays } from './days';
import { Ladder } from './Ladder';
import { useLimitUpText, type LimitUpT } from './messages';
import { ladderColumns, ladderDayOf, leadingThemes, passes, promotions } from './model';
import { industryMapQuery } from './queries';
import { Sentiment } from './Sentiment';
import { BOARD_FILTERS, MIN_BOARDS, parseSort, type LimitUpSearch, type SortSpec } from './url-state';
import { formatSort } from '../../lib/search-schema';
import './limit-up.css';

/**
 * `/limit-up`: the limit-up review of a trading day. Summary figures, the consecutive-board ladder with
 * promotion rates, the day's themes, the three pools as a filterable table (with each stock's anomaly
 * analysis beside it), the sentiment of the last sessions and today's anomaly list.
 */

const THEMES = 12;

function Summary({
  up,
  broken,
  down,
  height,
  streaks,
}: {
  up: number | undefined;
  broken: number | undefined;
  down: number | undefined;
  height: number | undefined;
  streaks: number | undefined;
}) {
  const { t, lang } = useLimitUpText();
  const count = (n: number | undefined) => (n === undefined ? DASH : formatNumber(n, lang, 0));
  const rate =
    up === undefined || broken === undefined || up + broken === 0 ? null : (up / (up + broken)) * 100;
  const cards = [
    { id: 'up', label: t('summary.up'), value: count(up), tone: 'up', title: undefined },
    { id: 'broken', label: t('summary.broken'), value: count(broken), tone: '', title: undefined },
    {
      id: 'seal-rate',
      label: t('summary.sealRate'),
      value: formatPercent(rate, lang, { digits: 1 }),
      tone: '',
      title: t('summary.sealRateHint'),
    },
    { id: 'down', label: t('summary.down'), value: count(down), tone: 'down', title: undefined },
    {
      id: 'height',
      label: t('summary.height'),
      value: height === undefined || height === 0 ? DASH : t('summary.boards', { count: height }),
      tone: 'up',
      title: undefined,
    },
    { id: 'streaks', label: t('summary.streaks'), value: count(streaks), tone: '', title: undefined },
  ];
  return (
    <dl className="lu-summary">
      {cards.map((card) => (
        <div key={card.id} className="panel lu-summary__card" title={card.title}>
          <dt>{card.label}</dt>
          <dd className={`num ${card.tone}`} data-testid={`lu-summary-${card.id}`}>
            {card.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Themes({
  rows,
  onPick,
  t,
}: {
  rows: readonly UpRow[];
  onPick: (theme: string) => void;
  t: LimitUpT;
}) {
  const themes = useMemo(() => leadingThemes(rows, THEMES), [rows]);
  const max = Math.max(1, ...themes.map((th) => th.count));
  return (
    <section className="panel lu-themes" aria-labelledby="lu-themes-title" data-testid="themes">
      <div className="lu-section-head">
        <h2 id="lu-themes-title" className="lu-section-title">
          {t('themes.title')}
        </h2>
        <span className="muted lu-hint">{t('themes.hint')}</span>
      </div>
      {themes.length === 0 ? (
        <Empty>{t('themes.empty')}</Empty>
      ) : (
        <ul className="lu-themes__list">
          {themes.map((th) => (
            <li key={th.theme}>
              <button
                type="button"
                className="lu-themes__item"
                onClick={() => onPick(th.theme)}
                title={t('themes.count', { theme: th.theme, count: th.count })}
              >
                <span className="lu-themes__name">{th.theme}</span>
                <span className="lu-themes__bar" style={{ width: `${(th.count / max) * 100}%` }} />
                <span className="lu-themes__count num">{th.count}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The text filter: typed freely, written to the URL once typing pauses. */
function FilterBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (q: string) => void;
  label: string;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the URL (a theme picked, filters cleared) replaces what the box holds.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text, 300);
  useEffect(() => {
    // Only a settled edit is written: right after a reset the old text is still in `debounced`.
    if (debounced === text && debounced.trim() !== value) onChange(debounced.trim());
  }, [debounced, text, value, onChange]);
  return (
    <input
      type="search"
      className="lu-filter"
      value={text}
      maxLength={40}
      placeholder={label}
      aria-label={label}
      onChange={(event) => setText(event.target.value)}
      data-testid="pool-filter"
    />
  );
}

export function LimitUpView({
  search,
  onSearch,
}: {
  search: LimitUpSearch;
  onSearch: SearchPatch<LimitUpSearch>;
}) {
  const { t, lang } = useLimitUpText();
  const today = useServerToday();
  const days = useTradingDays();
  const latest = today === null ? null : latestTradingDay(days, today);
  const date = search.date ?? latest;
  const dayMs = date === null ? undefined : shanghaiMidnight(date);
  const isLatest = date !== null && date === latest;
  const interval = useLiveRefetchInterval('intraday');
  const live = isLatest ? interval : false;
  const enabled = dayMs !== undefined;

  const up = useQuery({ ...upPoolQuery(dayMs), enabled, refetchInterval: live });
  const down = useQuery({ ...downPoolQuery(dayMs), enabled, refetchInterval: live });
  const broke = useQuery({ ...breakPoolQuery(dayMs), enabled, refetchInterval: live });
  const previous = date === null ? undefined : previousTradingDay(days, date);
  const yesterday = useQuery({
    ...upPoolQuery(previous === undefined ? undefined : shanghaiMidnight(previous)),
    enabled: previous !== undefined,
  });
  const ladder = useQuery(ladderQuery(live));
  const market = useQuery(wholeMarketQuery(live));
  // Sixty-odd reference calls: asked for once the day's own data is in, so they never delay it.
  const settled = up.isFetched && down.isFetched && broke.isFetched && ladder.isFetched;
  const industries = useQuery({ ...industryMapQuery(), enabled: settled });

  const quotes = useMemo(() => quotesByCode(isLatest ? market.data : undefined), [market.data, isLatest]);
  const ladderDay = date === null ? undefined : ladderDayOf(ladder.data?.item, date);
  const upData = up.data?.rows;
  const columnsOfLadder = useMemo(() => ladderColumns(upData ?? [], ladderDay), [upData, ladderDay]);
  const promo = useMemo(
    () => (upData && yesterday.data ? promotions(upData, yesterday.data.rows) : undefined),
    [upData, yesterday.data],
  );
  const streaks = columnsOfLadder.filter((c) => c.boards > 1).reduce((n, c) => n + c.stocks.length, 0);
  const highest = useMemo(
    () => Math.max(0, ...columnsOfLadder.flatMap((c) => c.stocks.map((s) => s.boards))),
    [columnsOfLadder],
  );

  const pool = search.pool;
  const query = pool === 'up' ? up : pool === 'down' ? down : broke;
  const industryMap = industries.data;
  const allRows = useMemo<PoolRow[] | undefined>(() => {
    if (pool === 'up') return up.data ? upRows(up.data.rows, quotes, industryMap) : undefined;
    if (pool === 'down') return down.data ? downRows(down.data.rows, quotes, industryMap) : undefined;
    return broke.data ? breakRows(broke.data.rows, industryMap) : undefined;
  }, [pool, up.data, down.data, broke.data, quotes, industryMap]);
  const board = search.board;
  const rows = useMemo(
    () =>
      allRows?.filter(
        (r) =>
          passes(r, { board, q: search.q }, [r.reason, r.industry]) &&
          (pool !== 'up' || (r.boards ?? 1) >= search.min),
      ),
    [allRows, board, search.q, search.min, pool],
  );

  const requested = search.sort === undefined ? null : parseSort(search.sort);
  const available = new Set<string>(['code', 'name', ...POOL_COLUMNS[pool]]);
  const sort: SortSpec = requested && available.has(requested.column) ? requested : DEFAULT_SORTS[pool];
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.column, desc: sort.desc }],
    [sort.column, sort.desc],
  );
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const spec = first ? parseSort(`${first.id}.${first.desc ? 'desc' : 'asc'}`) : null;
    onSearch({ sort: spec ? formatSort(spec) : undefined }, { replace: true });
  };
  const columns = useMemo(() => poolColumns(pool, t, lang), [pool, t, lang]);
  const select = useCallback((row: PoolRow) => onSearch({ code: row.thscode }), [onSearch]);
  const onFilter = useCallback((q: string) => onSearch({ q }, { replace: true }), [onSearch]);
  const isSelected = useCallback((row: PoolRow) => row.thscode === search.code, [search.code]);
  const filtered = search.board !== 'all' || search.q !== '' || search.min > 1;

  const pickable = latest === null ? null : { min: addYearsToDate(latest, -1), max: latest };
  const { prev, next } =
    pickable === null
      ? { prev: undefined, next: undefined }
      : neighbourDays(days, date ?? undefined, pickable);
  const selectedName =
    search.code === undefined
      ? undefined
      : (allRows?.find((r) => r.thscode === search.code)?.name ??
        up.data?.rows.find((r) => r.thscode === search.code)?.name);
  const windowDays = useMemo(() => (date === null ? [] : sentimentDays(days, date)), [days, date]);
  const poolError = query.error;
  const poolLabel = t(`pool.${pool}`);

  return (
    <div className="lu-page" data-testid="limit-up-page">
      <DayPageHead
        title={t('page.title')}
        intro={t('page.intro')}
        shown={date ?? undefined}
        pickable={pickable}
        days={days}
        prev={prev}
        next={next}
        hasUrlDay={search.date !== undefined}
        onDay={(day) => onSearch({ date: day === latest ? undefined : day, code: undefined })}
        busy={up.isFetching || down.isFetching || broke.isFetching}
        pickerTestId="limit-up-date"
      />

      <Summary
        up={up.data?.total}
        broken={broke.data?.total}
        down={down.data?.total}
        height={upData ? highest : undefined}
        streaks={upData ? streaks : undefined}
      />

      <div className="lu-grid lu-grid--ladder">
        <section className="panel lu-ladder-panel" aria-labelledby="lu-ladder-title">
          <div className="lu-section-head">
            <h2 id="lu-ladder-title" className="lu-section-title">
              {t('ladder.title')}
            </h2>
            <span className="muted lu-hint">{t('ladder.hint')}</span>
          </div>
          {up.isError ? (
            <ErrorState error={up.error} onRetry={() => void up.refetch()} />
          ) : (
            <Ladder columns={columnsOfLadder} promotions={promo} loading={up.isPending || ladder.isPending} />
          )}
        </section>
        <Themes
          rows={upData ?? []}
          onPick={(theme) => onSearch({ pool: 'up', q: theme }, { replace: true })}
          t={t}
        />
      </div>

      <div className={search.code === undefined ? 'lu-grid' : 'lu-grid lu-grid--detail'}>
        <section className="panel lu-pools" aria-label={t('pool.label')} data-testid="pools">
          <div className="lu-pools__controls">
            <Segmented
              label={t('pool.label')}
              value={pool}
              options={POOLS.map((p: Pool) => ({ value: p, label: t(`pool.${p}`) }))}
              onChange={(value) => onSearch({ pool: value, sort: undefined })}
              testId="pool-switch"
            />
            <Segmented
              label={t('filter.board')}
              value={search.board}
              options={BOARD_FILTERS.map((b) => ({ value: b, label: t(`filter.${b}`) }))}
              onChange={(value) => onSearch({ board: value }, { replace: true })}
              testId="board-filter"
            />
            {pool === 'up' && (
              <Segmented
                label={t('filter.min')}
                value={String(search.min)}
                options={MIN_BOARDS.map((n) => ({
                  value: String(n),
                  label: n === 1 ? t('filter.minAll') : t('filter.minValue', { count: n }),
                }))}
                onChange={(value) => onSearch({ min: Number(value) }, { replace: true })}
                testId="min-filter"
              />
            )}
            <FilterBox value={search.q} onChange={onFilter} label={t('filter.q')} />
            {filtered && (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => onSearch({ board: 'all', q: '', min: 1 }, { replace: true })}
              >
                {t('filter.clear')}
              </button>
            )}
          </div>
          <DataTable
            key={pool}
            id={`limit-up-${pool}`}
            label={t('table.label', { pool: poolLabel, date: date ?? '' })}
            columns={columns}
            rows={rows}
            loading={query.isFetching}
            error={poolError ?? undefined}
            onRetry={() => void query.refetch()}
            getRowId={(row) => row.thscode}
            onRowClick={select}
            isRowSelected={isSelected}
            sorting={sorting}
            onSortingChange={onSortingChange}
            exportName={`limit-up_${pool}_${date ?? 'latest'}`}
            empty={allRows && allRows.length > 0 ? t('table.filteredEmpty') : t('table.empty')}
            maxHeight="calc(100vh - 220px)"
            toolbar={<span className="muted lu-hint">{t('table.hint')}</span>}
          />
        </section>
        {search.code !== undefined && (
          <StockDetail
            code={search.code}
            name={selectedName}
            available={isLatest}
            onClose={() => onSearch({ code: undefined })}
          />
        )}
      </div>

      <div className="lu-grid lu-grid--halves">
        <Sentiment days={windowDays} ladder={ladder.data?.item} />
        <AnomalyList
          available={isLatest}
          date={date ?? ''}
          tag={search.tag}
          code={search.code}
          onSearch={onSearch}
        />
      </div>
    </div>
  );
}

/** The page's frame while the route loads: the same boxes with the same heights. */
export function LimitUpSkeleton() {
  const { t } = useLimitUpText();
  return (
    <div className="lu-page" aria-busy="true">
      <DayPageHeadSkeleton title={t('page.title')} />
      <Summary up={undefined} broken={undefined} down={undefined} height={undefined} streaks={undefined} />
      <section className="panel">
        <div className="skel lu-ladder--skeleton" />
      </section>
    </div>
  );
}
