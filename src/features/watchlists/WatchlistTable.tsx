import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { WatchlistEdit, WatchlistItem } from '../../api/watchlists';
import { InstrumentLink } from '../../components/InstrumentLink';
import { DataTable, type DataColumn, type SortingState } from '../../components/DataTable';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShanghaiDate,
  formatShanghaiDateTime,
  priceKindOf,
} from '../../lib/format';
import { useWatchlistText, type WatchlistT } from './messages';
import type { RowQuote } from './quotes';
import type { QuoteCell } from './useWatchlistQuotes';
import { NoteCell } from './NoteCell';
import { useValuations } from '../../api/valuations';
import { useI18n } from '../../lib/i18n';

/**
 * The items of a list with their live columns. Sorting and the column choice come from the shared
 * DataTable; the list's own order is changed by dragging the ⠿ handle or with Alt+↑/Alt+↓ on a row's
 * control, each move announced to screen readers. Moving is off while a column sort is shown, since
 * the rows on screen are then not in the list's order.
 */

export interface WatchRow {
  item: WatchlistItem;
  cell: QuoteCell;
}

export interface WatchlistTableProps {
  listName: string;
  items: readonly WatchlistItem[];
  cellOf: (thscode: string) => QuoteCell;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  onEdit: (edit: WatchlistEdit) => void;
  /** Says what happened, for screen readers (a polite live region of the page). */
  announce: (text: string) => void;
  loading?: boolean;
  toolbar?: ReactNode;
  /** Someone else's list shared with the team: no moving, notes or removing. */
  readOnly?: boolean;
}

type Side = 'before' | 'after';

/** The move that puts `code` at `insertion` among the other codes, as an order-independent intent. */
export function moveTo(codes: readonly string[], code: string, insertion: number): WatchlistEdit {
  const rest = codes.filter((c) => c !== code);
  const at = Math.min(Math.max(insertion, 0), rest.length);
  return { kind: 'move', thscode: code, after: at === 0 ? null : (rest[at - 1] ?? null), index: at };
}

/** Where a drop on `target` (its upper or lower half) puts `code`. */
export function dropMove(
  codes: readonly string[],
  code: string,
  target: string,
  side: Side,
): WatchlistEdit | null {
  if (code === target) return null;
  const rest = codes.filter((c) => c !== code);
  const at = rest.indexOf(target);
  if (at === -1) return null;
  return moveTo(codes, code, side === 'before' ? at : at + 1);
}

function quoteTitle(cell: QuoteCell, t: WatchlistT): string | undefined {
  if (cell.error)
    return t('quote.failed', { message: cell.error instanceof Error ? cell.error.message : '' });
  if (!cell.loading && !cell.quote) return t('quote.none');
  if (cell.quote?.basis === 'nav') return t('basis.nav');
  if (cell.quote?.basis === 'close') return t('basis.close');
  return undefined;
}

function timeText(quote: RowQuote | undefined): string {
  if (!quote || quote.time === null) return DASH;
  return quote.basis === 'quote' ? formatShanghaiDateTime(quote.time) : formatShanghaiDate(quote.time);
}

/** The data time; a time the service did not state (the read time) says so. */
function TimeText({ quote }: { quote: RowQuote | undefined }) {
  const { t } = useI18n();
  const read = quote?.timeBasis === 'read' && quote.time !== null;
  return (
    <span className="num muted" title={read ? t('quoteTime.readTitle') : undefined}>
      {timeText(quote)}
      {read && <span className="wl-time-read"> {t('quoteTime.read')}</span>}
    </span>
  );
}

function codeOfTarget(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const row = target.closest('tr');
  const marker = row?.querySelector('[data-code]');
  return marker?.getAttribute('data-code') ?? null;
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
}

