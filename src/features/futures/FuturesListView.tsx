import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useWindowsRefetchInterval } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Segmented } from '../../components/Segmented';
import { varietyTradingWindows } from '../../contract/market-session';
import { futuresVarietyOf } from '../../contract/operations/futures';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDateTime,
  tickDigits,
} from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { formatBasis, formatFuturesPrice, formatRate } from './format';
import { exchangesOf, filterBasis, groupVarieties, type ExchangeGroup, type VarietyRow } from './list';
import { exchangeLabel, useFuturesText, type FuturesT } from './messages';
import { PlannedNotice } from './PlannedNotice';
import {
  commodityIndexQuery,
  latestBasisQuery,
  mainContinuousQuery,
  platesQuery,
  varietiesQuery,
  type CommodityIndex,
  type LatestBasis,
  type Variety,
} from './queries';
import {
  FILTER_MAX,
  formatSort,
  parseSort,
  type FuturesListSearch,
  type UpdateListSearch,
} from './url-state';
import './futures.css';

function FuturesCodeLink({ thscode, children }: { thscode: string | null; children: string }) {
  if (!thscode) return <>{children}</>;
  return (
    <Link to="/futures/$thscode" params={{ thscode }}>
      {children}
    </Link>
  );
}

function signed(value: number | null, text: string) {
  return <span className={direction(value)}>{text}</span>;
}

function basisColumns(
  t: FuturesT,
  lang: Language,
  digitsOf: (row: LatestBasis) => number,
): DataColumn<LatestBasis>[] {
  const price = (id: string, header: string, pick: (r: LatestBasis) => number | null, hidden = false) => ({
    id,
    header,
    value: pick,
    cell: (r: LatestBasis) => formatFuturesPrice(pick(r), lang, digitsOf(r)),
    numeric: true,
    defaultHidden: hidden,
  });
  const basis = (id: string, header: string, pick: (r: LatestBasis) => number | null, title?: string) => ({
    id,
    header,
    title,
    value: pick,
    cell: (r: LatestBasis) => signed(pick(r), formatBasis(pick(r), lang, digitsOf(r), { sign: true })),
    numeric: true,
  });
  const rate = (id: string, header: string, pick: (r: LatestBasis) => number | null) => ({
    id,
    header,
    value: pick,
    cell: (r: LatestBasis) => signed(pick(r), formatRate(pick(r), lang)),
    numeric: true,
  });
  return [
    {
      id: 'name',
      header: t('col.name'),
      value: (r) => r.name,
      cell: (r) => <FuturesCodeLink thscode={r.thscode}>{r.name ?? r.thscode ?? DASH}</FuturesCodeLink>,
      hideable: false,
    },
    {
      id: 'thscode',
      header: t('col.code'),
      value: (r) => r.thscode,
      cell: (r) => <FuturesCodeLink thscode={r.thscode}>{r.thscode ?? DASH}</FuturesCodeLink>,
      width: 96,
    },
    {
      id: 'spot_price',
      header: t('col.spot'),
      value: (r) => r.spot_price,
      cell: (r) => formatBasis(r.spot_price, lang, digitsOf(r)),
      numeric: true,
    },
    {
      id: 'converted_spot_price',
      header: t('col.convertedSpot'),
      title: t('col.convertedSpotTitle'),
      value: (r) => r.converted_spot_price,
      cell: (r) => formatBasis(r.converted_spot_price, lang, digitsOf(r)),
      numeric: true,
      defaultHidden: true,
    },
    price('close_price', t('col.close'), (r) => r.close_price),
    price('settle_price', t('col.settle'), (r) => r.settle_price),
    basis('close_basis', t('col.closeBasis'), (r) => r.close_basis),
    basis('settle_basis', t('col.settleBasis'), (r) => r.settle_basis),
    rate('close_basis_rate', t('col.closeRate'), (r) => r.close_basis_rate),
    rate('settle_basis_rate', t('col.settleRate'), (r) => r.settle_basis_rate),
    basis('average_close_basis', t('col.avgClose'), (r) => r.average_close_basis, t('col.avgTitle')),
    basis('average_settle_basis', t('col.avgSettle'), (r) => r.average_settle_basis, t('col.avgTitle')),
    { id: 'spot_publish_date', header: t('col.spotDate'), value: (r) => r.spot_publish_date, width: 96 },
    { id: 'reference_site', header: t('col.source'), value: (r) => r.reference_site },
    { id: 'default_value', header: t('col.spotName'), value: (r) => r.default_value, defaultHidden: true },
    {
      id: 'spot_indicator_id',
      header: t('col.indicator'),
      value: (r) => r.spot_indicator_id,
      defaultHidden: true,
    },
    { id: 'updated_at', header: t('col.updated'), value: (r) => r.updated_at, defaultHidden: true },
  ];
}

