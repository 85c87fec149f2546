import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, text, oneOf } from '../params';
import { int as integer, ms, numMaybe, opaque, str, strMaybe, timestampedItems } from '../common';
import { fundCode, fundRecords, fundType, fundTypeHint } from './fund-common';

/**
 * Fund groups the spec only names, from upstream-extras.md section 7. The vendor gives most field names
 * without types, so apart from the identifying keys every field is nullish (null or absent), and values
 * whose type is not even implied by the name accept a number or a string.
 */

const numOrText = z.union([z.number(), z.string()]).nullish();

/** Section 7 common rule: `fund_type` and `thscode` together locate a fund. */
const fundKey = () => ({ fund_type: fundType(), thscode: fundCode() });

export const fundManagerInfo = z.looseObject({
  /** Key of every /api/fund/managers/ operation. */
  manager_id: str,
  manager_name: strMaybe,
  tenure_return_pct: numMaybe,
  tenure_days: numMaybe,
  start_date_ms: numMaybe,
  end_date_ms: numMaybe,
});

export const fundProfileItem = z.looseObject({
  thscode: str,
  ticker: strMaybe,
  fund_name: strMaybe,
  /** Inception date, ms. */
  estab_date: numMaybe,
  /** Input of fund/companies/detail. */
  company_id: strMaybe,
  mgmt_name: strMaybe,
  /** Compatibility field: the first manager's name. */
  manager_name: strMaybe,
  fund_scale: numMaybe,
  unit_nav: numMaybe,
  manager_info: z.array(fundManagerInfo).nullish(),
  trade_rule: z
    .array(z.looseObject({ title: strMaybe, display_time: strMaybe, time_ms: numMaybe }))
    .nullish(),
  rate_info: z
    .array(
      z.looseObject({
        rate_type: strMaybe,
        charge_mode: strMaybe,
        condition: strMaybe,
        standard_rate: numOrText,
        discounted_rate: numOrText,
      }),
    )
    .nullish(),
});

/** Amounts are per ten units, not per unit. */
export const fundDividendItem = z.looseObject({
  per_ten_cash_before_tax: numMaybe,
  per_ten_cash_after_tax: numMaybe,
  /** Plan status; type not stated. */
  progress: opaque,
  publish_date_ms: numMaybe,
  registration_date_ms: numMaybe,
  ex_dividend_date_ms: numMaybe,
  payment_date_ms: numMaybe,
  reinvestment_date_ms: numMaybe,
  profit_base_date_ms: numMaybe,
  in_dividend_date_ms: numMaybe,
});

/** Inner structures are not documented by the vendor. */
export const fundDiagnosisItem = z.looseObject({
  thscode: str,
  ticker: strMaybe,
  fund_type: strMaybe,
  peer_code: strMaybe,
  dimensions: opaque,
  peer_dimensions: opaque,
  probabilities: opaque,
  ranges: opaque,
  resilience: opaque,
  peer_resilience: opaque,
});

/** Article metadata only; no body. */
export const fundArticleItem = z.looseObject({
  id: str,
  content_type: strMaybe,
  title: strMaybe,
  summary: strMaybe,
  source: strMaybe,
  url: strMaybe,
  image_url: strMaybe,
  author: strMaybe,
  publish_time_ms: numMaybe,
  /** Pinned flag, likely boolean. */
  top: opaque,
});

export const fundOfferingItem = z.looseObject({
  /** null for a fund not yet in the code table; not a failure of the batch. */
  thscode: strMaybe,
  ticker: strMaybe,
  subscription_start_ms: numMaybe,
  subscription_end_ms: numMaybe,
});

export const fundCompanyItem = z.looseObject({
  company_id: str,
  company_name: strMaybe,
  company_type: strMaybe,
  established_date_ms: numMaybe,
  fund_count: numMaybe,
  /** Unit not stated. */
  scale: numMaybe,
});

export const industryAllocationItem = z.looseObject({
  report_period: numOrText,
  industry_name: strMaybe,
  ratio_pct: numMaybe,
});

/** Ratios are not forced to sum to 100. */
export const assetAllocationItem = z.looseObject({
  report_date_ms: numMaybe,
  stock_ratio_pct: numMaybe,
  bond_ratio_pct: numMaybe,
  deposit_ratio_pct: numMaybe,
  other_ratio_pct: numMaybe,
});

