import type { KeyboardEvent } from 'react';
import { direction, formatAmount, formatFigure, formatNumber } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { FIELD_LABELS, PER_SHARE_FIELDS, type StatementField } from '../fields';
import { stockText, type StockMessageKey } from '../messages';
import type { StatementColumn } from '../queries';
import { priorYear, yoyPct, type DerivedRow } from '../statements';

/**
 * A statement with periods as columns (newest first) and fields as rows. Amounts in 万/亿 or K/M/B,
 * each with its change against the same period a year before under it; margins and ratios follow the
 * lines. A value the company did not disclose is null and shows as "—", never as 0. Clicking a row (or
 * Enter on it) charts that line.
 */

export function periodLabel(column: Pick<StatementColumn, 'fiscalYear' | 'fiscalPeriod'>, lang: Language) {
  const key = `fiscal.${column.fiscalPeriod}`;
  const known: StockMessageKey | null =
    key === 'fiscal.FY' ||
    key === 'fiscal.Q1' ||
    key === 'fiscal.Q2' ||
    key === 'fiscal.Q3' ||
    key === 'fiscal.Q4'
      ? key
      : null;
  return known
    ? stockText(lang, known, { year: column.fiscalYear })
    : `${column.fiscalYear} ${column.fiscalPeriod}`;
}

export function formatStatementValue(
  field: StatementField,
  value: number | null | undefined,
  lang: Language,
) {
  return PER_SHARE_FIELDS.has(field) ? formatNumber(value, lang, 2) : formatAmount(value, lang);
}

/** A derived line's value in its own kind: a percentage with two decimals, or an amount. */
export function formatDerivedValue(row: DerivedRow, value: number | null | undefined, lang: Language) {
  return row.kind === 'percent' ? formatFigure(value, 'percent', lang) : formatAmount(value, lang);
}

function cellClass(value: number | null): string {
  return value === null ? 'num is-null' : value < 0 ? 'num is-negative' : 'num';
}

/** A value with its year-on-year change under it (nothing when there is no change to show). */
function ValueCell({
  text,
  value,
  yoy,
  lang,
}: {
  text: string;
  value: number | null;
  yoy: number | null;
  lang: Language;
}) {
  return (
    <td className={cellClass(value)}>
      <span className="stock-cell__value">{text}</span>
      {yoy !== null && (
        <span className={`stock-cell__yoy ${direction(yoy)}`} data-testid="yoy">
          {formatFigure(yoy, 'percent', lang, { sign: true })}
        </span>
      )}
    </td>
  );
}

/** Keyboard and pointer selection of a line to chart. */
function selectable(id: string, selected: string | undefined, onSelect: ((id: string) => void) | undefined) {
  if (!onSelect) return {};
  return {
    'aria-selected': id === selected,
    tabIndex: 0,
    onClick: () => onSelect(id),
    onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onSelect(id);
      }
    },
  };
}

export function StatementTable({
  columns,
  history = columns,
  fields,
  derived = [],
  lang,
  selected,
  onSelect,
  caption,
}: {
  /** The periods shown, newest first. */
  columns: readonly StatementColumn[];
  /** Every period fetched (the shown ones and a year before them), for the year-on-year change. */
  history?: readonly StatementColumn[];
  fields: readonly StatementField[];
  /** Margins and ratios computed from the lines. */
  derived?: readonly DerivedRow[];
  lang: Language;
  selected?: string;
  onSelect?: (row: string) => void;
  caption: string;
}) {
  const prior = columns.map((column) => priorYear(history, column));
  return (
    <div className="stock-table-wrap">
      <table className="stock-table stock-table--statement" data-testid="statement-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="stock-table__label">
              {stockText(lang, 'statement.item')}
            </th>
            {columns.map((column) => (
              <th key={column.periodEndMs} scope="col" className="num">
                {periodLabel(column, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr
              key={field}
              data-field={field}
              className={field === selected ? 'is-selected' : undefined}
              {...selectable(field, selected, onSelect)}
            >
              <th scope="row" className="stock-table__label">
                {FIELD_LABELS[field][lang]}
              </th>
              {columns.map((column, i) => {
                const value = column.values[field] ?? null;
                return (
                  <ValueCell
                    key={column.periodEndMs}
                    text={formatStatementValue(field, value, lang)}
                    value={value}
                    yoy={yoyPct(value, prior[i]?.values[field])}
                    lang={lang}
                  />
                );
              })}
            </tr>
          ))}
          {derived.length > 0 && (
            <tr className="stock-table__section">
              <th scope="rowgroup" colSpan={columns.length + 1} className="stock-table__label">
                {stockText(lang, 'statement.margins')}
              </th>
            </tr>
          )}
          {derived.map((row) => (
            <tr
              key={row.id}
              data-field={row.id}
              className={row.id === selected ? 'is-selected' : undefined}
              {...selectable(row.id, selected, onSelect)}
            >
              <th scope="row" className="stock-table__label">
                {row.label[lang]}
              </th>
              {columns.map((column, i) => {
                const value = row.compute(column.values);
                const before = prior[i];
                return (
                  <ValueCell
                    key={column.periodEndMs}
                    text={formatDerivedValue(row, value, lang)}
                    value={value}
                    yoy={row.kind === 'amount' && before ? yoyPct(value, row.compute(before.values)) : null}
                    lang={lang}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
