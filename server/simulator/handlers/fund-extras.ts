import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';
import { publishedNav, requireFund } from './fund-common';
import { dateOf, dayOf, midnightMs, tradingDayAt, tradingIndexOnOrAfter } from '../model/calendar';
import { Rng, round } from '../model/random';
import { companyById, fundsOn, managersOf, type Fund, type FundKind } from '../model/funds';
import {
  adjAt,
  indexMs,
  unitAt,
  windowDrawdown,
  windowReturn,
  windowStart,
  type NavSeries,
} from '../model/funds-nav';
import { peerRank, peerTotal } from '../model/funds-peers';
import { disclosedScale } from '../model/funds-portfolio';
import { tenureReturn } from '../model/funds-managers';
import { dividendRecords } from '../model/funds-dividends';
import { articles, offerings } from '../model/funds-news';

const PEER_CODES: Record<FundKind, string> = {
  equity: 'GPX',
  hybrid: 'HHX',
  bond: 'ZQX',
  money: 'HBX',
  index: 'ZSX',
  qdii: 'QDII',
  commodity: 'SPX',
  reit: 'REITS',
};

/** Typical maximum drawdown of a category over its history, percent (for peer comparisons). */
const PEER_DRAWDOWN: Record<FundKind, number> = {
  equity: 38,
  hybrid: 32,
  bond: 4,
  money: 0,
  index: 40,
  qdii: 33,
  commodity: 18,
  reit: 30,
};

// A type alias (not an interface) so that rows fit the catalog's loose object schema.
type RateRow = {
  rate_type: string;
  charge_mode: string;
  condition: string | null;
  standard_rate: string;
  discounted_rate: string | null;
};

function rateInfo(fund: Fund): RateRow[] {
  const pct = (x: number) => `${x.toFixed(2)}%`;
  const rows: RateRow[] = [
    {
      rate_type: 'management',
      charge_mode: 'ongoing',
      condition: null,
      standard_rate: pct(fund.managementFee),
      discounted_rate: null,
    },
    {
      rate_type: 'custody',
      charge_mode: 'ongoing',
      condition: null,
      standard_rate: pct(fund.custodyFee),
      discounted_rate: null,
    },
  ];
  if (fund.salesServiceFee > 0) {
    rows.push({
      rate_type: 'sales_service',
      charge_mode: 'ongoing',
      condition: null,
      standard_rate: pct(fund.salesServiceFee),
      discounted_rate: null,
    });
  }
  if (fund.fundType === 'otc' && fund.shareClass !== 'C' && fund.kind !== 'money') {
    const base = fund.kind === 'bond' ? 0.8 : fund.kind === 'index' ? 1.2 : 1.5;
    for (const [condition, rate] of [
      ['金额<100万元', base],
      ['100万元≤金额<500万元', base * 0.6],
      ['金额≥500万元', null],
    ] as const) {
      rows.push({
        rate_type: 'subscription',
        charge_mode: 'front_end',
        condition,
        standard_rate: rate === null ? '1000元/笔' : pct(rate),
        // Distributors commonly waive 90% of the front-end fee.
        discounted_rate: rate === null ? null : pct(rate / 10),
      });
    }
  }
  if (fund.fundType === 'otc' && fund.kind !== 'money') {
    rows.push(
      {
        rate_type: 'redemption',
        charge_mode: 'back_end',
        condition: '持有期<7天',
        standard_rate: pct(1.5),
        discounted_rate: null,
      },
      {
        rate_type: 'redemption',
        charge_mode: 'back_end',
        condition: fund.shareClass === 'C' ? '持有期≥7天' : '7天≤持有期<365天',
        standard_rate: pct(fund.shareClass === 'C' ? 0 : 0.5),
        discounted_rate: null,
      },
    );
  }
  return rows;
}

function tradeRules(fund: Fund, today: number) {
  const next = (n: number) => tradingDayAt(tradingIndexOnOrAfter(today + 1) + n - 1);
  if (fund.fundType !== 'otc') {
    return [
      { title: '场内交易', display_time: 'T日成交，T+1日可卖出', time_ms: midnightMs(next(1)) },
      { title: '资金到账', display_time: 'T+1日', time_ms: midnightMs(next(1)) },
    ];
  }
  const settle = fund.kind === 'money' ? 1 : fund.kind === 'qdii' ? 7 : 3;
  return [
    { title: '买入确认', display_time: 'T+1日确认份额', time_ms: midnightMs(next(1)) },
    { title: '查看收益', display_time: 'T+2日', time_ms: midnightMs(next(2)) },
    { title: '赎回到账', display_time: `T+${settle}日`, time_ms: midnightMs(next(settle)) },
  ];
}

