import type { AnyOperation } from '../../contract/operation';
import { issuePath } from '../../api/client';

/** Reading an answer's data generically: where its lists of records are, which fields are timestamps. */

export type Row = Readonly<Record<string, unknown>>;

export interface RecordSet {
  /** Where the list is, as the schema warnings name fields: `data`, `data.item`. */
  path: string;
  rows: readonly Row[];
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowsOf(value: unknown): readonly Row[] | null {
  return Array.isArray(value) && value.every(isRow) ? value : null;
}

/**
 * The lists of records in `data`: `data` itself when it is one, else its fields that are (`item`,
 * `stock_items`, …). Empty lists count only when there is no other, so `item: []` still shows as an empty
 * table while an empty side list does not crowd out the real one.
 */
export function recordSets(data: unknown): RecordSet[] {
  const top = rowsOf(data);
  if (top) return [{ path: 'data', rows: top }];
  if (!isRow(data)) return [];
  const sets: RecordSet[] = [];
  for (const [key, value] of Object.entries(data)) {
    const rows = rowsOf(value);
    if (rows) sets.push({ path: `data.${key}`, rows });
  }
  const filled = sets.filter((set) => set.rows.length > 0);
  return filled.length > 0 ? filled : sets;
}

/** The fields of a list of records, in order of first appearance (the first rows decide). */
export function columnsOf(rows: readonly Row[], scan = 500): string[] {
  const seen = new Set<string>();
  for (const row of rows.slice(0, scan)) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

const TIMESTAMP_KEY = /(^|_)(ms|timestamp)$/;
/** 1973-03-03 to 2286: a Unix millisecond time, not a count or a small id. */
const MS_RANGE = [1e11, 1e13] as const;

/** Whether a field holds Unix milliseconds, by the contract's naming (`timestamp`, `*_ms`). */
export function isTimestamp(key: string, value: unknown): value is number {
  return (
    TIMESTAMP_KEY.test(key) &&
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MS_RANGE[0] &&
    value < MS_RANGE[1]
  );
}

export interface SchemaIssue {
  path: string;
  message: string;
}

/** Where the data departs from the catalog's data schema (every issue, each with its field's path). */
export function schemaIssues(op: AnyOperation, data: unknown): SchemaIssue[] {
  const parsed = op.data.safeParse(data);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
}
