import { CALCULATED_INDICATOR_PREFIX } from '../../../src/contract/operations/financials';
import { dayOf, midnightMs, yearOf } from './calendar';
import { Rng, fnv1a, round } from './random';
import { REFERENCE_DATE, type Stock } from './universe';

/**
 * Financial statements of every company, built period by period from a yearly revenue path (anchored
 * near the stock's reference revenue, never on a round figure) and cost ratios to revenue that differ by
 * company and move as a business does: each ratio (cost of sales, selling, administrative, R&D, taxes
 * and surcharges, other operating costs) follows its own mean-reverting path with bounded steps from
 * year to year (a gross margin drifts a few points at most; costs grow with revenue within a band), and
 * the periods of a year scatter a little around it. The profits are what the costs leave: operating
 * profit = revenue − costs (at most 90 % of revenue), then non-operating items and income tax. The ratios'
 * centres are solved so that the operating margin lands near what the stock's net margin implies (a very
 * high margin leaves less to the expenses; a loss-maker keeps a positive gross margin and loses through
 * impairments). The statements obey the accounting identities:
 * - operating expenses (total operating cost) = revenue − operating profit, of which cost of sales,
 *   selling, administrative and R&D expenses are parts (taxes, surcharges and impairments the rest);
 * - equity rolls forward with the net profit of each quarter less the dividends paid in it, the
 *   leverage (debt ratio) moves from quarter to quarter, and total assets = total liabilities + equity
 *   exactly, in the published (rounded) figures;
 * - basic EPS = parent net profit ÷ total shares (the share count of the valuations: market value =
 *   price × total shares), rounded to 4 decimals; for a company whose every share floats
 *   (names.ts FULLY_FLOATING) that is the float share count the stock page shows.
 * Quarterly income and cash-flow figures are cumulative year to date (Q4 = full year = the annual row);
 * balance sheets are point in time. Each period is disclosed on a seeded date inside the legal window
 * (Q1 by April 30, half year by August 31, Q3 by October 31, annual by April 30 of the next year).
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
  /** Expense ratios to revenue of the company's sector, before they are fitted to its margin. */
  sales: number;
  manage: number;
  rd: number;
  surcharge: number;
  /** Other operating costs (impairments, other losses net of other gains) as a share of revenue. */
  other: number;
  /** Cost of sales centres no lower than this share of revenue (the margin left to expenses is bounded). */
  costFloor: number;
  /** The gross margin never falls below this (a loss-maker's further losses are impairments). */
  grossFloor: number;
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
  interestRate: number;
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
const TECH_SECTORS = ['半导体', '软件开发', '计算机设备', 'IT服务', '元件', '消费电子', '光学光电子'];
const PHARMA_SECTORS = ['化学制药', '生物制品', '医疗器械', '中药', '医疗服务'];

