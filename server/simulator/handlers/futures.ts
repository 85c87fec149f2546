import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { dateOf, dayOf, midnightMs, tradingDayAt } from '../model/calendar';
import {
  EXCHANGE_NAMES,
  basisOn,
  mainContinuousCode,
  mainContractOf,
  secondaryMainOf,
  specOf,
  spotIndicators,
  tradeSessions,
  varietyByCode,
  type BasisPoint,
} from '../model/futures';
import {
  FUTURES_SUFFIX,
  FUTURES_VARIETIES,
  codeTable,
  futuresContractsOf,
  type FuturesContract,
  type FuturesVariety,
} from '../model/instruments';
import { Rng, round } from '../model/random';
import type { MarketClock } from '../model/session';
import { SimError, defineHandler } from '../route';
import { clockOf } from './common';

/** Reference lists are reloaded every day at 06:00; spot prices are published at 17:00. */
const RELOAD_MS = 6 * 3600 * 1000;
const SPOT_PUBLISHED_S = 17 * 3600;
/** Trading days of the historical basis, and of the average in the latest basis. */
const HISTORY_DAYS = 250;
const AVERAGE_DAYS = 20;

function tableTime(clock: MarketClock): number {
  const reload = midnightMs(clock.today) + RELOAD_MS;
  return clock.nowMs >= reload ? reload : reload - 24 * 3600 * 1000;
}

/** The basis of a day is complete once the spot is published: the latest settled day before that. */
function basisIndex(clock: MarketClock): number {
  return clock.lastClosedIndex === clock.todayIndex && clock.secondOfDay < SPOT_PUBLISHED_S
    ? clock.previousIndex
    : clock.lastClosedIndex;
}

function publishedMs(t: number): number {
  return midnightMs(tradingDayAt(t)) + SPOT_PUBLISHED_S * 1000;
}

/** Visit popularity of a variety's main-continuous chart, relative to an average one. */
const POPULAR: Record<string, number> = {
  RB: 5,
  I: 3,
  SC: 4,
  AU: 5,
  AG: 4,
  CU: 3,
  M: 3,
  IF: 3,
  IM: 3,
  SA: 3,
  FG: 2,
  LC: 4,
  EC: 3,
};

function contractIdentity(k: FuturesContract) {
  return {
    thscode: k.thscode,
    ticker: k.ticker,
    name: k.name,
    variety_code: k.variety.code,
    variety_name: k.variety.name,
    exchange_code: k.variety.exchange,
  };
}

function contractRow(k: FuturesContract) {
  const spec = specOf(k.variety);
  return {
    ...contractIdentity(k),
    list_date: k.listDate,
    end_date: k.endDate,
    last_trade_date: k.lastTradeDate,
    last_delivery_date: k.lastDeliveryDate,
    margin_rate: spec.marginPct,
    transaction_fee: spec.fee,
    transaction_fee_rate: spec.feeRatePct,
  };
}

function basisFigures(p: BasisPoint) {
  return {
    spot_price: p.spot,
    converted_spot_price: p.convertedSpot,
    close_price: p.close,
    settle_price: p.settle,
    close_basis: p.closeBasis,
    settle_basis: p.settleBasis,
    close_basis_rate: p.closeRatePct,
    settle_basis_rate: p.settleRatePct,
  };
}

