import { catalog } from '../../../src/contract/catalog';
import { TIMETABLE } from '../../../src/contract/market-session';
import { LADDER_TIERS, LADDER_TIER_CAP } from '../../../src/contract/operations/market-extras';
import { dateOf, dayOfMs, midnightMs, tradingDayAt, tradingIndexOf } from '../model/calendar';
import {
  boardCount,
  changePct,
  clockText,
  limitUpReason,
  scanDay,
  sealMoney,
  sealedUpOn,
  sealedUpStocks,
  turnoverRatioPct,
  type LimitScan,
} from '../model/limit-pools';
import { type MarketClock } from '../model/session';
import type { Stock } from '../model/universe';
import { defineHandler } from '../route';
import { clockOf } from './common';

/** A stock listed within the last year counts as sub-new (次新). */
const NEW_LISTING_DAYS = 365;

/** The trading index of a pool's day, or null when the day has no pool (closed, future, not open yet). */
function poolIndex(dateMs: number | undefined, clock: MarketClock): number | null {
  // Omitted: the server's current natural day, not the latest trading day.
  const day = dateMs === undefined ? clock.today : dayOfMs(dateMs);
  const t = tradingIndexOf(day);
  return t < 0 || t > clock.barIndex ? null : t;
}

/** Data readiness: the latest quote time today, the close of a past day. */
function poolTime(t: number | null, clock: MarketClock): number {
  if (t === null) return clock.nowMs - (clock.nowMs % 60000);
  return t === clock.barIndex ? clock.barTimeMs : midnightMs(tradingDayAt(t)) + TIMETABLE.close * 1000;
}

type Row = Record<string, unknown> & { thscode: string };

/** Sort by a whitelisted field (numbers, or `HH:MM` texts), then by code; page like the vendor. */
function page<R extends Row>(
  rows: R[],
  params: { page: number; size: number; sort_field: string; sort_dir: 'asc' | 'desc' },
) {
  const dir = params.sort_dir === 'asc' ? 1 : -1;
  const key = (r: R): number | string | null => {
    const v = r[params.sort_field];
    return typeof v === 'number' || typeof v === 'string' ? v : null;
  };
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    }
    return a.thscode < b.thscode ? -1 : a.thscode > b.thscode ? 1 : 0;
  });
  const from = (params.page - 1) * params.size;
  return {
    pagination: {
      total: rows.length,
      pages: Math.ceil(rows.length / params.size),
      size: params.size,
      page: params.page,
    },
    item: rows.slice(from, from + params.size),
  };
}

function identity(s: LimitScan) {
  return { thscode: s.stock.thscode, ticker: s.stock.ticker, name: s.stock.name };
}

function limitUpRow(s: LimitScan, t: number, clock: MarketClock) {
  const count = boardCount(s.stock, t, clock);
  const money = sealMoney(s, t);
  return {
    ...identity(s),
    is_st: s.stock.st,
    is_new: tradingDayAt(t) - s.stock.listDay <= NEW_LISTING_DAYS,
    last_price: s.bar.close,
    price_change_ratio_pct: changePct(s.bar),
    limit_up_time: s.firstUp === null ? clockText(TIMETABLE.close) : clockText(s.firstUp),
    limit_up_reason: limitUpReason(s.stock, t),
    continue_day_text: count.text,
    continue_day_cnt: count.boards,
    seal_money: money.seal,
    max_seal_money: money.max,
  };
}

function ladderEntry(stock: Stock, boardNum: number, sealNextday: boolean | null) {
  return {
    thscode: stock.thscode,
    ticker: stock.ticker,
    name: stock.name,
    board_num: boardNum,
    sign_level: 0,
    seal_nextday: sealNextday,
  };
}

export const limitPoolRoutes = [
  defineHandler(catalog['a-share/special-data/limit-up-pool'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const t = poolIndex(params.date_ms, clock);
    const rows = t === null ? [] : scanDay(t, clock).filter((s) => s.sealedUp);
    const items = t === null ? [] : rows.map((s) => limitUpRow(s, t, clock));
    return { timestamp: poolTime(t, clock), ...page(items, params) };
  }),

  defineHandler(catalog['a-share/special-data/limit-down-pool'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const t = poolIndex(params.date_ms, clock);
    const rows = t === null ? [] : scanDay(t, clock).filter((s) => s.sealedDown);
    const items = rows.map((s) => ({
      ...identity(s),
      last_price: s.bar.close,
      price_change_ratio_pct: changePct(s.bar),
      first_limit_time: s.firstDown === null ? null : clockText(s.firstDown),
      last_limit_time: s.lastDownStart === null ? null : clockText(s.lastDownStart),
      turnover_ratio_pct: turnoverRatioPct(s.bar),
    }));
    return { timestamp: poolTime(t, clock), ...page(items, params) };
  }),

  defineHandler(catalog['a-share/special-data/limit-break-pool'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const t = poolIndex(params.date_ms, clock);
    const rows = t === null ? [] : scanDay(t, clock).filter((s) => s.broke);
    const items = rows.map((s) => ({
      ...identity(s),
      last_price: s.bar.close,
      price_change_ratio_pct: changePct(s.bar),
      open_times: Math.max(1, s.openTimes),
      turnover_ratio_pct: turnoverRatioPct(s.bar),
      turnover: s.bar.turnover,
    }));
    return { timestamp: poolTime(t, clock), ...page(items, params) };
  }),

  defineHandler(catalog['a-share/special-data/limit-up-ladder'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const LENGTH = 30;
    const days: number[] = [];
    for (let t = clock.barIndex; t > clock.barIndex - LENGTH; t--) days.push(t);
    const item = days.map((t) => {
      const boards: Record<(typeof LADDER_TIERS)[number], ReturnType<typeof ladderEntry>[]> = {
        two_board: [],
        three_board: [],
        four_board: [],
        five_board: [],
        six_board: [],
        seven_over: [],
      };
      for (const stock of sealedUpStocks(t, clock)) {
        const n = boardCount(stock, t, clock).consecutive;
        if (n < 2) continue;
        const tier = LADDER_TIERS[Math.min(n, 7) - 2];
        // The newest day has no next day yet.
        const next = t === clock.barIndex ? null : sealedUpOn(stock, t + 1, clock);
        if (tier) boards[tier].push(ladderEntry(stock, n, next));
      }
      // Highest streak first, then cut to the documented cap of the tier.
      for (const tier of LADDER_TIERS) {
        boards[tier] = boards[tier]
          .sort((a, b) => b.board_num - a.board_num || (a.thscode < b.thscode ? -1 : 1))
          .slice(0, LADDER_TIER_CAP);
      }
      return { date: dateOf(tradingDayAt(t)), boards };
    });
    return {
      timestamp: clock.barTimeMs,
      window: {
        length: LENGTH,
        date_list: item.map((d) => d.date),
        board_caps: Object.fromEntries(LADDER_TIERS.map((tier) => [tier, LADDER_TIER_CAP])),
      },
      item,
    };
  }),
];