export const reportDateItem = z.looseObject({
  report_type: numOrText,
  report_type_name: strMaybe,
  start_date_ms: numMaybe,
  end_date_ms: numMaybe,
});

/** A stock or bond holding of one report; bond codes need not carry A-share suffixes. */
export const holdingHistoryItem = z.looseObject({
  thscode: strMaybe,
  ticker: strMaybe,
  name: strMaybe,
  asset_type: strMaybe,
  hold_ratio: numMaybe,
  market_value: numMaybe,
  period_increase_pct: numMaybe,
  rank: numMaybe,
  report_type: numOrText,
  end_date_ms: numMaybe,
});

// `report_type` and `end_date` values come from the matching *-report-dates call; their formats are not
// documented, so they are opaque text here (not checked as dates).
const reportType = () => text({ max: 32 });
const endDate = () => text({ max: 32 });

export const fundExtraOperations = defineOperations(
  { group: 'fund', access: 'open', source: 'extras' },
  {
    'fund/profile/detail': fundRecords(
      'Basic information of one fund: name, inception, company, scale, NAV, managers, rules and fees',
      fundKey(),
      fundProfileItem,
    ),
    'fund/corporate-actions/dividends': {
      summary: 'Dividend records of one fund with registration and ex-dividend dates (amounts per ten units)',
      params: z.object(fundKey()),
      data: timestampedItems(fundDividendItem).extend({ dividend_count: numMaybe, dividend_total: numMaybe }),
      cache: 'reference',
    },
    'fund/diagnostics/detail': fundRecords(
      'Diagnosis of one fund: dimensions, peer comparison, probability ranges, resilience',
      fundKey(),
      fundDiagnosisItem,
      'daily',
    ),
    'fund/news/article-list': {
      summary: 'News article metadata of one fund, cursor paged until has_more is false',
      params: z.object({
        ...fundKey(),
        limit: int({ min: 1, max: 100 }).default(20),
        // Opaque cursor from the previous response, not a page number; omitted for the first page.
        offset: text({ max: 256 }).optional(),
      }),
      data: z.looseObject({
        timestamp: ms,
        limit: integer,
        /** Cursor for the next page. */
        offset: strMaybe,
        has_more: z.boolean(),
        item: z.array(fundArticleItem),
      }),
      cache: 'intraday',
    },
    'fund/offerings/list': {
      summary: 'New funds raising capital now or soon, with subscription window (no names)',
      params: z.object({ subscribe: oneOf(['active', 'upcoming']), ...fundTypeHint() }),
      data: timestampedItems(fundOfferingItem),
      cache: 'daily',
    },
    'fund/companies/detail': {
      summary: 'One fund management company: type, establishment date, fund count, scale',
      // From profile/detail `company_id`; not a fund code.
      params: z.object({ company_id: text({ max: 64 }), ...fundTypeHint() }),
      data: timestampedItems(fundCompanyItem),
      cache: 'reference',
    },
    'fund/portfolio/industry-allocation': fundRecords(
      'Industry allocation of one fund per report period',
      fundKey(),
      industryAllocationItem,
    ),
    'fund/portfolio/asset-allocation': fundRecords(
      'Asset allocation of one fund per report date (stock, bond, deposit, other)',
      fundKey(),
      assetAllocationItem,
    ),
    'fund/portfolio/stock-report-dates': {
      summary: 'Report periods with disclosed stock holdings of one fund',
      params: z.object({ ...fundKey(), report_type: reportType().optional() }),
      data: timestampedItems(reportDateItem),
      cache: 'reference',
    },
    'fund/portfolio/stock-history': {
      summary: 'Stock holdings of one fund for one report (type and end date from stock-report-dates)',
      params: z.object({ ...fundKey(), report_type: reportType(), end_date: endDate() }),
      data: timestampedItems(holdingHistoryItem),
      cache: 'reference',
    },
    'fund/portfolio/bond-report-dates': {
      summary: 'Report periods with disclosed bond holdings of one fund',
      params: z.object({ ...fundKey(), report_type: reportType().optional() }),
      data: timestampedItems(reportDateItem),
      cache: 'reference',
    },
    'fund/portfolio/bond-history': {
      summary: 'Bond holdings of one fund for one report (type and end date from bond-report-dates)',
      params: z.object({ ...fundKey(), report_type: reportType(), end_date: endDate() }),
      data: timestampedItems(holdingHistoryItem),
      cache: 'reference',
    },
  },
);