export function WatchlistTable({
  listName,
  items,
  cellOf,
  sorting,
  onSortingChange,
  onEdit,
  announce,
  loading = false,
  toolbar,
  readOnly = false,
}: WatchlistTableProps) {
  const { t, lang, assetLabel } = useWatchlistText();
  const hintId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canMove = sorting.length === 0 && !readOnly;
  const shareCodes = useMemo(
    () => items.filter((i) => i.asset_type === 'a-share').map((i) => i.thscode),
    [items],
  );
  const valuations = useValuations(shareCodes);
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ code: string; side: Side } | null>(null);
  // The row whose handle must keep the focus after a keyboard move re-orders the rows.
  const [focusCode, setFocusCode] = useState<string | null>(null);

  const codes = useMemo(() => items.map((i) => i.thscode), [items]);
  const rows = useMemo(
    () => items.map((item): WatchRow => ({ item, cell: cellOf(item.thscode) })),
    [items, cellOf],
  );

  // A row moved in the DOM loses the focus to the page: it goes back to the moved row's handle. Only
  // then: focus the reader has since put elsewhere (a note being typed) stays where it is, whatever
  // later changes of the list re-render the rows.
  useEffect(() => {
    if (focusCode === null) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    const handles = wrapRef.current?.querySelectorAll('button[data-code]') ?? [];
    const handle = Array.from(handles).find((el) => el.getAttribute('data-code') === focusCode);
    if (handle instanceof HTMLElement) handle.focus();
  }, [focusCode, items]);

  function move(code: string, step: 1 | -1) {
    const from = codes.indexOf(code);
    const item = items[from];
    if (from === -1 || !item) return;
    if (!canMove) {
      announce(t('move.sorted'));
      return;
    }
    const to = from + step;
    if (to < 0 || to >= codes.length) {
      announce(t('move.edge', { name: item.name, position: from + 1 }));
      return;
    }
    onEdit(moveTo(codes, code, to));
    setFocusCode(code);
    announce(t('move.done', { name: item.name, position: to + 1, count: codes.length }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    // Alt+arrows in a text field move the caret, not the row.
    if (isTextField(event.target)) return;
    const code = codeOfTarget(event.target);
    if (code === null) return;
    event.preventDefault();
    move(code, event.key === 'ArrowUp' ? -1 : 1);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (dragging === null) return;
    const code = codeOfTarget(event.target);
    const row = event.target instanceof Element ? event.target.closest('tr') : null;
    if (code === null || row === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = row.getBoundingClientRect();
    const side: Side = event.clientY < box.top + box.height / 2 ? 'before' : 'after';
    if (drop?.code !== code || drop.side !== side) setDrop({ code, side });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    if (dragging === null) return;
    event.preventDefault();
    const code = codeOfTarget(event.target) ?? drop?.code ?? null;
    const side = drop?.side ?? 'after';
    const moved = dragging;
    setDragging(null);
    setDrop(null);
    if (code === null) return;
    const edit = dropMove(codes, moved, code, side);
    if (edit === null || edit.kind !== 'move') return;
    const item = items.find((i) => i.thscode === moved);
    onEdit(edit);
    if (item) announce(t('move.done', { name: item.name, position: edit.index + 1, count: codes.length }));
  }

  const columns = useMemo((): DataColumn<WatchRow>[] => {
    const price = (row: WatchRow, value: number | null | undefined, sign = false) =>
      formatPrice(value, lang, priceKindOf(row.item.asset_type), { sign });
    const tone = (row: WatchRow) => direction(row.cell.quote?.change);
    return [
      {
        id: 'order',
        header: t('col.order'),
        value: (row) => row.item.position + 1,
        sortable: false,
        hideable: false,
        width: 64,
        // Someone else's list cannot be moved: its rows show their place, without a drag handle.
        cell: (row) =>
          readOnly ? (
            <span className="wl-order num" data-code={row.item.thscode}>
              {row.item.position + 1}
            </span>
          ) : (
            <span className="wl-order">
              <button
                type="button"
                className="wl-handle"
                data-code={row.item.thscode}
                data-drop={drop?.code === row.item.thscode ? drop.side : undefined}
                draggable={canMove}
                disabled={!canMove}
                aria-label={t('row.drag', { name: row.item.name })}
                aria-describedby={hintId}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', row.item.thscode);
                  setDragging(row.item.thscode);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setDrop(null);
                }}
              >
                ⠿
              </button>
              <span className="num">{row.item.position + 1}</span>
            </span>
          ),
      },
      {
        id: 'code',
        header: t('col.code'),
        value: (row) => row.item.thscode,
        hideable: false,
        // Every kind of instrument opens its own page. The code stays the link's name (what is seen is
        // what is said); the name is a hint.
        cell: (row) => (
          <InstrumentLink
            thscode={row.item.thscode}
            assetType={row.item.asset_type}
            className="wl-code num"
            title={t('row.open', { name: row.item.name })}
          >
            {row.item.thscode}
          </InstrumentLink>
        ),
      },
      { id: 'name', header: t('col.name'), value: (row) => row.item.name },
      { id: 'type', header: t('col.type'), value: (row) => assetLabel(row.item.asset_type) },
      {
        id: 'last',
        header: t('col.last'),
        title: t('col.lastTitle'),
        numeric: true,
        value: (row) => row.cell.quote?.last,
        cell: (row) => (
          <span className={`num ${tone(row)}`} title={quoteTitle(row.cell, t)}>
            {price(row, row.cell.quote?.last)}
            {row.cell.quote?.basis === 'nav' && <span className="wl-basis">{t('basis.nav')}</span>}
          </span>
        ),
      },
      {
        id: 'change',
        header: t('col.change'),
        numeric: true,
        value: (row) => row.cell.quote?.change,
        cell: (row) => <span className={tone(row)}>{price(row, row.cell.quote?.change, true)}</span>,
      },
      {
        id: 'changePct',
        header: t('col.changePct'),
        numeric: true,
        value: (row) => row.cell.quote?.changePct,
        cell: (row) => (
          <span className={tone(row)}>{formatPercent(row.cell.quote?.changePct, lang, { sign: true })}</span>
        ),
      },
      {
        id: 'volume',
        header: t('col.volume'),
        numeric: true,
        value: (row) => row.cell.quote?.volume,
        cell: (row) => formatAmount(row.cell.quote?.volume, lang),
      },
      {
        id: 'turnover',
        header: t('col.turnover'),
        numeric: true,
        value: (row) => row.cell.quote?.turnover,
        cell: (row) => formatAmount(row.cell.quote?.turnover, lang),
      },
      // Valuations (A-shares only; other rows show a dash), from the valuation snapshot in calls of 100.
      {
        id: 'peTtm',
        header: t('col.peTtm'),
        title: t('col.valuationTitle'),
        numeric: true,
        value: (row) => valuations.byCode.get(row.item.thscode.toUpperCase())?.pe_ttm,
        cell: (row) => formatNumber(valuations.byCode.get(row.item.thscode.toUpperCase())?.pe_ttm, lang),
      },
      {
        id: 'pbMrq',
        header: t('col.pbMrq'),
        title: t('col.valuationTitle'),
        numeric: true,
        value: (row) => valuations.byCode.get(row.item.thscode.toUpperCase())?.pb_mrq,
        cell: (row) => formatNumber(valuations.byCode.get(row.item.thscode.toUpperCase())?.pb_mrq, lang),
      },
      {
        id: 'time',
        header: t('col.time'),
        value: (row) => row.cell.quote?.time,
        cell: (row) => <TimeText quote={row.cell.quote} />,
        defaultHidden: true,
      },
      {
        id: 'note',
        header: t('col.note'),
        value: (row) => row.item.note,
        width: 220,
        cell: (row) =>
          readOnly ? (
            <span className="wl-note-text">{row.item.note}</span>
          ) : (
            <NoteCell
              note={row.item.note}
              name={row.item.name}
              onSave={(note, base) => onEdit({ kind: 'note', thscode: row.item.thscode, note, base })}
            />
          ),
      },
      ...(readOnly
        ? []
        : [
            {
              id: 'actions',
              header: t('col.actions'),
              value: () => null,
              sortable: false,
              hideable: false,
              cell: (row) => (
                <button
                  type="button"
                  className="btn btn--small btn--ghost wl-remove"
                  aria-label={t('row.removeLabel', { name: row.item.name })}
                  onClick={() => {
                    onEdit({ kind: 'remove', thscode: row.item.thscode, name: row.item.name });
                    announce(t('row.removed', { name: row.item.name, code: row.item.thscode }));
                  }}
                >
                  {t('row.remove')}
                </button>
              ),
            } satisfies DataColumn<WatchRow>,
          ]),
    ];
  }, [assetLabel, announce, canMove, drop, hintId, lang, onEdit, readOnly, t, valuations.byCode]);

  return (
    <div
      ref={wrapRef}
      className={dragging === null ? 'wl-table' : 'wl-table is-dragging'}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDrop(null);
      }}
    >
      <p id={hintId} className="wl-hint muted">
        {readOnly ? t('readonly.hint') : canMove ? t('list.reorderHint') : t('list.sortedHint')}
      </p>
      <DataTable
        id="watchlist-items"
        label={t('list.tableLabel', { name: listName })}
        columns={columns}
        rows={rows}
        loading={loading}
        getRowId={(row) => row.item.thscode}
        sorting={sorting}
        onSortingChange={onSortingChange}
        exportName={listName}
        empty={t('list.empty')}
        toolbar={toolbar}
        rowHeight={32}
      />
    </div>
  );
}
