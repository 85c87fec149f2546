import { describe, expect, it } from 'vitest';
import { parseParams, type RawQuery } from '../params';
import { financialsOperations as ops, statementParams } from './financials';
import { dataCases, paramCases } from './operation-cases.testkit';

const indicators = ops['a-share/financials/indicators'];
const statements = [
  ops['a-share/financials/income-statements'],
  ops['a-share/financials/balance-sheets'],
  ops['a-share/financials/cash-flow-statements'],
];

paramCases(indicators, [
  { name: 'annual report', q: { thscode: '300033.SZ', report: '2025-4' }, code: 0 },
  { name: 'Q1 report', q: { thscode: '300033.SZ', report: '2026-1' }, code: 0 },
  { name: 'thscode missing', q: { report: '2025-4' }, code: 1001, param: 'thscode' },
  { name: 'report missing', q: { thscode: '300033.SZ' }, code: 1001, param: 'report' },
  { name: 'report period 5', q: { thscode: '300033.SZ', report: '2025-5' }, code: 1002, param: 'report' },
  { name: 'report as 2025Q4', q: { thscode: '300033.SZ', report: '2025Q4' }, code: 1002, param: 'report' },
  { name: 'code without suffix', q: { thscode: '300033', report: '2025-4' }, code: 1002, param: 'thscode' },
]);

const start = Date.parse('2016-01-01T00:00:00+08:00');
const tenYears = Date.parse('2026-01-01T00:00:00+08:00');

for (const op of statements) {
  paramCases(op, [
    // No schema default for limit: the server's 4 applies in latest-N mode only.
    { name: 'latest-N with defaults', q: { thscode: '300033.SZ' }, code: 0, value: { period: 'annual' } },
    { name: 'latest 20 quarters', q: { thscode: '300033.SZ', period: 'quarterly', limit: '20' }, code: 0 },
    {
      name: 'range of exactly 10 years',
      q: { thscode: '300033.SZ', start: `${start}`, end: `${tenYears}` },
      code: 0,
    },
    { name: 'period monthly', q: { thscode: '300033.SZ', period: 'monthly' }, code: 1002, param: 'period' },
    { name: 'limit 0', q: { thscode: '300033.SZ', limit: '0' }, code: 1003, param: 'limit' },
    { name: 'limit 21', q: { thscode: '300033.SZ', limit: '21' }, code: 1003, param: 'limit' },
    {
      name: 'start with limit',
      q: { thscode: '300033.SZ', start: `${start}`, end: `${tenYears}`, limit: '4' },
      code: 1004,
    },
    { name: 'end with limit', q: { thscode: '300033.SZ', end: `${tenYears}`, limit: '4' }, code: 1004 },
    { name: 'start alone', q: { thscode: '300033.SZ', start: `${start}` }, code: 1004 },
    { name: 'end alone', q: { thscode: '300033.SZ', end: `${tenYears}` }, code: 1004 },
    {
      name: 'end before start',
      q: { thscode: '300033.SZ', start: `${tenYears}`, end: `${start}` },
      code: 1004,
      param: 'end',
    },
    {
      name: 'over 10 years',
      q: { thscode: '300033.SZ', start: `${start - 1}`, end: `${tenYears}` },
      code: 1003,
      param: 'end',
    },
    { name: 'two codes', q: { thscode: '300033.SZ,600519.SH' }, code: 1002, param: 'thscode' },
  ]);
}

describe('statement query rebuilt by the BFF', () => {
  const query = (q: RawQuery) => {
    const got = parseParams(statementParams, q, {
      unknown: 'reject',
      known: Object.keys(statementParams.shape),
    });
    return got.ok ? got.query : got.message;
  };
  it('adds no limit, so a range query is not turned into a 1004 conflict', () => {
    expect(query({ thscode: '300033.SZ', start: `${start}`, end: `${tenYears}` })).toBe(
      `end=${tenYears}&period=annual&start=${start}&thscode=300033.SZ`,
    );
    expect(query({ thscode: '300033.SZ' })).toBe('period=annual&thscode=300033.SZ');
  });
});

const ability = (name: string, ids: string[]) => ({
  ability: name,
  indicators: ids.map((id, i) => ({ index_id: id, value: i === 0 ? null : '12.34567891' })),
});

dataCases(indicators, [
  {
    name: 'five abilities, string values and nulls',
    sample: {
      thscode: '300033.SZ',
      report: '2025-4',
      abilities: [
        ability('growth', ['total_assets_growth_ratio', 'net_profit_yoy_growth_ratio']),
        { ability: 'profitability', indicators: [{ index_id: 'sale_gross_margin', value: '84.9881' }] },
        ability('solvency', ['current_ratio']),
        ability('operation', ['total_assets_turnover_ratio']),
        ability('cash-flow', ['cash_operating_index']),
      ],
    },
  },
  {
    name: 'a value converted to a number',
    sample: {
      thscode: '300033.SZ',
      report: '2025-4',
      abilities: [{ ability: 'growth', indicators: [{ index_id: 'x', value: 84.9 }] }],
    },
    ok: false,
  },
]);

const common = {
  thscode: '300033.SZ',
  ticker: '300033',
  period: 'quarterly',
  fiscal_year: 2026,
  fiscal_period: 'Q1',
  report_date_ms: 1776873600000,
  period_end_ms: 1774886400000,
  currency: 'CNY',
};

dataCases(ops['a-share/financials/income-statements'], [
  {
    name: 'Q1 2026 with an undisclosed line',
    sample: {
      timestamp: 1774886400000,
      item: [
        {
          ...common,
          operating_income: 1.05e9,
          operating_costs: 1.6e8,
          operating_expenses: null,
          sales_fee: 3.1e7,
          manage_fee: 6.2e7,
          research_and_development_expenses: 2.1e8,
          operating_profit: 6.1e8,
          interest_expenses: null,
          profit_total: 6.0e8,
          income_tax_expense: 4.5e7,
          net_profit: 5.6e8,
          parent_holder_net_profit: 5.6e8,
          basic_eps: 1.04,
        },
      ],
    },
  },
  { name: 'an empty answer', sample: { timestamp: null, item: [] } },
  {
    // The vendor's own example shows five amounts only (llms-full.txt, get_a_share_financials_income_statements).
    name: 'amounts left out, as in the vendor example',
    sample: { timestamp: 1, item: [{ ...common, operating_income: 1 }] },
  },
  {
    name: 'an amount that is text',
    sample: { timestamp: 1, item: [{ ...common, operating_income: '1' }] },
    ok: false,
  },
]);

dataCases(ops['a-share/financials/balance-sheets'], [
  {
    name: 'FY2025',
    sample: {
      timestamp: 1767110400000,
      item: [
        {
          ...common,
          period: 'annual',
          fiscal_year: 2025,
          fiscal_period: 'FY',
          assets_total: 3.4e10,
          total_current_assets: 2.9e10,
          non_current_nets_total: 5.0e9,
          cash: 1.1e10,
          accounts_receivable: null,
          total_debt: 8.0e9,
          holder_equity_total: 2.6e10,
        },
      ],
    },
  },
]);

dataCases(ops['a-share/financials/cash-flow-statements'], [
  {
    name: 'FY2025',
    sample: {
      timestamp: 1767110400000,
      item: [
        {
          ...common,
          act_cash_flow_net: 3.9e9,
          invest_cash_flow_net: -1.2e9,
          financing_cash_flow_net: -9.0e8,
          pay_fixed_assets_etc_cash: 4.0e8,
          pay_dividends_profits_interest_cash: null,
          cash_equivalents_net_addition: 1.8e9,
        },
      ],
    },
  },
]);
