import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLiveRefetchInterval } from '../../api/live';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { codeNameColumns } from '../../components/DataTable/stockColumns';
import { Segmented } from '../../components/Segmented';
import { Empty, ErrorState } from '../../components/states';
import { ANOMALY_TAGS } from '../../contract/operations/market-extras-terms';
import { useLimitUpText, type LimitUpT } from './messages';
import { anomalyListQuery, anomalyStockQuery, type AnomalyItem, type AnomalyTag } from './queries';
import type { LimitUpSearch } from './url-state';

/**
 * The anomaly analysis: every stock's anomaly reasons of the day (the service keeps today only), filtered
 * by tag by the service itself, and the reasons of one stock in the detail panel.
 */

type Tag = AnomalyTag;

interface AnomalyRow extends AnomalyItem {
  name: string;
  index: number;
}

function anomalyColumns(t: LimitUpT): DataColumn<AnomalyRow>[] {
  return [
    ...codeNameColumns<AnomalyRow>({ code: t('col.code'), name: t('col.name') }),
    {
      id: 'tag',
      header: t('anomaly.colTag'),
      value: (r) => r.tag_name,
      cell: (r) => <span className="lu-tag">{r.tag_name}</span>,
      width: 88,
    },
    { id: 'keywords', header: t('anomaly.colKeywords'), value: (r) => r.keyword_list.join('、') },
    {
      id: 'content',
      header: t('anomaly.colContent'),
      value: (r) => r.analysis_content,
      cell: (r) => (
        <span className="lu-content" title={r.analysis_content}>
          {r.analysis_content}
        </span>
      ),
    },
  ];
}

export function AnomalyList({
  available,
  date,
  tag,
  code,
  onSearch,
}: {
  /** The chosen day is the service's "today". */
  available: boolean;
  date: string;
  tag: Tag | undefined;
  code: string | undefined;
  onSearch: (patch: Partial<LimitUpSearch>, opts?: { replace?: boolean }) => void;
}) {
  const { t } = useLimitUpText();
  const interval = useLiveRefetchInterval('intraday');
  const list = useQuery({ ...anomalyListQuery(tag, interval), enabled: available });
  const rows = useMemo<AnomalyRow[] | undefined>(
    () => list.data?.item.map((item, index) => ({ ...item, name: item.stock_name, index })),
    [list.data],
  );
  const columns = useMemo(() => anomalyColumns(t), [t]);
  return (
    <section className="panel lu-anomalies" aria-labelledby="lu-anomalies-title" data-testid="anomalies">
      <div className="lu-section-head">
        <h2 id="lu-anomalies-title" className="lu-section-title">
          {t('anomaly.title')}
        </h2>
        {available && (
          <Segmented
            label={t('anomaly.tag')}
            value={tag ?? 'ALL'}
            options={[
              { value: 'ALL', label: t('anomaly.all') },
              ...ANOMALY_TAGS.map((value) => ({ value, label: t(`tag.${value}`) })),
            ]}
            onChange={(value) =>
              onSearch({ tag: ANOMALY_TAGS.find((t2) => t2 === value) }, { replace: true })
            }
            testId="anomaly-tag"
          />
        )}
      </div>
      {!available ? (
        <Empty>{t('anomaly.todayOnly', { date })}</Empty>
      ) : (
        <DataTable
          id="limit-up-anomalies"
          label={t('anomaly.table')}
          columns={columns}
          rows={rows}
          loading={list.isFetching}
          error={list.error ?? undefined}
          onRetry={() => void list.refetch()}
          getRowId={(r) => `${r.thscode}:${r.index}`}
          onRowClick={(r) => onSearch({ code: r.thscode })}
          isRowSelected={(r) => r.thscode === code}
          exportName={`anomalies_${date}`}
          empty={t('anomaly.empty')}
          maxHeight={360}
        />
      )}
    </section>
  );
}

/** One stock's reasons of the day, with a link to its page; closed by the button or Escape. */
export function StockDetail({
  code,
  name,
  available,
  onClose,
}: {
  code: string;
  name: string | undefined;
  available: boolean;
  onClose: () => void;
}) {
  const { t } = useLimitUpText();
  const detail = useQuery({ ...anomalyStockQuery(code), enabled: available });
  const label = name ?? code;
  return (
    <aside
      className="panel lu-detail"
      aria-labelledby="lu-detail-title"
      data-testid="stock-detail"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="lu-section-head">
        <h2 id="lu-detail-title" className="lu-section-title">
          {t('detail.title', { name: label })}
        </h2>
        <span className="num muted">{code}</span>
        <span className="lu-spacer" />
        <button type="button" className="btn btn--small" onClick={onClose}>
          {t('detail.close')}
        </button>
      </div>
      {!available ? (
        <Empty>{t('detail.notToday')}</Empty>
      ) : detail.isError ? (
        <ErrorState compact error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <div className="skel lu-detail--skeleton" aria-busy="true" />
      ) : detail.data.item.length === 0 ? (
        <Empty>{t('detail.none')}</Empty>
      ) : (
        <ol className="lu-detail__list">
          {detail.data.item.map((item, i) => (
            <li key={`${item.tag_name}-${i}`}>
              <div className="lu-detail__tags">
                <span className="lu-tag">{item.tag_name}</span>
                {item.keyword_list.map((k) => (
                  <span key={k} className="chip">
                    {k}
                  </span>
                ))}
              </div>
              <p className="lu-detail__text">{item.analysis_content}</p>
            </li>
          ))}
        </ol>
      )}
      <Link to="/stock/$thscode" params={{ thscode: code }}>
        {t('detail.open')}
      </Link>
    </aside>
  );
}
