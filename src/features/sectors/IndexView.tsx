import { useMemo, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { constituentsQuery, indexBarsQuery, indexSnapshotQuery } from '../../api/indices';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { useLiveRefetchInterval, useServerToday } from '../../api/live';
import { quotesByCode, wholeMarketQuery, type QuoteRow } from '../../api/market';
import { useValuations, valuationChunks, type Valuation } from '../../api/valuations';
import { TimeChart } from '../../components/chart/TimeChart';
import { ChartViews } from '../../components/intraday/ChartViews';
import { INTRADAY_PANEL_HEIGHT } from '../../components/intraday/IntradayPanel';
import { candleVolumeSeries } from '../../components/chart/candles';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DataTable, type DataColumn, type SortingState } from '../../components/DataTable';
import { codeNameColumns } from '../../components/DataTable/stockColumns';
import { Segmented } from '../../components/Segmented';
import { Empty, ErrorState } from '../../components/states';
import type { DataOf } from '../../contract/catalog';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { INDEX_CODE_RE } from '../../contract/params';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatVolume,
} from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { AddToWatchlist } from '../watchlists';
import { indexWindow } from './dates';
import { VALUATION_AUTO_MAX } from './loader';
import { useSectorsText, type SectorsT } from './messages';
import {
  INDEX_RANGES,
  INDEX_SEARCH_DEFAULTS,
  isThsIndex,
  MEMBER_SORT_COLUMNS,
  type IndexSearch,
} from './url-state';
import { formatSort, parseSort } from '../../lib/search-schema';
import { canonicalCode } from '../../contract/params-terms';
import './sectors.css';

/**
 * The page of one index, THS sector (`/sectors/$thscode`) or exchange index (`/index/$thscode`): its
 * quote, daily candles and constituents (price, change, turnover and valuations), leaders first. The
 * constituents' quotes come from the one whole-market snapshot (never a call per stock); valuations
 * from the valuation snapshot, 100 stocks a call.
 */

const CHART_HEIGHT = 340;
const PANE_STRETCH = [3, 1];

interface MemberRow {
  thscode: string;
  name: string;
  quote: QuoteRow | undefined;
  valuation: Valuation | undefined;
}

export interface IndexViewProps {
  /** The code as it appears in the URL (any case). */
  thscode: string;
  search: IndexSearch;
  onSearch: SearchPatch<IndexSearch>;
}

export function IndexView({ thscode: raw, search, onSearch }: IndexViewProps) {
  const { t } = useSectorsText();
  const thscode = canonicalCode(raw);
  const valid = INDEX_CODE_RE.test(thscode);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: valid });
  if (!valid) return <IndexMissing message={t('index.invalidCode', { code: raw })} />;
  if (lookup.isPending) return <IndexSkeleton thscode={thscode} />;
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.code === ErrorCode.INSTRUMENT_NOT_FOUND) {
      return <IndexMissing message={t('index.notFound', { code: thscode })} />;
    }
    return (
      <section className="panel index-page">
        <h1 className="index-head__name">{thscode}</h1>
        <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
      </section>
    );
  }
  const record = findInstrument(lookup.data, thscode);
  if (!record) return <IndexMissing message={t('index.notFound', { code: thscode })} />;
  if (record.asset_type !== 'a-share-index')
    return <IndexMissing message={t('index.notIndex', { code: thscode })} />;
  return <IndexWorkspace record={record} search={search} onSearch={onSearch} />;
}

function IndexMissing({ message }: { message: string }) {
  const { t } = useSectorsText();
  return (
    <section className="panel index-missing" aria-labelledby="index-missing-title">
      <h1 id="index-missing-title" className="panel__title">
        {t('index.notFoundTitle')}
      </h1>
      <p role="alert">{message}</p>
      <Link to="/sectors">{t('index.home')}</Link>
    </section>
  );
}

function IndexWorkspace({
  record,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  search: IndexSearch;
  onSearch: SearchPatch<IndexSearch>;
}) {
  const members = useQuery(constituentsQuery(record.thscode));
  const interval = useLiveRefetchInterval('intraday');
  const market = useQuery(wholeMarketQuery(interval));
  const quotes = useMemo(() => quotesByCode(market.data), [market.data]);
  return (
    <div className="index-page" data-testid="index-view" data-code={record.thscode}>
      <IndexHeader record={record} members={members.data?.item} quotes={market.data ? quotes : undefined} />
      <IndexChart record={record} search={search} onSearch={onSearch} />
      <Members
        record={record}
        search={search}
        onSearch={onSearch}
        members={members}
        quotes={quotes}
        quotesLoading={market.isPending}
        quotesError={market.error}
      />
    </div>
  );
}

