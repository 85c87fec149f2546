import { CALCULATED_INDICATOR_PREFIX } from '../../../src/contract/operations/financials';
import { dayOf, midnightMs, yearOf } from './calendar';
import { Rng, fnv1a, round } from './random';
import { REFERENCE_DATE, type Stock } from './universe';

/**
 * Financial statements of every company, built from a yearly revenue path (anchored on the stock's
 * reference revenue), a net margin path and sector-typical ratios. Quarterly income and cash-flow figures
 * are cumulative year to date (Q4 = full year); balance sheets are point in time. Each period is disclosed
 * on a seeded date inside the legal window (Q1 by April 30, half year by August 31, Q3 by October 31,
 * annual by April 30 of the next year).
 */

export type Quarter = 1 | 2 | 3 | 4;

export type IncomeFigures = {
  operating_income: number | null;
  operating_costs: number | null;
  operating_expenses: number | null;
  sales_fee: number | null;
  manage_fee: number | null;
  research_and_development_expenses: number | null;
  operating_profit: number | null;
  interest_expenses: number | null;
  profit_total: number | null;
  income_tax_expense: number | null;
  net_profit: number | null;
  parent_holder_net_profit: number | null;
  basic_eps: number | null;
};

export type BalanceFigures = {
  assets_total: number | null;
  total_current_assets: number | null;
  non_current_nets_total: number | null;
  cash: number | null;
  accounts_receivable: number | null;
  total_debt: number | null;
  holder_equity_total: number | null;
};

export type CashFlowFigures = {
  act_cash_flow_net: number | null;
  invest_cash_flow_net: number | null;
  financing_cash_flow_net: number | null;
  pay_fixed_assets_etc_cash: number | null;
  pay_dividends_profits_interest_cash: number | null;
  cash_equivalents_net_addition: number | null;
};

/** Figures that the statements do not publish but the indicators need. */
interface Hidden {
  currentLiabilities: number | null;
  inventory: number | null;
}

export interface Period {
  year: number;
  quarter: Quarter;
  periodEndMs: number;
  reportDateMs: number;
  income: IncomeFigures;
  balance: BalanceFigures;
  cashFlow: CashFlowFigures;
  hidden: Hidden;
}

interface Profile {
  grossExtra: number;
  sales: number;
  manage: number;
  rd: number;
  surcharge: number;
  assetsToRevenue: number;
  debtRatio: number;
  currentShare: number;
  cashShare: number;
  receivableDays: number;
  inventoryShare: number;
  taxRate: number;
  parentShare: number;
  payout: number;
  capex: number;
  growth: number;
  growthNoise: number;
  /** Fields never disclosed by this company. */
  nulls: ReadonlySet<string>;
}

const REFERENCE_YEAR = Number(REFERENCE_DATE.slice(0, 4)) - 1;
const LAST_YEAR = 2030;
const OPTIONAL_FIELDS = [
  'research_and_development_expenses',
  'sales_fee',
  'interest_expenses',
  'accounts_receivable',
  'pay_dividends_profits_interest_cash',
  'cash_equivalents_net_addition',
];

function profileOf(stock: Stock): Profile {
  const rng = Rng.of(stock.thscode, 'financial-profile');
  const tech = ['半导体', '软件开发', '计算机设备', 'IT服务', '元件', '消费电子', '光学光电子'].includes(
    stock.sector,
  );
  const liquor = stock.sector === '白酒';
  const nulls = new Set<string>();
  for (const field of OPTIONAL_FIELDS) if (rng.chance(0.02)) nulls.add(field);
  if (stock.isBank) {
    for (const f of ['operating_costs', 'sales_fee', 'research_and_development_expenses']) nulls.add(f);
    for (const f of ['total_current_assets', 'non_current_nets_total', 'accounts_receivable']) nulls.add(f);
  }
  // The flagship stock always shows a gap in each statement, so "—" can be seen in the UI.
  if (stock.thscode === '600519.SH') {
    nulls.add('interest_expenses');
    nulls.add('accounts_receivable');
    nulls.add('cash_equivalents_net_addition');
  }
  return {
    grossExtra: rng.range(0.01, 0.05),
    sales: liquor ? 0.05 : tech ? rng.range(0.05, 0.12) : rng.range(0.02, 0.08),
    manage: liquor ? 0.05 : rng.range(0.03, 0.08),
    rd: liquor ? 0.002 : tech ? rng.range(0.08, 0.2) : rng.range(0.01, 0.05),
    surcharge: liquor ? 0.12 : rng.range(0.005, 0.015),
    assetsToRevenue: stock.isBank ? rng.range(20, 30) : liquor ? rng.range(1.5, 2) : rng.range(1.2, 3),
    debtRatio: stock.isBank
      ? rng.range(0.9, 0.93)
      : liquor
        ? rng.range(0.15, 0.25)
        : Math.min(0.9, Math.max(0.08, rng.range(0.25, 0.65) + (stock.st ? 0.25 : 0))),
    currentShare: rng.range(0.35, 0.8),
    cashShare: liquor ? 0.5 : rng.range(0.15, 0.5),
    receivableDays: rng.range(15, 120),
    inventoryShare: rng.range(0.1, 0.4),
    taxRate: tech ? 0.15 : 0.25,
    parentShare: rng.range(0.9, 1),
    payout: rng.range(0.25, 0.7),
    capex: rng.range(0.02, 0.12),
    growth: rng.range(-0.02, 0.15),
    growthNoise: stock.known ? 0.05 : 0.12,
    nulls,
  };
}

