import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  indexListQuery,
  indexSnapshotQuery,
  MAIN_INDICES,
  useIndexQuotes,
  type IndexQuote,
  type IndexTag,
} from '../../api/indices';
import { useLiveRefetchInterval } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DataTable, type DataColumn, type SortingState } from '../../components/DataTable';
import { Segmented } from '../../components/Segmented';
import { Empty, ErrorState } from '../../components/states';
import { DASH, direction, formatAmount, formatPercent, formatPrice, formatVolume } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { HeatMap, type HeatTile } from './HeatMap';
import { useSectorsText, type SectorsT } from './messages';
import { SECTOR_SORT_COLUMNS, SECTORS_SEARCH_DEFAULTS, type SectorsSearch } from './url-state';
import { formatSort, parseSort } from '../../lib/search-schema';
import './sectors.css';

/**
 * `/sectors`: the service's sector groups (industries, concepts, regions, THS thematic indices), the
 * day's ranking of the chosen group as a heat map and a sortable table, and the main exchange indices.
 * Every sector opens its page (candles and constituents).
 */

interface SectorRow {
  rank: number;
  thscode: string;
  name: string;
  quote: IndexQuote | undefined;
}

const HEAT_HEIGHT = 360;

/** Industries first, as terminals list them. */
const TAG_ORDER = ['industry', 'cn_concept', 'region', 'tszs'] as const satisfies readonly IndexTag[];

/** Leaders and laggards shown beside the heat map. */
const MOVERS = 5;

function rankingColumns(t: SectorsT, lang: Language): DataColumn<SectorRow>[] {
  const tone = (row: SectorRow) => direction(row.quote?.price_change);
  return [
    { id: 'rank', header: t('col.rank'), value: (r) => r.rank, numeric: true, sortable: false, width: 48 },
    {
      id: 'name',
      header: t('col.name'),
      value: (r) => r.name,
      hideable: false,
      cell: (r) => (
        <Link to="/sectors/$thscode" params={{ thscode: r.thscode }} onClick={(e) => e.stopPropagation()}>
          {r.name}
        </Link>
      ),
    },
    { id: 'thscode', header: t('col.code'), value: (r) => r.thscode, width: 96 },
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
      id: 'last',
      header: t('col.last'),
      value: (r) => r.quote?.last_price,
      numeric: true,
      cell: (r) => <span className={tone(r)}>{formatPrice(r.quote?.last_price, lang, 'index')}</span>,
    },
    {
      id: 'change',
      header: t('col.change'),
      value: (r) => r.quote?.price_change,
      numeric: true,
      cell: (r) => (
        <span className={tone(r)}>{formatPrice(r.quote?.price_change, lang, 'index', { sign: true })}</span>
      ),
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
      cell: (r) => formatVolume(r.quote?.volume, lang),
      defaultHidden: true,
    },
  ];
}

