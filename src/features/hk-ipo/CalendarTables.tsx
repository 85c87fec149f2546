import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../components/DataTable';
import type { IpoCalendarStatus } from '../../contract/operations/hk-ipo-terms';
import { DASH, formatNumber } from '../../lib/format';
import type { CalendarRow } from './model';
import { useHkIpoText } from './messages';
import { issueDetailQuery } from './queries';
import { DateCell, IssueFileLink, formatHkd } from './parts';

/** The board lot lives only in the issue detail (prefetched by the loader for every listed issue). */
function LotCell({ issueCode }: { issueCode: string }) {
  const { lang } = useHkIpoText();
  const detail = useQuery(issueDetailQuery(issueCode));
  if (detail.isPending) return <span className="skel skel--text hkipo-lot-skel" aria-hidden="true" />;
  return <>{detail.data?.lot_size == null ? DASH : formatNumber(detail.data.lot_size, lang, 0)}</>;
}

function NameCell({ row }: { row: CalendarRow }) {
  const { t } = useHkIpoText();
  return (
    <span className="hkipo-name">
      <span className="hkipo-name__text">{row.name}</span>
      <span className="hkipo-name__code num muted">{row.thscode ?? t('code.pending')}</span>
    </span>
  );
}

export interface CalendarTableProps {
  status: IpoCalendarStatus;
  rows: readonly CalendarRow[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  today: string | null;
  selected: string | undefined;
  onSelect: (issueCode: string) => void;
  empty: string;
}

/**
 * One calendar list as a table: the price text as given, the board lot, the entry fee as returned, the
 * deadline (open issues first by deadline) or the listing date (awaiting issues by listing day).
 */
export function CalendarTable({
  status,
  rows,
  loading,
  error,
  onRetry,
  today,
  selected,
  onSelect,
  empty,
}: CalendarTableProps) {
  const { lang, t } = useHkIpoText();
  const queryClient = useQueryClient();
  const columns = useMemo((): DataColumn<CalendarRow>[] => {
    const lotOf = (row: CalendarRow) =>
      queryClient.getQueryData(issueDetailQuery(row.issue_code).queryKey)?.lot_size ?? null;
    const name: DataColumn<CalendarRow> = {
      id: 'name',
      header: t('col.name'),
      value: (row) => row.name,
      cell: (row) => <NameCell row={row} />,
      hideable: false,
    };
    const deadline: DataColumn<CalendarRow> = {
      id: 'deadline',
      header: t('col.deadline'),
      value: (row) => row.subscription_end_date,
      cell: (row) => (
        <DateCell date={row.subscription_end_date} today={status === 'subscribable' ? today : null} />
      ),
    };
    const listing: DataColumn<CalendarRow> = {
      id: 'listing',
      header: t('col.listing'),
      value: (row) => row.listing_date,
      cell: (row) => (
        <DateCell date={row.listing_date} today={status === 'awaiting_listing' ? today : null} />
      ),
    };
    return [
      name,
      // The date that matters for the list comes first (a phone shows the first columns).
      ...(status === 'subscribable' ? [deadline] : [listing]),
      {
        id: 'price',
        header: t('col.price'),
        title: t('col.priceTitle'),
        value: (row) => row.issue_price_text,
        cell: (row) => <span className="num">{row.issue_price_text ?? DASH}</span>,
        sortable: false,
      },
      {
        id: 'fee',
        header: t('col.fee'),
        title: t('col.feeTitle'),
        numeric: true,
        value: (row) => row.entry_fee,
        cell: (row) => formatHkd(row.entry_fee, lang),
      },
      {
        id: 'lot',
        header: t('col.lot'),
        numeric: true,
        value: lotOf,
        cell: (row) => <LotCell issueCode={row.issue_code} />,
        sortable: false,
      },
      ...(status === 'subscribable' ? [listing] : [deadline]),
      { id: 'code', header: t('col.code'), value: (row) => row.thscode, defaultHidden: true },
      {
        id: 'ics',
        header: '',
        value: () => null,
        cell: (row) => <IssueFileLink issueCode={row.issue_code} compact />,
        sortable: false,
        hideable: false,
        width: 48,
      },
    ];
  }, [lang, t, today, status, queryClient]);

  return (
    <DataTable
      id={`hk-ipo-${status}`}
      label={t(`status.${status}`)}
      columns={columns}
      rows={rows}
      loading={loading}
      error={error}
      onRetry={onRetry}
      getRowId={(row) => row.issue_code}
      onRowClick={(row) => onSelect(row.issue_code)}
      isRowSelected={(row) => row.issue_code === selected}
      defaultSorting={[{ id: status === 'subscribable' ? 'deadline' : 'listing', desc: false }]}
      maxHeight="none"
      rowHeight={40}
      exportName={`hk-ipo-${status}`}
      empty={empty}
    />
  );
}
