import { formatAmount, formatNumber } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { FIELD_LABELS, PER_SHARE_FIELDS, type StatementField } from '../fields';
import { stockText, type StockMessageKey } from '../messages';
import type { StatementColumn } from '../queries';

/**
 * A statement with periods as columns (newest first) and fields as rows. Amounts in 万/亿 or K/M/B;
 * a value the company did not disclose is null and shows as "—", never as 0. Clicking a row (or Enter
 * on it) charts that line.
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

export function StatementTable({
  columns,
  fields,
  lang,
  selected,
  onSelect,
  caption,
}: {
  columns: readonly StatementColumn[];
  fields: readonly StatementField[];
  lang: Language;
  selected?: StatementField;
  onSelect?: (field: StatementField) => void;
  caption: string;
}) {
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
              aria-selected={onSelect ? field === selected : undefined}
              className={field === selected ? 'is-selected' : undefined}
              tabIndex={onSelect ? 0 : undefined}
              onClick={onSelect ? () => onSelect(field) : undefined}
              onKeyDown={
                onSelect
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onSelect(field);
                      }
                    }
                  : undefined
              }
            >
              <th scope="row" className="stock-table__label">
                {FIELD_LABELS[field][lang]}
              </th>
              {columns.map((column) => {
                const value = column.values[field] ?? null;
                return (
                  <td
                    key={column.periodEndMs}
                    className={value === null ? 'num is-null' : value < 0 ? 'num is-negative' : 'num'}
                  >
                    {formatStatementValue(field, value, lang)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
