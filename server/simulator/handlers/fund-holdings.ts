import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';
import { requireFund } from './fund-common';
import { dateOf, dayOf, midnightMs } from '../model/calendar';
import type { MarketClock } from '../model/session';
import type { Fund } from '../model/funds';
import {
  REPORT_TYPE_NAMES,
  disclosed,
  findReport,
  industries,
  mainIndustry,
  periodChange,
  portfolioOf,
  publishedReports,
  turnoverRate,
  type Position,
  type Report,
  type ReportType,
} from '../model/funds-portfolio';
import { disclosedBases, holderStructure, topHolders, type Basis } from '../model/funds-reports';
import { round } from '../model/random';

/** The latest semi-annual or annual report (holder data comes with them), or 3002. */
function latestHalfYear(fund: Fund, clock: MarketClock): Report {
  const reports = [
    ...publishedReports(fund, 'semi', clock.today, 1),
    ...publishedReports(fund, 'annual', clock.today, 1),
  ].sort((a, b) => b.endDay - a.endDay);
  const latest = reports[0];
  if (!latest) throw new SimError(ErrorCode.DATA_NOT_READY, `${fund.thscode} has not published a report yet`);
  return latest;
}

/** Money-market funds and REITs disclose no security list. */
function requirePortfolioFund(fund: Fund): void {
  if (fund.kind === 'money' || fund.kind === 'reit') {
    throw new SimError(ErrorCode.DATA_NOT_READY, `${fund.thscode} discloses no portfolio holdings`);
  }
}

const REPORT_TYPES: readonly ReportType[] = ['quarter', 'semi', 'annual'];

function reportType(value: string): ReportType {
  const found = REPORT_TYPES.find((t) => t === value);
  if (!found) {
    throw new SimError(
      ErrorCode.PARAM_FORMAT,
      `Parameter 'report_type' must be one of ${REPORT_TYPES.join(', ')} (from the report-dates operation)`,
    );
  }
  return found;
}

/** `end_date` as the report-dates operation gives it (yyyy-MM-dd), also tolerated as yyyyMMdd. */
function endDay(value: string): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  const date = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m || dateOf(dayOf(date)) !== date) {
    throw new SimError(ErrorCode.PARAM_FORMAT, "Parameter 'end_date' must be a date in yyyy-MM-dd format");
  }
  return dayOf(date);
}

function reportName(r: Report): string {
  if (r.type !== 'quarter') return `${r.year}年${REPORT_TYPE_NAMES[r.type]}`;
  return `${r.year}年第${r.quarter}季度报告`;
}

/** Reports of the given types that disclose something of a kind, newest first (about three years). */
function reportsWith(
  fund: Fund,
  clock: MarketClock,
  types: readonly ReportType[],
  kind: 'stock' | 'bond',
): Report[] {
  return types
    .flatMap((t) => publishedReports(fund, t, clock.today, t === 'quarter' ? 12 : 3))
    .filter((r) => {
      const d = disclosed(portfolioOf(fund, r));
      return (kind === 'stock' ? d.stocks : d.bonds).length > 0;
    })
    .sort((a, b) => b.endDay - a.endDay || REPORT_TYPES.indexOf(a.type) - REPORT_TYPES.indexOf(b.type));
}

function historyItems(fund: Fund, r: Report, list: readonly Position[]) {
  return list.map((p) => ({
    thscode: p.security.thscode,
    ticker: p.security.ticker,
    name: p.security.name,
    asset_type: p.security.assetType,
    hold_ratio: p.holdRatio,
    market_value: p.marketValue,
    period_increase_pct: periodChange(fund, r, p),
    rank: p.rank,
    report_type: r.type,
    end_date_ms: midnightMs(r.endDay),
  }));
}