function MainIndices() {
  const { t, lang } = useSectorsText();
  const interval = useLiveRefetchInterval('quote');
  const quotes = useQuery({
    ...indexSnapshotQuery(MAIN_INDICES.map((i) => i.thscode)),
    refetchInterval: interval,
  });
  const names = lang === 'zh-CN' ? 0 : 1;
  return (
    <section
      className="panel sectors-indices"
      aria-labelledby="sectors-indices-title"
      data-testid="main-indices"
    >
      <h2 id="sectors-indices-title" className="sectors-section-title">
        {t('indices.title')}
      </h2>
      {quotes.isError ? (
        <ErrorState compact error={quotes.error} onRetry={() => void quotes.refetch()} />
      ) : (
        <table className="sectors-indices__table">
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.last')}</th>
              <th scope="col">{t('col.changePct')}</th>
              <th scope="col">{t('col.turnover')}</th>
            </tr>
          </thead>
          <tbody>
            {MAIN_INDICES.map((index) => {
              const quote = quotes.data?.item.find((q) => q.thscode === index.thscode);
              const tone = direction(quote?.price_change);
              return (
                <tr key={index.thscode}>
                  <td>
                    <Link to="/index/$thscode" params={{ thscode: index.thscode }}>
                      {index.name[names]}
                    </Link>
                  </td>
                  <td className={`num ${tone}`}>
                    {quote ? formatPrice(quote.last_price, lang, 'index') : DASH}
                  </td>
                  <td className={`num ${tone}`}>
                    {formatPercent(quote?.price_change_ratio_pct, lang, { sign: true })}
                  </td>
                  <td className="num muted">{formatAmount(quote?.turnover, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** How many sectors of the group rose and fell, and the strongest and weakest few. */
function Movers({ rows, group }: { rows: readonly SectorRow[]; group: string }) {
  const { t, lang } = useSectorsText();
  const quoted = rows.filter((r) => r.quote !== undefined);
  const sorted = [...quoted].sort(
    (a, b) => (b.quote?.price_change_ratio_pct ?? 0) - (a.quote?.price_change_ratio_pct ?? 0),
  );
  const up = quoted.filter((r) => (r.quote?.price_change ?? 0) > 0).length;
  const down = quoted.filter((r) => (r.quote?.price_change ?? 0) < 0).length;
  const list = (items: readonly SectorRow[], testId: string) => (
    <ol className="sectors-movers__list" data-testid={testId}>
      {items.map((r) => (
        <li key={r.thscode}>
          <Link to="/sectors/$thscode" params={{ thscode: r.thscode }}>
            {r.name}
          </Link>
          <span className={`num ${direction(r.quote?.price_change_ratio_pct)}`}>
            {formatPercent(r.quote?.price_change_ratio_pct, lang, { sign: true })}
          </span>
        </li>
      ))}
    </ol>
  );
  return (
    <section
      className="panel sectors-movers"
      aria-labelledby="sectors-movers-title"
      data-testid="sector-movers"
    >
      <h2 id="sectors-movers-title" className="sectors-section-title">
        {t('movers.title', { group })}
      </h2>
      {quoted.length === 0 ? (
        <div className="skel sectors-movers__skeleton" aria-busy="true" />
      ) : (
        <>
          <p className="sectors-movers__count num">
            <span className="up">{t('movers.up', { count: up })}</span>
            <span className="down">{t('movers.down', { count: down })}</span>
          </p>
          <div className="sectors-movers__cols">
            <div>
              <h3 className="sectors-movers__head">{t('movers.leaders')}</h3>
              {list(sorted.slice(0, MOVERS), 'sector-leaders')}
            </div>
            <div>
              <h3 className="sectors-movers__head">{t('movers.laggards')}</h3>
              {list(sorted.slice(-MOVERS).reverse(), 'sector-laggards')}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

export function SectorsView({
  search,
  onSearch,
}: {
  search: SectorsSearch;
  onSearch: SearchPatch<SectorsSearch>;
}) {
  const { t, lang } = useSectorsText();
  const navigate = useNavigate();
  const interval = useLiveRefetchInterval('quote');
  const list = useQuery(indexListQuery(search.tag));
  const codes = useMemo(() => list.data?.item.map((i) => i.thscode) ?? [], [list.data]);
  const quotes = useIndexQuotes(codes, interval);

  const rows = useMemo<SectorRow[]>(() => {
    const items = (list.data?.item ?? []).map((item) => ({
      thscode: item.thscode,
      name: item.name,
      quote: quotes.byCode.get(item.thscode.toUpperCase()),
    }));
    // The rank is by the day's change whatever the table's sort.
    const ranked = [...items].sort(
      (a, b) =>
        (b.quote?.price_change_ratio_pct ?? -Infinity) - (a.quote?.price_change_ratio_pct ?? -Infinity),
    );
    const rankOf = new Map(ranked.map((r, i) => [r.thscode, i + 1]));
    return items.map((r) => ({ ...r, rank: rankOf.get(r.thscode) ?? 0 }));
  }, [list.data, quotes.byCode]);

  const tiles = useMemo<HeatTile[]>(
    () =>
      rows.flatMap((r) =>
        r.quote
          ? [
              {
                thscode: r.thscode,
                name: r.name,
                changePct: r.quote.price_change_ratio_pct,
                turnover: r.quote.turnover,
              },
            ]
          : [],
      ),
    [rows],
  );

  const sort = parseSort(search.sort, SECTOR_SORT_COLUMNS) ?? { column: 'change_pct', desc: true };
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.column, desc: sort.desc }],
    [sort.column, sort.desc],
  );
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const spec = first ? parseSort(`${first.id}.${first.desc ? 'desc' : 'asc'}`, SECTOR_SORT_COLUMNS) : null;
    onSearch({ sort: spec ? formatSort(spec) : SECTORS_SEARCH_DEFAULTS.sort }, { replace: true });
  };
  const columns = useMemo(() => rankingColumns(t, lang), [t, lang]);
  const group = t(`tag.${search.tag}`);
  const error = list.error ?? quotes.error;

  return (
    <div className="sectors-page" data-testid="sectors-page">
      <div className="panel sectors-head">
        <div className="sectors-head__row">
          <h1 className="sectors-head__title">{t('page.title')}</h1>
          <span className="muted sectors-head__intro">{t('page.intro')}</span>
          <span className="sectors-head__spacer" />
          <CopyLinkButton />
        </div>
        <div className="sectors-head__tags">
          <Segmented
            label={t('tag.label')}
            value={search.tag}
            options={TAG_ORDER.map((tag) => ({ value: tag, label: t(`tag.${tag}`) }))}
            onChange={(tag) => onSearch({ tag })}
            testId="sector-tag"
          />
        </div>
      </div>
      <div className="sectors-top">
        <section className="panel sectors-heat" aria-labelledby="sectors-heat-title">
          <div className="sectors-section-head">
            <h2 id="sectors-heat-title" className="sectors-section-title">
              {t('heat.title')} · {group}
            </h2>
            <span className="muted sectors-hint">{t('heat.hint')}</span>
          </div>
          {error ? (
            <ErrorState
              error={error}
              onRetry={() => {
                if (list.isError) void list.refetch();
                quotes.refetch();
              }}
            />
          ) : list.isPending || quotes.pending ? (
            <div className="skel sectors-heat__skeleton" aria-busy="true" />
          ) : tiles.length === 0 ? (
            <Empty>{t('heat.empty')}</Empty>
          ) : (
            <HeatMap tiles={tiles} label={t('heat.label', { group })} height={HEAT_HEIGHT} />
          )}
        </section>
        <div className="sectors-side">
          <MainIndices />
          <Movers rows={rows} group={group} />
        </div>
      </div>
      <section className="panel sectors-ranking" aria-label={t('ranking.label')}>
        <h2 className="sectors-section-title">{t('ranking.title', { group })}</h2>
        <DataTable
          key={search.tag}
          id={`sectors-${search.tag}`}
          label={t('ranking.title', { group })}
          columns={columns}
          rows={list.data ? rows : undefined}
          loading={list.isFetching || quotes.fetching}
          error={error ?? undefined}
          getRowId={(row) => row.thscode}
          onRowClick={(row) => void navigate({ to: '/sectors/$thscode', params: { thscode: row.thscode } })}
          sorting={sorting}
          onSortingChange={onSortingChange}
          exportName={`sectors_${search.tag}`}
          empty={t('ranking.empty')}
        />
      </section>
    </div>
  );
}

/** The page's frame while the route loads. */
export function SectorsSkeleton() {
  const { t } = useSectorsText();
  return (
    <div className="sectors-page" aria-busy="true">
      <div className="panel sectors-head">
        <div className="sectors-head__row">
          <h1 className="sectors-head__title">{t('page.title')}</h1>
        </div>
        <div className="skel sectors-head__skeleton" />
      </div>
      <div className="sectors-top">
        <section className="panel sectors-heat">
          <div className="skel sectors-heat__skeleton" />
        </section>
        <section className="panel sectors-indices">
          <div className="skel sectors-heat__skeleton" />
        </section>
      </div>
    </div>
  );
}