function LatestBasisSection({
  search,
  onSearch,
  varieties,
}: {
  search: FuturesListSearch;
  onSearch: UpdateListSearch;
  varieties: readonly Variety[] | undefined;
}) {
  const { t, lang } = useFuturesText();
  // The basis follows the futures sessions: it refreshes while any exchange trades (night sessions too).
  const windows = useMemo(
    () => (varieties ? varieties.flatMap((v) => varietyTradingWindows(v)) : null),
    [varieties],
  );
  const refetchInterval = useWindowsRefetchInterval('intraday', windows);
  const query = useQuery({ ...latestBasisQuery(), refetchInterval });
  const digitsOf = useMemo(() => {
    const ticks = new Map(
      (varieties ?? []).map((v) => [v.variety_code?.toUpperCase(), tickDigits(v.tick_size)]),
    );
    return (row: LatestBasis) => ticks.get(futuresVarietyOf(row.thscode ?? '') ?? '') ?? 2;
  }, [varieties]);
  const columns = useMemo(() => basisColumns(t, lang, digitsOf), [t, lang, digitsOf]);
  const rows = useMemo(
    () => (query.data ? filterBasis(query.data.item, varieties, search.exchange, search.q) : undefined),
    [query.data, varieties, search.exchange, search.q],
  );
  const first = query.data?.item[0];
  const sorting = useMemo(() => parseSort(search.sort), [search.sort]);
  return (
    <section className="panel fut-section" aria-labelledby="fut-basis-title" data-testid="latest-basis">
      <div className="fut-section__head">
        <h2 id="fut-basis-title" className="panel__title">
          {t('basis.title')}
        </h2>
        <span className="muted fut-note">
          {t('basis.note', {
            date: first?.spot_publish_date ?? DASH,
            time: formatShanghaiDateTime(query.data?.timestamp),
          })}
          {refetchInterval !== false && ` · ${t('basis.live')}`}
        </span>
      </div>
      <DataTable
        id="futures-latest-basis"
        label={t('basis.table')}
        exportName="futures-latest-basis"
        columns={columns}
        rows={rows}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        getRowId={(row, index) => row.thscode ?? String(index)}
        sorting={sorting}
        onSortingChange={(next) => onSearch({ sort: formatSort(next) }, { replace: true })}
        maxHeight={520}
        empty={search.q ? t('list.noMatch', { q: search.q }) : t('basis.empty')}
      />
    </section>
  );
}

function feeText(v: Variety, t: FuturesT, lang: Language): string {
  if (v.transaction_fee !== null) return t('fee.perLot', { fee: formatNumber(v.transaction_fee, lang, 2) });
  if (v.transaction_fee_rate !== null)
    return t('fee.rate', { rate: formatPercent(v.transaction_fee_rate, lang, { digits: 4 }) });
  return DASH;
}

/** `21:00–01:00` of a variety's night session, or "none". */
export function nightText(v: Variety, t: FuturesT): string {
  const night = (v.trade_sessions ?? []).find((s) => (s.start_time ?? '') >= '20:00');
  if (night) return `${night.start_time ?? ''}–${night.end_time ?? ''}`;
  return v.has_night_session === true ? '✓' : v.has_night_session === false ? t('varieties.noNight') : DASH;
}

