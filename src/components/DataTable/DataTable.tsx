import {
  useEffect,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  functionalUpdate,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { csvFileName, csvFileText, toCsv } from '../../lib/csv';
import { DASH } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { ErrorState } from '../states';
import { readColumnChoice, writeColumnChoice } from './columnPrefs';

/**
 * The shared table: sorting (click or keyboard on a header), a remembered column choice, CSV export of
 * the exact values, a sticky header, right-aligned tabular numbers, loading/empty/error states, row
 * activation by click or Enter, and row virtualisation for long lists (only the visible rows exist).
 *
 * Layout: a table grows with the page (the page scrolls, the header sticks below the top bar), except a
 * virtualised list, which scrolls inside a box of `maxHeight`. A table wider than its box (a phone)
 * scrolls sideways inside the box with its first column kept in view; the page itself never scrolls
 * sideways.
 */

export type CellValue = string | number | boolean | null | undefined;
export type { SortingState };

export interface DataColumn<T> {
  id: string;
  header: string;
  /** Tooltip of the header (units, definitions). */
  title?: string;
  /** The exact value: sorting and CSV use it; `null` sorts last in both directions. */
  value: (row: T) => CellValue;
  /** What the cell shows (formatted); by default the value as text, null as a dash. */
  cell?: (row: T) => ReactNode;
  /** Right-aligned with tabular figures; sorts descending first (largest first). */
  numeric?: boolean;
  sortable?: boolean;
  /** `false` keeps the column always visible and out of the chooser. */
  hideable?: boolean;
  defaultHidden?: boolean;
  /** Width in px; otherwise the browser sizes the column. */
  width?: number;
}

export interface DataTableProps<T> {
  /** Stable id: the column choice is remembered under it. */
  id: string;
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  getRowId?: (row: T, index: number) => string;
  /** Makes rows focusable; Enter on a focused row does the same as a click. */
  onRowClick?: (row: T) => void;
  /** Rows to mark as chosen (the row whose detail is open). */
  isRowSelected?: (row: T) => boolean;
  /** Controlled sorting (for view state kept in the URL); otherwise the table keeps its own. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  defaultSorting?: SortingState;
  /** Height of the scroll box of a virtualised list (shorter lists grow with the page). */
  maxHeight?: number | string;
  rowHeight?: number;
  /** Lists at least this long render only the rows in view. */
  virtualizeFrom?: number;
  /** Base name of the exported file; the table id by default. */
  exportName?: string;
  empty?: ReactNode;
  /** Extra controls shown left of the table's own (filters, period pickers). */
  toolbar?: ReactNode;
}

const SKELETON_ROWS = 8;

function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'zh-CN', { numeric: true });
}

function sortByCell<T>(a: Row<T>, b: Row<T>, columnId: string): number {
  return compareCells(a.getValue(columnId), b.getValue(columnId));
}

function defaultCell(value: CellValue): ReactNode {
  return value === null || value === undefined || value === '' ? DASH : String(value);
}

