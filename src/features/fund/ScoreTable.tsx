import { DataTable, type DataColumn } from '../../components/DataTable';
import { formatNumber } from '../../lib/format';
import { useFundText } from './messages';

export interface ScoreRow {
  /** Stable key of the dimension (the service's key or name). */
  key: string;
  label: string;
  score: number | null;
  peer: number | null;
}

/**
 * Scores out of 100 by dimension beside the peers' (the fund diagnosis, a manager's assessment): the shared
 * table, so they sort and export like every other fund table.
 */
export function ScoreTable({
  id,
  label,
  rows,
  exportName,
}: {
  id: string;
  label: string;
  rows: readonly ScoreRow[];
  exportName: string;
}) {
  const { t, lang } = useFundText();
  const columns: DataColumn<ScoreRow>[] = [
    { id: 'dimension', header: t('diag.dimension'), value: (r) => r.label, hideable: false },
    {
      id: 'score',
      header: t('diag.score'),
      value: (r) => r.score,
      cell: (r) => (
        <span className="fund-bar-cell">
          <span className="fund-bar-cell__bar" style={{ width: `${Math.min(100, r.score ?? 0)}%` }} />
          <span>{formatNumber(r.score, lang, 1)}</span>
        </span>
      ),
      numeric: true,
    },
    {
      id: 'peer',
      header: t('diag.peerScore'),
      value: (r) => r.peer,
      cell: (r) => <span className="muted">{formatNumber(r.peer, lang, 1)}</span>,
      numeric: true,
    },
  ];
  return (
    <DataTable
      id={id}
      label={label}
      columns={columns}
      rows={rows}
      getRowId={(r) => r.key}
      exportName={exportName}
    />
  );
}