function varietyColumns(
  t: FuturesT,
  lang: Language,
  offered: { plates: boolean; visits: boolean },
): DataColumn<VarietyRow>[] {
  const columns: DataColumn<VarietyRow>[] = [
    ...(offered.plates
      ? [
          {
            id: 'plate',
            header: t('col.plate'),
            value: (r: VarietyRow) => r.plate ?? t('plate.none'),
            width: 88,
          },
        ]
      : []),
    {
      id: 'variety',
      header: t('col.variety'),
      value: (r) => r.code,
      cell: (r) => (
        <span className="fut-variety">
          <span>{r.variety.name ?? r.code}</span> <span className="muted num">{r.code}</span>
        </span>
      ),
      hideable: false,
    },
    {
      id: 'main',
      header: t('col.main'),
      value: (r) => r.variety.main_contract_thscode,
      cell: (r) => (
        <FuturesCodeLink thscode={r.variety.main_contract_thscode}>
          {r.variety.main_contract_thscode ?? DASH}
        </FuturesCodeLink>
      ),
    },
    { id: 'night', header: t('col.night'), value: (r) => nightText(r.variety, t), width: 96 },
    {
      id: 'margin',
      header: t('col.margin'),
      value: (r) => r.variety.margin_rate,
      cell: (r) => formatPercent(r.variety.margin_rate, lang, { digits: 1 }),
      numeric: true,
    },
    {
      id: 'multiplier',
      header: t('col.multiplier'),
      value: (r) => r.variety.contract_multiplier,
      cell: (r) =>
        r.variety.contract_multiplier === null
          ? DASH
          : `${formatNumber(r.variety.contract_multiplier, lang, 0)} ${r.variety.trade_unit ?? ''}`.trim(),
      numeric: true,
    },
    {
      id: 'tick',
      header: t('col.tick'),
      value: (r) => r.variety.tick_size,
      cell: (r) =>
        r.variety.tick_size === null
          ? DASH
          : `${formatNumber(r.variety.tick_size, lang, tickDigits(r.variety.tick_size))} ${r.variety.price_unit ?? ''}`.trim(),
      numeric: true,
    },
    { id: 'fee', header: t('col.fee'), value: (r) => feeText(r.variety, t, lang), numeric: true },
  ];
  if (offered.visits)
    columns.push({
      id: 'visits',
      header: t('col.visits'),
      title: t('col.visitsTitle'),
      value: (r) => r.visits,
      cell: (r) => formatAmount(r.visits, lang),
      numeric: true,
      defaultHidden: true,
    });
  return columns;
}

function VarietyGroup({
  group,
  columns,
  byPlate,
}: {
  group: ExchangeGroup;
  columns: DataColumn<VarietyRow>[];
  byPlate: boolean;
}) {
  const { t } = useFuturesText();
  const label = exchangeLabel(group.exchange, group.name, t);
  return (
    <div className="fut-group" data-testid={`exchange-${group.exchange}`}>
      <h3 className="fut-group__title">
        {group.name} <span className="muted num">{group.exchange}</span>{' '}
        <span className="muted fut-note">{t('varieties.count', { count: group.rows.length })}</span>
      </h3>
      <DataTable
        id="futures-varieties"
        label={t('varieties.table', { exchange: label })}
        exportName={`futures-varieties-${group.exchange.toLowerCase()}`}
        columns={columns}
        rows={group.rows}
        getRowId={(row) => row.code}
        defaultSorting={byPlate ? [{ id: 'plate', desc: false }] : []}
        maxHeight="none"
        empty={t('varieties.empty')}
      />
    </div>
  );
}

