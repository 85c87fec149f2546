import { z } from 'zod';
import { isOperationId, operations, type OperationId } from '../../contract/catalog';
import type { AnyOperation, OperationGroup } from '../../contract/operation';
import {
  checkTemporal,
  paramFields,
  parseParams,
  type ParamField,
  type ParamFailure,
} from '../../contract/params';

/**
 * The explorer's logic without React: which operations a filter shows, the form's values as a request,
 * the same check the BFF runs before anything is sent, and the "copy as" texts.
 */

/** Order of the catalog's groups on the index (the type makes a new group a compile error here). */
const GROUP_ORDER: Record<OperationGroup, number> = {
  'a-share': 0,
  financials: 1,
  'special-data': 2,
  auction: 3,
  valuation: 4,
  index: 5,
  'high-frequency': 6,
  'capital-flow': 7,
  fund: 8,
  futures: 9,
  options: 10,
  'hk-ipo': 11,
  news: 12,
  meta: 13,
  'market-dumps': 14,
};

export interface OperationGroupView {
  group: OperationGroup;
  operations: readonly AnyOperation[];
}

/** The words a filter is matched against: path, tool name, description and the group's names. */
function haystack(op: AnyOperation, groupNames: (group: OperationGroup) => readonly string[]): string {
  return [op.path, op.tool ?? '', op.summary, ...groupNames(op.group)].join(' ').toLowerCase();
}

/**
 * The catalog's operations matching every word of `filter` (any order, any case), grouped as the catalog
 * groups them, groups in `GROUP_ORDER`, operations in catalog order.
 */
export function filterOperations(
  filter: string,
  groupNames: (group: OperationGroup) => readonly string[],
  all: readonly AnyOperation[] = operations,
): OperationGroupView[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<OperationGroup, AnyOperation[]>();
  for (const op of all) {
    const text = haystack(op, groupNames);
    if (!words.every((word) => text.includes(word))) continue;
    const list = groups.get(op.group) ?? [];
    list.push(op);
    groups.set(op.group, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => GROUP_ORDER[a] - GROUP_ORDER[b])
    .map(([group, ops]) => ({ group, operations: ops }));
}

/** An operation of the catalog, its id known to be one. */
export type CatalogOperation = AnyOperation & { id: OperationId };

/** The operation an explorer path names (`a-share/prices/snapshot`), or undefined. */
export function operationOf(id: string): CatalogOperation | undefined {
  if (!isOperationId(id)) return undefined;
  return operations.find((op): op is CatalogOperation => op.id === id);
}

export type FormValues = Readonly<Record<string, string>>;

/** The values the form sends: the operation's parameters that are filled in, in declaration order. */
export function filledValues(op: AnyOperation, values: FormValues): [string, string][] {
  return op.paramNames.flatMap((name) => {
    const value = values[name];
    return value === undefined || value === '' ? [] : [[name, value] as [string, string]];
  });
}

/** The query string of the request, as the form has it (the BFF applies the defaults). */
export function requestQuery(op: AnyOperation, values: FormValues): string {
  return new URLSearchParams(filledValues(op, values)).toString();
}

export type RequestCheck = { ok: true; query: string } | ParamFailure;

/**
 * The BFF's check, in the browser: the parameter schema through `parseParams`, then the operation's
 * date rules against the server's clock. A failure names the parameter and the code the BFF would send.
 */
export function checkRequest(op: AnyOperation, values: FormValues, nowMs: number): RequestCheck {
  const raw = Object.fromEntries(filledValues(op, values));
  const parsed = parseParams(op.params, raw, { unknown: 'reject', known: op.paramNames });
  if (!parsed.ok) return parsed;
  const temporal = checkTemporal(op, parsed.value, nowMs);
  return temporal ?? { ok: true, query: requestQuery(op, values) };
}

/** One field alone through the same check (for a message while typing); null when it passes. */
export function checkField(op: AnyOperation, name: string, value: string): ParamFailure | null {
  if (value === '') return null;
  const field = op.params.shape[name];
  if (!field) return null;
  const r = parseParams(z.object({ [name]: field }), { [name]: value }, { unknown: 'reject', known: [name] });
  return r.ok ? null : r;
}

export function fieldsOf(op: AnyOperation): ParamField[] {
  return paramFields(op.params);
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A curl command against this server's own `/api` (the key stays in the server: none is ever added). */
export function curlCommand(origin: string, op: AnyOperation, values: FormValues): string {
  const query = requestQuery(op, values);
  return `curl -sS -H 'Accept: application/json' ${shellQuote(`${origin}${op.path}${query ? `?${query}` : ''}`)}`;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** A form value as a TypeScript literal of the type the typed client takes for that parameter. */
function literal(field: ParamField, value: string): string {
  const { kind } = field.doc;
  if ((kind === 'int' || kind === 'ms' || kind === 'number') && NUMBER_TEXT.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n) || (kind === 'number' && Number.isFinite(n))) return String(n);
  }
  if (kind === 'bool' && (value === 'true' || value === 'false')) return value;
  if (kind === 'list') {
    return `[${value
      .split(',')
      .map((item) => JSON.stringify(item.trim()))
      .join(', ')}]`;
  }
  return JSON.stringify(value);
}

/** The same call through the app's typed client (`fetchOperation` checks parameters and data). */
export function typescriptSnippet(op: AnyOperation, values: FormValues): string {
  const fields = new Map(fieldsOf(op).map((field) => [field.name, field]));
  const entries = filledValues(op, values).flatMap(([name, value]) => {
    const field = fields.get(name);
    return field ? [`  ${name}: ${literal(field, value)},`] : [];
  });
  const params = entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n}`;
  return [
    'import { fetchOperation } from "./src/api/client";',
    '',
    `const data = await fetchOperation(${JSON.stringify(op.id)}, ${params});`,
  ].join('\n');
}

/**
 * How many of `count` columns each of `items` (fewer than `count`) spans: all of them shared out, the
 * first items taking one more where they do not share evenly.
 */
export function spreadOver(count: number, items: number): number[] {
  return Array.from({ length: items }, (_, i) => Math.floor(count / items) + (i < count % items ? 1 : 0));
}

/**
 * Splits `items` into at most `count` runs in order, each run as short as can be (by `weight`): the
 * index's columns, read down one column and then the next. The smallest largest run, found by bisecting
 * on it (a run is filled greedily up to it).
 */
export function intoColumns<T>(items: readonly T[], count: number, weight: (item: T) => number): T[][] {
  const weights = items.map(weight);
  const fill = (most: number): T[][] => {
    const columns: T[][] = [];
    let sum = 0;
    items.forEach((item, i) => {
      const w = weights[i] ?? 0;
      const last = columns[columns.length - 1];
      if (last === undefined || sum + w > most) {
        columns.push([item]);
        sum = w;
      } else {
        last.push(item);
        sum += w;
      }
    });
    return columns;
  };
  let low = Math.max(0, ...weights);
  let high = weights.reduce((total, w) => total + w, 0);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (fill(mid).length <= Math.max(1, count)) high = mid;
    else low = mid + 1;
  }
  return fill(low);
}