function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="index-stat">
      <dt>{label}</dt>
      <dd className={`num ${tone ?? ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function IndexHeader({
  record,
  members,
  quotes,
}: {
  record: InstrumentRecord;
  members: readonly { thscode: string }[] | undefined;
  quotes: ReadonlyMap<string, QuoteRow> | undefined;
}) {
  const { t, lang } = useSectorsText();
  const interval = useLiveRefetchInterval('quote');
  const snapshot = useQuery({ ...indexSnapshotQuery([record.thscode]), refetchInterval: interval });
  const quote = snapshot.data?.item.find((q) => q.thscode.toUpperCase() === record.thscode);
  const tone = direction(quote?.price_change);
  const toneOf = (value: number | undefined) =>
    quote && value !== undefined ? direction(value - quote.prev_price) : 'flat';
  const price = (value: number | undefined) => formatPrice(value, lang, 'index');
  const breadth = useMemo(() => {
    if (!members || !quotes || members.length === 0) return null;
    let up = 0;
    let down = 0;
    let flat = 0;
    for (const m of members) {
      const change = quotes.get(m.thscode.toUpperCase())?.price_change;
      if (change === undefined) continue;
      if (change > 0) up++;
      else if (change < 0) down++;
      else flat++;
    }
    return { up, down, flat };
  }, [members, quotes]);

  return (
    <header className="panel index-head" data-testid="index-header">
      <div className="index-head__id">
        <h1 className="index-head__name">{record.name}</h1>
        <span className="index-head__code num">{record.thscode}</span>
        <span className="index-head__kind">
          {isThsIndex(record.thscode) ? t('index.kind.sector') : t('index.kind.index')}
        </span>
        <span className="index-head__spacer" />
        <AddToWatchlist thscode={record.thscode} />
        <CopyLinkButton />
      </div>
      <div className="index-head__quote">
        <div className={`index-head__last num ${tone}`} data-testid="index-last" aria-label={t('index.last')}>
          {price(quote?.last_price)}
        </div>
        <div className={`index-head__change num ${tone}`}>
          <span>{formatPrice(quote?.price_change, lang, 'index', { sign: true })}</span>
          <span>{formatPercent(quote?.price_change_ratio_pct, lang, { sign: true })}</span>
        </div>
        <dl className="index-head__stats">
          <Stat label={t('index.open')} value={price(quote?.open_price)} tone={toneOf(quote?.open_price)} />
          <Stat label={t('index.high')} value={price(quote?.high_price)} tone={toneOf(quote?.high_price)} />
          <Stat label={t('index.low')} value={price(quote?.low_price)} tone={toneOf(quote?.low_price)} />
          <Stat label={t('index.prevClose')} value={price(quote?.prev_price)} />
          <Stat label={t('index.volume')} value={formatVolume(quote?.volume, lang)} />
          <Stat label={t('index.turnover')} value={formatAmount(quote?.turnover, lang)} />
          <Stat
            label={t('index.breadth')}
            testId="index-breadth"
            value={
              breadth ? (
                <>
                  <span className="up">{breadth.up}</span>/<span className="flat">{breadth.flat}</span>/
                  <span className="down">{breadth.down}</span>
                </>
              ) : (
                DASH
              )
            }
          />
        </dl>
        {snapshot.isError && (
          <ErrorState compact error={snapshot.error} onRetry={() => void snapshot.refetch()} />
        )}
        {snapshot.isSuccess && !quote && <p className="muted">{t('index.noQuote')}</p>}
      </div>
    </header>
  );
}

function IndexChart({
  record,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  search: IndexSearch;
  onSearch: SearchPatch<IndexSearch>;
}) {
  const { t, lang } = useSectorsText();
  const today = useServerToday();
  const span = today === null ? null : indexWindow(today, search.range);
  const bars = useQuery({
    ...indexBarsQuery(record.thscode, span?.start ?? 0, span?.end ?? 0),
    enabled: span !== null,
  });
  const items = bars.data?.item;
  const series = useMemo(
    () =>
      candleVolumeSeries(items ?? [], { lang, digits: 2, amount: (b) => b.turnover, amountId: 'turnover' }),
    [items, lang],
  );
  return (
    <section className="panel index-chart" aria-label={t('chart.label', { name: record.name })}>
      <ChartViews
        chosen={search.chart}
        onView={(chart) => onSearch({ chart })}
        instrument={{ thscode: record.thscode, name: record.name, priceKind: 'index' }}
        days={search.days}
        onDays={(days) => onSearch({ days }, { replace: true })}
        idPrefix="index-chart"
        placeholderHeight={Math.max(CHART_HEIGHT + 34, INTRADAY_PANEL_HEIGHT)}
      >
        <div className="index-chart__daily">
          <div className="index-toolbar">
            <Segmented
              label={t('chart.range')}
              value={search.range}
              options={INDEX_RANGES.map((range) => ({ value: range, label: t(`range.${range}`) }))}
              onChange={(range) => onSearch({ range })}
              testId="index-range"
            />
            {bars.isFetching && <span className="spinner" aria-hidden="true" />}
          </div>
          <div className="index-chart__body" style={{ height: CHART_HEIGHT }}>
            {bars.isError && !bars.data ? (
              <ErrorState error={bars.error} onRetry={() => void bars.refetch()} />
            ) : bars.isSuccess && bars.data.item.length === 0 ? (
              <Empty>{t('chart.empty')}</Empty>
            ) : (
              <>
                <TimeChart
                  series={series}
                  height={CHART_HEIGHT}
                  paneStretch={PANE_STRETCH}
                  viewKey={`${record.thscode}|${search.range}`}
                  label={t('chart.label', { name: record.name })}
                  testId="index-chart"
                  fallback={t('chart.unavailable')}
                />
                {bars.isPending && <div className="skel index-chart__cover" aria-hidden="true" />}
              </>
            )}
          </div>
        </div>
      </ChartViews>
    </section>
  );
}

function memberColumns(t: SectorsT, lang: Language): DataColumn<MemberRow>[] {
  const tone = (r: MemberRow) => direction(r.quote?.price_change);
  const ratio = (value: number | null | undefined) => formatNumber(value, lang, 2);
  const amplitude = (r: MemberRow) =>
    r.quote && r.quote.prev_price > 0
      ? ((r.quote.high_price - r.quote.low_price) / r.quote.prev_price) * 100
      : undefined;
  return [
    ...codeNameColumns<MemberRow>({ code: t('col.code'), name: t('col.name') }),
    {
      id: 'last',
      header: t('col.last'),
      value: (r) => r.quote?.last_price,
      numeric: true,
      cell: (r) => <span className={tone(r)}>{formatPrice(r.quote?.last_price, lang)}</span>,
    },
    {
      id: 'change_pct',
      header: t('col.changePct'),
      value: (r) => r.quote?.price_change_ratio_pct,
      numeric: true,
      cell: (r) => (
        <span className={tone(r)}>
          {formatPercent(r.quote?.price_change_ratio_pct, lang, { sign: true })}
        </span>
      ),
    },
    {
      id: 'change',
      header: t('col.change'),
      value: (r) => r.quote?.price_change,
      numeric: true,
      defaultHidden: true,
      cell: (r) => (
        <span className={tone(r)}>{formatPrice(r.quote?.price_change, lang, 'stock', { sign: true })}</span>
      ),
    },
    {
      id: 'amplitude',
      header: t('col.amplitude'),
      title: t('col.amplitudeHint'),
      value: amplitude,
      numeric: true,
      defaultHidden: true,
      cell: (r) => formatPercent(amplitude(r), lang),
    },
    {
      id: 'turnover',
      header: t('col.turnover'),
      value: (r) => r.quote?.turnover,
      numeric: true,
      cell: (r) => formatAmount(r.quote?.turnover, lang),
    },
    {
      id: 'volume',
      header: t('col.volume'),
      value: (r) => r.quote?.volume,
      numeric: true,
      defaultHidden: true,
      cell: (r) => formatVolume(r.quote?.volume, lang),
    },
    {
      id: 'pe_ttm',
      header: t('col.peTtm'),
      value: (r) => r.valuation?.pe_ttm,
      numeric: true,
      cell: (r) => ratio(r.valuation?.pe_ttm),
    },
    {
      id: 'pb_mrq',
      header: t('col.pbMrq'),
      value: (r) => r.valuation?.pb_mrq,
      numeric: true,
      cell: (r) => ratio(r.valuation?.pb_mrq),
    },
    {
      id: 'ps_ttm',
      header: t('col.psTtm'),
      value: (r) => r.valuation?.ps_ttm,
      numeric: true,
      defaultHidden: true,
      cell: (r) => ratio(r.valuation?.ps_ttm),
    },
    {
      id: 'pcf_ttm',
      header: t('col.pcfTtm'),
      value: (r) => r.valuation?.pcf_ttm,
      numeric: true,
      defaultHidden: true,
      cell: (r) => ratio(r.valuation?.pcf_ttm),
    },
  ];
}

function Members({
  record,
  search,
  onSearch,
  members,
  quotes,
  quotesLoading,
  quotesError,
}: {
  record: InstrumentRecord;
  search: IndexSearch;
  onSearch: SearchPatch<IndexSearch>;
  members: UseQueryResult<DataOf<'a-share-index/constituents/ths-stock-list'>, ApiError>;
  quotes: ReadonlyMap<string, QuoteRow>;
  quotesLoading: boolean;
  quotesError: unknown;
}) {
  const { t, lang } = useSectorsText();
  const list = members.data?.item;
  const codes = useMemo(() => list?.map((m) => m.thscode) ?? [], [list]);
  const [valuationsWanted, setValuationsWanted] = useState(false);
  const auto = codes.length > 0 && codes.length <= VALUATION_AUTO_MAX;
  const valuations = useValuations(codes, auto || valuationsWanted);
  const rows = useMemo<MemberRow[] | undefined>(
    () =>
      list?.map((m) => ({
        thscode: m.thscode,
        name: m.name,
        quote: quotes.get(m.thscode.toUpperCase()),
        valuation: valuations.byCode.get(m.thscode.toUpperCase()),
      })),
    [list, quotes, valuations.byCode],
  );
  const sort = parseSort(search.sort, MEMBER_SORT_COLUMNS) ?? { column: 'change_pct', desc: true };
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.column, desc: sort.desc }],
    [sort.column, sort.desc],
  );
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const spec = first ? parseSort(`${first.id}.${first.desc ? 'desc' : 'asc'}`, MEMBER_SORT_COLUMNS) : null;
    onSearch({ sort: spec ? formatSort(spec) : INDEX_SEARCH_DEFAULTS.sort }, { replace: true });
  };
  const columns = useMemo(() => memberColumns(t, lang), [t, lang]);
  const calls = valuationChunks(codes).length;

  return (
    <section
      className="panel index-members"
      aria-labelledby="index-members-title"
      data-testid="index-members"
    >
      <div className="index-members__head">
        <h2 id="index-members-title" className="sectors-section-title">
          {t('members.title')}
        </h2>
        {list && (
          <span className="muted num" data-testid="members-count" data-count={list.length}>
            {t('members.count', { count: list.length })}
          </span>
        )}
        {!auto && codes.length > 0 && !valuationsWanted && (
          <button
            type="button"
            className="btn btn--small"
            title={t('members.valuationsHint')}
            onClick={() => setValuationsWanted(true)}
          >
            {t('members.valuations', { calls })}
          </button>
        )}
        {valuations.error !== null && <span className="muted">{t('members.valuationError')}</span>}
      </div>
      <DataTable
        id="index-members"
        label={t('members.label', { name: record.name })}
        columns={columns}
        rows={rows}
        loading={members.isFetching || quotesLoading || valuations.pending}
        error={members.error ?? quotesError ?? undefined}
        onRetry={() => void members.refetch()}
        getRowId={(row) => row.thscode}
        sorting={sorting}
        onSortingChange={onSortingChange}
        exportName={`constituents_${record.thscode}`}
        empty={t('members.empty')}
      />
    </section>
  );
}

/** The page's frame while the route loads: the same boxes with the same heights. */
export function IndexSkeleton({ thscode }: { thscode: string }) {
  return (
    <div className="index-page" aria-busy="true">
      <header className="panel index-head">
        <div className="index-head__id">
          <h1 className="index-head__name">{thscode}</h1>
        </div>
        <div className="skel index-head__skeleton" />
      </header>
      <section className="panel index-chart">
        {/* The chart tabs' row and the taller of the two views (the intraday one, in a session). */}
        <div className="tabs__list" style={{ height: 34 }} />
        <div className="skel" style={{ height: Math.max(CHART_HEIGHT + 34, INTRADAY_PANEL_HEIGHT) }} />
      </section>
      <section className="panel index-members">
        <div className="skel index-members__skeleton" />
      </section>
    </div>
  );
}
