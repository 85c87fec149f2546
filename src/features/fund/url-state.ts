import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { lazySchema } from '../../lib/lazy-schema';
import { choice, optionalDate, parseCodeList } from '../../lib/search-schema';
import { NAV_RANGES } from '../../contract/operations/fund-performance-terms';
import { MANAGER_RANGES } from '../../contract/operations/fund-managers-terms';
import { FUND_CODE_RE } from '../../contract/operations/fund-common-terms';
import {
  FUND_INDICATOR_IDS,
  INDICATOR_TIME_TYPES,
  QDII_QUOTA_TABS,
  type FundIndicatorId,
} from '../../contract/operations/fund-tools-terms';
import { buildBacktestPlanSchema, type BacktestPlan } from '../../contract/operations/fund-backtest-plan';

/**
 * The whole view state of the fund page and of the fund comparison, as URL search parameters. Every
 * field falls back to its default (`.catch`), so a hand-edited or outdated link still opens a sensible
 * view; defaults are left out of the URL by the routes.
 */

export const FUND_TABS = ['overview', 'performance', 'portfolio', 'holders', 'financials', 'tools'] as const;
export type FundTab = (typeof FUND_TABS)[number];

/** Net values, cumulative return with comparison lines, or the exchange's candles (listed funds). */
export const CHART_VIEWS = ['nav', 'return', 'market'] as const;
export type ChartView = (typeof CHART_VIEWS)[number];

/** Comparison lines of the return view, from the manager's performance operation. */
export const COMPARE_LINES = ['manager', 'peer', 'benchmark'] as const;
export type CompareLine = (typeof COMPARE_LINES)[number];

export const STATEMENTS = ['indicators', 'income', 'balance'] as const;
export type Statement = (typeof STATEMENTS)[number];

/** Holder-structure disclosure bases (`merge_scope`), never mixed on screen. */
export const BASES = ['merged', 'separate'] as const;
export type Basis = (typeof BASES)[number];

export const OFFER_STATES = ['active', 'upcoming'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** The QDII list's purchasable filter: every fund, purchasable only, or not purchasable only. */
export const BUY_FILTERS = ['all', 'yes', 'no'] as const;
export type BuyFilter = (typeof BUY_FILTERS)[number];

/** Whom the indicator table lists beside the fund: its company's funds, or every fund of its type. */
export const TABLE_SCOPES = ['company', 'type'] as const;
export type TableScope = (typeof TABLE_SCOPES)[number];

export type NavRange = (typeof NAV_RANGES)[number];
export type ManagerRange = (typeof MANAGER_RANGES)[number];

export const FUND_SEARCH_DEFAULTS = {
  tab: 'overview',
  range: 'year',
  chart: 'nav',
  cmp: 'peer,benchmark',
  mrange: 'year',
  statement: 'indicators',
  ind: 'unit_nav,adj_nav',
  tt: 'DAY_1',
  qtab: 'remen',
  buy: 'all',
  offer: 'active',
  tscope: 'company',
} as const;

/** A comma list of known values in their canonical order, no repeats; `none` for an empty choice. */
export function parseList<T extends string>(value: string | number, known: readonly T[]): T[] {
  const tokens = String(value)
    .split(',')
    .map((t) => t.trim());
  return known.filter((k) => tokens.includes(k));
}

export function formatList<T extends string>(values: readonly T[], known: readonly T[]): string {
  const text = known.filter((k) => values.includes(k)).join(',');
  return text === '' ? 'none' : text;
}

/** A list parameter: unknown values dropped; a link without any known value falls back to the default. */
function listOf<T extends string>(known: readonly T[], fallback: string, { allowNone = true } = {}) {
  return z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const values = parseList(v, known);
      if (values.length === 0 && !(allowNone && String(v).trim() === 'none')) {
        ctx.issues.push({ code: 'custom', message: 'no known value', input: v });
        return z.NEVER;
      }
      return formatList(values, known);
    })
    .default(fallback)
    .catch(fallback);
}

