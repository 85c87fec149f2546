import { catalog } from '../../../src/contract/catalog';
import { dateOf, dayOf, midnightMs } from '../model/calendar';
import {
  HOUR,
  dayHeat,
  dayRankScores,
  hourHeat,
  hourScores,
  rankOf,
  riseScores,
  rollingScores,
  skyHeat,
  topIndices,
} from '../model/hot';
import { stockAt } from '../model/universe';
import { defineHandler } from '../route';
import { clockOf, requireStock } from './common';

const DAY = 24 * HOUR;

function ranking(cur: Float32Array, prev: Float32Array, limit: number, heat: (score: number) => string) {
  return topIndices(cur, limit).map((index, i) => {
    const stock = stockAt(index);
    const rank = i + 1;
    const before = rankOf(prev, index);
    const change = before === null ? null : before - rank;
    return {
      thscode: stock.thscode,
      ticker: stock.ticker,
      name: stock.name,
      rank,
      heat: heat(cur[index] ?? 0),
      rank_change: change,
      rank_trend: change === null ? 'unknown' : change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
    };
  });
}

/** Lists refresh every minute. */
const stamp = (now: number) => now - (now % 60000);

export const hotListRoutes = [
  defineHandler(catalog['a-share/special-data/hot-stock-list'], (params, ctx) => {
    const now = ctx.now;
    if (params.period === 'hour') {
      const hour = Math.floor(now / HOUR);
      return {
        timestamp: stamp(now),
        item: ranking(hourScores(hour), hourScores(hour - 1), params.limit, hourHeat),
      };
    }
    return {
      timestamp: stamp(now),
      item: ranking(rollingScores(now), rollingScores(now - HOUR), params.limit, dayHeat),
    };
  }),

  defineHandler(catalog['a-share/special-data/skyrocket-list'], (params, ctx) => {
    const now = ctx.now;
    if (params.period === 'hour') {
      const h = Math.floor(now / HOUR);
      const cur = riseScores(hourScores(h), hourScores(h - 1));
      const prev = riseScores(hourScores(h - 1), hourScores(h - 2));
      return { timestamp: stamp(now), item: ranking(cur, prev, params.limit, (x) => skyHeat(x, true)) };
    }
    const cur = riseScores(rollingScores(now), rollingScores(now - DAY));
    const prev = riseScores(rollingScores(now - HOUR), rollingScores(now - DAY - HOUR));
    return { timestamp: stamp(now), item: ranking(cur, prev, params.limit, (x) => skyHeat(x, false)) };
  }),

  defineHandler(catalog['a-share/special-data/hot-stock-list-history'], (params, ctx) => {
    const day = dayOf(params.date);
    const scores = dayRankScores(day, ctx.now);
    return {
      date: params.date,
      date_ms: midnightMs(day),
      item: (scores ? topIndices(scores, 30) : []).map((index, i) => {
        const stock = stockAt(index);
        return { thscode: stock.thscode, ticker: stock.ticker, name: stock.name, rank: i + 1 };
      }),
    };
  }),

  defineHandler(catalog['a-share/special-data/hot-stock-rank-trend'], (params, ctx) => {
    const stock = requireStock(params.thscode, clockOf(ctx.now));
    const first = dayOf(params.start_date);
    const last = dayOf(params.end_date);
    const item = [];
    // One point per calendar day, weekends included, as the real series.
    // Today's point is the live list's rank at this moment; no point after today.
    for (let day = first; day <= last; day++) {
      const scores = dayRankScores(day, ctx.now);
      const rank = scores && rankOf(scores, stock.index);
      if (rank === null) continue;
      item.push({
        thscode: stock.thscode,
        ticker: stock.ticker,
        date: dateOf(day),
        date_ms: midnightMs(day),
        rank,
      });
    }
    return { timestamp: midnightMs(first), item };
  }),
];
