import { catalog } from '../../../src/contract/catalog';
import { TIMETABLE } from '../../../src/contract/market-session';
import { ErrorCode } from '../../../src/contract/envelope';
import { auctionQuote, benchmark, type AuctionQuote } from '../model/auction';
import { dateOf, dayOf, midnightMs, tradingIndexOf } from '../model/calendar';
import { instrumentByCode } from '../model/instruments';

import { stockByCode } from '../model/universe';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';

/** A snapshot row; before a stock's orders cross, every figure but the previous close is null. */
function quoteItem(q: AuctionQuote) {
  const id = { thscode: q.stock.thscode, ticker: q.stock.ticker, name: q.stock.name };
  if (!q.matched) {
    return {
      ...id,
      auction_price: null,
      auction_pct: null,
      auction_volume: null,
      auction_amount: null,
      auction_unmatched: null,
      auction_turnover_pct: null,
      auction_yesterday_ratio_pct: null,
      auction_volume_ratio: null,
      pre_close_price: q.preClose,
      open_price: null,
      last_price: null,
      float_market_cap: null,
    };
  }
  return {
    ...id,
    auction_price: q.price,
    auction_pct: q.pct,
    auction_volume: q.lots,
    auction_amount: q.amount,
    auction_unmatched: q.unmatched,
    auction_turnover_pct: q.turnoverPct,
    auction_yesterday_ratio_pct: q.yesterdayRatioPct,
    auction_volume_ratio: q.volumeRatio,
    pre_close_price: q.preClose,
    open_price: q.open,
    last_price: q.last,
    float_market_cap: q.floatCap,
  };
}

export const auctionRoutes = [
  defineHandler(catalog['a-share/auction/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const codes = [...new Set(params.thscodes)];
    for (const code of codes) {
      const other = stockByCode(code) ? undefined : instrumentByCode(code, clock.today);
      if (other) {
        throw new SimError(
          ErrorCode.PARAM_FORMAT,
          `Parameter 'thscodes' has '${code}', which is not an A-share stock`,
        );
      }
    }
    // Before 09:15 nothing is known; during the call auction only `live` asks for indicative data;
    // on a closed day the latest trading day's final match is shown.
    let phase: string;
    let ready: boolean;
    let live = false;
    const index = clock.todayIndex >= 0 ? clock.todayIndex : clock.previousIndex;
    if (clock.phase === 'pre-open') {
      phase = 'not_started';
      ready = false;
    } else if (clock.auctionRunning) {
      phase = 'live';
      ready = params.stage === 'live';
      live = true;
    } else {
      phase = 'final';
      ready = true;
    }
    const item = [];
    if (ready) {
      for (const code of codes) {
        const stock = stockByCode(code);
        if (!stock || stock.listDay > clock.today) continue;
        const quote = auctionQuote(stock, index, clock, live);
        if (quote) item.push(quoteItem(quote));
      }
    }
    return {
      timestamp: ctx.now,
      auction_phase: phase,
      data_status: ready ? 'ready' : 'not_ready',
      total: item.length,
      item,
    };
  }),

  defineHandler(catalog['a-share/auction/short-term-benchmark'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const day = params.date === undefined ? clock.today : dayOf(params.date);
    const index = tradingIndexOf(day);
    // A closed day is answered as is (never moved), a future day or today before the match is empty.
    const open =
      index >= 0 &&
      (day < clock.today || (day === clock.today && clock.secondOfDay >= TIMETABLE.openingMatch));
    const item = open
      ? benchmark(index, clock).map(({ quote, tags }) => ({
          thscode: quote.stock.thscode,
          ticker: quote.stock.ticker,
          name: quote.stock.name,
          auction_pct: quote.pct,
          tags,
        }))
      : [];
    return { timestamp: ctx.now, date: dateOf(day), date_ms: midnightMs(day), item };
  }),
];
