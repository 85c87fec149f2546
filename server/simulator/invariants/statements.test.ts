import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/contract/catalog';
import { z } from 'zod';
import {
  balanceSheetItem,
  incomeStatementItem,
  indicatorBaseId,
} from '../../../src/contract/operations/financials';
import { mustAnswer } from './arbitraries.testkit';
import type { OperationId } from '../../../src/contract/catalog';
import { dayOf } from '../model/calendar';
import { FULLY_FLOATING } from '../model/names';
import { allStocks, stockByCode, type Stock } from '../model/universe';

/**
 * Invariants of the financial statements as a caller reads them (through the simulator's operations),
 * over random companies and periods on the pinned clock of issue 29 (Friday 2026-11-27 10:30):
 * accounting identities, EPS from the parent net profit and the share count, growth rates computed from
 * the periods shown, and line items that are not copies of one another.
 */

const NOW = Date.parse('2026-11-27T10:30:00+08:00');
const RUNS = { numRuns: 1000 };
const income = catalog['a-share/financials/income-statements'];
const balance = catalog['a-share/financials/balance-sheets'];
const indicators = catalog['a-share/financials/indicators'];

/** An operation's answer on the pinned clock (in-process, parameters checked, data parsed). */
function fetchData<D extends z.ZodType>(
  op: { readonly id: OperationId; readonly data: D },
  query: Record<string, string>,
): z.output<D> {
  return mustAnswer(op, query, NOW);
}

/** Listed companies that have published statements by the clock (the universe also holds future IPOs). */
const companies: readonly Stock[] = allStocks().filter((s) => s.listDay < dayOf('2026-01-01'));
/** A random company by its code (so that a counterexample names it). */
const company = fc.constantFrom(...companies.map((s) => s.thscode));
const nonBank = fc.constantFrom(...companies.filter((s) => !s.isBank).map((s) => s.thscode));

function stockOf(code: string): Stock {
  const stock = stockByCode(code);
  if (!stock) throw new RangeError(`no company ${code}`);
  return stock;
}

type IncomeRow = Awaited<ReturnType<typeof incomeRows>>[number];

/**
 * The vendor may leave a line out (the contract accepts that); the simulator sends every one, as null
 * when it has no figure: a row without one fails here.
 */
const completeIncome = z.array(incomeStatementItem.required());
const completeBalance = z.array(balanceSheetItem.required());

async function incomeRows(stock: Stock, period: 'annual' | 'quarterly', limit: number) {
  return completeIncome.parse(
    fetchData(income, { thscode: stock.thscode, period, limit: String(limit) }).item,
  );
}

async function balanceRows(stock: Stock, limit: number) {
  return completeBalance.parse(
    fetchData(balance, { thscode: stock.thscode, period: 'quarterly', limit: String(limit) }).item,
  );
}

/** Two numbers equal within a cent (statement figures carry two decimals). */
const cents = (a: number, b: number) => Math.abs(a - b) <= 0.0100001 * Math.max(1, Math.abs(a) / 1e12);

/** A property over random companies (1,000 cases), each checked through the operations. */
function eachCompany(codes: fc.Arbitrary<string>, check: (stock: Stock) => Promise<void>): Promise<void> {
  return fc.assert(
    fc.asyncProperty(codes, (code) => check(stockOf(code))),
    RUNS,
  );
}

const growthPct = (now: number, before: number) => (now / before - 1) * 100;

/** How far apart two positive ratios are, as a factor ≥ 1 (1.1 = one is 10 % above the other). */
const band = (a: number, b: number) => Math.max(a / b, b / a);

function sameQuarterLastYear(rows: readonly IncomeRow[], row: IncomeRow): IncomeRow | undefined {
  return rows.find((r) => r.fiscal_year === row.fiscal_year - 1 && r.fiscal_period === row.fiscal_period);
}

