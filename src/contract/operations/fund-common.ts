import { z } from 'zod';
import { ErrorCode } from '../envelope';
import { timestampedItems } from '../common';
import type { CacheClass } from '../operation';
import { code, documented, fail, json, oneOf, type JsonKind } from '../params';
import { FUND_CODE_RE } from './fund-common-terms';

/**
 * Parameter helpers shared by the fund, futures and options operation files (spec file 001 and
 * upstream-extras.md section 7).
 */

// The fund code's form is a plain value pages read up front (fund-common-terms.ts); exported here too.
export { FUND_CODE_RE } from './fund-common-terms';

/** One full fund code; a comma or another form is 1002. */
export function fundCode() {
  return code({
    pattern: FUND_CODE_RE,
    rule: 'must be a fund code: six digits, a dot, then OF, SH or SZ (such as 110022.OF)',
  });
}

export const FUND_TYPES = ['otc', 'exchange', 'reits'] as const;
export type FundType = (typeof FUND_TYPES)[number];

/** `otc` | `exchange` | `reits`; the vendor derives it from the meta `asset_type`, never the suffix. */
export function fundType() {
  return oneOf(FUND_TYPES);
}

/** The search's fund asset types and the `fund_type` each one means (upstream-extras 7). */
export const FUND_TYPE_OF_ASSET = {
  'fund-otc': 'otc',
  'fund-etf': 'exchange',
  'fund-lof': 'exchange',
  'fund-reits': 'reits',
} as const satisfies Record<string, FundType>;
export type FundAssetType = keyof typeof FUND_TYPE_OF_ASSET;

export function isFundAssetType(assetType: string): assetType is FundAssetType {
  return Object.hasOwn(FUND_TYPE_OF_ASSET, assetType);
}

/**
 * The `fund_type` of an instrument from its search record's `asset_type`, never from the code's suffix
 * (an `.SH` code can be a stock, an ETF or a REIT); null for anything that is not a fund.
 */
export function fundTypeOf(assetType: string): FundType | null {
  return isFundAssetType(assetType) ? FUND_TYPE_OF_ASSET[assetType] : null;
}

/**
 * The parameters that locate one fund on the operations the spec lists with `thscode` only: the vendor
 * documents `fund_type` as required on them and its CLI always sends it, so it is accepted (and
 * forwarded) when given; a type that is not the fund's own is refused by the service with 1004.
 * Market operations (`fund/market/*`) take no `fund_type` and do not use this.
 */
export function fundRef() {
  return { thscode: fundCode(), fund_type: fundType().optional() };
}

/**
 * An operation answering one fund's records as one list with the answer's time: its summary, the fund's
 * key (`fundRef()`, or section 7's `fund_type` and `thscode` together), the record's schema and how long
 * an answer lasts (most are reference data: report periods, profiles).
 */
export function fundRecords<K extends z.ZodRawShape, T extends z.ZodType>(
  summary: string,
  key: K,
  item: T,
  cache: CacheClass = 'reference',
) {
  return { summary, params: z.object(key), data: timestampedItems(item), cache };
}

/**
 * `fund_type` on the fund operations that name no fund (managers, generic indicator line and table,
 * back-test indicators, QDII quotas, offerings, companies). Decision (issue 11): accepted on every fund
 * operation but the market ones, as the issue asks. upstream-extras 7 forbids it only on
 * `/api/fund/market/*`; the vendor's documentation lists it on none of these (managers take
 * `manager_id`, offerings `subscribe`, companies `company_id`; the indicator, back-test and quota
 * paths are absent from it, 7.9) and nowhere refuses it. So it is optional, checked against the three
 * types (1002 otherwise) and forwarded when a client sends it; with no fund to compare it with, the
 * simulator ignores it. The app does not send it on these.
 */
export function fundTypeHint() {
  return { fund_type: fundType().optional() };
}

/** A decimal number greater than zero: not a number is 1002, zero or negative 1003. */
export function positiveNumber() {
  const schema = z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isFinite(n)) {
        // A custom issue without an explicit code is reported as 1002 by parseParams.
        ctx.issues.push({ code: 'custom', message: 'must be a number', input: v });
        return z.NEVER;
      }
      return n;
    })
    .check((ctx) => {
      // Inside a field the object prefixes the path with the field name, which is what gets reported.
      if (ctx.value <= 0) fail(ctx, 'value', ErrorCode.PARAM_RANGE, 'must be greater than 0');
    });
  return documented(schema, { kind: 'number', rule: 'must be a number greater than 0' });
}

function where(path: readonly PropertyKey[]): string {
  const text = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
  return text.replace(/^\./, '') || 'top level';
}

/**
 * A URL-encoded JSON parameter whose inner shape is checked by a zod schema; a wrong shape is 1002 with
 * the first wrong spot named (the top-level kind is checked first by `json`).
 */
export function jsonShaped(kind: JsonKind, shape: z.ZodType, rule: string) {
  return json(
    kind,
    (value) => {
      const r = shape.safeParse(value);
      if (r.success) return null;
      const issue = r.error.issues[0];
      return issue ? `${rule} (at ${where(issue.path)}: ${issue.message})` : rule;
    },
    rule,
  );
}
