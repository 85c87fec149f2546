import { useMemo } from 'react';
import { DataTable, type CellValue, type DataColumn } from '../../components/DataTable';
import { DASH, formatShanghaiDateTime } from '../../lib/format';
import { columnsOf, isTimestamp, type RecordSet, type Row } from './answer';

/**
 * A list of records of any operation as a table: one column per field, sortable, CSV export of the exact
 * values; nested values as compact JSON; Unix-millisecond fields as Shanghai time beside the raw number.
 */

const CELL_TEXT_MAX = 80;

function exact(value: unknown): CellValue {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function column(key: string, rows: readonly Row[]): DataColumn<Row> {
  const present = rows.map((row) => row[key]).filter((v) => v !== null && v !== undefined);
  const numeric = present.length > 0 && present.every((v) => typeof v === 'number');
  const timestamps = numeric && present.every((v) => isTimestamp(key, v));
  return {
    id: key,
    header: key,
    numeric,
    value: (row) => exact(row[key]),
    cell: (row) => {
      const value = row[key];
      if (value === null || value === undefined) return DASH;
      if (timestamps && typeof value === 'number') {
        return (
          <span className="xp-ts">
            {formatShanghaiDateTime(value)} <span className="muted">{value}</span>
          </span>
        );
      }
      const text = String(exact(value));
      return text.length > CELL_TEXT_MAX ? (
        <span title={text}>{`${text.slice(0, CELL_TEXT_MAX)}…`}</span>
      ) : (
        text
      );
    },
  };
}

export function RecordsTable({ operationId, set }: { operationId: string; set: RecordSet }) {
  const columns = useMemo(() => columnsOf(set.rows).map((key) => column(key, set.rows)), [set.rows]);
  const tableId = `explorer:${operationId}:${set.path}`;
  return (
    <DataTable
      // A new list (another operation or path) starts with its own sorting and columns.
      key={tableId}
      id={tableId}
      label={set.path}
      columns={columns}
      rows={set.rows}
      exportName={`${operationId.replace(/\//g, '_')}_${set.path.replace(/^data\.?/, '') || 'data'}`}
      maxHeight="60vh"
    />
  );
}