describe('statements invariants (1,000 random cases each)', () => {
  it('total assets = total liabilities + equity, and current + non-current = total, in every balance sheet shown', async () => {
    await fc.assert(
      fc.asyncProperty(company, fc.integer({ min: 1, max: 8 }), async (code, limit) => {
        const stock = stockOf(code);
        for (const row of await balanceRows(stock, limit)) {
          const { assets_total: a, total_debt: d, holder_equity_total: e } = row;
          if (a === null || d === null || e === null) continue;
          expect(cents(a, d + e), `${stock.thscode} ${row.fiscal_year}${row.fiscal_period}`).toBe(true);
          const { total_current_assets: c, non_current_nets_total: n } = row;
          if (c !== null && n !== null) expect(cents(a, c + n)).toBe(true);
        }
      }),
      RUNS,
    );
  }, 60_000);

  it('EPS × total shares = parent net profit (within the rounding of EPS to 4 decimals)', async () => {
    await fc.assert(
      fc.asyncProperty(
        company,
        fc.constantFrom('annual' as const, 'quarterly' as const),
        async (code, period) => {
          const stock = stockOf(code);
          for (const row of await incomeRows(stock, period, 4)) {
            if (row.basic_eps === null || row.parent_holder_net_profit === null) continue;
            expect(
              Math.abs(row.basic_eps * stock.totalShares - row.parent_holder_net_profit),
              `${stock.thscode} ${row.fiscal_year}${row.fiscal_period}`,
            ).toBeLessThanOrEqual(0.00005 * stock.totalShares + 0.01);
          }
        },
      ),
      RUNS,
    );
  }, 60_000);

  it('EPS of a company whose every share floats = parent net profit ÷ the float shares the stock page shows (auction float cap ÷ its price)', async () => {
    const auction = catalog['a-share/auction/snapshot'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FULLY_FLOATING),
        fc.constantFrom('annual' as const, 'quarterly' as const),
        async (code, period) => {
          const stock = stockOf(code);
          const item = fetchData(auction, { thscodes: code, stage: 'final' }).item[0];
          const cap = item?.float_market_cap ?? null;
          const price = item?.last_price ?? null;
          if (cap === null || price === null) throw new Error(`${code}: no float market cap`);
          const shares = cap / price;
          for (const row of await incomeRows(stock, period, 4)) {
            if (row.basic_eps === null || row.parent_holder_net_profit === null) continue;
            expect(
              row.basic_eps,
              `${code} ${row.fiscal_year}${row.fiscal_period}: EPS against parent ÷ ${shares} shares`,
            ).toBeCloseTo(row.parent_holder_net_profit / shares, 3);
          }
        },
      ),
      RUNS,
    );
  }, 60_000);

  it('the growth indicators equal (this / last − 1) of the statement periods shown', async () => {
    await fc.assert(
      fc.asyncProperty(company, fc.integer({ min: 0, max: 3 }), async (code, back) => {
        const stock = stockOf(code);
        const rows = await incomeRows(stock, 'quarterly', 12);
        const row = rows[back];
        const last = row && sameQuarterLastYear(rows, row);
        if (!row || !last) return;
        const quarter = Number(row.fiscal_period.slice(1));
        const data = fetchData(indicators, {
          thscode: stock.thscode,
          report: `${row.fiscal_year}-${quarter}`,
        });
        const value = (id: string) => {
          // Either spelling of the id (the vendor prefixes `calculate_`).
          const hit = data.abilities
            .flatMap((a) => a.indicators)
            .find((i) => indicatorBaseId(i.index_id) === id);
          return hit?.value === null || hit?.value === undefined ? null : Number(hit.value);
        };
        const pairs: [string, number | null, number | null][] = [
          ['operating_income_yoy_growth_ratio', row.operating_income, last.operating_income],
          ['operating_profit_yoy_growth_ratio', row.operating_profit, last.operating_profit],
          [
            'parent_holder_net_profit_yoy_growth_ratio',
            row.parent_holder_net_profit,
            last.parent_holder_net_profit,
          ],
        ];
        for (const [id, now, before] of pairs) {
          const shown = value(id);
          if (now === null || before === null || before <= 0 || shown === null) continue;
          expect(shown, `${stock.thscode} ${row.fiscal_year}${row.fiscal_period} ${id}`).toBeCloseTo(
            growthPct(now, before),
            3,
          );
        }
      }),
      RUNS,
    );
  }, 60_000);

  it('income lines add up: revenue − operating expenses = operating profit ⊇ cost of sales and expenses; the fourth quarter is the year', async () => {
    await eachCompany(nonBank, async (stock) => {
      const quarterly = await incomeRows(stock, 'quarterly', 8);
      const annual = await incomeRows(stock, 'annual', 2);
      for (const row of quarterly) {
        const { operating_income: r, operating_expenses: x, operating_profit: p, operating_costs: c } = row;
        if (r === null || x === null || p === null || c === null) continue;
        expect(cents(r - x, p)).toBe(true);
        const parts =
          c + (row.sales_fee ?? 0) + (row.manage_fee ?? 0) + (row.research_and_development_expenses ?? 0);
        expect(parts).toBeLessThanOrEqual(x + 0.05);
        expect(c, 'cost of sales below revenue').toBeLessThan(r);
      }
      for (const year of annual) {
        const q4 = quarterly.find((q) => q.fiscal_year === year.fiscal_year && q.fiscal_period === 'Q4');
        if (q4) expect(q4.operating_income).toBe(year.operating_income);
      }
    });
  }, 60_000);

  it('selling and administrative expenses are different lines that do not both grow at the revenue rate', async () => {
    await eachCompany(nonBank, async (stock) => {
      const rows = await incomeRows(stock, 'annual', 4);
      for (const row of rows) {
        const { sales_fee: s, manage_fee: m, operating_income: r } = row;
        if (s === null || m === null || r === null) continue;
        expect(s, `${stock.thscode} ${row.fiscal_year}`).not.toBe(m);
        const last = sameQuarterLastYear(rows, row);
        if (!last || last.sales_fee === null || last.manage_fee === null || last.operating_income === null)
          continue;
        const g = [
          growthPct(r, last.operating_income),
          growthPct(s, last.sales_fee),
          growthPct(m, last.manage_fee),
        ];
        const allEqual = g.every((x) => Math.abs(x - (g[0] ?? 0)) < 0.005);
        expect(allEqual, `${stock.thscode} ${row.fiscal_year} growth ${g.join('/')}`).toBe(false);
      }
    });
  }, 60_000);

  it('ratios move between periods: R&D share, gross margin and debt ratio are not constant, balance lines grow at their own rates', async () => {
    await eachCompany(nonBank, async (stock) => {
      const rows = await incomeRows(stock, 'quarterly', 6);
      const sheets = await balanceRows(stock, 8);
      const distinct = (xs: (number | null)[]) =>
        new Set(xs.filter((x): x is number => x !== null && Number.isFinite(x)).map((x) => x.toFixed(4)))
          .size;
      const share = (a: number | null, b: number | null) =>
        a === null || b === null || b === 0 ? null : a / b;
      const rd = rows.map((r) => share(r.research_and_development_expenses, r.operating_income));
      if (rd.some((x) => x !== null)) expect(distinct(rd), `${stock.thscode} R&D share`).toBeGreaterThan(1);
      const gross = rows.map((r) =>
        r.operating_costs === null
          ? null
          : share((r.operating_income ?? 0) - r.operating_costs, r.operating_income),
      );
      expect(distinct(gross), `${stock.thscode} gross margin`).toBeGreaterThan(1);
      expect(
        distinct(sheets.map((b) => share(b.total_debt, b.assets_total))),
        `${stock.thscode} debt ratio`,
      ).toBeGreaterThan(1);
      const now = sheets[0];
      const before = sheets[4];
      if (!now || !before) return;
      const growth = (['assets_total', 'cash', 'total_debt', 'holder_equity_total'] as const).map((k) =>
        share(now[k], before[k]),
      );
      expect(distinct(growth), `${stock.thscode} balance growth`).toBeGreaterThan(1);
    });
  }, 60_000);

  it('annual cost of sales follows revenue: gross margin drifts at most 3 points a year, cost growth within 15 % of revenue growth, expense ratios within 25 %', async () => {
    await eachCompany(nonBank, async (stock) => {
      const rows = await incomeRows(stock, 'annual', 8);
      for (const row of rows) {
        const last = sameQuarterLastYear(rows, row);
        const r = row.operating_income;
        const r0 = last?.operating_income ?? null;
        if (!last || r === null || r0 === null || r <= 0 || r0 <= 0) continue;
        const at = `${stock.thscode} ${last.fiscal_year}→${row.fiscal_year}`;
        const { operating_costs: c, sales_fee: s, manage_fee: m } = row;
        const rd = row.research_and_development_expenses;
        if (c !== null && last.operating_costs !== null) {
          const margin = 1 - c / r;
          const margin0 = 1 - last.operating_costs / r0;
          expect(Math.abs(margin - margin0) * 100, `${at} gross margin (points)`).toBeLessThanOrEqual(3);
          // (1 + cost growth) ÷ (1 + revenue growth): the cost ratio's year-on-year factor.
          expect(band(c / r, last.operating_costs / r0), `${at} cost of sales ÷ revenue`).toBeLessThanOrEqual(
            1.15,
          );
        }
        for (const [name, now, before] of [
          ['selling', s, last.sales_fee],
          ['administrative', m, last.manage_fee],
          ['R&D', rd, last.research_and_development_expenses],
        ] as const) {
          if (now === null || before === null || now <= 0 || before <= 0) continue;
          expect(band(now / r, before / r0), `${at} ${name} ÷ revenue`).toBeLessThanOrEqual(1.25);
        }
      }
    });
  }, 60_000);

  it('revenues are not round figures (never a whole number of 亿)', async () => {
    await eachCompany(company, async (stock) => {
      for (const row of await incomeRows(stock, 'annual', 4)) {
        if (row.operating_income === null) continue;
        expect(row.operating_income % 1e8, `${stock.thscode} ${row.fiscal_year}`).not.toBe(0);
      }
    });
  }, 60_000);
});
