import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLiveRefetchInterval } from '../../api/live';
import { Field } from '../../components/Field';
import { DataTable, codeNameColumns, type DataColumn } from '../../components/DataTable';
import { Segmented } from '../../components/Segmented';
import { formatNumber, formatShanghaiDateTime } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { HOT_LISTS, HOT_PERIODS, LIMIT_CHOICES, type HotSearch } from './url-state';
import type { UpdateSearch } from './url-state';
import { useHotText, type HotT } from './messages';
import { TREND_ARROWS, parseHeat, trendOf } from './model';
import { HeatBar, maxHeat, quoteColumns } from './columns';
import { quoteListQuery, quotesByCode, type QuoteItem } from '../../api/quotes';
import { rankingQuery, type RankingItem } from '../../api/rankings';
import { TABLE_HEIGHT } from './Skeletons';

export function RankChange({ item, t, lang }: { item: RankingItem; t: HotT; lang: Language }) {
  const trend = trendOf(item.rank_trend, item.rank_change);
  const tone = trend === 'up' ? 'up' : trend === 'down' ? 'down' : 'flat';
  return (
    <span className={`hot-change ${tone}`} title={t(`trend.${trend}`)}>
      <span aria-hidden="true">{TREND_ARROWS[trend]}</span>
      <span className="visually-hidden">{t(`trend.${trend}`)}</span>{' '}
      {formatNumber(item.rank_change, lang, 0, { sign: true })}
    </span>
  );
}

function rankColumns(
  t: HotT,
  lang: Language,
  quotes: ReadonlyMap<string, QuoteItem>,
  heatMax: number,
): DataColumn<RankingItem>[] {
  return [
    { id: 'rank', header: t('col.rank'), value: (r) => r.rank, numeric: true, hideable: false, width: 56 },
    {
      id: 'change',
      header: t('col.change'),
      value: (r) => r.rank_change,
      cell: (r) => <RankChange item={r} t={t} lang={lang} />,
      numeric: true,
      width: 96,
    },
    ...codeNameColumns<RankingItem>({ code: t('col.code'), name: t('col.name') }),
    ...quoteColumns<RankingItem>(t, lang, quotes),
    {
      id: 'heat',
      header: t('col.heat'),
      title: t('col.heatTitle'),
      value: (r) => parseHeat(r.heat),
      cell: (r) => <HeatBar heat={r.heat} max={heatMax} lang={lang} />,
      numeric: true,
      width: 160,
    },
  ];
}

/** The hot-stock or skyrocket list, refreshed every minute while the market trades. */
export function RankView({ search, onSearch }: { search: HotSearch; onSearch: UpdateSearch }) {
  const { t, lang } = useHotText();
  const navigate = useNavigate();
  const refetchInterval = useLiveRefetchInterval('intraday');
  const query = useQuery({ ...rankingQuery(search.list, search.period, search.limit), refetchInterval });
  const codes = useMemo(() => (query.data?.item ?? []).map((item) => item.thscode), [query.data]);
  // Prices of every listed stock in one snapshot, refreshed like any quote during sessions.
  const quoteInterval = useLiveRefetchInterval('quote');
  const quoteList = useQuery({
    ...quoteListQuery(codes),
    enabled: codes.length > 0,
    refetchInterval: quoteInterval,
  });
  const quotes = useMemo(() => quotesByCode(quoteList.data?.item), [quoteList.data]);
  const heatMax = useMemo(() => maxHeat(query.data?.item), [query.data]);
  const columns = useMemo(() => rankColumns(t, lang, quotes, heatMax), [t, lang, quotes, heatMax]);
  const updated = query.data?.timestamp;
  const limits: readonly number[] = LIMIT_CHOICES.some((n) => n === search.limit)
    ? LIMIT_CHOICES
    : [...LIMIT_CHOICES, search.limit].sort((a, b) => a - b);
  const label = t('rank.table', { list: t(`list.${search.list}`), period: t(`period.${search.period}`) });

  return (
    <div className="hot-view" data-testid="rank-view">
      <div className="hot-toolbar">
        <Segmented
          label={t('list.label')}
          value={search.list}
          testId="list-switch"
          options={HOT_LISTS.map((list) => ({ value: list, label: t(`list.${list}`) }))}
          onChange={(list) => onSearch({ list })}
        />
        <Segmented
          label={t('period.label')}
          value={search.period}
          testId="period-switch"
          options={HOT_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
          onChange={(period) => onSearch({ period })}
        />
        <Field label={t('limit.label')}>
          <select
            className="field-input"
            value={search.limit}
            data-testid="limit-select"
            onChange={(event) => onSearch({ limit: Number(event.target.value) })}
          >
            {limits.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <span className="hot-toolbar__note muted" data-testid="rank-updated">
          {typeof updated === 'number' ? t('rank.updated', { time: formatShanghaiDateTime(updated) }) : ''}
          {refetchInterval !== false && ` · ${t('rank.live')}`}
        </span>
      </div>
      <DataTable
        id="hot-rank"
        label={label}
        exportName={`${search.list}-${search.period}`}
        columns={columns}
        rows={query.data?.item}
        loading={query.isFetching && (query.isPending || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        getRowId={(row) => row.thscode}
        onRowClick={(row) => void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } })}
        maxHeight={TABLE_HEIGHT}
        empty={t('rank.empty')}
      />
    </div>
  );
}