export const fundHoldingRoutes = [
  defineHandler(catalog['fund/holders/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const r = latestHalfYear(fund, clock);
    const available = disclosedBases(fund);
    const wanted: readonly Basis[] = params.merge_scope === 'all' ? available : [params.merge_scope];
    const bases = wanted.filter((b) => available.includes(b));
    if (bases.length === 0) {
      throw new SimError(
        ErrorCode.DATA_NOT_READY,
        `${fund.thscode} discloses no holder structure on the '${params.merge_scope}' basis`,
      );
    }
    const item = bases.map((b) => {
      const s = holderStructure(fund, r, b);
      return {
        merge_scope: s.basis,
        report_date_ms: s.reportDateMs,
        ins_position: s.insPosition,
        holder_amount: s.holderAmount,
        avg_holder_share: s.avgHolderShare,
        psnl_rate: s.psnlRate,
        mgmt_staff_hold_rate: s.staffRate,
      };
    });
    return { timestamp: Math.max(...item.map((i) => i.report_date_ms)), item };
  }),

  defineHandler(catalog['fund/holders/top'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const r = latestHalfYear(fund, clock);
    // The service's own default is ten, the most it gives.
    const limit = params.limit ?? 10;
    const item = topHolders(fund, r)
      .slice(0, limit)
      .map((h) => ({
        holder_id: h.holderId,
        holder_code: h.holderCode,
        holder_name: h.holderName,
        holder_type: h.holderType,
        rank: h.rank,
        hold_share: h.holdShare,
        hold_rate_pct: h.holdRatePct,
        report_date_ms: midnightMs(r.endDay),
        publish_date_ms: midnightMs(r.publishDay),
      }));
    return { timestamp: midnightMs(r.endDay), limit, item };
  }),

  defineHandler(catalog['fund/portfolio/holdings'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    requirePortfolioFund(fund);
    const r = publishedReports(fund, 'quarter', clock.today, 1)[0];
    if (!r) throw new SimError(ErrorCode.DATA_NOT_READY, `${fund.thscode} has not disclosed holdings yet`);
    const p = portfolioOf(fund, r);
    const d = disclosed(p);
    const rows = [...d.stocks, ...d.bonds, ...d.funds, ...d.other];
    const invested = (list: readonly Position[]) => list.reduce((a, b) => a + b.marketValue, 0);
    const stockValue = invested(p.stocks);
    const top10 = [...rows].sort((a, b) => b.holdRatio - a.holdRatio).slice(0, 10);
    const item = rows.map((pos) => ({
      thscode: pos.security.thscode,
      ticker: pos.security.ticker,
      stock_name: pos.security.name,
      hold_ratio: pos.holdRatio,
      asset_type: pos.security.assetType,
      position_capital: pos.marketValue,
      position_count: pos.count,
      security_market_value_rate_pct:
        pos.security.assetType === 'stock' && stockValue > 0
          ? round((pos.marketValue / stockValue) * 100, 2)
          : null,
      period_increase_rate_pct: periodChange(fund, r, pos),
      investment_rank: pos.rank,
      start_date_ms: midnightMs(r.startDay),
      end_date_ms: midnightMs(r.endDay),
      publish_date_ms: midnightMs(r.publishDay),
      modify_time_ms: midnightMs(r.publishDay) + 19 * 3600 * 1000,
    }));
    const listedStocks = d.stocks.reduce((a, b) => a + b.holdRatio, 0);
    const industry = mainIndustry(p);
    return {
      timestamp: midnightMs(r.publishDay),
      item,
      total_stock_ratio_pct: p.allocation.stock,
      total_bond_ratio_pct: p.allocation.bond,
      total_fund_ratio_pct: p.allocation.fund,
      turnover_rate_pct: turnoverRate(fund, r),
      // Share of the equity book the listed top holdings make up.
      stock_ratio_pct: p.allocation.stock > 0 ? round((listedStocks / p.allocation.stock) * 100, 2) : 0,
      ...(industry !== null ? { main_industry: industry } : {}),
      // Top ten holdings as a fraction of net value (the service's own unit for this field).
      concentration_ratio: round(top10.reduce((a, b) => a + b.holdRatio, 0) / 100, 4),
    };
  }),

  defineHandler(catalog['fund/portfolio/industry-allocation'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    requirePortfolioFund(fund);
    const item = publishedReports(fund, 'quarter', clock.today, 4).flatMap((r) =>
      industries(portfolioOf(fund, r)).map((i) => ({
        report_period: dateOf(r.endDay),
        industry_name: i.name,
        ratio_pct: i.ratio,
      })),
    );
    return { timestamp: midnightMs(clock.today), item };
  }),

  defineHandler(catalog['fund/portfolio/asset-allocation'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const item = publishedReports(fund, 'quarter', clock.today, 8).map((r) => {
      const a = portfolioOf(fund, r).allocation;
      return {
        report_date_ms: midnightMs(r.endDay),
        stock_ratio_pct: a.stock,
        // Fund holdings count as "other" in this breakdown, next to gold, REIT projects and receivables.
        bond_ratio_pct: a.bond,
        deposit_ratio_pct: a.deposit,
        other_ratio_pct: round(a.other + a.fund, 2),
      };
    });
    return { timestamp: midnightMs(clock.today), item };
  }),

  defineHandler(catalog['fund/portfolio/stock-report-dates'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const types = params.report_type === undefined ? REPORT_TYPES : [reportType(params.report_type)];
    const item = reportsWith(fund, clock, types, 'stock').map((r) => ({
      report_type: r.type,
      report_type_name: reportName(r),
      start_date_ms: midnightMs(r.startDay),
      end_date_ms: midnightMs(r.endDay),
    }));
    return { timestamp: midnightMs(clock.today), item };
  }),

  defineHandler(catalog['fund/portfolio/stock-history'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const r = findReport(fund, reportType(params.report_type), endDay(params.end_date), clock.today);
    const stocks = r ? disclosed(portfolioOf(fund, r)).stocks : [];
    if (!r || stocks.length === 0) {
      throw new SimError(ErrorCode.DATA_NOT_READY, `No stock holdings of ${fund.thscode} for that report`);
    }
    return { timestamp: midnightMs(r.publishDay), item: historyItems(fund, r, stocks) };
  }),

  defineHandler(catalog['fund/portfolio/bond-report-dates'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const types = params.report_type === undefined ? REPORT_TYPES : [reportType(params.report_type)];
    const item = reportsWith(fund, clock, types, 'bond').map((r) => ({
      report_type: r.type,
      report_type_name: reportName(r),
      start_date_ms: midnightMs(r.startDay),
      end_date_ms: midnightMs(r.endDay),
    }));
    return { timestamp: midnightMs(clock.today), item };
  }),

  defineHandler(catalog['fund/portfolio/bond-history'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const r = findReport(fund, reportType(params.report_type), endDay(params.end_date), clock.today);
    const bonds = r ? disclosed(portfolioOf(fund, r)).bonds : [];
    if (!r || bonds.length === 0) {
      throw new SimError(ErrorCode.DATA_NOT_READY, `No bond holdings of ${fund.thscode} for that report`);
    }
    return { timestamp: midnightMs(r.publishDay), item: historyItems(fund, r, bonds) };
  }),
];