/** A main-continuous code (`RBZL.SHF`) or a listed contract (`RB2610.SHF`); 3001 otherwise. */
function resolveContract(
  thscode: string,
  day: number,
): { variety: FuturesVariety; contract: FuturesContract | null } {
  const [code = '', suffix = ''] = thscode.toUpperCase().split('.');
  const letters = /^[A-Z]+/.exec(code)?.[0] ?? '';
  const continuous = code.endsWith('ZL') ? code.slice(0, -2) : null;
  const variety = varietyByCode(continuous ?? letters);
  if (variety && FUTURES_SUFFIX[variety.exchange] === suffix) {
    if (continuous !== null) return { variety, contract: null };
    const contract = futuresContractsOf(variety, day).find((k) => k.thscode === `${code}.${suffix}`);
    if (contract) return { variety, contract };
  }
  throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Futures contract '${thscode}' does not exist`);
}

export const futuresRoutes = [
  defineHandler(catalog['futures/variety-plates/list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const item = FUTURES_VARIETIES.flatMap((v) => {
      const spec = specOf(v);
      const financial = v.exchange === 'CFFEX';
      return [
        {
          variety_code: v.code,
          name: v.name,
          plate_name: financial ? '金融期货' : '商品期货',
          plate_level: 1,
        },
        { variety_code: v.code, name: v.name, plate_name: spec.plate, plate_level: 2 },
      ];
    });
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/contracts/main-continuous-list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    // Visit counts are the previous trading day's statistics.
    const statDay = tradingDayAt(clock.previousIndex);
    const item = FUTURES_VARIETIES.map((v) => {
      const rng = Rng.of(v.code, 'visits', statDay);
      const base = 2000 * (POPULAR[v.code] ?? 1) * rng.logNormal(1, 0.3);
      return {
        thscode: mainContinuousCode(v),
        ticker: `${v.code}ZL`,
        name: `${v.name}主力`,
        variety_code: v.code,
        variety_name: v.name,
        exchange_code: v.exchange,
        minute_visit_count: Math.round(base * 6),
        kline_visit_count: Math.round(base * rng.range(1.5, 3)),
        statistics_date: dateOf(statDay),
      };
    });
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/contracts/main-list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const item = FUTURES_VARIETIES.flatMap((v) => {
      const main = mainContractOf(v, clock.today);
      return main ? [contractRow(main)] : [];
    });
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/contracts/secondary-main-list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const item = FUTURES_VARIETIES.flatMap((v) => {
      const next = secondaryMainOf(v, clock.today);
      return next ? [contractRow(next)] : [];
    });
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/contracts/commodity-index-list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const item = codeTable(clock.today)
      .filter((i) => i.assetType === 'futures-commodity-index')
      .map((i) => ({
        thscode: i.thscode,
        ticker: i.ticker,
        name: i.name,
        list_date: i.listDate,
        end_date: i.endDate,
      }));
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/varieties/list'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const statDay = tradingDayAt(clock.previousIndex);
    const item = FUTURES_VARIETIES.map((v) => {
      const spec = specOf(v);
      const rng = Rng.of(v.code, 'flow', statDay);
      const main = mainContractOf(v, clock.today);
      // Lower-case quote codes on SHFE, INE, DCE and GFEX; upper-case on CZCE and CFFEX, as the exchanges.
      const upper = v.exchange === 'CZCE' || v.exchange === 'CFFEX';
      return {
        variety_code: v.code,
        quote_code: upper ? v.code : v.code.toLowerCase(),
        name: v.name,
        exchange_code: v.exchange,
        exchange_name: EXCHANGE_NAMES[v.exchange],
        price_unit: spec.priceUnit,
        trade_unit: spec.tradeUnit,
        main_contract_thscode: main?.thscode ?? null,
        has_night_session: spec.night !== null,
        margin_rate: spec.marginPct,
        // Net inflow of the previous session (CNY), and long over short open interest.
        capital_flow: round(rng.normal() * 2e8 * (POPULAR[v.code] ?? 1), 0),
        long_short_ratio: round(rng.logNormal(1, 0.12), 4),
        trade_amount: spec.multiplier,
        price_coefficient: 1,
        tick_size: spec.tick,
        contract_multiplier: spec.multiplier,
        transaction_fee: spec.fee,
        transaction_fee_rate: spec.feeRatePct,
        trade_sessions: tradeSessions(v.exchange, spec.night, v.code),
      };
    });
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['futures/basis/main-continuous-latest'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const t = basisIndex(clock);
    const item = FUTURES_VARIETIES.flatMap((v) => {
      const [indicator] = spotIndicators(v);
      const point = indicator ? basisOn(v, null, t, indicator) : null;
      if (!indicator || !point) return [];
      let closeSum = 0;
      let settleSum = 0;
      let n = 0;
      for (let k = t - AVERAGE_DAYS + 1; k <= t; k++) {
        const p = basisOn(v, null, k, indicator);
        if (!p) continue;
        closeSum += p.closeBasis;
        settleSum += p.settleBasis;
        n++;
      }
      return [
        {
          thscode: mainContinuousCode(v),
          ticker: `${v.code}ZL`,
          name: `${v.name}主力`,
          variety_name: v.name,
          reference_site: indicator.site,
          updated_at: `${dateOf(tradingDayAt(t))} 17:00:00`,
          spot_publish_date: dateOf(tradingDayAt(t)),
          spot_indicator_id: indicator.id,
          // Not documented; the simulator puts the description of the default spot quote here.
          default_value: indicator.name,
          ...basisFigures(point),
          // Means of the last 20 trading days of the same series.
          average_close_basis: n ? round(closeSum / n, 4) : null,
          average_settle_basis: n ? round(settleSum / n, 4) : null,
        },
      ];
    });
    return { timestamp: item.length ? publishedMs(t) : null, item };
  }),

  defineHandler(catalog['futures/basis/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const { variety, contract } = resolveContract(params.thscode, clock.today);
    const indicators = spotIndicators(variety);
    // Omitted: the default spot; an indicator of another variety has no data (empty, not an error).
    const indicator =
      params.spot_indicator_id === undefined
        ? indicators[0]
        : indicators.find((i) => i.id === params.spot_indicator_id);
    const last = basisIndex(clock);
    const listed = contract?.listDate ? dayOf(contract.listDate) : -Infinity;
    const item = [];
    if (indicator) {
      for (let t = last - HISTORY_DAYS + 1; t <= last; t++) {
        if (tradingDayAt(t) < listed) continue;
        const p = basisOn(variety, contract, t, indicator);
        if (p) item.push({ date: dateOf(p.date), ...basisFigures(p) });
      }
    }
    return { timestamp: item.length ? publishedMs(last) : null, item };
  }),
];
