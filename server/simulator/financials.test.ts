import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { AFTER_CLOSE, TRADING_MORNING, call, fetchData, simulatorsForFile } from './testkit';

const income = catalog['a-share/financials/income-statements'];
const balance = catalog['a-share/financials/balance-sheets'];
const cash = catalog['a-share/financials/cash-flow-statements'];
const indicators = catalog['a-share/financials/indicators'];

const sim = simulatorsForFile();

const ms = (iso: string) => String(Date.parse(iso));

describe('financial statements', () => {
  it('returns the latest four annual periods by default, newest first, only disclosed ones', async () => {
    const data = await fetchData(sim(TRADING_MORNING), income, { thscode: '600519.SH' });
    expect(data.item.map((i) => i.fiscal_year)).toEqual([2025, 2024, 2023, 2022]);
    expect(data.timestamp).toBe(data.item[0]?.period_end_ms);
    for (const row of data.item) {
      expect(row.fiscal_period).toBe('FY');
      expect(row.period).toBe('annual');
      expect(row.currency).toBe('CNY');
      expect(row.report_date_ms).toBeGreaterThan(row.period_end_ms);
      expect(row.report_date_ms).toBeLessThanOrEqual(TRADING_MORNING);
    }
    const fy = data.item[0];
    // 600519.SH: revenue of the order of 170 bn CNY a year, net profit around 85 bn.
    expect(fy?.operating_income ?? 0).toBeGreaterThan(1.4e11);
    expect(fy?.operating_income ?? 0).toBeLessThan(2.1e11);
    expect(fy?.net_profit ?? 0).toBeGreaterThan(6.5e10);
    expect(fy?.net_profit ?? 0).toBeLessThan(1.05e11);
  });

  it('reports quarters cumulatively, the fourth quarter being the full year', async () => {
    const app = sim(AFTER_CLOSE);
    const quarterly = await fetchData(app, income, {
      thscode: '300033.SZ',
      period: 'quarterly',
      limit: '12',
    });
    const annual = await fetchData(app, income, { thscode: '300033.SZ', limit: '3' });
    const year2025 = quarterly.item.filter((i) => i.fiscal_year === 2025);
    expect(year2025.map((i) => i.fiscal_period)).toEqual(['Q4', 'Q3', 'Q2', 'Q1']);
    const revenues = year2025.map((i) => i.operating_income ?? 0);
    expect(revenues[0]).toBeGreaterThan(revenues[1] ?? 0);
    expect(revenues[1]).toBeGreaterThan(revenues[2] ?? 0);
    expect(revenues[2]).toBeGreaterThan(revenues[3] ?? 0);
    const fy = annual.item.find((i) => i.fiscal_year === 2025);
    const q4 = year2025[0];
    expect(fy?.operating_income).toBe(q4?.operating_income);
    expect(fy?.net_profit).toBe(q4?.net_profit);
    expect(fy?.period_end_ms).toBe(q4?.period_end_ms);
  });

  it('does not show a period before it is disclosed', async () => {
    // 2026 Q2 reports come out in August: not visible in mid-July, visible in November.
    const july = await fetchData(sim(TRADING_MORNING), income, {
      thscode: '000001.SZ',
      period: 'quarterly',
      limit: '1',
    });
    const november = await fetchData(sim(Date.parse('2026-11-20T10:00:00+08:00')), income, {
      thscode: '000001.SZ',
      period: 'quarterly',
      limit: '1',
    });
    expect(july.item[0]?.fiscal_period).toBe('Q1');
    expect(july.item[0]?.fiscal_year).toBe(2026);
    expect(november.item[0]?.fiscal_period).toBe('Q3');
  });

  it('selects periods inside a closed range', async () => {
    const data = await fetchData(sim(TRADING_MORNING), balance, {
      thscode: '600036.SH',
      period: 'quarterly',
      start: ms('2023-06-30T00:00:00+08:00'),
      end: ms('2024-06-30T00:00:00+08:00'),
    });
    expect(data.item.map((i) => `${i.fiscal_year}${i.fiscal_period}`)).toEqual([
      '2024Q2',
      '2024Q1',
      '2023Q4',
      '2023Q3',
      '2023Q2',
    ]);
  });

  it('keeps undisclosed values null: banks have no cost breakdown, 600519.SH has a gap in each statement', async () => {
    const app = sim(TRADING_MORNING);
    const bank = await fetchData(app, income, { thscode: '601398.SH' });
    for (const row of bank.item) {
      expect(row.operating_costs).toBeNull();
      expect(row.operating_income).not.toBeNull();
    }
    const moutai = { thscode: '600519.SH' };
    const rows: Record<string, unknown>[] = [
      (await fetchData(app, income, moutai)).item[0] ?? {},
      (await fetchData(app, balance, moutai)).item[0] ?? {},
      (await fetchData(app, cash, moutai)).item[0] ?? {},
    ];
    for (const row of rows) expect(Object.values(row).some((v) => v === null)).toBe(true);
  });

  it('balances assets, debt and equity and adds up cash flows', async () => {
    const app = sim(TRADING_MORNING);
    const b = (await fetchData(app, balance, { thscode: '002594.SZ' })).item[0];
    expect((b?.total_debt ?? 0) + (b?.holder_equity_total ?? 0)).toBeCloseTo(b?.assets_total ?? 0, -2);
    const c = (await fetchData(app, cash, { thscode: '002594.SZ' })).item[0];
    const sum =
      (c?.act_cash_flow_net ?? 0) + (c?.invest_cash_flow_net ?? 0) + (c?.financing_cash_flow_net ?? 0);
    expect(c?.cash_equivalents_net_addition ?? 0).toBeCloseTo(sum, -2);
  });
});

