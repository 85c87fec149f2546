import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLiveRefetchInterval } from '../../api/live';
import { Field } from '../../components/Field';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { Segmented } from '../../components/Segmented';
import { DASH, formatShanghaiDate } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { MONITOR_STATES, SIZE_CHOICES, type HotSearch, type MonitorState } from './url-state';
import type { UpdateSearch } from './url-state';
import { useHotText, type HotT } from './messages';
import { monitorKind } from './model';
import { monitorQuery, type MonitorItem } from './queries';
import { StockLink } from '../../components/StockLink';
import { TABLE_HEIGHT } from './Skeletons';

/**
 * The monitor label as received in Chinese (the service's text); in English the label of its kind,
 * which the type decides (1 and 2 severe abnormal fluctuation, the rest key monitoring).
 */
export function MonitorLabel({ item, t, lang }: { item: MonitorItem; t: HotT; lang: Language }) {
  const kind = monitorKind(item.monitor_type);
  const text = lang === 'zh-CN' && item.monitor_label !== '' ? item.monitor_label : t(`monitor.${kind}`);
  return (
    <span className={`hot-badge hot-badge--${kind}`} title={item.monitor_label}>
      {text}
    </span>
  );
}

function monitorColumns(t: HotT, lang: Language, state: MonitorState): DataColumn<MonitorItem>[] {
  // The source may send a null or empty code or name; such rows stay, without a link.
  const nameOf = (r: MonitorItem) => (r.name === null || r.name === '' ? null : r.name);
  return [
    {
      id: 'code',
      header: t('col.code'),
      value: (r) => r.thscode,
      cell: (r) => (r.thscode ? <StockLink thscode={r.thscode}>{r.thscode}</StockLink> : DASH),
      width: 110,
    },
    {
      id: 'name',
      header: t('col.name'),
      value: nameOf,
      cell: (r) => {
        const name = nameOf(r);
        if (name === null) return <span className="muted">{t('monitor.unnamed')}</span>;
        return r.thscode ? <StockLink thscode={r.thscode}>{name}</StockLink> : name;
      },
      hideable: false,
    },
    {
      id: 'label',
      header: t('monitor.type'),
      value: (r) => r.monitor_label,
      cell: (r) => <MonitorLabel item={r} t={t} lang={lang} />,
    },
    {
      id: 'type',
      header: t('monitor.typeCode'),
      value: (r) => r.monitor_type,
      numeric: true,
      defaultHidden: true,
    },
    {
      id: 'start',
      header: t('monitor.start'),
      value: (r) => formatShanghaiDate(r.start_date_ms),
      width: 110,
    },
    {
      id: 'end',
      header: t('monitor.end'),
      value: (r) => (r.end_date_ms === null ? null : formatShanghaiDate(r.end_date_ms)),
      cell: (r) =>
        r.end_date_ms === null ? (
          state === 'current' ? (
            <span className="muted">{t('monitor.ongoing')}</span>
          ) : (
            DASH
          )
        ) : (
          formatShanghaiDate(r.end_date_ms)
        ),
      width: 110,
    },
  ];
}

/**
 * Stocks under exchange monitoring, paged the way the service pages: forward while `has_next`, back to
 * the first page; the current list refreshes every minute while the market trades.
 */
export function MonitorView({ search, onSearch }: { search: HotSearch; onSearch: UpdateSearch }) {
  const { t, lang } = useHotText();
  const navigate = useNavigate();
  const live = useLiveRefetchInterval('intraday');
  const { state, page, size } = search;
  const query = useQuery({
    ...monitorQuery(state, page, size),
    refetchInterval: state === 'current' ? live : false,
  });
  const columns = useMemo(() => monitorColumns(t, lang, state), [t, lang, state]);
  // The answer on screen may still be the previous page's (kept while the next loads).
  const settled = query.data !== undefined && !query.isPlaceholderData;
  const pagination = settled ? query.data.pagination : undefined;
  const hasNext = pagination?.has_next === true;
  const total = pagination?.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size));
  const pastEnd = settled && page > 1 && query.data.item.length === 0;
  const sizes: readonly number[] = SIZE_CHOICES.some((n) => n === size)
    ? SIZE_CHOICES
    : [...SIZE_CHOICES, size].sort((a, b) => a - b);

  return (
    <div className="hot-view" data-testid="monitor-view">
      <div className="hot-toolbar">
        <Segmented
          label={t('monitor.state')}
          value={state}
          testId="monitor-state"
          options={MONITOR_STATES.map((value) => ({ value, label: t(`monitor.${value}`) }))}
          onChange={(next) => onSearch({ state: next, page: 1 })}
        />
        <Field label={t('monitor.size')}>
          <select
            className="field-input"
            value={size}
            data-testid="monitor-size"
            onChange={(event) => onSearch({ size: Number(event.target.value), page: 1 })}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <nav className="hot-pager" aria-label={t('monitor.paging')}>
          <button
            type="button"
            className="btn btn--small"
            disabled={page <= 1}
            onClick={() => onSearch({ page: page - 1 })}
            data-testid="monitor-prev"
          >
            ‹ {t('monitor.prev')}
          </button>
          <span className="hot-pager__page num" data-testid="monitor-page" aria-live="polite">
            {pages !== null && total !== null
              ? t('monitor.pageOf', { page, pages, total })
              : t('monitor.page', { page })}
          </span>
          <button
            type="button"
            className="btn btn--small"
            disabled={!hasNext}
            onClick={() => onSearch({ page: page + 1 })}
            data-testid="monitor-next"
          >
            {t('monitor.next')} ›
          </button>
        </nav>
      </div>
      {pastEnd ? (
        <div className="state state--empty" role="status">
          <span>{t('monitor.pastEnd', { page })}</span>
          <button type="button" className="btn btn--small" onClick={() => onSearch({ page: 1 })}>
            {t('monitor.first')}
          </button>
        </div>
      ) : (
        <DataTable
          id="hot-monitor"
          label={t('monitor.table', { state: t(`monitor.${state}`) })}
          exportName={`abnormal-monitor-${state}-p${page}`}
          columns={columns}
          rows={query.data?.item}
          loading={query.isFetching && (query.isPending || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          getRowId={(row, index) => `${row.thscode ?? ''}|${row.start_date_ms}|${row.monitor_type}|${index}`}
          onRowClick={(row) => {
            if (row.thscode) void navigate({ to: '/stock/$thscode', params: { thscode: row.thscode } });
          }}
          maxHeight={TABLE_HEIGHT}
          empty={t('monitor.empty')}
        />
      )}
    </div>
  );
}
