import { z } from 'zod';
import { canonicalCode, isValidDate } from '../contract/params-terms';

/**
 * Pieces of the routes' search schemas (each feature's url-state.ts). A search value never fails a
 * page: a missing one takes its default, and one a link got wrong falls back (`.catch`).
 */

/** One of `values`; `fallback` when absent or unknown. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.enum(values).default(fallback).catch(fallback);
}

/** A whole number from `min` to `max`; `fallback` when absent or out of range. */
export function whole(min: number, max: number, fallback: number) {
  return z.number().int().min(min).max(max).default(fallback).catch(fallback);
}

/** A table's sort as a link writes it: `column.asc` or `column.desc`. */
export interface SortSpec<C extends string> {
  column: C;
  desc: boolean;
}

/** `change_pct.desc` → { column, desc } when the column is one of `columns`; null otherwise. */
export function parseSort<const C extends readonly string[]>(
  text: string,
  columns: C,
): SortSpec<C[number]> | null {
  const match = /^([a-z_]+)\.(asc|desc)$/.exec(text);
  const column = columns.find((c) => c === match?.[1]);
  return column === undefined ? null : { column, desc: match?.[2] === 'desc' };
}

export function formatSort(sort: { column: string; desc: boolean }): string {
  return `${sort.column}.${sort.desc ? 'desc' : 'asc'}`;
}

/** A sort of one of `columns`; `fallback` when absent or not one of them. */
export function sortParam<const C extends readonly string[]>(columns: C, fallback: string) {
  return z
    .string()
    .refine((v) => parseSort(v, columns) !== null)
    .default(fallback)
    .catch(fallback);
}

/** A real calendar day in `yyyy-MM-dd`; left out when absent or malformed. */
export function optionalDate() {
  return z.string().refine(isValidDate).optional().catch(undefined);
}

/** A code in canonical form (`canonicalCode`) that one of `patterns` accepts; left out otherwise. */
export function optionalCode(...patterns: readonly RegExp[]) {
  return z
    .string()
    .transform(canonicalCode)
    .refine((code) => patterns.some((pattern) => pattern.test(code)))
    .optional()
    .catch(undefined);
}

/**
 * A comma list of codes (`600519.SH,300033.SZ`) in canonical form that `pattern` accepts, first
 * occurrence kept, at most `max`; anything else in a link is dropped rather than failing the page.
 */
export function parseCodeList(value: string | number, pattern: RegExp, max: number): string[] {
  const out: string[] = [];
  for (const raw of String(value).split(',')) {
    const code = canonicalCode(raw);
    if (pattern.test(code) && !out.includes(code)) out.push(code);
    if (out.length === max) break;
  }
  return out;
}