describe('financial indicators', () => {
  it('gives the five abilities in order with every index id, as decimal strings or null', async () => {
    const data = await fetchData(sim(TRADING_MORNING), indicators, {
      thscode: '600519.SH',
      report: '2025-4',
    });
    expect(data.report).toBe('2025-4');
    expect(data.abilities.map((a) => a.ability)).toEqual([
      'growth',
      'profitability',
      'solvency',
      'operation',
      'cash-flow',
    ]);
    expect(data.abilities.map((a) => a.indicators.map((i) => i.index_id))).toEqual([
      [
        'calculate_operating_income_yoy_growth_ratio',
        'calculate_operating_profit_yoy_growth_ratio',
        'total_assets_growth_ratio',
        'calculate_parent_holder_net_profit_yoy_growth_ratio',
      ],
      [
        'sale_gross_margin',
        'sale_net_interest_ratio',
        'total_assets_net_ratio',
        'index_deduct_weighted_avg_roe',
        'index_weighted_avg_roe',
      ],
      ['current_ratio', 'quick_ratio', 'assets_debt_ratio', 'cash_ratio', 'earned_interest_multiple'],
      [
        'long_term_debt_equity_ratio',
        'total_assets_turnover_ratio',
        'inventory_turnover_ratio',
        'current_assets_turnover_ratio',
        'receive_account_turnover_ratio',
      ],
      [
        'cash_operating_index',
        'operating_cash_flow_net_divide_income',
        'net_profit_cash_content',
        'operating_cash_net_yoy_growth_ratio',
        'cash_meet_invest_ratio',
      ],
    ]);
    // The vendor's own computations (`calculate_*`) carry exactly 8 decimals, the rest at most 4.
    for (const a of data.abilities) {
      for (const i of a.indicators) {
        if (i.value === null) continue;
        if (i.index_id.startsWith('calculate_')) expect(i.value).toMatch(/^-?\d+\.\d{8}$/);
        else expect(i.value).toMatch(/^-?\d+(\.\d{1,4})?$/);
      }
    }
  });

  it('agrees with the statements of the same period', async () => {
    const app = sim(TRADING_MORNING);
    const data = await fetchData(app, indicators, { thscode: '002594.SZ', report: '2025-2' });
    const statements = await fetchData(app, income, {
      thscode: '002594.SZ',
      period: 'quarterly',
      limit: '8',
    });
    const balances = await fetchData(app, balance, { thscode: '002594.SZ', period: 'quarterly', limit: '8' });
    const h1 = statements.item.find((i) => i.fiscal_year === 2025 && i.fiscal_period === 'Q2');
    const bal = balances.item.find((i) => i.fiscal_year === 2025 && i.fiscal_period === 'Q2');
    const value = (id: string) =>
      Number(data.abilities.flatMap((a) => a.indicators).find((i) => i.index_id === id)?.value ?? Number.NaN);
    const revenue = h1?.operating_income ?? 0;
    expect(value('sale_gross_margin')).toBeCloseTo(
      ((revenue - (h1?.operating_costs ?? 0)) / revenue) * 100,
      3,
    );
    expect(value('sale_net_interest_ratio')).toBeCloseTo(((h1?.net_profit ?? 0) / revenue) * 100, 3);
    expect(value('assets_debt_ratio')).toBeCloseTo(
      ((bal?.total_debt ?? 0) / (bal?.assets_total ?? 1)) * 100,
      3,
    );
  });

  it('answers 3002 for a report that is not out yet and 3001 for an unknown stock', async () => {
    const app = sim(TRADING_MORNING);
    expect((await call(app, '/api/a-share/financials/indicators?thscode=600519.SH&report=2026-3')).code).toBe(
      3002,
    );
    expect((await call(app, '/api/a-share/financials/indicators?thscode=699999.SH&report=2025-4')).code).toBe(
      3001,
    );
  });
});
