import { z } from 'zod';
import { ErrorCode } from './envelope';
import { A_SHARE_CODE_RE, canonicalCode, isValidDate, THSCODE_RE } from './params-terms';

// The plain values (code and date forms) live in params-terms.ts, which pages read without loading the
// parameter builders; they are exported here too, so the contract reads as one module.
export {
  A_SHARE_CODE_RE,
  canonicalCode,
  INDEX_CODE_RE,
  INSTRUMENT_CODE_RE,
  isValidDate,
  THSCODE_RE,
} from './params-terms';

/**
 * Building blocks for parameter schemas. Every rule a spec states is expressed here, and each broken
 * rule carries the code the spec names for it (see `issueCode`). A schema's *input* type is what a
 * typed caller passes (numbers, lists, enum literals); the BFF parses the same schema from query strings.
 */

export type ParamValue = string | number | boolean | readonly string[] | undefined;
export type ParamsShape = Record<string, ParamValue>;
export type ParamsSchema = z.ZodObject;

const API_CODE = 'apiCode';
/** Marks an object-level rule, which may name a parameter that was not sent ("goes with start"). */
const CROSS_FIELD = 'crossField';

export type JsonKind = 'object' | 'array' | 'object-or-array';

/**
 * What a parameter is, in a form a tool can present (the API explorer builds its form from it): the kind
 * of value, the choices, bounds and the documented rule, phrased to follow "Parameter 'x' ..." like the
 * error messages. Each builder below registers its own, from the same values its checks use; whether a
 * parameter is required and its default come from the schema itself (see `paramFields`).
 */
export type ParamDoc =
  | { kind: 'int'; rule: string; min?: number; max?: number }
  | { kind: 'number'; rule: string }
  /** Unix milliseconds; `midnight` when it must be 00:00 Asia/Shanghai of a day. */
  | { kind: 'ms'; rule: string; midnight?: boolean }
  | { kind: 'date'; rule: string }
  | { kind: 'enum'; rule: string; values: readonly string[] }
  | { kind: 'bool'; rule: string }
  | { kind: 'text'; rule: string; maxLength?: number }
  | { kind: 'code'; rule: string }
  /** A comma list; `values` when its items are chosen from a fixed set. */
  | { kind: 'list'; rule: string; maxItems?: number; values?: readonly string[] }
  | { kind: 'json'; rule: string; json: JsonKind };

/** The descriptions of parameter schemas (a zod registry: a schema derived with `.check()` inherits). */
export const paramDocs = z.registry<ParamDoc>();

/** Register a parameter schema's description; returns the same schema. */
export function documented<T extends z.ZodType>(schema: T, doc: ParamDoc): T {
  const described: z.ZodType = schema;
  paramDocs.add(described, doc);
  return schema;
}

/** Attach the contract code to a custom issue. */
export function fail(
  ctx: { issues: z.core.$ZodRawIssue[]; value: unknown },
  param: string,
  code: number,
  message: string,
): void {
  ctx.issues.push({
    code: 'custom',
    message,
    input: ctx.value,
    path: [param],
    params: { [API_CODE]: code, [CROSS_FIELD]: true },
  });
}

/** A whole number given as a number or as decimal digits (query strings). */
function wholeNumber(rule: string) {
  return z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n)) {
      ctx.issues.push({
        code: 'custom',
        message: rule,
        input: v,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
      return z.NEVER;
    }
    return n;
  });
}

/** Integer with an inclusive range; out of range is 1003, not a number is 1002. */
export function int(opts: { min?: number; max?: number } = {}) {
  const { min, max } = opts;
  const range =
    min !== undefined && max !== undefined
      ? `between ${min} and ${max}`
      : min !== undefined
        ? `at least ${min}`
        : max !== undefined
          ? `at most ${max}`
          : '';
  const schema = wholeNumber('must be an integer').check((ctx) => {
    if ((min !== undefined && ctx.value < min) || (max !== undefined && ctx.value > max)) {
      ctx.issues.push({
        code: 'custom',
        message: `must be ${range}`,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_RANGE },
      });
    }
  });
  return documented(schema, {
    kind: 'int',
    rule: range ? `must be an integer ${range}` : 'must be an integer',
    min,
    max,
  });
}