/** Returns over holding periods starting every fifth trading day of the history. */
function rollingReturns(series: NavSeries, end: number, days: number): number[] {
  const out: number[] = [];
  for (let s = series.first; s + days <= end; s += 5) out.push(windowReturn(series, s, s + days));
  return out;
}

function maxDrawdownEpisode(series: NavSeries, end: number) {
  let peak = series.first;
  let worst = 0;
  let from = series.first;
  let to = series.first;
  for (let t = series.first; t <= end; t++) {
    if (adjAt(series, t) > adjAt(series, peak)) peak = t;
    const dd = 1 - adjAt(series, t) / adjAt(series, peak);
    if (dd > worst) {
      worst = dd;
      from = peak;
      to = t;
    }
  }
  let recovered: number | null = null;
  for (let t = to; t <= end; t++) {
    if (adjAt(series, t) >= adjAt(series, from)) {
      recovered = t;
      break;
    }
  }
  return {
    max_drawdown_pct: round(worst * 100, 2),
    drawdown_start_date: dateOf(tradingDayAt(from)),
    drawdown_end_date: dateOf(tradingDayAt(to)),
    recovery_days: recovered === null ? null : tradingDayAt(recovered) - tradingDayAt(to),
  };
}

export const fundExtraRoutes = [
  defineHandler(catalog['fund/profile/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const managers = managersOf(fund, clock.today);
    return {
      timestamp: indexMs(end),
      item: [
        {
          thscode: fund.thscode,
          ticker: fund.ticker,
          fund_name: fund.name,
          estab_date: midnightMs(fund.inceptionDay),
          company_id: fund.company.id,
          mgmt_name: fund.company.name,
          manager_name: managers[0]?.manager.name ?? null,
          // Size as of the latest quarterly report (the disclosed figure).
          fund_scale: disclosedScale(fund, clock.today, end),
          unit_nav: unitAt(series, end),
          manager_info: managers.map(({ manager, startDay }) => ({
            manager_id: manager.id,
            manager_name: manager.name,
            tenure_return_pct: tenureReturn(fund, startDay, end),
            tenure_days: clock.today - startDay,
            start_date_ms: midnightMs(startDay),
            end_date_ms: null,
          })),
          trade_rule: tradeRules(fund, clock.today),
          rate_info: rateInfo(fund),
        },
      ],
    };
  }),

  defineHandler(catalog['fund/corporate-actions/dividends'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const records = dividendRecords(fund, clock.today);
    const item = records.map((r) => ({
      per_ten_cash_before_tax: r.dividend.perTen,
      // Fund distributions are not taxed at the investor.
      per_ten_cash_after_tax: r.dividend.perTen,
      progress: r.done ? '已实施' : '已公告',
      publish_date_ms: midnightMs(r.publishDay),
      registration_date_ms: midnightMs(r.registrationDay),
      ex_dividend_date_ms: midnightMs(r.exDay),
      payment_date_ms: midnightMs(r.paymentDay),
      reinvestment_date_ms: r.reinvestmentDay === null ? null : midnightMs(r.reinvestmentDay),
      profit_base_date_ms: midnightMs(r.profitBaseDay),
      in_dividend_date_ms: r.inDividendDay === null ? null : midnightMs(r.inDividendDay),
    }));
    return {
      timestamp: item[0]?.publish_date_ms ?? midnightMs(clock.today),
      // Cash per unit paid by the listed records, CNY (not a return).
      dividend_count: item.length,
      dividend_total: round(
        records.reduce((a, r) => a + r.dividend.cash, 0),
        4,
      ),
      item,
    };
  }),

  defineHandler(catalog['fund/diagnostics/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const yearStart = windowStart(series, 'year', end);
    const period = yearStart === null ? 'tmonth' : 'year';
    const start = windowStart(series, period, end) ?? series.first;
    const ret = windowReturn(series, start, end);
    const rank = peerRank(fund.kind, period, end, ret);
    const total = peerTotal(fund.kind, period, end);
    const dd = windowDrawdown(series, start, end);
    const r = Rng.of(fund.thscode, 'diagnosis', dateOf(clock.today).slice(0, 7));
    const score = (x: number) => round(Math.min(99, Math.max(1, x)), 1);
    const returnScore = score(100 * (1 - rank / total));
    const riskScore = score(60 + (PEER_DRAWDOWN[fund.kind] / 2 - dd) * 2);
    const holding = [
      { label: '3个月', days: 61 },
      { label: '6个月', days: 122 },
      { label: '1年', days: 244 },
      { label: '3年', days: 732 },
    ];
    const episodes = maxDrawdownEpisode(series, end);
    return {
      timestamp: indexMs(end),
      item: [
        {
          thscode: fund.thscode,
          ticker: fund.ticker,
          fund_type: fund.fundType,
          peer_code: PEER_CODES[fund.kind],
          dimensions: {
            return_score: returnScore,
            risk_score: riskScore,
            stability_score: score((returnScore + riskScore) / 2 + r.range(-10, 10)),
            timing_score: score(r.range(35, 85)),
            selection_score: score(returnScore + r.range(-15, 15)),
          },
          peer_dimensions: {
            return_score: 50,
            risk_score: 50,
            stability_score: 50,
            timing_score: 50,
            selection_score: 50,
          },
          probabilities: holding.map((h) => {
            const list = rollingReturns(series, end, h.days);
            return {
              holding_period: h.label,
              holding_days: h.days,
              positive_probability_pct: list.length
                ? round((100 * list.filter((x) => x > 0).length) / list.length, 2)
                : null,
            };
          }),
          ranges: holding.map((h) => {
            const list = rollingReturns(series, end, h.days).sort((a, b) => a - b);
            return {
              holding_period: h.label,
              min_return_pct: list[0] ?? null,
              median_return_pct: list[Math.floor(list.length / 2)] ?? null,
              max_return_pct: list[list.length - 1] ?? null,
            };
          }),
          resilience: episodes,
          peer_resilience: {
            max_drawdown_pct: PEER_DRAWDOWN[fund.kind],
            recovery_days: fund.kind === 'money' ? 0 : Math.round(PEER_DRAWDOWN[fund.kind] * 18),
          },
        },
      ],
    };
  }),

  defineHandler(catalog['fund/news/article-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const all = articles(fund, ctx.now);
    let from = 0;
    if (params.offset !== undefined) {
      const cursor = decodeCursor(params.offset);
      // Continue after the last article of the previous page (newest first, ties by id).
      from = all.findIndex((a) => a.publishMs < cursor.ms || (a.publishMs === cursor.ms && a.id < cursor.id));
      if (from < 0) from = all.length;
    }
    const page = all.slice(from, from + params.limit);
    const last = page[page.length - 1];
    const hasMore = from + page.length < all.length;
    return {
      timestamp: ctx.now,
      limit: params.limit,
      offset: hasMore && last ? encodeCursor(last.publishMs, last.id) : null,
      has_more: hasMore,
      item: page.map((a) => ({
        id: a.id,
        content_type: a.contentType,
        title: a.title,
        summary: a.summary,
        source: a.source,
        url: a.url,
        image_url: a.imageUrl,
        author: a.author,
        publish_time_ms: a.publishMs,
        top: a.top,
      })),
    };
  }),

  defineHandler(catalog['fund/offerings/list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const today = midnightMs(clock.today);
    const item = offerings(clock.today)
      .filter((o) =>
        params.subscribe === 'active' ? o.startMs <= today && today <= o.endMs : o.startMs > today,
      )
      .map((o) => ({
        thscode: o.thscode,
        ticker: o.ticker,
        subscription_start_ms: o.startMs,
        subscription_end_ms: o.endMs,
      }));
    return { timestamp: today, item };
  }),

  defineHandler(catalog['fund/companies/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const company = companyById(params.company_id);
    if (!company) {
      throw new SimError(
        ErrorCode.INSTRUMENT_NOT_FOUND,
        `Fund company '${params.company_id}' does not exist`,
      );
    }
    const ours = fundsOn(clock.today).filter((f) => f.company === company);
    return {
      timestamp: midnightMs(clock.today),
      item: [
        {
          company_id: company.id,
          company_name: company.name,
          company_type: company.type,
          established_date_ms: midnightMs(dayOf(company.established)),
          fund_count: Math.max(company.fundCount, ours.length),
          scale: company.scale,
        },
      ],
    };
  }),
];

/** The cursor is opaque to callers: base64url of "publish ms:article id". */
function encodeCursor(ms: number, id: string): string {
  return Buffer.from(`${ms}:${id}`).toString('base64url');
}

function decodeCursor(text: string): { ms: number; id: string } {
  const m = /^(\d{10,16}):(\d{1,12})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m)
    throw new SimError(ErrorCode.PARAM_FORMAT, "Parameter 'offset' is not a cursor from a previous page");
  return { ms: Number(m[1]), id: m[2] ?? '' };
}
