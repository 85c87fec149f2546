import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, documented, fail, int, ms, oneOf, A_SHARE_CODE_RE } from '../params';
import { addYears } from '../time';
import {
  int as integer,
  ms as msField,
  msOrNull,
  numMaybe,
  numericString,
  str,
  timestampedItems,
} from '../common';
import { ErrorCode } from '../envelope';

const aShareCode = () => code({ pattern: A_SHARE_CODE_RE });

const REPORT_RE = /^\d{4}-[1-4]$/;

/** `yyyy-1` … `yyyy-4` (Q1, half-year, Q3, annual); anything else is a format error. */
function report() {
  const rule = 'must be yyyy-1, yyyy-2, yyyy-3 or yyyy-4';
  const schema = z.string().check((ctx) => {
    if (!REPORT_RE.test(ctx.value)) fail(ctx, 'report', ErrorCode.PARAM_FORMAT, rule);
  });
  return documented(schema, { kind: 'text', rule });
}

/**
 * The vendor spells the indicators it computes itself with this prefix and gives them 8 decimals
 * (`calculate_operating_income_yoy_growth_ratio`: "40.80630400", docs/api/endpoints-financials.md and
 * example 02); the rest keep their plain ids. A reader looks an id up by its base, so both spellings
 * name the same indicator.
 */
export const CALCULATED_INDICATOR_PREFIX = 'calculate_';

/** Ids of older documentation (llms-full.txt) for indicators that now carry another id. */
const INDICATOR_ALIASES: Readonly<Record<string, string>> = {
  operating_income_growth_rate: 'operating_income_yoy_growth_ratio',
};

/** `calculate_x` and `x` (and an older alias of `x`) give `x`. */
export function indicatorBaseId(indexId: string): string {
  const base = indexId.startsWith(CALCULATED_INDICATOR_PREFIX)
    ? indexId.slice(CALCULATED_INDICATOR_PREFIX.length)
    : indexId;
  return INDICATOR_ALIASES[base] ?? base;
}

export const indicatorItem = z.looseObject({
  index_id: str,
  /** The source's decimal string, kept as received; null when upstream has no value. */
  value: numericString.nullable(),
});

export const abilityItem = z.looseObject({ ability: str, indicators: z.array(indicatorItem) });

export const indicatorsData = z.looseObject({ thscode: str, report: str, abilities: z.array(abilityItem) });

/**
 * Amounts (every statement-specific field) are null when not disclosed for the period, never zero; the
 * vendor's own examples also leave some out altogether (llms-full.txt shows an income statement with five).
 */
const statementCommon = {
  thscode: str,
  ticker: str,
  period: str,
  fiscal_year: integer,
  fiscal_period: str,
  report_date_ms: msField,
  period_end_ms: msField,
  currency: str,
};

export const incomeStatementItem = z.looseObject({
  ...statementCommon,
  operating_income: numMaybe,
  operating_costs: numMaybe,
  operating_expenses: numMaybe,
  sales_fee: numMaybe,
  manage_fee: numMaybe,
  research_and_development_expenses: numMaybe,
  operating_profit: numMaybe,
  interest_expenses: numMaybe,
  profit_total: numMaybe,
  income_tax_expense: numMaybe,
  net_profit: numMaybe,
  parent_holder_net_profit: numMaybe,
  basic_eps: numMaybe,
});

export const balanceSheetItem = z.looseObject({
  ...statementCommon,
  assets_total: numMaybe,
  total_current_assets: numMaybe,
  non_current_nets_total: numMaybe,
  cash: numMaybe,
  accounts_receivable: numMaybe,
  total_debt: numMaybe,
  holder_equity_total: numMaybe,
});

export const cashFlowStatementItem = z.looseObject({
  ...statementCommon,
  act_cash_flow_net: numMaybe,
  invest_cash_flow_net: numMaybe,
  financing_cash_flow_net: numMaybe,
  pay_fixed_assets_etc_cash: numMaybe,
  pay_dividends_profits_interest_cash: numMaybe,
  cash_equivalents_net_addition: numMaybe,
});

/**
 * Shared by the three statements. `limit` has no schema default on purpose: the server's default of 4
 * applies only in latest-N mode, and a default here would make every range query a 1004 conflict.
 */
export const statementParams = z
  .object({
    thscode: aShareCode(),
    period: oneOf(['annual', 'quarterly']).default('annual'),
    limit: int({ min: 1, max: 20 }).optional(),
    start: ms().optional(),
    end: ms().optional(),
  })
  .check((ctx) => {
    const { limit, start, end } = ctx.value;
    if (limit !== undefined && (start !== undefined || end !== undefined)) {
      fail(ctx, 'limit', ErrorCode.PARAM_CONFLICT, "cannot be combined with 'start'/'end'");
    } else if (start !== undefined && end === undefined) {
      fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must be sent together with 'start'");
    } else if (end !== undefined && start === undefined) {
      fail(ctx, 'start', ErrorCode.PARAM_CONFLICT, "must be sent together with 'end'");
    } else if (start !== undefined && end !== undefined) {
      if (end < start) fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
      else if (end > addYears(start, 10)) {
        fail(ctx, 'end', ErrorCode.PARAM_RANGE, "must be at most 10 years after 'start'");
      }
    }
  });

export const financialsOperations = defineOperations(
  { group: 'financials', access: 'open', source: 'spec' },
  {
    'a-share/financials/indicators': {
      cache: 'reference',
      summary: 'Five categories of financial indicators of one A-share for one report period',
      params: z.object({ thscode: aShareCode(), report: report() }),
      data: indicatorsData,
    },
    'a-share/financials/income-statements': {
      cache: 'reference',
      summary: 'Consolidated income statements, latest N periods or a date range',
      params: statementParams,
      // `timestamp` is the newest period end (of all three statements); null for an answer without periods.
      data: timestampedItems(incomeStatementItem, msOrNull),
    },
    'a-share/financials/balance-sheets': {
      cache: 'reference',
      summary: 'Consolidated balance sheets, latest N periods or a date range',
      params: statementParams,
      data: timestampedItems(balanceSheetItem, msOrNull),
    },
    'a-share/financials/cash-flow-statements': {
      cache: 'reference',
      summary: 'Consolidated cash-flow statements, latest N periods or a date range',
      params: statementParams,
      data: timestampedItems(cashFlowStatementItem, msOrNull),
    },
  },
);