/** Unix milliseconds (non-negative integer). */
export function ms(opts: { positive?: boolean; wholeSeconds?: boolean } = {}) {
  const MS_RULE = 'must be Unix milliseconds (an integer)';
  const schema = wholeNumber(MS_RULE).check((ctx) => {
    if (ctx.value < 0 || (opts.positive && ctx.value === 0)) {
      ctx.issues.push({
        code: 'custom',
        message: opts.positive ? 'must be a positive millisecond timestamp' : 'must not be negative',
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_RANGE },
      });
    } else if (opts.wholeSeconds && ctx.value % 1000 !== 0) {
      ctx.issues.push({
        code: 'custom',
        message: 'must be divisible by 1000 (whole seconds)',
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
  const rule = `${MS_RULE}, ${opts.positive ? 'greater than 0' : 'not negative'}${opts.wholeSeconds ? ', divisible by 1000 (whole seconds)' : ''}`;
  return documented(schema, { kind: 'ms', rule });
}

const DATE_RULE = 'must be a date in yyyy-MM-dd format';

/** `yyyy-MM-dd`, a real calendar day. */
export function date() {
  const schema = z.string().check((ctx) => {
    if (!isValidDate(ctx.value)) {
      ctx.issues.push({
        code: 'custom',
        message: DATE_RULE,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
  return documented(schema, { kind: 'date', rule: DATE_RULE });
}

/** An enum; an unknown value is 1002 unless the spec names another code (search `asset_type`: 1003). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  code: number = ErrorCode.PARAM_FORMAT,
) {
  const allowed: readonly string[] = values;
  const rule = `must be one of ${values.join(', ')}`;
  const schema = z.custom<T[number]>((v) => typeof v === 'string' && allowed.includes(v), {
    message: rule,
    params: { [API_CODE]: code },
  });
  return documented(schema, { kind: 'enum', rule, values });
}

/** Boolean as `true`/`false`. */
export function bool() {
  const rule = 'must be true or false';
  const schema = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    ctx.issues.push({
      code: 'custom',
      message: rule,
      input: v,
      params: { [API_CODE]: 1002 },
    });
    return z.NEVER;
  });
  return documented(schema, { kind: 'bool', rule });
}

/** Free text with a length limit (search keywords, opaque cursors and ids). */
export function text(opts: { max?: number; pattern?: RegExp; rule?: string } = {}) {
  const max = opts.max ?? 256;
  const length = `at most ${max} characters`;
  const patternRule = opts.rule ?? `must match ${String(opts.pattern)}`;
  const schema = z.string().check((ctx) => {
    if (ctx.value.length > max) {
      ctx.issues.push({
        code: 'custom',
        message: `must be ${length}`,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_RANGE },
      });
    } else if (opts.pattern && !opts.pattern.test(ctx.value)) {
      ctx.issues.push({
        code: 'custom',
        message: patternRule,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
  const rule = opts.pattern ? `${patternRule}, ${length}` : `must be ${length}`;
  return documented(schema, { kind: 'text', rule, maxLength: max });
}

/** A single full code (no commas). `pattern` narrows it (six digits + SH/SZ/BJ for A-shares). */
export function code(opts: { pattern?: RegExp; rule?: string } = {}) {
  const pattern = opts.pattern ?? THSCODE_RE;
  const rule =
    opts.rule ??
    (pattern === A_SHARE_CODE_RE
      ? 'must be an A-share code: six digits, a dot, then SH, SZ or BJ (such as 600519.SH)'
      : 'must be a full code with market suffix, such as 600519.SH');
  const schema = z.string().check((ctx) => {
    if (ctx.value.includes(',')) {
      ctx.issues.push({
        code: 'custom',
        message: 'must be a single code without commas',
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    } else if (!pattern.test(ctx.value)) {
      ctx.issues.push({ code: 'custom', message: rule, input: ctx.value, params: { [API_CODE]: 1002 } });
    }
  });
  return documented(schema, { kind: 'code', rule });
}

/**
 * A comma-separated list. The token limit counts raw tokens before de-duplication (as the spec says);
 * an empty token is 1002, too many tokens 1003. Each token is trimmed; upper-cased when `upper`.
 */
export function list(opts: {
  max: number;
  item?: RegExp;
  itemRule?: string;
  upper?: boolean;
  values?: readonly string[];
  valuesCode?: number;
}) {
  const schema = z.union([z.string(), z.array(z.string()).readonly()]).transform((v, ctx) => {
    const raw = typeof v === 'string' ? v.split(',') : [...v];
    const push = (message: string, apiCode: number) =>
      ctx.issues.push({ code: 'custom', message, input: v, params: { [API_CODE]: apiCode } });
    if (raw.length > opts.max) {
      push(`must have at most ${opts.max} comma-separated items (got ${raw.length})`, ErrorCode.PARAM_RANGE);
      return z.NEVER;
    }
    const tokens = raw.map((t) => (opts.upper ? canonicalCode(t) : t.trim()));
    if (tokens.some((t) => t === '')) {
      push('must not contain empty items', ErrorCode.PARAM_FORMAT);
      return z.NEVER;
    }
    if (opts.values) {
      const bad = tokens.find((t) => !opts.values?.includes(t));
      if (bad !== undefined) {
        push(`has an invalid value '${bad}'; allowed: ${opts.values.join(', ')}`, opts.valuesCode ?? 1002);
        return z.NEVER;
      }
    }
    if (opts.item) {
      const bad = tokens.find((t) => !opts.item?.test(t));
      if (bad !== undefined) {
        push(`has an invalid item '${bad}': ${opts.itemRule ?? 'bad format'}`, ErrorCode.PARAM_FORMAT);
        return z.NEVER;
      }
    }
    return tokens as readonly string[];
  });
  const each = opts.values
    ? `, each one of ${opts.values.join(', ')}`
    : opts.itemRule
      ? `, each ${opts.itemRule}`
      : '';
  return documented(schema, {
    kind: 'list',
    rule: `must be at most ${opts.max} comma-separated items${each}`,
    maxItems: opts.max,
    values: opts.values,
  });
}

/** A comma list of at most `max` A-share codes, each read in canonical form (`600519.sh` is 600519.SH). */
export function aShareCodeList(max: number) {
  return list({ max, item: A_SHARE_CODE_RE, itemRule: 'six digits, a dot, SH, SZ or BJ', upper: true });
}

/** A URL-encoded JSON text whose top level must be an object, an array, or either. */
export function json(kind: JsonKind, check?: (value: unknown) => string | null, rule?: string) {
  const kindRule = `must be a JSON ${kind.replace(/-/g, ' ')}`;
  const schema = z.string().check((ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(ctx.value);
    } catch {
      ctx.issues.push({
        code: 'custom',
        message: 'must be valid JSON text',
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
      return;
    }
    const isArray = Array.isArray(value);
    const isObject = typeof value === 'object' && value !== null && !isArray;
    const ok = kind === 'object' ? isObject : kind === 'array' ? isArray : isObject || isArray;
    const problem = ok ? (check ? check(value) : null) : kindRule;
    if (problem) {
      ctx.issues.push({
        code: 'custom',
        message: problem,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
  return documented(schema, { kind: 'json', rule: rule ?? kindRule, json: kind });
}

export interface ParamFailure {
  ok: false;
  code: number;
  param: string | null;
  message: string;
}
export interface ParamSuccess<T> {
  ok: true;
  value: T;
  /** Canonical query string rebuilt from the parsed values: sorted keys, defaults included. */
  query: string;
}

/** Raw query values as Fastify / URLSearchParams give them. */
export type RawQuery = Record<string, string | readonly string[] | undefined>;

/**
 * A parsed query string (Fastify's, or anything else) reduced to the shapes a query string can have;
 * anything else is dropped, not trusted. The BFF and the simulator both read requests through it.
 */
export function toRawQuery(query: unknown): RawQuery {
  if (typeof query !== 'object' || query === null) return {};
  const entries: [string, string | string[]][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') entries.push([key, value]);
    else if (Array.isArray(value))
      entries.push([key, value.filter((v): v is string => typeof v === 'string')]);
  }
  // fromEntries defines own properties: '?__proto__=a&__proto__=b' stays a parameter (and is refused)
  // instead of becoming the prototype of the result.
  return Object.fromEntries(entries);
}

function issueCode(issue: z.core.$ZodIssue, raw: RawQuery): number {
  const key = issue.path[0];
  const crossField = issue.code === 'custom' && issue.params?.[CROSS_FIELD] === true;
  // A required parameter that was not sent fails its own check (type, union or enum): that is 1001.
  if (!crossField && typeof key === 'string' && raw[key] === undefined) return ErrorCode.PARAM_MISSING;
  if (issue.code === 'custom') {
    const c = issue.params?.[API_CODE];
    return typeof c === 'number' ? c : ErrorCode.PARAM_FORMAT;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') return ErrorCode.PARAM_RANGE;
  return ErrorCode.PARAM_FORMAT;
}

function describe(issue: z.core.$ZodIssue, code: number): string {
  const key = issue.path[0];
  const name = typeof key === 'string' ? key : null;
  if (code === ErrorCode.PARAM_MISSING && name) return `Parameter '${name}' is required`;
  if (issue.code === 'invalid_type' && name) return `Parameter '${name}' has the wrong type`;
  return name ? `Parameter '${name}' ${issue.message}` : issue.message;
}

/** Serialise parsed values back to a query string: sorted keys, lists comma-joined, absent skipped. */
export function toQuery(values: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const key of Object.keys(values).sort()) {
    const v = values[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) sp.append(key, v.join(','));
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      sp.append(key, String(v));
  }
  return sp.toString();
}

/**
 * Check raw query values against an operation's parameter schema.
 * Empty values count as absent (the spec treats "missing or empty" alike). A parameter given twice is a
 * format error. With `unknown: 'reject'` (the BFF) a parameter the operation does not take is refused;
 * with 'ignore' (the simulator, like the real service) it is dropped.
 */
export function parseParams<S extends ParamsSchema>(
  schema: S,
  raw: RawQuery,
  opts: { unknown: 'reject' | 'ignore'; known: readonly string[] },
): ParamSuccess<z.output<S>> | ParamFailure {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!opts.known.includes(key)) {
      if (opts.unknown === 'reject') {
        return {
          ok: false,
          code: ErrorCode.PARAM_FORMAT,
          param: key,
          message: `Parameter '${key}' is not accepted by this operation`,
        };
      }
      continue;
    }
    if (typeof value !== 'string') {
      if (value.length > 1) {
        return {
          ok: false,
          code: ErrorCode.PARAM_FORMAT,
          param: key,
          message: `Parameter '${key}' is given more than once`,
        };
      }
      if (value[0] !== undefined && value[0] !== '') cleaned[key] = value[0];
      continue;
    }
    if (value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return { ok: true, value: result.data, query: toQuery(result.data) };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, code: ErrorCode.PARAM_FORMAT, param: null, message: 'Invalid parameters' };
  const code = issueCode(issue, cleaned);
  const key = issue.path[0];
  return { ok: false, code, param: typeof key === 'string' ? key : null, message: describe(issue, code) };
}

/** One parameter of an operation as a form shows it. */
export interface ParamField {
  name: string;
  /** Neither optional nor defaulted: leaving it out is 1001. */
  required: boolean;
  /** The value applied when it is left out, as query text (a list comma-joined); undefined when none. */
  defaultText: string | undefined;
  doc: ParamDoc;
}

const UNDOCUMENTED: ParamDoc = { kind: 'text', rule: '' };

function queryText(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return undefined;
}

/**
 * The parameters of an object schema in declaration order, with their descriptions: `optional()` and
 * `default()` are read from the schema, the rest from the builder's registered `ParamDoc` (a test holds
 * every catalog parameter described).
 */
export function paramFields(schema: ParamsSchema): ParamField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    let inner: z.core.$ZodType = field;
    let required = true;
    let defaultText: string | undefined;
    for (;;) {
      if (inner instanceof z.ZodOptional) {
        required = false;
        inner = inner.unwrap();
      } else if (inner instanceof z.ZodDefault) {
        required = false;
        defaultText = queryText(inner.def.defaultValue);
        inner = inner.unwrap();
      } else break;
    }
    return { name, required, defaultText, doc: paramDocs.get(inner) ?? UNDOCUMENTED };
  });
}

/** Names of the parameters an object schema declares. */
export function paramNames(schema: z.ZodObject): readonly string[] {
  return Object.keys(schema.shape);
}

/** Run an operation's date-relative rules; the message names the parameter like the schema checks do. */
export function checkTemporal<P>(
  op: { temporal?(params: P, nowMs: number): { param: string; code: number; rule: string } | null },
  params: P,
  nowMs: number,
): ParamFailure | null {
  const issue = op.temporal?.(params, nowMs) ?? null;
  return issue
    ? { ok: false, code: issue.code, param: issue.param, message: `Parameter '${issue.param}' ${issue.rule}` }
    : null;
}
