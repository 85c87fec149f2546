import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { IPO_APPLICATION_PAGE_SIZE } from '../../contract/operations/hk-ipo-terms';
import { matchesFilter, type ApplicationRecord } from './model';
import { useHkIpoText } from './messages';
import { applicationsQuery } from './queries';
import { DateCell } from './parts';

/**
 * Recent listing applications, 50 a page. The service may not know the total, so paging follows
 * `has_next`; a company that filed twice is listed twice, as the service keeps it.
 */
export function Applications({
  page,
  q,
  onPage,
}: {
  page: number;
  q: string | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useHkIpoText();
  const query = useQuery(applicationsQuery(page));
  const rows = useMemo(
    () => query.data?.item.filter((row) => matchesFilter(q, row.company_name)),
    [query.data, q],
  );
  const columns = useMemo(
    (): DataColumn<ApplicationRecord>[] => [
      { id: 'company', header: t('col.company'), value: (row) => row.company_name, hideable: false },
      {
        id: 'applied',
        header: t('col.applied'),
        value: (row) => row.application_date,
        cell: (row) => <DateCell date={row.application_date} today={null} />,
      },
    ],
    [t],
  );
  const hasNext = query.data?.pagination.has_next ?? false;
  const shownPage = query.data?.pagination.page ?? page;
  const first = (shownPage - 1) * IPO_APPLICATION_PAGE_SIZE;

  return (
    <section
      className="panel hkipo-apps"
      aria-labelledby="hkipo-apps-title"
      data-testid="hk-ipo-applications"
    >
      <h2 id="hkipo-apps-title" className="panel__title">
        {t('section.applications')}
      </h2>
      <p className="muted">{t('apps.note')}</p>
      <DataTable
        id="hk-ipo-applications"
        label={t('section.applications')}
        columns={columns}
        rows={rows}
        loading={query.isPending || query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        // Rows repeat by design (refilings): the place on the page tells them apart.
        getRowId={(_row, index) => String(first + index)}
        maxHeight="60vh"
        exportName={`hk-ipo-applications-p${shownPage}`}
        empty={t('apps.empty')}
      />
      <nav className="hkipo-pager" aria-label={t('apps.paging')}>
        <button
          type="button"
          className="btn btn--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('apps.prev')}
        </button>
        <span className="num" aria-live="polite">
          {t('apps.page', { page })}
        </span>
        <button type="button" className="btn btn--small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          {t('apps.next')}
        </button>
      </nav>
    </section>
  );
}