function profileOf(stock: Stock): Profile {
  const rng = Rng.of(stock.thscode, 'financial-profile');
  const costs = Rng.of(stock.thscode, 'financial-costs');
  const tech = TECH_SECTORS.includes(stock.sector);
  const pharma = PHARMA_SECTORS.includes(stock.sector);
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
    sales: liquor ? rng.range(0.025, 0.05) : tech || pharma ? rng.range(0.04, 0.14) : rng.range(0.012, 0.08),
    manage: liquor ? rng.range(0.045, 0.085) : rng.range(0.025, 0.09),
    rd: stock.isBank
      ? 0
      : liquor
        ? rng.range(0.0006, 0.004)
        : tech
          ? rng.range(0.07, 0.2)
          : pharma
            ? rng.range(0.05, 0.15)
            : rng.range(0.006, 0.05),
    surcharge: liquor ? rng.range(0.12, 0.15) : rng.range(0.004, 0.015),
    costFloor: liquor ? rng.range(0.03, 0.07) : rng.range(0.12, 0.3),
    assetsToRevenue: stock.isBank ? rng.range(20, 30) : liquor ? rng.range(1.5, 2) : rng.range(1.2, 3),
    debtRatio: stock.isBank
      ? rng.range(0.9, 0.93)
      : liquor
        ? rng.range(0.15, 0.3)
        : Math.min(0.85, Math.max(0.1, rng.range(0.25, 0.65) + (stock.st ? 0.2 : 0))),
    currentShare: rng.range(0.35, 0.8),
    cashShare: liquor ? rng.range(0.4, 0.6) : rng.range(0.15, 0.5),
    receivableDays: rng.range(15, 120),
    inventoryShare: rng.range(0.1, 0.4),
    taxRate: tech ? 0.15 : 0.25,
    parentShare: rng.range(0.9, 0.995),
    payout: rng.range(0.25, 0.7),
    capex: rng.range(0.02, 0.12),
    growth: rng.range(-0.02, 0.15),
    growthNoise: stock.known ? 0.05 : 0.12,
    interestRate: rng.range(0.025, 0.05),
    // Drawn apart from the rest, so adding them moved no other figure.
    other: costs.range(0.003, 0.015),
    grossFloor: costs.range(0.04, 0.15),
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

/** A ratio moved by a log-normal factor: positive, centred on `base`. */
function drift(rng: Rng, base: number, sigma: number): number {
  return base * Math.exp(sigma * rng.normal());
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Cost ratios to revenue: cost of sales, the four expense lines and other operating costs. */
interface Costs {
  cost: number;
  sales: number;
  manage: number;
  rd: number;
  surcharge: number;
  other: number;
}

const COST_KEYS = ['cost', 'sales', 'manage', 'rd', 'surcharge', 'other'] as const;

/** Operating margin the ratios leave, capped at 90 % (costs of at least a tenth of revenue). */
function operatingMargin(c: Costs): number {
  return Math.min(0.9, 1 - COST_KEYS.reduce((sum, k) => sum + c[k], 0));
}

/**
 * The centres of a company's cost ratios, fitted to its net margin: the operating margin the net margin
 * implies (before tax for a profit) is what revenue leaves after cost of sales, the expenses and other
 * costs. A margin so high that cost of sales would fall below its floor shrinks the expenses (to no less
 * than 30 % of the sector's); a loss so deep that the gross margin would fall below its floor is carried
 * by other costs (impairments). Banks have no cost of sales, selling or R&D lines.
 */
function costCentres(stock: Stock, p: Profile): Costs {
  const target = Math.min(0.85, stock.netMargin > 0 ? stock.netMargin / (1 - p.taxRate) : stock.netMargin);
  if (stock.isBank) {
    const fixed = { cost: 0, sales: 0, manage: 0.3, rd: 0, surcharge: p.surcharge };
    return { ...fixed, other: Math.max(p.other, 1 - target - fixed.manage - fixed.surcharge) };
  }
  const lines = p.sales + p.manage + p.rd;
  let cost = 1 - target - lines - p.surcharge - p.other;
  let scale = 1;
  if (cost < p.costFloor) {
    scale = clamp((1 - target - p.costFloor - p.surcharge - p.other) / lines, 0.3, 1);
    cost = p.costFloor;
  }
  cost = Math.min(cost, 1 - p.grossFloor);
  const expenses = { sales: p.sales * scale, manage: p.manage * scale, rd: p.rd * scale };
  const spent = cost + expenses.sales + expenses.manage + expenses.rd + p.surcharge;
  return { cost, ...expenses, surcharge: p.surcharge, other: Math.max(p.other * 0.2, 1 - target - spent) };
}

/** Yearly log-sigma of each ratio: cost of sales moves by at most ~2.6 points of revenue or ~13 % a year. */
function yearlySigma(key: (typeof COST_KEYS)[number], centre: number): number {
  if (key === 'cost') return Math.min(0.05, 0.008 / Math.max(centre, 1e-9));
  return key === 'other' ? 0.15 : 0.05;
}

/** Log-sigma of a period's ratio around its year's (the annual row is the year itself). */
function periodSigma(key: (typeof COST_KEYS)[number], yearRatio: number): number {
  if (key === 'cost') return Math.min(0.03, 0.006 / Math.max(yearRatio, 1e-9));
  return key === 'other' ? 0.15 : 0.03;
}

/**
 * A ratio's path over the years: its centre moved by a mean-reverting log deviation whose steps are
 * bounded (±2 sigma a year, the deviation within ±4 sigma), so a year differs from the last by at most
 * about 2.6 sigma in log terms.
 */
function ratioPath(stock: Stock, key: string, centre: number, sigma: number, years: readonly number[]) {
  const out = new Map<number, number>();
  let dev = clamp(1.5 * sigma * Rng.of(stock.thscode, 'ratio', key, 'start').normal(), -4 * sigma, 4 * sigma);
  for (const y of years) {
    const step = clamp(sigma * Rng.of(stock.thscode, 'ratio', key, y).normal(), -2 * sigma, 2 * sigma);
    dev = clamp(0.85 * dev + step, -4 * sigma, 4 * sigma);
    out.set(y, centre * Math.exp(dev));
  }
  return out;
}

/** One year of a company: its revenue, cost ratios and the ratios every period of the year moves around. */
interface Year {
  revenue: number;
  costs: Costs;
  weights: number[];
  cash: number;
  debtRatio: number;
  parentShare: number;
  receivableDays: number;
}

function yearsOf(stock: Stock, p: Profile, firstYear: number): Map<number, Year> {
  // The anchor is the reference revenue moved by a seeded few percent, so no year shows a round figure.
  const anchor = stock.revenue * (1 + 0.03 * Rng.of(stock.thscode, 'revenue-anchor').normal());
  const revenueOf = new Map<number, number>([[REFERENCE_YEAR, anchor]]);
  for (let y = REFERENCE_YEAR + 1; y <= LAST_YEAR; y++) {
    const g = p.growth + p.growthNoise * Rng.of(stock.thscode, 'growth', y).normal();
    revenueOf.set(y, (revenueOf.get(y - 1) ?? anchor) * Math.max(0.6, 1 + g));
  }
  for (let y = REFERENCE_YEAR - 1; y >= firstYear - 1; y--) {
    const g = p.growth + p.growthNoise * Rng.of(stock.thscode, 'growth', y + 1).normal();
    revenueOf.set(y, (revenueOf.get(y + 1) ?? anchor) / Math.max(0.6, 1 + g));
  }
  const yearList: number[] = [];
  for (let y = firstYear - 1; y <= LAST_YEAR; y++) yearList.push(y);
  const centres = costCentres(stock, p);
  const paths = COST_KEYS.map(
    (k) => [k, ratioPath(stock, k, centres[k], yearlySigma(k, centres[k]), yearList)] as const,
  );
  const out = new Map<number, Year>();
  for (const y of yearList) {
    const rng = Rng.of(stock.thscode, 'year', y);
    const raw = [0.23, 0.25, 0.24, 0.28].map((w) => w * (1 + 0.08 * rng.normal()));
    const sum = raw.reduce((a, b) => a + b, 0);
    const costs = { ...centres };
    // A loss-maker's cost of sales stays below its revenue.
    for (const [k, path] of paths) costs[k] = Math.min(path.get(y) ?? centres[k], k === 'cost' ? 0.98 : 1);
    out.set(y, {
      revenue: revenueOf.get(y) ?? anchor,
      costs,
      weights: raw.map((w) => w / sum),
      cash: rng.range(0.6, 1.4),
      debtRatio: stock.isBank
        ? clamp(p.debtRatio + 0.006 * rng.normal(), 0.85, 0.95)
        : clamp(drift(rng, p.debtRatio, 0.12), 0.05, 0.9),
      parentShare: clamp(p.parentShare + 0.01 * rng.normal(), 0.85, 1),
      receivableDays: drift(rng, p.receivableDays, 0.15),
    });
  }
  return out;
}

/** A period's cost ratios: its year's, scattered a little for the first three quarters (Q4 is the year). */
function periodCosts(year: Costs, quarter: Quarter, rng: Rng): Costs {
  const out = { ...year };
  if (quarter === 4) return out;
  for (const k of COST_KEYS) {
    const sigma = periodSigma(k, year[k]);
    out[k] = year[k] * Math.exp(clamp(sigma * rng.normal(), -2 * sigma, 2 * sigma));
  }
  out.cost = Math.min(out.cost, 0.98);
  return out;
}

/** Net profit of a pre-tax profit: taxed when positive, a loss carried as it is. */
function afterTax(profitTotal: number, taxRate: number): number {
  return profitTotal > 0 ? profitTotal * (1 - taxRate) : profitTotal;
}

function buildPeriods(stock: Stock): Period[] {
  const p = profileOf(stock);
  const firstYear = Math.max(2007, yearOf(stock.listDay) - 3);
  const years = yearsOf(stock, p, firstYear);
  const base = years.get(firstYear - 1);
  if (!base) return [];
  // Equity at the start of the first year: what the sector's balance-sheet size implies.
  let equity = base.revenue * p.assetsToRevenue * (1 - base.debtRatio);
  let lastAnnualNet = afterTax(base.revenue * operatingMargin(base.costs), p.taxRate);
  const out: Period[] = [];
  for (let y = firstYear; y <= LAST_YEAR; y++) {
    const cur = years.get(y);
    if (!cur) continue;
    let cumNet = 0;
    let cumDividends = 0;
    for (const quarter of [1, 2, 3, 4] as const) {
      const share = cur.weights.slice(0, quarter).reduce((a, b) => a + b, 0);
      const rng = Rng.of(stock.thscode, 'quarter', y, quarter);
      const revenue = cur.revenue * share;
      // Income: revenue less the period's costs is the operating profit; non-operating items and tax
      // lead to the net profit.
      const costs = periodCosts(cur.costs, quarter, rng);
      const operatingProfit = revenue * operatingMargin(costs);
      const profitTotal = operatingProfit + revenue * 0.003 * rng.normal();
      const netProfit = afterTax(profitTotal, p.taxRate);
      const tax = profitTotal - netProfit;
      const costOfSales = revenue * costs.cost;
      const sales = revenue * costs.sales;
      const manage = revenue * costs.manage;
      const rd = revenue * costs.rd;
      // Balance sheet: equity rolls forward with the quarter's profit less the dividends paid in it.
      const paidShare = [0.05, 0.6, 0.95, 1][quarter - 1] ?? 1;
      const dividends = Math.max(0, lastAnnualNet * p.payout) * paidShare;
      equity += netProfit - cumNet - (dividends - cumDividends);
      cumNet = netProfit;
      cumDividends = dividends;
      const equityFloor = 0.2 * cur.revenue * p.assetsToRevenue * (1 - p.debtRatio);
      // A company whose losses ate its equity raises capital.
      if (equity < equityFloor) equity = equityFloor * rng.range(1.5, 2.5);
      const debtRatio = stock.isBank
        ? clamp(cur.debtRatio + 0.002 * rng.normal(), 0.85, 0.95)
        : clamp(drift(rng, cur.debtRatio, 0.04), 0.05, 0.9);
      const equityFigure = round(equity, 2);
      const debtFigure = round((equity * debtRatio) / (1 - debtRatio), 2);
      const assets = round(equityFigure + debtFigure, 2);
      const current = round(assets * clamp(p.currentShare * (1 + 0.05 * rng.normal()), 0.1, 0.95), 2);
      const cash =
        (stock.isBank ? assets * 0.08 : current) * clamp(p.cashShare * (1 + 0.1 * rng.normal()), 0.05, 0.9);
      const receivable = Math.min(
        (cur.revenue * cur.receivableDays) / 365,
        Math.max(0, current - cash) * 0.8,
      );
      const interest = stock.isBank ? revenue * 0.9 : (debtFigure * p.interestRate * 0.6 * quarter) / 4;
      // Cash flow.
      const act = netProfit * cur.cash + revenue * 0.02 * rng.normal();
      const capex = revenue * p.capex * (1 + 0.15 * rng.normal());
      const invest = -capex * rng.range(0.8, 1.4);
      const financing = -dividends + revenue * 0.05 * rng.normal();
      const parent = netProfit * cur.parentShare;
      const parentFigure = round(parent, 2);
      const field = (name: string, value: number): number | null =>
        p.nulls.has(name) ? null : round(value, 2);
      out.push({
        year: y,
        quarter,
        periodEndMs: midnightMs(dayOf(`${y}-${QUARTER_END[quarter - 1] ?? '12-31'}`)),
        reportDateMs: midnightMs(disclosureDay(stock, y, quarter)),
        income: {
          operating_income: field('operating_income', revenue),
          operating_costs: field('operating_costs', costOfSales),
          // Revenue − operating profit of the published (rounded) figures, so the identity holds to the cent.
          operating_expenses: field('operating_expenses', round(revenue, 2) - round(operatingProfit, 2)),
          sales_fee: field('sales_fee', sales),
          manage_fee: field('manage_fee', manage),
          research_and_development_expenses: field('research_and_development_expenses', rd),
          operating_profit: field('operating_profit', operatingProfit),
          interest_expenses: field('interest_expenses', interest),
          profit_total: field('profit_total', profitTotal),
          income_tax_expense: field('income_tax_expense', tax),
          net_profit: field('net_profit', netProfit),
          parent_holder_net_profit: field('parent_holder_net_profit', parentFigure),
          basic_eps: p.nulls.has('basic_eps') ? null : epsOf(parentFigure, stock.totalShares),
        },
        balance: {
          assets_total: field('assets_total', assets),
          total_current_assets: field('total_current_assets', current),
          non_current_nets_total: field('non_current_nets_total', assets - current),
          cash: field('cash', cash),
          accounts_receivable: field('accounts_receivable', receivable),
          total_debt: field('total_debt', debtFigure),
          holder_equity_total: field('holder_equity_total', equityFigure),
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
          currentLiabilities: stock.isBank ? null : debtFigure * 0.8,
          inventory: stock.isBank ? null : current * p.inventoryShare,
        },
      });
    }
    lastAnnualNet = cumNet;
  }
  return out;
}

/** Basic EPS: parent net profit ÷ total shares, 4 decimals. */
function epsOf(parentNetProfit: number, totalShares: number): number {
  return round(parentNetProfit / totalShares, 4);
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
