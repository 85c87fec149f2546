import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { dateOf, dayOf, midnightMs, tradingDayAt, tradingIndexOf } from '../model/calendar';
import { dragonTigerOfStock, dragonTigerRecords, type DtRecord } from '../model/dragon-tiger';
import { dayScores, rankOf } from '../model/hot';
import { round } from '../model/random';
import type { MarketClock } from '../model/session';
import { SimError, defineHandler } from '../route';
import { clockOf, requireStock } from './common';

/** The list of a day is published after the close; asking for it earlier is "not ready yet". */
const PUBLISHED_S = 17 * 3600;

/** Omitted date: the latest trading day before today. An explicit non-trading day: 1002, no fallback. */
function tradeIndex(date: string | undefined, clock: MarketClock): number {
  if (date === undefined) return clock.previousIndex;
  const index = tradingIndexOf(dayOf(date));
  if (index < 0) throw new SimError(ErrorCode.PARAM_FORMAT, `Parameter 'date' ${date} is not a trading day`);
  if (index === clock.todayIndex && clock.secondOfDay < PUBLISHED_S) {
    throw new SimError(ErrorCode.DATA_NOT_READY, `The dragon-tiger list of ${date} is published after 17:00`);
  }
  return index;
}

const hasOrg = (r: DtRecord) => r.orgBuyNum + r.orgSellNum > 0;
const hasHotMoney = (r: DtRecord) => r.hotSeats.length > 0;

function stockItem(r: DtRecord, board: 'all' | 'org' | 'hot_money', hotRank: number | null) {
  const net = round(r.buyValue - r.sellValue, 2);
  const orgNet = round(r.orgBuyValue - r.orgSellValue, 2);
  const hotNet = round(
    r.hotSeats.reduce((a, s) => a + s.net, 0),
    2,
  );
  // Like the real service, absent values are left out rather than sent as null.
  return {
    thscode: r.stock.thscode,
    ticker: r.stock.ticker,
    name: r.stock.name,
    change: r.change,
    net_value: net,
    net_rate: round(net / r.turnover, 4),
    buy_value: r.buyValue,
    sell_value: r.sellValue,
    ...(hotRank === null ? {} : { hot_rank: hotRank }),
    range_days: r.rangeDays,
    limit_reason: r.reason,
    ...(hasOrg(r) ? { org_net_value: orgNet } : {}),
    ...(hasHotMoney(r)
      ? { hot_money_net_value: hotNet, hot_money_net_rate: round(hotNet / r.turnover, 4) }
      : {}),
    ...(board === 'org'
      ? { org_net_rate: round(orgNet / r.turnover, 4), org_buy_num: r.orgBuyNum, org_sell_num: r.orgSellNum }
      : {}),
    concept_list: r.stock.concepts.map((name) => ({ name })),
  };
}

function hotMoneyItems(records: readonly DtRecord[], hotRankOf: (r: DtRecord) => number | null) {
  const seats = new Map<string, { name: string; buying: number; rows: ReturnType<typeof seatRow>[] }>();
  for (const r of records) {
    for (const s of r.hotSeats) {
      const seat = seats.get(s.seat) ?? { name: s.seat, buying: 0, rows: [] };
      seat.buying = round(seat.buying + s.net, 2);
      seat.rows.push(seatRow(r, s.net, hotRankOf(r)));
      seats.set(s.seat, seat);
    }
  }
  return [...seats.values()].sort((a, b) => b.buying - a.buying || (a.name < b.name ? -1 : 1));
}

/**
 * A seat's row: the stock's own row of the list (as on `board_type=all`) with the traded amount and the
 * seat's net on it, the 17 fields of docs/api/endpoints-special-data.md and example 08.
 */
function seatRow(r: DtRecord, net: number, hotRank: number | null) {
  return {
    ...stockItem(r, 'all', hotRank),
    amount: r.turnover,
    hot_money_item_net_value: net,
    hot_money_item_net_rate: round(net / r.turnover, 4),
  };
}

export const dragonTigerRoutes = [
  defineHandler(catalog['a-share/special-data/dragon-tiger-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const index = tradeIndex(params.date, clock);
    const day = tradingDayAt(index);
    const scores = dayScores(day);
    const board = params.board_type;
    const records = dragonTigerRecords(index).filter((r) =>
      board === 'org' ? hasOrg(r) : board === 'hot_money' ? hasHotMoney(r) : true,
    );
    const hotRankOf = (r: DtRecord) => rankOf(scores, r.stock.index);
    const stockItems = records.map((r) => stockItem(r, board, hotRankOf(r)));
    return {
      timestamp: midnightMs(day),
      board_type: board,
      trade_date: dateOf(day),
      count: stockItems.length,
      stock_count: new Set(records.map((r) => r.stock.thscode)).size,
      stock_items: stockItems,
      hot_money_items: board === 'org' ? [] : hotMoneyItems(records, hotRankOf),
    };
  }),

  defineHandler(catalog['a-share/special-data/dragon-tiger-stock-institution'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const stock = requireStock(params.thscode, clock);
    const index = tradeIndex(params.date, clock);
    const records = dragonTigerOfStock(stock, index).filter(
      (r) => params.range_days === undefined || r.rangeDays === params.range_days,
    );
    const department = (d: { id: string; name: string }) => ({ department_id: d.id, name: d.name });
    return {
      thscode: stock.thscode,
      trade_date: dateOf(tradingDayAt(index)),
      item: records.map((r) => {
        const orgNet = round(r.orgBuyValue - r.orgSellValue, 2);
        return {
          range_days: r.rangeDays,
          start_date: dateOf(tradingDayAt(r.startIndex)),
          end_date: dateOf(tradingDayAt(r.endIndex)),
          org_buy_value: r.orgBuyValue,
          org_sell_value: r.orgSellValue,
          org_net_value: orgNet,
          org_buy_num: r.orgBuyNum,
          org_sell_num: r.orgSellNum,
          org_net_rate: round(orgNet / r.turnover, 4),
          buy_departments: r.buy.map(department),
          sell_departments: r.sell.map(department),
        };
      }),
    };
  }),
];
