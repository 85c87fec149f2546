import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { addYearsToDate } from '../../contract/time';
import { CHART_RANGES, HOT_WINDOWS } from './dates';
import { BAR_INTERVALS } from '../../lib/bars';
import { A_SHARE_CODE_RE, INDEX_CODE_RE } from '../../contract/params-terms';
import { lazySchema } from '../../lib/lazy-schema';
import { choice, optionalCode, optionalDate } from '../../lib/search-schema';
import { chartViewParam, intradayDaysParam } from '../../components/intraday/url-state';

/**
 * The whole view state of the stock page, as URL search parameters. Every field falls back to its
 * default (`.catch`) so that a hand-edited or outdated link still opens a sensible view instead of an
 * error; defaults are left out of the URL by the route, which keeps shared links short.
 */

export const STOCK_TABS = [
  'financials',
  'indicators',
  'actions',
  'dragon-tiger',
  'hot-rank',
  'news',
  'intraday',
] as const;
export type StockTab = (typeof STOCK_TABS)[number];

export const ADJUSTS = ['none', 'forward', 'backward'] as const;
export type Adjust = (typeof ADJUSTS)[number];

export const MA_PERIODS = [5, 10, 20, 60] as const;
export type MaPeriod = (typeof MA_PERIODS)[number];

export const STATEMENT_KINDS = ['income', 'balance', 'cashflow'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_PERIODS = ['annual', 'quarterly'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

export const STATEMENT_MODES = ['latest', 'range'] as const;
export type StatementMode = (typeof STATEMENT_MODES)[number];

/** The lower pane under the volume: an oscillator or the Bollinger bands, or nothing. */
export const CHART_INDICATORS = ['none', 'macd', 'kdj', 'boll'] as const;
export type ChartIndicator = (typeof CHART_INDICATORS)[number];

/** The service allows 1 to 20 periods per statement call. */
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 20;

export const STOCK_SEARCH_DEFAULTS = {
  range: '1y',
  adjust: 'forward',
  ma: '5,10,20',
  tab: 'financials',
  statement: 'income',
  period: 'annual',
  mode: 'latest',
  limit: 8,
  hot: '3m',
  interval: 'day',
  ind: 'macd',
  days: 1,
} as const;

/** Parse an overlay list such as `5,20` (or `none`): known periods only, ascending, no repeats. */
export function parseMaList(value: string | number): MaPeriod[] {
  const tokens = String(value).split(',');
  return MA_PERIODS.filter((p) => tokens.some((t) => t.trim() === String(p)));
}

/** The URL form of an overlay list; `none` keeps "all off" distinct from "default". */
export function formatMaList(periods: readonly number[]): string {
  const text = MA_PERIODS.filter((p) => periods.includes(p)).join(',');
  return text === '' ? 'none' : text;
}

const REPORT_RE = /^\d{4}-[1-4]$/;
/** The Shanghai exchange opened in December 1990; nothing earlier can have a statement. */
const FIRST_MARKET_DAY = '1990-01-01';
const FIELD_RE = /^[a-z][a-z_]{0,63}$/;

/** A stock or index code to compare with (which of the two is decided by the instrument search). */
const compareCode = () => optionalCode(A_SHARE_CODE_RE, INDEX_CODE_RE);

const buildStockSearchSchema = () =>
  z
    .object({
      range: choice(CHART_RANGES, STOCK_SEARCH_DEFAULTS.range),
      adjust: choice(ADJUSTS, STOCK_SEARCH_DEFAULTS.adjust),
      ma: z
        .union([z.string(), z.number()])
        .transform((v, ctx) => {
          const periods = parseMaList(v);
          // `none` turns every overlay off; a list without any known period is a bad link.
          if (periods.length === 0 && String(v).trim() !== 'none') {
            ctx.issues.push({ code: 'custom', message: 'no known moving-average period', input: v });
            return z.NEVER;
          }
          return formatMaList(periods);
        })
        .default(STOCK_SEARCH_DEFAULTS.ma)
        .catch(STOCK_SEARCH_DEFAULTS.ma),
      tab: choice(STOCK_TABS, STOCK_SEARCH_DEFAULTS.tab),
      statement: choice(STATEMENT_KINDS, STOCK_SEARCH_DEFAULTS.statement),
      period: choice(STATEMENT_PERIODS, STOCK_SEARCH_DEFAULTS.period),
      mode: choice(STATEMENT_MODES, STOCK_SEARCH_DEFAULTS.mode),
      limit: z
        .number()
        .int()
        .min(LIMIT_MIN)
        .max(LIMIT_MAX)
        .default(STOCK_SEARCH_DEFAULTS.limit)
        .catch(STOCK_SEARCH_DEFAULTS.limit),
      /** Range mode bounds (period ends); checked together below. */
      from: optionalDate(),
      to: optionalDate(),
      /** The statement line drawn in the small chart. */
      row: z.string().regex(FIELD_RE).optional().catch(undefined),
      /** Indicators report period `yyyy-1` … `yyyy-4`; absent means the latest disclosed. */
      report: z.string().regex(REPORT_RE).optional().catch(undefined),
      /** Dragon-tiger day; absent means the service's latest completed trading day. */
      dt: optionalDate(),
      hot: choice(HOT_WINDOWS, STOCK_SEARCH_DEFAULTS.hot),
      /** Day of the intraday tab (the service keeps the last 30 trading days); absent means the latest. */
      iday: optionalDate(),
      /** Candle interval: daily bars, or weeks and months built from them. */
      interval: choice(BAR_INTERVALS, STOCK_SEARCH_DEFAULTS.interval),
      /** Indicator of the lower pane. */
      ind: choice(CHART_INDICATORS, STOCK_SEARCH_DEFAULTS.ind),
      /** Compare overlay: an index or another stock, rebased at the first common bar. */
      cmp: compareCode(),
      /** Chart view (intraday line or candles); absent: intraday during a session, candles otherwise. */
      chart: chartViewParam(),
      /** Trading days of the intraday view: today's session or five days. */
      days: intradayDaysParam(),
    })
    .transform((s) => {
      // A range needs both ends in order and at most ten years apart (the service's rules, 1004/1003):
      // anything else degrades to the default range rather than an error.
      const { from, to } = s;
      const valid =
        from !== undefined &&
        to !== undefined &&
        from >= FIRST_MARKET_DAY &&
        from <= to &&
        to <= addYearsToDate(from, 10);
      return valid ? s : { ...s, from: undefined, to: undefined };
    });

export const stockSearchSchema = lazySchema(buildStockSearchSchema);

export type StockSearch = z.output<ReturnType<typeof buildStockSearchSchema>>;
export type StockSearchInput = z.input<ReturnType<typeof buildStockSearchSchema>>;

/** Never throws: every field has a fallback. */
export function parseStockSearch(raw: unknown): StockSearch {
  return stockSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = SearchPatch<StockSearch>;