function VarietiesSection({ search }: { search: FuturesListSearch }) {
  const { t, lang } = useFuturesText();
  const varieties = useQuery(varietiesQuery());
  const plates = useQuery(platesQuery());
  const visits = useQuery(mainContinuousQuery());
  const offered = { plates: !plates.isError, visits: !visits.isError };
  const columns = useMemo(
    () => varietyColumns(t, lang, { plates: !plates.isError, visits: !visits.isError }),
    [t, lang, plates.isError, visits.isError],
  );
  const groups = useMemo(
    () =>
      varieties.data
        ? groupVarieties(varieties.data.item, plates.data?.item, visits.data?.item, search.exchange, search.q)
        : [],
    [varieties.data, plates.data, visits.data, search.exchange, search.q],
  );
  return (
    <section className="panel fut-section" aria-labelledby="fut-varieties-title" data-testid="varieties">
      <div className="fut-section__head">
        <h2 id="fut-varieties-title" className="panel__title">
          {t('varieties.title')}
        </h2>
      </div>
      {plates.isError && (
        <PlannedNotice
          what={t('planned.plates')}
          error={plates.error}
          onRetry={() => void plates.refetch()}
          testId="plates-not-offered"
        />
      )}
      {visits.isError && (
        <PlannedNotice
          what={t('planned.visits')}
          error={visits.error}
          onRetry={() => void visits.refetch()}
        />
      )}
      {varieties.isPending ? (
        <div className="skel fut-skel-table" aria-hidden="true" />
      ) : varieties.isError ? (
        <DataTable
          id="futures-varieties"
          label={t('varieties.title')}
          columns={columns}
          rows={undefined}
          error={varieties.error}
          onRetry={() => void varieties.refetch()}
        />
      ) : groups.length === 0 ? (
        <p className="muted">{search.q ? t('list.noMatch', { q: search.q }) : t('varieties.empty')}</p>
      ) : (
        groups.map((group) => (
          <VarietyGroup key={group.exchange} group={group} columns={columns} byPlate={offered.plates} />
        ))
      )}
    </section>
  );
}

function indexColumns(t: FuturesT): DataColumn<CommodityIndex>[] {
  return [
    { id: 'name', header: t('col.name'), value: (r) => r.name, hideable: false },
    { id: 'thscode', header: t('col.code'), value: (r) => r.thscode, width: 96 },
    { id: 'list_date', header: t('col.listDate'), value: (r) => r.list_date, width: 96 },
    { id: 'end_date', header: t('col.endDate'), value: (r) => r.end_date, width: 96 },
  ];
}

function CommodityIndexSection() {
  const { t } = useFuturesText();
  const query = useQuery(commodityIndexQuery());
  const columns = useMemo(() => indexColumns(t), [t]);
  return (
    <section
      className="panel fut-section"
      aria-labelledby="fut-indices-title"
      data-testid="commodity-indices"
    >
      <div className="fut-section__head">
        <h2 id="fut-indices-title" className="panel__title">
          {t('indices.title')}
        </h2>
      </div>
      {query.isError ? (
        <PlannedNotice
          what={t('planned.indices')}
          error={query.error}
          onRetry={() => void query.refetch()}
          testId="indices-not-offered"
        />
      ) : (
        <DataTable
          id="futures-commodity-indices"
          label={t('indices.table')}
          columns={columns}
          rows={query.data?.item}
          loading={query.isPending}
          getRowId={(row, index) => row.thscode ?? String(index)}
          maxHeight="none"
          empty={t('indices.empty')}
        />
      )}
    </section>
  );
}

export function FuturesListView({
  search,
  onSearch,
}: {
  search: FuturesListSearch;
  onSearch: UpdateListSearch;
}) {
  const { t } = useFuturesText();
  const varieties = useQuery(varietiesQuery());
  const exchanges = exchangesOf(varieties.data?.item);
  const options = [
    { value: 'all', label: t('list.all') },
    ...exchanges.map((e) => ({ value: e.code, label: exchangeLabel(e.code, e.name, t), title: e.name })),
  ];
  const value = options.some((o) => o.value === search.exchange) ? search.exchange : 'all';
  return (
    <div className="fut-page" data-testid="futures-list">
      <header className="panel fut-head">
        <h1 className="fut-head__title">{t('list.title')}</h1>
        <label className="fut-filter">
          <span className="visually-hidden">{t('list.filter')}</span>
          <input
            type="search"
            className="field-input"
            value={search.q}
            maxLength={FILTER_MAX}
            placeholder={t('list.filterHint')}
            aria-label={t('list.filter')}
            data-testid="futures-filter"
            onChange={(event) => onSearch({ q: event.target.value }, { replace: true })}
          />
        </label>
        <Segmented
          label={t('list.exchange')}
          value={value}
          options={options}
          testId="exchange-switch"
          onChange={(exchange) => onSearch({ exchange })}
        />
        <span className="fut-head__spacer" />
        <CopyLinkButton />
      </header>
      <LatestBasisSection search={search} onSearch={onSearch} varieties={varieties.data?.item} />
      <VarietiesSection search={search} />
      <CommodityIndexSection />
    </div>
  );
}