function disclosureDay(stock: Stock, year: number, quarter: Quarter): number {
  const rng = new Rng(fnv1a(`${stock.thscode}|disclosure|${year}|${quarter}`));
  switch (quarter) {
    case 1:
      return dayOf(`${year}-04-15`) + rng.int(0, 15);
    case 2:
      return dayOf(`${year}-08-10`) + rng.int(0, 20);
    case 3:
      return dayOf(`${year}-10-15`) + rng.int(0, 15);
    case 4:
      return dayOf(`${year + 1}-03-15`) + rng.int(0, 44);
  }
}

const QUARTER_END = ['03-31', '06-30', '09-30', '12-31'];

function buildPeriods(stock: Stock): Period[] {
  const p = profileOf(stock);
  const firstYear = Math.max(2007, yearOf(stock.listDay) - 3);
  const years: { revenue: number; margin: number; assets: number; weights: number[]; cash: number }[] = [];
  // Yearly paths, anchored on the reference year and walked both ways.
  const revenueOf = new Map<number, number>([[REFERENCE_YEAR, stock.revenue]]);
  for (let y = REFERENCE_YEAR + 1; y <= LAST_YEAR; y++) {
    const g = p.growth + p.growthNoise * Rng.of(stock.thscode, 'growth', y).normal();
    revenueOf.set(y, (revenueOf.get(y - 1) ?? stock.revenue) * Math.max(0.6, 1 + g));
  }
  for (let y = REFERENCE_YEAR - 1; y >= firstYear - 1; y--) {
    const g = p.growth + p.growthNoise * Rng.of(stock.thscode, 'growth', y + 1).normal();
    revenueOf.set(y, (revenueOf.get(y + 1) ?? stock.revenue) / Math.max(0.6, 1 + g));
  }
  for (let y = firstYear - 1; y <= LAST_YEAR; y++) {
    const rng = Rng.of(stock.thscode, 'year', y);
    const raw = [0.23, 0.25, 0.24, 0.28].map((w) => w * (1 + 0.08 * rng.normal()));
    const sum = raw.reduce((a, b) => a + b, 0);
    const revenue = revenueOf.get(y) ?? stock.revenue;
    years.push({
      revenue,
      margin: Math.max(-0.6, Math.min(0.7, stock.netMargin + 0.03 * rng.normal())),
      assets: revenue * p.assetsToRevenue * (1 + 0.05 * rng.normal()),
      weights: raw.map((w) => w / sum),
      cash: rng.range(0.6, 1.4),
    });
  }
  const yearAt = (y: number) => years[y - (firstYear - 1)];
  const out: Period[] = [];
  for (let y = firstYear; y <= LAST_YEAR; y++) {
    const cur = yearAt(y);
    const prev = yearAt(y - 1);
    if (!cur || !prev) continue;
    for (const quarter of [1, 2, 3, 4] as const) {
      const share = cur.weights.slice(0, quarter).reduce((a, b) => a + b, 0);
      const rng = Rng.of(stock.thscode, 'quarter', y, quarter);
      const revenue = cur.revenue * share;
      const netProfit = revenue * cur.margin * (1 + 0.05 * rng.normal());
      const profitTotal = netProfit > 0 ? netProfit / (1 - p.taxRate) : netProfit - revenue * 0.002;
      const tax = profitTotal - netProfit;
      const nonOperating = revenue * 0.003 * rng.normal();
      const operatingProfit = profitTotal - nonOperating;
      const opMargin = operatingProfit / revenue;
      const gross = Math.min(
        0.97,
        Math.max(0.05, opMargin + p.sales + p.manage + p.rd + p.surcharge + p.grossExtra),
      );
      const assets = prev.assets + ((cur.assets - prev.assets) * quarter) / 4;
      const debt = assets * p.debtRatio;
      const current = assets * p.currentShare;
      const interest = stock.isBank ? revenue * 0.9 : (debt * 0.035 * quarter) / 4;
      const act = netProfit * cur.cash + revenue * 0.02 * rng.normal();
      const capex = revenue * p.capex;
      const invest = -capex * rng.range(0.8, 1.4);
      const paidShare = [0.05, 0.6, 0.95, 1][quarter - 1] ?? 1;
      const dividends = Math.max(0, prev.revenue * prev.margin * p.payout) * paidShare;
      const financing = -dividends + revenue * 0.05 * rng.normal();
      const parent = netProfit * p.parentShare;
      const field = (name: string, value: number): number | null =>
        p.nulls.has(name) ? null : round(value, 2);
      out.push({
        year: y,
        quarter,
        periodEndMs: midnightMs(dayOf(`${y}-${QUARTER_END[quarter - 1] ?? '12-31'}`)),
        reportDateMs: midnightMs(disclosureDay(stock, y, quarter)),
        income: {
          operating_income: field('operating_income', revenue),
          operating_costs: field('operating_costs', revenue * (1 - gross)),
          operating_expenses: field('operating_expenses', revenue - operatingProfit),
          sales_fee: field('sales_fee', revenue * p.sales),
          manage_fee: field('manage_fee', revenue * (stock.isBank ? 0.3 : p.manage)),
          research_and_development_expenses: field('research_and_development_expenses', revenue * p.rd),
          operating_profit: field('operating_profit', operatingProfit),
          interest_expenses: field('interest_expenses', interest),
          profit_total: field('profit_total', profitTotal),
          income_tax_expense: field('income_tax_expense', tax),
          net_profit: field('net_profit', netProfit),
          parent_holder_net_profit: field('parent_holder_net_profit', parent),
          basic_eps: p.nulls.has('basic_eps') ? null : round(parent / stock.totalShares, 4),
        },
        balance: {
          assets_total: field('assets_total', assets),
          total_current_assets: field('total_current_assets', current),
          non_current_nets_total: field('non_current_nets_total', assets - current),
          cash: field('cash', (stock.isBank ? assets * 0.08 : current) * p.cashShare),
          accounts_receivable: field('accounts_receivable', (cur.revenue * p.receivableDays) / 365),
          total_debt: field('total_debt', debt),
          holder_equity_total: field('holder_equity_total', assets - debt),
        },
        cashFlow: {
          act_cash_flow_net: field('act_cash_flow_net', act),
          invest_cash_flow_net: field('invest_cash_flow_net', invest),
          financing_cash_flow_net: field('financing_cash_flow_net', financing),
          pay_fixed_assets_etc_cash: field('pay_fixed_assets_etc_cash', capex),
          pay_dividends_profits_interest_cash: field('pay_dividends_profits_interest_cash', dividends),
          cash_equivalents_net_addition: field('cash_equivalents_net_addition', act + invest + financing),
        },
        hidden: {
          currentLiabilities: stock.isBank ? null : debt * 0.8,
          inventory: stock.isBank ? null : current * p.inventoryShare,
        },
      });
    }
  }
  return out;
}