function initialVisibility<T>(tableId: string, columns: readonly DataColumn<T>[]): VisibilityState {
  const stored = readColumnChoice(tableId);
  const out: VisibilityState = {};
  for (const column of columns) {
    if (column.hideable === false) continue;
    out[column.id] = stored[column.id] ?? !column.defaultHidden;
  }
  return out;
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DataTable<T>({
  id,
  label,
  columns,
  rows,
  loading = false,
  error,
  onRetry,
  getRowId,
  onRowClick,
  isRowSelected,
  sorting,
  onSortingChange,
  defaultSorting = [],
  maxHeight = '70vh',
  rowHeight = 28,
  virtualizeFrom = 200,
  exportName,
  empty,
  toolbar,
}: DataTableProps<T>) {
  const { t } = useI18n();
  // The first rows a table gets are drawn in a deferred render, which React splits into short tasks
  // (the urgent one only reserves their height): a page of tables mounting with its data no longer
  // blocks the main thread for the whole of it. Later answers (a refresh, a new sort) render as usual.
  const rowsReady = useDeferredValue(rows !== undefined, false);
  const rowsPending = rows !== undefined && !rowsReady;
  const data = useMemo(() => (rows && !rowsPending ? [...rows] : []), [rows, rowsPending]);
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const columnDefs = useMemo(
    () =>
      columns.map((column): ColumnDef<T, CellValue> => ({
        id: column.id,
        header: column.header,
        // Null becomes undefined so that `sortUndefined: 'last'` keeps missing values at the bottom.
        accessorFn: (row) => column.value(row) ?? undefined,
        enableSorting: column.sortable !== false,
        enableHiding: column.hideable !== false,
        sortDescFirst: column.numeric === true,
        sortUndefined: 'last',
        sortingFn: sortByCell,
      })),
    [columns],
  );

  const [ownSorting, setOwnSorting] = useState<SortingState>(defaultSorting);
  const sortingState = sorting ?? ownSorting;
  const [visibility, setVisibility] = useState<VisibilityState>(() => initialVisibility(id, columns));

  // TanStack Table returns new functions on every render by design; nothing here is memoised on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns: columnDefs,
    state: { sorting: sortingState, columnVisibility: visibility },
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sortingState);
      if (sorting === undefined) setOwnSorting(next);
      onSortingChange?.(next);
    },
    onColumnVisibilityChange: (updater) => {
      const next = functionalUpdate(updater, visibility);
      setVisibility(next);
      writeColumnChoice(id, next);
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const modelRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const virtual = modelRows.length >= virtualizeFrom;
  // Wider than its box: scrolls sideways inside it, first column sticky. Measured when the observer
  // reports, after the browser's layout and before its paint (reading the sizes in the commit instead
  // would force a layout of the whole page being built); the change is applied at once, before that
  // paint, so a wide table never shows a frame spilling out of its box.
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const tableElement = tableRef.current;
    if (!box || !tableElement || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = tableElement.offsetWidth > box.clientWidth + 1;
      flushSync(() => setWide(next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(tableElement);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useVirtualizer({
    // Off for a short list: an enabled virtualiser reads its box's size and scroll position as it mounts,
    // which forces a layout of the whole page in the middle of React's commit.
    enabled: virtual,
    count: virtual ? modelRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual
    ? virtualItems.flatMap((item) => {
        const row = modelRows[item.index];
        return row ? [{ row, index: item.index }] : [];
      })
    : modelRows.map((row, index) => ({ row, index }));
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom = virtual ? virtualizer.getTotalSize() - (virtualItems.at(-1)?.end ?? 0) : 0;

  // A row asked for by the arrow keys but not rendered yet (virtualised): focused once it appears.
  const pendingFocus = useRef<number | null>(null);
  function focusRow(index: number): boolean {
    const row = scrollRef.current?.querySelector(`tr[data-index="${index}"]`);
    if (!(row instanceof HTMLElement)) return false;
    row.focus();
    return true;
  }
  useEffect(() => {
    if (pendingFocus.current !== null && focusRow(pendingFocus.current)) pendingFocus.current = null;
  });

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: T, index: number) {
    if (event.key === 'Enter') {
      event.preventDefault();
      onRowClick?.(row);
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = index + step;
    if (next < 0 || next >= modelRows.length) return;
    if (virtual) virtualizer.scrollToIndex(next, { align: 'auto' });
    if (!focusRow(next)) pendingFocus.current = next;
  }

  function exportCsv() {
    const csvColumns = visibleColumns.flatMap((column) => {
      const def = byId.get(column.id);
      return def ? [{ header: def.header, value: (row: T) => def.value(row) }] : [];
    });
    const csv = toCsv(
      csvColumns,
      modelRows.map((row) => row.original),
    );
    downloadText(csvFileName(exportName ?? id), csvFileText(csv));
  }

  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleHideable = hideable.filter((column) => column.getIsVisible()).length;
  const colCount = Math.max(visibleColumns.length, 1);
  const failed = error !== undefined && error !== null;
  const busy = loading || rowsPending;
  const showSkeleton = busy && data.length === 0 && !failed;

  let body: ReactNode;
  if (failed && data.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="dt__state">
          <ErrorState compact error={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (rowsPending && rows.length > 0) {
    // The rows' own height, reserved until they are drawn: nothing below the table moves when they come.
    body = (
      <tr className="dt__spacer" aria-hidden="true" style={{ height: rows.length * rowHeight }}>
        <td colSpan={colCount} />
      </tr>
    );
  } else if (showSkeleton) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <tr key={index} className="dt__row dt__row--skeleton" aria-hidden="true" style={{ height: rowHeight }}>
        {visibleColumns.map((column) => (
          <td key={column.id} className="dt__cell">
            <span className="skeleton-bar" />
          </td>
        ))}
      </tr>
    ));
  } else if (data.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="dt__state">
          <div className="state state--empty" role="status">
            {empty ?? t('table.empty')}
          </div>
        </td>
      </tr>
    );
  } else {
    body = (
      <>
        {paddingTop > 0 && <tr className="dt__spacer" aria-hidden="true" style={{ height: paddingTop }} />}
        {shown.map(({ row, index }) => (
          <tr
            key={row.id}
            data-index={index}
            className={onRowClick ? 'dt__row dt__row--action' : 'dt__row'}
            aria-selected={isRowSelected ? isRowSelected(row.original) : undefined}
            style={{ height: rowHeight }}
            tabIndex={onRowClick ? 0 : undefined}
            aria-rowindex={index + 2}
            onClick={onRowClick ? () => onRowClick(row.original) : undefined}
            onKeyDown={onRowClick ? (event) => onRowKeyDown(event, row.original, index) : undefined}
          >
            {row.getVisibleCells().map((cell) => {
              const def = byId.get(cell.column.id);
              const content = def?.cell ? def.cell(row.original) : defaultCell(def?.value(row.original));
              return (
                <td key={cell.id} className={def?.numeric ? 'dt__cell dt__cell--num num' : 'dt__cell'}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
        {paddingBottom > 0 && (
          <tr className="dt__spacer" aria-hidden="true" style={{ height: paddingBottom }} />
        )}
      </>
    );
  }

  return (
    <div className="dt" data-table-id={id}>
      <div className="dt__toolbar">
        {toolbar}
        <span className="dt__count muted num" aria-live="polite">
          {busy && data.length === 0 ? '' : t('table.rows', { count: data.length })}
        </span>
        {hideable.length > 0 && (
          <details className="dt__columns">
            <summary className="btn btn--small">{t('table.columns')}</summary>
            <fieldset className="dt__columns-panel">
              <legend>{t('table.columnsTitle')}</legend>
              {hideable.map((column) => {
                const visible = column.getIsVisible();
                return (
                  <label key={column.id} className="dt__columns-item">
                    <input
                      type="checkbox"
                      checked={visible}
                      // The last visible column stays: a table without columns helps nobody.
                      disabled={visible && visibleHideable === 1}
                      onChange={(event) => column.toggleVisibility(event.target.checked)}
                    />
                    {byId.get(column.id)?.header ?? column.id}
                  </label>
                );
              })}
            </fieldset>
          </details>
        )}
        <button type="button" className="btn btn--small" onClick={exportCsv} disabled={data.length === 0}>
          {t('table.export')}
        </button>
      </div>
      <div
        ref={scrollRef}
        className="dt__scroll"
        style={virtual ? { maxHeight } : undefined}
        aria-busy={busy}
        data-virtual={virtual || undefined}
        data-wide={wide || undefined}
        data-flow={(!virtual && !wide) || undefined}
      >
        {loading && data.length > 0 && <div className="dt__progress" aria-hidden="true" />}
        <table ref={tableRef} className="dt__table" aria-label={label} aria-rowcount={data.length + 1}>
          <thead>
            <tr>
              {table.getFlatHeaders().map((header) => {
                const def = byId.get(header.column.id);
                if (!header.column.getIsVisible()) return null;
                const sorted = header.column.getIsSorted();
                const numeric = def?.numeric === true;
                const text = def?.header ?? header.column.id;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'dt__head dt__head--num' : 'dt__head'}
                    style={def?.width ? { width: def.width } : undefined}
                    title={def?.title}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="dt__sort"
                        onClick={header.column.getToggleSortingHandler()}
                        aria-label={`${text}, ${t(
                          sorted === 'asc'
                            ? 'table.sortAsc'
                            : sorted === 'desc'
                              ? 'table.sortDesc'
                              : 'table.sortNone',
                        )}`}
                      >
                        {text}
                        <span className="dt__sort-icon" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      text
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
    </div>
  );
}
