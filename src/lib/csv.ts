/**
 * CSV for spreadsheets (RFC 4180): exact values, not the formatted text on screen, so a spreadsheet can
 * compute with them. Excel needs a byte-order mark to read UTF-8 (Chinese names) correctly.
 */

export type CsvValue = string | number | boolean | bigint | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/**
 * Text a spreadsheet would run as a formula (CSV injection, as OWASP describes it): one that starts with
 * = + - @, a tab or a carriage return, also after leading spaces (any Unicode white space, the
 * no-break and ideographic spaces included, which spreadsheets skip) and in full-width form (＝ ＋ － ＠,
 * which Excel reads as the ASCII ones). Such a field gets a leading ' so it stays text. Numbers are
 * written as numbers, so this only touches text; a plain negative number as text ('-12.5') is left alone.
 */
const FORMULA_START = /^[\s\u00a0\u3000\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/** Whether a spreadsheet would run this text as a formula: what `csvField` marks with a leading '. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

function escapeText(text: string): string {
  const safe = isFormulaLike(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return escapeText(value);
}

/** Header line, then one line per row, CRLF-separated (what Excel and the RFC expect); no BOM. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => escapeText(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The file's content: BOM + CSV, so Excel opens Chinese text as UTF-8. */
export function csvFileText(csv: string): string {
  return `${BOM}${csv}`;
}

/** A file name safe on every system, ending in `.csv`. */
export function csvFileName(base: string): string {
  const clean = base.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '');
  return `${clean === '' ? 'export' : clean}.csv`;
}
