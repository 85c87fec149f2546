import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, documented, fail, int, ms, oneOf, A_SHARE_CODE_RE } from '../params';
import { addYears } from '../time';
import { int as integer, ms as msField, msOrNull, numOrNull, numericString, str } from '../common';
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

export const indicatorItem = z.looseObject({
  index_id: str,
  /** The source's decimal string, kept as received; null when upstream has no value. */
  value: numericString.nullable(),
});

export const abilityItem = z.looseObject({ ability: str, indicators: z.array(indicatorItem) });

export const indicatorsData = z.looseObject({ thscode: str, report: str, abilities: z.array(abilityItem) });

/** Amounts (every statement-specific field) are null when not disclosed for the period, never zero. */
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
  operating_income: numOrNull,
  operating_costs: numOrNull,
  operating_expenses: numOrNull,
  sales_fee: numOrNull,
  manage_fee: numOrNull,
  research_and_development_expenses: numOrNull,
  operating_profit: numOrNull,
  interest_expenses: numOrNull,
  profit_total: numOrNull,
  income_tax_expense: numOrNull,
  net_profit: numOrNull,
  parent_holder_net_profit: numOrNull,
  basic_eps: numOrNull,
});

export const balanceSheetItem = z.looseObject({
  ...statementCommon,
  assets_total: numOrNull,
  total_current_assets: numOrNull,
  non_current_nets_total: numOrNull,
  cash: numOrNull,
  accounts_receivable: numOrNull,
  total_debt: numOrNull,
  holder_equity_total: numOrNull,
});

export const cashFlowStatementItem = z.looseObject({
  ...statementCommon,
  act_cash_flow_net: numOrNull,
  invest_cash_flow_net: numOrNull,
  financing_cash_flow_net: numOrNull,
  pay_fixed_assets_etc_cash: numOrNull,
  pay_dividends_profits_interest_cash: numOrNull,
  cash_equivalents_net_addition: numOrNull,
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

/** `timestamp` is the newest period end; null is tolerated for an answer without periods. */
function statementData<T extends z.ZodType>(item: T) {
  return z.looseObject({ timestamp: msOrNull, item: z.array(item) });
}

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
      data: statementData(incomeStatementItem),
    },
    'a-share/financials/balance-sheets': {
      cache: 'reference',
      summary: 'Consolidated balance sheets, latest N periods or a date range',
      params: statementParams,
      data: statementData(balanceSheetItem),
    },
    'a-share/financials/cash-flow-statements': {
      cache: 'reference',
      summary: 'Consolidated cash-flow statements, latest N periods or a date range',
      params: statementParams,
      data: statementData(cashFlowStatementItem),
    },
  },
);
