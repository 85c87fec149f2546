import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';
import type { MarketClock } from '../model/session';
import { tradingDayAt, tradingIndexOnOrBefore, dateOf } from '../model/calendar';
import { managerById, tenuresOn, type FundKind, type FundManager } from '../model/funds';
import {
  indexMs,
  latestNavIndex,
  navSeries,
  periodStartDay,
  previousYearEnd,
  windowDrawdown,
} from '../model/funds-nav';
import {
  benchmarkTheme,
  careerIndex,
  compositeReturns,
  investmentIdea,
  peerTheme,
  representativeFund,
  resume,
  tenureReturn,
  themeReturns,
  totalScale,
} from '../model/funds-managers';
import { disclosed, industries, portfolioOf, publishedReports } from '../model/funds-portfolio';
import { Rng, round } from '../model/random';

/** A manager with at least one fund today, or 3001. */
function requireManager(id: string, clock: MarketClock): { manager: FundManager; end: number } {
  const manager = managerById(id);
  const end = latestNavIndex(clock);
  if (!manager || tenuresOn(manager, tradingDayAt(end)).length === 0) {
    throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Fund manager '${id}' does not exist`);
  }
  return { manager, end };
}

function latestPortfolio(manager: FundManager, end: number) {
  const fund = representativeFund(manager, end);
  if (!fund) return null;
  const report = publishedReports(fund, 'quarter', tradingDayAt(end), 1)[0];
  return report ? { fund, portfolio: portfolioOf(fund, report) } : null;
}

/** Category names of the representative fund, as the radar's `fund_category`. */
const FUND_CATEGORY: Readonly<Record<FundKind, string>> = {
  equity: '股票型',
  hybrid: '混合型',
  bond: '债券型',
  money: '货币型',
  index: '指数型',
  qdii: 'QDII',
  commodity: '商品型',
  reit: 'REITs',
};

/** Horizons of the radar, each given once the manager has managed that long. */
const RADAR_HORIZONS = [
  { horizon: '1y', years: 0 },
  { horizon: '3y', years: 3 },
] as const;

export const fundManagerRoutes = [
  defineHandler(catalog['fund/managers/investment-style'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { manager, end } = requireManager(params.manager_id, clock);
    const fund = representativeFund(manager, end);
    const latest = latestPortfolio(manager, end);
    return {
      timestamp: indexMs(end),
      item: [
        {
          representative_fund_thscode: fund?.thscode ?? null,
          representative_fund_ticker: fund?.ticker ?? null,
          representative_fund_name: fund?.name ?? null,
          investment_idea: investmentIdea(fund),
          total_fund_scale: totalScale(manager, clock.today, end),
          industry_preferences: latest
            ? industries(latest.portfolio)
                .slice(0, 5)
                .map((i) => ({ industry_name: i.name, ratio_pct: i.ratio }))
            : null,
        },
      ],
    };
  }),

  defineHandler(catalog['fund/managers/performance'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { manager, end } = requireManager(params.manager_id, clock);
    const fund = representativeFund(manager, end);
    const career = careerIndex(manager, end);
    let from: number;
    if (params.range === 'now') from = career;
    else if (params.range === 'nowyear') from = previousYearEnd(end);
    else from = tradingIndexOnOrBefore(periodStartDay(params.range, tradingDayAt(end)));
    from = Math.max(from, career);
    const mine = compositeReturns(manager, from, end);
    const peers = fund ? themeReturns(peerTheme(fund), from, end) : [];
    const bench = fund ? themeReturns(benchmarkTheme(fund), from, end) : [];
    // Since-inception series are long: one point a week keeps them readable.
    const step = params.range === 'now' ? 5 : 1;
    const item = [];
    for (let i = 0; i <= end - from; i += step) {
      item.push({
        date_ms: indexMs(from + i),
        manager_return_pct: mine[i] ?? null,
        peer_return_pct: peers[i] ?? null,
        benchmark_return_pct: bench[i] ?? null,
      });
    }
    if ((end - from) % step !== 0) {
      const i = end - from;
      item.push({
        date_ms: indexMs(end),
        manager_return_pct: mine[i] ?? null,
        peer_return_pct: peers[i] ?? null,
        benchmark_return_pct: bench[i] ?? null,
      });
    }
    return { timestamp: indexMs(end), item };
  }),

  defineHandler(catalog['fund/managers/experience'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { manager, end } = requireManager(params.manager_id, clock);
    const tenures = tenuresOn(manager, tradingDayAt(end));
    const returns = tenures.map((t) => tenureReturn(t.fund, t.startDay, end));
    const rng = Rng.of(manager.id, 'awards');
    const best = Math.max(...returns);
    const awards =
      best > 40
        ? Array.from({ length: rng.int(1, 3) }, (_, i) => ({
            award_name: rng.pick(['金牛奖', '明星基金奖', '金基金奖']),
            award_year: Number(dateOf(tradingDayAt(end)).slice(0, 4)) - 1 - i,
            organization: rng.pick(['中国证券报', '证券时报', '上海证券报']),
          }))
        : null;
    const latest = latestPortfolio(manager, end);
    return {
      timestamp: indexMs(end),
      item: [
        {
          awards,
          heavy_assets: latest
            ? {
                fund_thscode: latest.fund.thscode,
                report_date: dateOf(latest.portfolio.report.endDay),
                // Equity funds show their top stocks, bond funds their top bonds.
                items: [...disclosed(latest.portfolio).stocks, ...disclosed(latest.portfolio).bonds]
                  .slice(0, 5)
                  .map((p) => ({
                    thscode: p.security.thscode,
                    name: p.security.name,
                    hold_ratio: p.holdRatio,
                  })),
              }
            : {},
          investment_history: {
            company_name: manager.company.name,
            career_start_date: dateOf(manager.careerStartDay),
            funds: tenures.map((t, i) => ({
              thscode: t.fund.thscode,
              fund_name: t.fund.name,
              start_date: dateOf(t.startDay),
              end_date: null,
              tenure_return_pct: returns[i] ?? null,
            })),
          },
        },
      ],
    };
  }),

  defineHandler(catalog['fund/managers/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { manager, end } = requireManager(params.manager_id, clock);
    const tenures = tenuresOn(manager, tradingDayAt(end));
    const returns = tenures.map((t) => tenureReturn(t.fund, t.startDay, end));
    const career = careerIndex(manager, end);
    const composite = compositeReturns(manager, career, end);
    const total = composite[composite.length - 1] ?? 0;
    const years = Math.max((tradingDayAt(end) - tradingDayAt(career)) / 365, 1 / 12);
    const annual = round(((1 + total / 100) ** (1 / years) - 1) * 100, 2);
    const fund = representativeFund(manager, end);
    const drawdown = fund
      ? windowDrawdown(navSeries(fund), Math.max(career, navSeries(fund).first), end)
      : null;
    const score = (x: number) => round(Math.min(99, Math.max(5, x)), 1);
    const r = Rng.of(manager.id, 'radar');
    return {
      timestamp: indexMs(end),
      item: [
        {
          manager_id: manager.id,
          manager_name: manager.name,
          sex: manager.sex,
          degree: manager.degree,
          company_id: manager.company.id,
          company_name: manager.company.name,
          resume: resume(manager),
          photo_url: null,
          annual_return_pct: annual,
          maximum_return_pct: returns.length ? Math.max(...returns) : null,
          // The documented node (docs/api/endpoints-fund.md §21): one per fund category and horizon
          // actually covered; the inner objects are not documented, so they are maps of name to value.
          radar_comparison: RADAR_HORIZONS.filter((h) => years >= h.years).map((h) => ({
            fund_category: fund ? FUND_CATEGORY[fund.kind] : null,
            horizon: h.horizon,
            manager_metrics: {
              annual_return_pct: annual,
              max_drawdown_pct: drawdown === null ? null : round(drawdown, 2),
              tenure_years: round(years, 1),
            },
            manager_scores: {
              return_score: score(50 + annual * 3 + r.range(-3, 3)),
              risk_score: score(90 - (drawdown ?? 20) * 1.5),
              stability_score: score(r.range(35, 90)),
              timing_score: score(r.range(30, 85)),
              experience_score: score(20 + years * 8),
            },
            peer_average_scores: {
              return_score: score(50 + r.range(-5, 5)),
              risk_score: score(55 + r.range(-5, 5)),
              stability_score: score(50 + r.range(-5, 5)),
              timing_score: score(50 + r.range(-5, 5)),
              experience_score: score(45 + r.range(-5, 5)),
            },
          })),
        },
      ],
    };
  }),
];
