import { catalog } from '../../../src/contract/catalog';
import { defineHandler } from '../route';
import { clockOf } from './common';
import { publishedNav, requireFund } from './fund-common';
import {
  PERIODS,
  donchianAt,
  indexMs,
  indexOnOrBeforeMs,
  navAt,
  pePercentileAt,
  rsiAt,
  windowDrawdown,
  windowReturn,
  windowStart,
  type NavSeries,
  type Window,
} from '../model/funds-nav';
import { peerAverage, peerRank, peerTotal } from '../model/funds-peers';
import type { Fund } from '../model/funds';
import { tradingIndexOnOrAfter } from '../model/calendar';
import { dayOfMs } from '../model/calendar';

const WINDOWS: readonly Window[] = [...PERIODS, 'nowyear', 'now'];

function returnOf(series: NavSeries, window: Window, end: number): number | null {
  const start = windowStart(series, window, end);
  return start === null ? null : windowReturn(series, start, end);
}

function returnsItem(fund: Fund, series: NavSeries, end: number) {
  const item: Record<string, number | null> = {};
  for (const w of WINDOWS) item[`return_${w}`] = returnOf(series, w, end);
  for (const p of PERIODS) {
    const ret = item[`return_${p}`] ?? null;
    item[`peer_average_${p}`] = peerAverage(fund.kind, p, end);
    item[`rank_${p}`] = ret === null ? null : peerRank(fund.kind, p, end, ret);
    item[`rank_total_${p}`] = ret === null ? null : peerTotal(fund.kind, p, end);
  }
  return item;
}

export const fundPerformanceRoutes = [
  defineHandler(catalog['fund/performance/nav'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const start = params.range === undefined ? end : (windowStart(series, params.range, end) ?? series.first);
    const unit = params.nav_type !== 'adj';
    const adj = params.nav_type !== 'unit';
    const item = [];
    for (let t = start; t <= end; t++) {
      const point = navAt(series, t);
      if (!point) continue;
      item.push({
        nav_date: indexMs(t),
        ...(unit ? { unit_nav: point.unit } : {}),
        ...(adj ? { adj_nav: point.adj } : {}),
      });
    }
    return { timestamp: indexMs(end), item };
  }),

  defineHandler(catalog['fund/performance/returns'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const r = returnsItem(fund, series, end);
    const get = (k: string) => r[k] ?? null;
    return {
      timestamp: indexMs(end),
      item: [
        {
          return_week: get('return_week'),
          return_month: get('return_month'),
          return_tmonth: get('return_tmonth'),
          return_hyear: get('return_hyear'),
          return_year: get('return_year'),
          return_twoyear: get('return_twoyear'),
          return_tyear: get('return_tyear'),
          return_fyear: get('return_fyear'),
          return_nowyear: get('return_nowyear'),
          return_now: get('return_now'),
          peer_average_week: get('peer_average_week'),
          peer_average_month: get('peer_average_month'),
          peer_average_tmonth: get('peer_average_tmonth'),
          peer_average_hyear: get('peer_average_hyear'),
          peer_average_year: get('peer_average_year'),
          peer_average_twoyear: get('peer_average_twoyear'),
          peer_average_tyear: get('peer_average_tyear'),
          peer_average_fyear: get('peer_average_fyear'),
          rank_week: get('rank_week'),
          rank_month: get('rank_month'),
          rank_tmonth: get('rank_tmonth'),
          rank_hyear: get('rank_hyear'),
          rank_year: get('rank_year'),
          rank_twoyear: get('rank_twoyear'),
          rank_tyear: get('rank_tyear'),
          rank_fyear: get('rank_fyear'),
          rank_total_week: get('rank_total_week'),
          rank_total_month: get('rank_total_month'),
          rank_total_tmonth: get('rank_total_tmonth'),
          rank_total_hyear: get('rank_total_hyear'),
          rank_total_year: get('rank_total_year'),
          rank_total_twoyear: get('rank_total_twoyear'),
          rank_total_tyear: get('rank_total_tyear'),
          rank_total_fyear: get('rank_total_fyear'),
        },
      ],
    };
  }),

  defineHandler(catalog['fund/performance/indicators-historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const from = Math.max(series.first, tradingIndexOnOrAfter(dayOfMs(params.start)));
    const to = Math.min(end, indexOnOrBeforeMs(params.end));
    const item = [];
    for (let t = from; t <= to; t++) {
      // Stamped at midnight: a start later in a day leaves that day out.
      if (indexMs(t) < params.start) continue;
      item.push({
        date_ms: indexMs(t),
        rsi_pct: rsiAt(series, t),
        donchian_channel: donchianAt(series, t),
        track_index_pe_ttm_five_year_percentile: pePercentileAt(fund, t),
      });
    }
    const last = item[item.length - 1];
    return { timestamp: last ? last.date_ms : indexMs(end), item };
  }),

  defineHandler(catalog['fund/performance/drawdowns'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireFund(params.thscode, clock, params.fund_type);
    const { series, end } = publishedNav(fund, clock);
    const dd = (w: Window) => {
      const start = windowStart(series, w, end);
      return start === null ? null : windowDrawdown(series, start, end);
    };
    return {
      timestamp: indexMs(end),
      item: [
        {
          thscode: fund.thscode,
          ticker: fund.ticker,
          week: dd('week'),
          month: dd('month'),
          tmonth: dd('tmonth'),
          hyear: dd('hyear'),
          year: dd('year'),
          twoyear: dd('twoyear'),
          tyear: dd('tyear'),
          fyear: dd('fyear'),
          nowyear: dd('nowyear'),
          now: dd('now'),
        },
      ],
    };
  }),
];