const cache = new Map<number, Period[]>();

/** Every period of a company, ascending (including ones not yet disclosed). */
export function periodsOf(stock: Stock): readonly Period[] {
  let hit = cache.get(stock.index);
  if (!hit) {
    hit = buildPeriods(stock);
    if (cache.size > 2000) cache.clear();
    cache.set(stock.index, hit);
  }
  return hit;
}

/** Periods disclosed by `nowMs`, newest period end first; annual = Q4 rows only. */
export function disclosedPeriods(stock: Stock, nowMs: number, annual: boolean): Period[] {
  return periodsOf(stock)
    .filter((p) => p.reportDateMs <= nowMs && (!annual || p.quarter === 4))
    .sort((a, b) => b.periodEndMs - a.periodEndMs);
}

export function findPeriod(stock: Stock, year: number, quarter: Quarter): Period | undefined {
  return periodsOf(stock).find((p) => p.year === year && p.quarter === quarter);
}

/** A decimal string with at most 4 decimals, as the source sends indicator values; null stays null. */
function decimal(x: number | null): string | null {
  if (x === null || !Number.isFinite(x)) return null;
  const text = x.toFixed(4).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

function fixed8(x: number | null): string | null {
  return x === null || !Number.isFinite(x) ? null : x.toFixed(8);
}

function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

function growth(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : ((a - b) / Math.abs(b)) * 100;
}

function pct(x: number | null): number | null {
  return x === null ? null : x * 100;
}

function avg(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : (a + b) / 2;
}

export const ABILITIES = ['growth', 'profitability', 'solvency', 'operation', 'cash-flow'] as const;

/** The five indicator groups of a period, in the spec's fixed order, consistent with the statements. */
export function indicatorsOf(
  stock: Stock,
  period: Period,
): { ability: string; indicators: { index_id: string; value: string | null }[] }[] {
  const lastYear = findPeriod(stock, period.year - 1, period.quarter);
  const yearStart = findPeriod(stock, period.year - 1, 4);
  const i = period.income;
  const b = period.balance;
  const c = period.cashFlow;
  const avgAssets = avg(b.assets_total, yearStart?.balance.assets_total ?? null);
  const avgEquity = avg(b.holder_equity_total, yearStart?.balance.holder_equity_total ?? null);
  const roe = pct(ratio(i.parent_holder_net_profit, avgEquity));
  const cl = period.hidden.currentLiabilities;
  const inventory = period.hidden.inventory;
  const gross =
    i.operating_costs === null || i.operating_income === null ? null : i.operating_income - i.operating_costs;
  const groups: Record<(typeof ABILITIES)[number], [string, number | null][]> = {
    // The vendor's ids and order (docs/api/endpoints-financials.md, example 02).
    growth: [
      [
        'calculate_operating_income_yoy_growth_ratio',
        growth(i.operating_income, lastYear?.income.operating_income ?? null),
      ],
      [
        'calculate_operating_profit_yoy_growth_ratio',
        growth(i.operating_profit, lastYear?.income.operating_profit ?? null),
      ],
      ['total_assets_growth_ratio', growth(b.assets_total, lastYear?.balance.assets_total ?? null)],
      [
        'calculate_parent_holder_net_profit_yoy_growth_ratio',
        growth(i.parent_holder_net_profit, lastYear?.income.parent_holder_net_profit ?? null),
      ],
    ],
    profitability: [
      ['sale_gross_margin', pct(ratio(gross, i.operating_income))],
      ['sale_net_interest_ratio', pct(ratio(i.net_profit, i.operating_income))],
      ['total_assets_net_ratio', pct(ratio(i.net_profit, avgAssets))],
      ['index_deduct_weighted_avg_roe', roe === null ? null : roe * 0.96],
      ['index_weighted_avg_roe', roe],
    ],
    solvency: [
      ['current_ratio', ratio(b.total_current_assets, cl)],
      [
        'quick_ratio',
        ratio(
          b.total_current_assets === null || inventory === null ? null : b.total_current_assets - inventory,
          cl,
        ),
      ],
      ['assets_debt_ratio', pct(ratio(b.total_debt, b.assets_total))],
      ['cash_ratio', stock.isBank ? null : ratio(b.cash, cl)],
      [
        'earned_interest_multiple',
        i.interest_expenses === null || i.profit_total === null || stock.isBank
          ? null
          : ratio(i.profit_total + i.interest_expenses, i.interest_expenses),
      ],
    ],
    operation: [
      [
        'long_term_debt_equity_ratio',
        b.total_debt === null || cl === null ? null : ratio(b.total_debt - cl, b.holder_equity_total),
      ],
      ['total_assets_turnover_ratio', ratio(i.operating_income, avgAssets)],
      ['inventory_turnover_ratio', ratio(i.operating_costs, inventory)],
      ['current_assets_turnover_ratio', ratio(i.operating_income, b.total_current_assets)],
      ['receive_account_turnover_ratio', ratio(i.operating_income, b.accounts_receivable)],
    ],
    'cash-flow': [
      ['cash_operating_index', ratio(c.act_cash_flow_net, i.operating_profit)],
      ['operating_cash_flow_net_divide_income', ratio(c.act_cash_flow_net, i.operating_income)],
      ['net_profit_cash_content', pct(ratio(c.act_cash_flow_net, i.net_profit))],
      [
        'operating_cash_net_yoy_growth_ratio',
        growth(c.act_cash_flow_net, lastYear?.cashFlow.act_cash_flow_net ?? null),
      ],
      [
        'cash_meet_invest_ratio',
        ratio(
          c.act_cash_flow_net,
          c.pay_fixed_assets_etc_cash === null
            ? null
            : c.pay_fixed_assets_etc_cash + (c.pay_dividends_profits_interest_cash ?? 0),
        ),
      ],
    ],
  };
  return ABILITIES.map((ability) => ({
    ability,
    indicators: groups[ability].map(([index_id, value]) => ({
      index_id,
      // The vendor's own computations carry 8 decimals ("40.80630400").
      value: index_id.startsWith(CALCULATED_INDICATOR_PREFIX) ? fixed8(value) : decimal(value),
    })),
  }));
}
