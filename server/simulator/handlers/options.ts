import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { dateOf, midnightMs, tradingDayAt } from '../model/calendar';
import {
  EXCHANGE_NAMES,
  VARIETY_SPECS,
  tradeSessions,
  varietyByCode,
  type TradeSession,
} from '../model/futures';
import { optionBar, optionTerms, optionTicks, sessionDayIndex, type OptionTerms } from '../model/options';
import type { MarketClock } from '../model/session';
import { DAY_SESSIONS, TIMETABLE, clockText } from '../../../src/contract/market-session';
import { SimError, defineHandler } from '../route';
import { barFields, barRange, clockOf } from './common';

const RELOAD_MS = 6 * 3600 * 1000;

function tableTime(clock: MarketClock): number {
  const reload = midnightMs(clock.today) + RELOAD_MS;
  return clock.nowMs >= reload ? reload : reload - 24 * 3600 * 1000;
}

function requireOption(thscode: string, clock: MarketClock): OptionTerms {
  const o = optionTerms(thscode, clock.today);
  if (!o) throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Option contract '${thscode}' does not exist`);
  return o;
}

/** Option sessions as the service names them, from the contract's timetables (market-session.ts). */
function optionSessions(market: 'stock-exchange' | 'cffex-index'): TradeSession[] {
  const windows = DAY_SESSIONS[market];
  const lastContinuous = windows.reduce(
    (last, w) => (w.kind === 'continuous' ? Math.max(last, w.end) : last),
    0,
  );
  return windows.map((w) => ({
    start_time: clockText(w.start),
    // The opening auction of the stock exchanges matches at 09:25; its last minutes accept orders only.
    end_time: clockText(
      market === 'stock-exchange' && w.start === TIMETABLE.openingAuction ? TIMETABLE.openingMatch : w.end,
    ),
    session_type:
      w.kind === 'continuous' ? 'intraday' : w.start >= lastContinuous ? 'post_market' : 'pre_market',
  }));
}

const STOCK_OPTION_SESSIONS = optionSessions('stock-exchange');
const INDEX_OPTION_SESSIONS = optionSessions('cffex-index');

// prettier-ignore
const ETF_VARIETIES: readonly (readonly [string, string, 'SSE' | 'SZSE'])[] = [
  ['510050', '上证50ETF期权', 'SSE'], ['510300', '沪深300ETF期权(上交所)', 'SSE'], ['510500', '中证500ETF期权', 'SSE'],
  ['588000', '科创50ETF期权', 'SSE'], ['159919', '沪深300ETF期权(深交所)', 'SZSE'], ['159915', '创业板ETF期权', 'SZSE'],
];
const INDEX_VARIETIES: readonly (readonly [string, string])[] = [
  ['IO', '沪深300股指期权'],
  ['MO', '中证1000股指期权'],
  ['HO', '上证50股指期权'],
];
/** Commodity options are on futures of the same variety (one futures lot per contract), American style. */
const COMMODITY_OPTIONS: readonly string[] = [
  'CU',
  'AL',
  'ZN',
  'AU',
  'AG',
  'RU',
  'SC',
  'I',
  'M',
  'C',
  'P',
  'Y',
  'PP',
  'L',
  'V',
  'SR',
  'CF',
  'TA',
  'MA',
  'RM',
  'OI',
  'SA',
  'SI',
  'LC',
];

function varieties() {
  const etf = ETF_VARIETIES.map(([code, name, exchange]) => ({
    variety_code: code,
    name,
    exchange_code: exchange,
    exchange_name: exchange === 'SSE' ? '上海证券交易所' : '深圳证券交易所',
    price_unit: '元',
    trade_unit: '份',
    has_night_session: false,
    margin_rate: 12,
    trade_amount: 10000,
    price_coefficient: 1,
    tick_size: 0.0001,
    contract_multiplier: 10000,
    transaction_fee: 1.3,
    exercise_fee: 0.6,
    settlement_type: 'physical',
    trade_sessions: STOCK_OPTION_SESSIONS,
  }));
  const index = INDEX_VARIETIES.map(([code, name]) => ({
    variety_code: code,
    name,
    exchange_code: 'CFFEX',
    exchange_name: EXCHANGE_NAMES.CFFEX,
    price_unit: '点',
    trade_unit: '元/点',
    has_night_session: false,
    margin_rate: 10,
    trade_amount: 100,
    price_coefficient: 1,
    tick_size: 0.2,
    contract_multiplier: 100,
    transaction_fee: 15,
    exercise_fee: 2,
    settlement_type: 'cash',
    trade_sessions: INDEX_OPTION_SESSIONS,
  }));
  const commodity = COMMODITY_OPTIONS.flatMap((code) => {
    const v = varietyByCode(code);
    const spec = VARIETY_SPECS[code];
    if (!v || !spec) return [];
    return [
      {
        variety_code: `${code}_O`,
        name: `${v.name}期权`,
        exchange_code: v.exchange,
        exchange_name: EXCHANGE_NAMES[v.exchange],
        price_unit: spec.priceUnit,
        trade_unit: spec.tradeUnit,
        has_night_session: spec.night !== null,
        margin_rate: spec.marginPct,
        trade_amount: spec.multiplier,
        price_coefficient: 1,
        tick_size: spec.tick < 1 ? spec.tick / 2 : Math.max(0.5, spec.tick / 2),
        contract_multiplier: spec.multiplier,
        transaction_fee: spec.fee === null ? 1 : Math.max(0.5, spec.fee / 2),
        exercise_fee: spec.fee === null ? 1 : spec.fee,
        settlement_type: 'physical',
        trade_sessions: tradeSessions(v.exchange, spec.night),
      },
    ];
  });
  return [...etf, ...index, ...commodity];
}

function displayCode(o: OptionTerms): string {
  if (o.kind === 'index') return o.instrument.thscode.replace(/\.CFX$/, '');
  const strike = String(Math.round(o.strike * 1000)).padStart(5, '0');
  return `${o.varietyCode}${o.call ? 'C' : 'P'}${o.yymm}M${strike}`;
}

export const optionRoutes = [
  defineHandler(catalog['options/varieties/list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    return { timestamp: tableTime(clock), item: varieties() };
  }),

  defineHandler(catalog['options/contracts/detail'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const o = requireOption(params.thscode, clock);
    const i = o.instrument;
    return {
      timestamp: tableTime(clock),
      thscode: i.thscode,
      ticker: i.ticker,
      display_code: displayCode(o),
      name: i.name,
      variety_code: o.varietyCode,
      pinyin: null,
      list_date: i.listDate,
      end_date: i.endDate,
      last_trade_date: i.lastTradeDate,
      last_delivery_date: i.lastDeliveryDate,
      margin_rate: o.kind === 'etf' ? 12 : 10,
      strike_price: o.strike,
      trade_amount: o.multiplier,
      underlying_code: o.underlyingCode,
      exercise_style: 'european',
      option_type: o.call ? 'call' : 'put',
    };
  }),

  defineHandler(catalog['options/prices/intraday'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const o = requireOption(params.thscode, clock);
    const t = sessionDayIndex(o, params.session, clock);
    const midnight = midnightMs(tradingDayAt(t));
    const item = optionTicks(o, t, params.session, clock).map((p) => ({
      timestamp: midnight + p.second * 1000,
      price: p.price,
      volume: p.volume,
      turnover: p.turnover,
    }));
    const last = item[item.length - 1];
    return {
      timestamp: last ? last.timestamp : null,
      thscode: o.instrument.thscode,
      date: dateOf(tradingDayAt(t)),
      session: params.session,
      item,
    };
  }),

  defineHandler(catalog['options/prices/daily'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const o = requireOption(params.thscode, clock);
    const lastIndex = Math.min(clock.barIndex, o.expiryIndex >= 0 ? o.expiryIndex : clock.barIndex);
    let from: number;
    let to: number;
    if (params.start !== undefined && params.end !== undefined) {
      ({ from, to } = barRange(params.start, params.end, o.listIndex, lastIndex));
    } else {
      // Both omitted: the latest 100 bars.
      to = lastIndex;
      from = Math.max(o.listIndex, to - 99);
    }
    const item = [];
    for (let t = from; t <= to; t++) {
      const bar = optionBar(o, t, clock);
      if (!bar) continue;
      item.push({
        timestamp: midnightMs(bar.day),
        ...barFields(bar),
      });
    }
    const newest = item[item.length - 1];
    return {
      timestamp: newest ? newest.timestamp : null,
      thscode: o.instrument.thscode,
      interval: '1d',
      item,
    };
  }),
];
