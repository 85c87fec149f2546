import { z } from 'zod';
import { ErrorCode } from './envelope';

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

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
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
  return wholeNumber('must be an integer').check((ctx) => {
    if ((min !== undefined && ctx.value < min) || (max !== undefined && ctx.value > max)) {
      ctx.issues.push({
        code: 'custom',
        message: `must be ${range}`,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_RANGE },
      });
    }
  });
}

/** Unix milliseconds (non-negative integer). */
export function ms(opts: { positive?: boolean; wholeSeconds?: boolean } = {}) {
  return wholeNumber('must be Unix milliseconds (an integer)').check((ctx) => {
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
}

/** `yyyy-MM-dd`, a real calendar day. */
export function date() {
  return z.string().check((ctx) => {
    if (!isValidDate(ctx.value)) {
      ctx.issues.push({
        code: 'custom',
        message: 'must be a date in yyyy-MM-dd format',
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
}

/** An enum; an unknown value is 1002 unless the spec names another code (search `asset_type`: 1003). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  code: number = ErrorCode.PARAM_FORMAT,
) {
  const allowed: readonly string[] = values;
  return z.custom<T[number]>((v) => typeof v === 'string' && allowed.includes(v), {
    message: `must be one of ${values.join(', ')}`,
    params: { [API_CODE]: code },
  });
}

/** Boolean as `true`/`false`. */
export function bool() {
  return z.union([z.boolean(), z.string()]).transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    ctx.issues.push({
      code: 'custom',
      message: 'must be true or false',
      input: v,
      params: { [API_CODE]: 1002 },
    });
    return z.NEVER;
  });
}

export const A_SHARE_CODE_RE = /^\d{6}\.(SH|SZ|BJ)$/;
export const THSCODE_RE = /^[0-9A-Za-z]{1,16}\.[A-Za-z]{1,6}$/;
export const INDEX_CODE_RE = /^[0-9A-Za-z]{6}\.(SH|SZ|TI)$/;
/**
 * A full code of any instrument the search lists: letters or digits, hyphens inside (option contracts
 * such as `IO2609-C-3800.CFX`), a dot and the market suffix.
 */
export const INSTRUMENT_CODE_RE = /^[0-9A-Za-z][0-9A-Za-z-]{0,31}\.[A-Za-z]{1,6}$/;

/** Free text with a length limit (search keywords, opaque cursors and ids). */
export function text(opts: { max?: number; pattern?: RegExp; rule?: string } = {}) {
  const max = opts.max ?? 256;
  return z.string().check((ctx) => {
    if (ctx.value.length > max) {
      ctx.issues.push({
        code: 'custom',
        message: `must be at most ${max} characters`,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_RANGE },
      });
    } else if (opts.pattern && !opts.pattern.test(ctx.value)) {
      ctx.issues.push({
        code: 'custom',
        message: opts.rule ?? `must match ${String(opts.pattern)}`,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
}

/** A single full code (no commas). `pattern` narrows it (six digits + SH/SZ/BJ for A-shares). */
export function code(opts: { pattern?: RegExp; rule?: string } = {}) {
  const pattern = opts.pattern ?? THSCODE_RE;
  const rule =
    opts.rule ??
    (pattern === A_SHARE_CODE_RE
      ? 'must be an A-share code: six digits, a dot, then SH, SZ or BJ (such as 600519.SH)'
      : 'must be a full code with market suffix, such as 600519.SH');
  return z.string().check((ctx) => {
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
  return z.union([z.string(), z.array(z.string()).readonly()]).transform((v, ctx) => {
    const raw = typeof v === 'string' ? v.split(',') : [...v];
    const push = (message: string, apiCode: number) =>
      ctx.issues.push({ code: 'custom', message, input: v, params: { [API_CODE]: apiCode } });
    if (raw.length > opts.max) {
      push(`must have at most ${opts.max} comma-separated items (got ${raw.length})`, ErrorCode.PARAM_RANGE);
      return z.NEVER;
    }
    const tokens = raw.map((t) => (opts.upper ? t.trim().toUpperCase() : t.trim()));
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
}

/** A URL-encoded JSON text whose top level must be an object, an array, or either. */
export function json(
  kind: 'object' | 'array' | 'object-or-array',
  check?: (value: unknown) => string | null,
) {
  return z.string().check((ctx) => {
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
    const problem = ok ? (check ? check(value) : null) : `must be a JSON ${kind.replace(/-/g, ' ')}`;
    if (problem) {
      ctx.issues.push({
        code: 'custom',
        message: problem,
        input: ctx.value,
        params: { [API_CODE]: ErrorCode.PARAM_FORMAT },
      });
    }
  });
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