/** Report types come from the service's report-date list: short opaque words. */
const optionalReportType = () =>
  z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .optional()
    .catch(undefined);
/** Manager ids are opaque (from the fund profile). */
const optionalId = () =>
  z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional()
    .catch(undefined);

/**
 * The back-test that was run, so that a link reopens its result (the contract's plan). A malformed one
 * is dropped (the form then starts empty).
 */
export const backtestSchema = lazySchema(buildBacktestPlanSchema);
export type BacktestState = BacktestPlan;

const buildFundSearchSchema = () =>
  z.object({
    tab: choice(FUND_TABS, FUND_SEARCH_DEFAULTS.tab),
    range: choice(NAV_RANGES, FUND_SEARCH_DEFAULTS.range),
    chart: choice(CHART_VIEWS, FUND_SEARCH_DEFAULTS.chart),
    cmp: listOf(COMPARE_LINES, FUND_SEARCH_DEFAULTS.cmp),
    /** Stock holdings report: end date and type from the disclosed list; absent means the newest. */
    sdate: optionalDate(),
    stype: optionalReportType(),
    /** Bond holdings report, likewise. */
    bdate: optionalDate(),
    btype: optionalReportType(),
    /** Industry allocation period (`yyyy-MM-dd`); absent means the newest. */
    iperiod: optionalDate(),
    basis: z.enum(BASES).optional().catch(undefined),
    /** The manager shown in the holders tab; absent means the first of the profile. */
    mgr: optionalId(),
    mrange: choice(MANAGER_RANGES, FUND_SEARCH_DEFAULTS.mrange),
    statement: choice(STATEMENTS, FUND_SEARCH_DEFAULTS.statement),
    /** Indicators of the tools tab's line chart and table. */
    ind: listOf<FundIndicatorId>(FUND_INDICATOR_IDS, FUND_SEARCH_DEFAULTS.ind, { allowNone: false }),
    tt: choice(INDICATOR_TIME_TYPES, FUND_SEARCH_DEFAULTS.tt),
    qtab: choice(QDII_QUOTA_TABS, FUND_SEARCH_DEFAULTS.qtab),
    buy: choice(BUY_FILTERS, FUND_SEARCH_DEFAULTS.buy),
    offer: choice(OFFER_STATES, FUND_SEARCH_DEFAULTS.offer),
    tscope: choice(TABLE_SCOPES, FUND_SEARCH_DEFAULTS.tscope),
    bt: backtestSchema.schema().optional().catch(undefined),
  });

export const fundSearchSchema = lazySchema(buildFundSearchSchema);

export type FundSearch = z.output<ReturnType<typeof buildFundSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseFundSearch(raw: unknown): FundSearch {
  return fundSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

export type UpdateFundSearch = SearchPatch<FundSearch>;

// ---------------------------------------------------------------------------------------------------
// Comparison

/** At most this many funds side by side. */
export const COMPARE_MAX = 5;

/** Fund codes, upper case, first occurrence kept, at most five; anything else in a link is dropped. */
export function parseFundCodes(value: string | number): string[] {
  return parseCodeList(value, FUND_CODE_RE, COMPARE_MAX);
}

export const COMPARE_SEARCH_DEFAULTS = { range: 'year' } as const;

const buildCompareSearchSchema = () =>
  z.object({
    codes: z
      .union([z.string(), z.number()])
      .transform((v) => {
        const codes = parseFundCodes(v);
        return codes.length > 0 ? codes.join(',') : undefined;
      })
      .optional()
      .catch(undefined),
    range: choice(NAV_RANGES, COMPARE_SEARCH_DEFAULTS.range),
  });

export const compareSearchSchema = lazySchema(buildCompareSearchSchema);

export type CompareSearch = z.output<ReturnType<typeof buildCompareSearchSchema>>;
export type UpdateCompareSearch = SearchPatch<CompareSearch>;

export function compareCodes(search: CompareSearch): string[] {
  return search.codes === undefined ? [] : parseFundCodes(search.codes);
}
