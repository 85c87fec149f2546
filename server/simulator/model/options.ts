import { dayOf, midnightMs, tradingDayAt, tradingIndexOf, tradingIndexOnOrAfter } from './calendar';
import { TIMETABLE } from '../../../src/contract/market-session';
import { fundByCode, type Fund } from './funds';
import { etfBarAsOf } from './funds-market';
import { indexBarAsOf, indexByCode } from './indices';
import { ETF_OPTION_UNDERLYINGS, instrumentByCode, type Instrument } from './instruments';
import { Rng, fnv1a, mix, round, tri } from './random';
import { marketClock, type MarketClock } from './session';
import type { IndexDef } from './ths-indices';

/**
 * Option contracts of the code table (ETF options and CFFEX index options) priced with Black-Scholes on
 * their underlying: the index of an index option (indices.ts, as for index futures), the traded price of
 * the ETF of an ETF option (funds-market.ts, as in the fund market snapshot).
 * ETF's price level. Volatility is seeded per underlying, wanders slowly and has a smile, so prices are
 * plausible against the underlying and the strike: calls gain when the underlying rises, deep
 * in-the-money options trade near their intrinsic value, and on the last trading day the close is the
 * intrinsic value.
 *
 * Units: `margin_rate` is a percent value (as for futures); fees are CNY per contract.
 */

const CFFEX_ROOTS: Record<string, { index: string; vol: number }> = {
  IO: { index: '000300.SH', vol: 0.19 },
  MO: { index: '000852.SH', vol: 0.25 },
  HO: { index: '000016.SH', vol: 0.18 },
};
const ETF_VOL: Record<string, number> = {
  '510050.SH': 0.18,
  '510300.SH': 0.19,
  '510500.SH': 0.22,
  '588000.SH': 0.32,
  '159919.SZ': 0.19,
  '159915.SZ': 0.29,
};

const RATE = 0.015;

export interface OptionTerms {
  instrument: Instrument;
  kind: 'etf' | 'index';
  /** `510050` for ETF options, `IO` for CSI 300 index options. */
  varietyCode: string;
  /** The ETF or index code. */
  underlyingCode: string;
  /** Where the underlying's bars come from. */
  source: { kind: 'index'; index: IndexDef } | { kind: 'etf'; fund: Fund };
  strike: number;
  call: boolean;
  listIndex: number;
  expiryDay: number;
  expiryIndex: number;
  /** Units per contract. */
  multiplier: number;
  tick: number;
  vol: number;
  seed: number;
  yymm: string;
}

function terms(instrument: Instrument): OptionTerms | null {
  const listDay = instrument.listDate === null ? null : dayOf(instrument.listDate);
  const expiryDay = instrument.lastTradeDate === null ? null : dayOf(instrument.lastTradeDate);
  if (listDay === null || expiryDay === null) return null;
  const base = {
    instrument,
    listIndex: tradingIndexOnOrAfter(listDay),
    expiryDay,
    expiryIndex: tradingIndexOf(expiryDay),
    seed: fnv1a(`option|${instrument.thscode}`),
  };
  const cffex = /^(IO|MO|HO)(\d{4})-([CP])-(\d+)\.CFX$/.exec(instrument.thscode);
  if (cffex) {
    const [, root = '', yymm = '', cp = '', strike = ''] = cffex;
    const spec = CFFEX_ROOTS[root];
    const index = spec && indexByCode(spec.index);
    if (!spec || !index) return null;
    return {
      ...base,
      kind: 'index',
      varietyCode: root,
      underlyingCode: spec.index,
      source: { kind: 'index', index },
      strike: Number(strike),
      call: cp === 'C',
      multiplier: 100,
      tick: 0.2,
      vol: spec.vol,
      yymm,
    };
  }
  const etf = / (Call|Put) (\d{4}) (\d+\.\d{3})$/.exec(instrument.nameEn);
  // The longest matching name: "CSI 300 ETF (SZSE) Call …" also starts with "CSI 300 ETF ".
  const underlying = ETF_OPTION_UNDERLYINGS.filter((u) => instrument.nameEn.startsWith(`${u.labelEn} `)).sort(
    (a, b) => b.labelEn.length - a.labelEn.length,
  )[0];
  if (!etf || !underlying) return null;
  const fund = fundByCode(underlying.code);
  if (!fund) return null;
  const [, type = '', yymm = '', strike = ''] = etf;
  return {
    ...base,
    kind: 'etf',
    varietyCode: underlying.code.slice(0, 6),
    underlyingCode: underlying.code,
    source: { kind: 'etf', fund },
    strike: Number(strike),
    call: type === 'Call',
    multiplier: 10000,
    tick: 0.0001,
    vol: ETF_VOL[underlying.code] ?? 0.2,
    yymm,
  };
}

/** Terms of an option listed on a day, or undefined for any other code. */
export function optionTerms(thscode: string, day: number): OptionTerms | undefined {
  const instrument = instrumentByCode(thscode, day);
  if (!instrument || instrument.assetType !== 'options') return undefined;
  return terms(instrument) ?? undefined;
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, error below 1e-7). */
function normCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Black-Scholes price of a European option (intrinsic value at expiry). */
export function blackScholes(s: number, k: number, years: number, sigma: number, call: boolean): number {
  if (years <= 0) return Math.max(0, call ? s - k : k - s);
  const sq = sigma * Math.sqrt(years);
  const d1 = (Math.log(s / k) + (RATE + 0.5 * sigma * sigma) * years) / sq;
  const d2 = d1 - sq;
  const discount = Math.exp(-RATE * years);
  return call ? s * normCdf(d1) - k * discount * normCdf(d2) : k * discount * normCdf(-d2) - s * normCdf(-d1);
}

/** Implied volatility of a day: the underlying's level, a slow swing, and a smile in log-moneyness. */
function volatility(o: OptionTerms, t: number, s: number): number {
  // One surface per underlying and expiry, so a call and a put of the same strike share their volatility.
  const phase = fnv1a(`${o.underlyingCode}|${o.yymm}`) % 7;
  const swing =
    1 + 0.15 * Math.sin((2 * Math.PI * t) / 90 + phase) + 0.04 * tri(mix(fnv1a(o.underlyingCode), t));
  const m = Math.log(o.strike / s);
  return o.vol * swing * (1 + 2.5 * m * m);
}

/** Option price with the underlying at `s` and `daysLeft` calendar days to expiry. */
export function optionPrice(o: OptionTerms, t: number, s: number, daysLeft: number): number {
  const value = blackScholes(s, o.strike, Math.max(0, daysLeft) / 365, volatility(o, t, s), o.call);
  return Math.max(o.tick, round(Math.round(value / o.tick) * o.tick, o.kind === 'etf' ? 4 : 1));
}

/** A day's bar of the underlying, in its own price unit. */
interface UnderlyingBar {
  open: number;
  high: number;
  low: number;
  close: number;
  prevClose: number;
  volume: number;
}

function underlyingBar(o: OptionTerms, t: number, clock: MarketClock): UnderlyingBar | null {
  if (o.source.kind === 'index') return indexBarAsOf(o.source.index, t, clock);
  const b = etfBarAsOf(o.source.fund, t, clock);
  return b && { open: b.open, high: b.high, low: b.low, close: b.close, prevClose: b.ref, volume: b.volume };
}

/** The complete bar of a day (the clock at that day's close). */
function fullUnderlyingBar(o: OptionTerms, t: number): UnderlyingBar | null {
  return underlyingBar(o, t, marketClock(midnightMs(tradingDayAt(t)) + TIMETABLE.close * 1000));
}

export interface OptionBar {
  index: number;
  day: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
  /** Underlying close of the day. */
  underlyingClose: number;
}

/** Contracts traded on a full day: most near the money and in the nearest month. */
function fullVolume(o: OptionTerms, t: number, s: number): number {
  const m = Math.log(o.strike / s);
  const daysLeft = o.expiryDay - tradingDayAt(t);
  const base =
    o.kind === 'etf'
      ? o.underlyingCode === '510050.SH' || o.underlyingCode === '510300.SH'
        ? 60000
        : 25000
      : 2500;
  const near = daysLeft < 35 ? 3 : daysLeft < 70 ? 1.2 : 0.4;
  const rng = new Rng(mix(o.seed, t));
  return Math.max(1, Math.round(base * near * Math.exp(-60 * m * m) * rng.logNormal(1, 0.35)));
}

function barFrom(o: OptionTerms, t: number, ub: UnderlyingBar, full: UnderlyingBar): OptionBar {
  const daysLeft = o.expiryDay - tradingDayAt(t);
  const price = (level: number) => optionPrice(o, t, level, daysLeft);
  const open = price(ub.open);
  const close = price(ub.close);
  const a = price(ub.high);
  const b = price(ub.low);
  const high = Math.max(open, close, a, b);
  const low = Math.min(open, close, a, b);
  const share = full.volume > 0 ? ub.volume / full.volume : 1;
  const volume = Math.max(0, Math.round(fullVolume(o, t, full.close) * share));
  const vwap = (open + high + low + close) / 4;
  return {
    index: t,
    day: tradingDayAt(t),
    open,
    high,
    low,
    close,
    volume,
    turnover: round(volume * vwap * o.multiplier, 2),
    underlyingClose: ub.close,
  };
}

/** The bar of a trading day as seen by the clock (null outside the contract's life or in the future). */
export function optionBar(o: OptionTerms, t: number, clock: MarketClock): OptionBar | null {
  if (t < o.listIndex || (o.expiryIndex >= 0 && t > o.expiryIndex) || t > clock.barIndex) return null;
  const ub = underlyingBar(o, t, clock);
  const full = fullUnderlyingBar(o, t);
  return ub && full ? barFrom(o, t, ub, full) : null;
}

export type OptionSession = 'pre_market' | 'intraday' | 'post_market';

export interface OptionTick {
  second: number;
  price: number;
  volume: number | null;
  turnover: number | null;
}

/** Seconds of the points of a session: ETF options have both call auctions, CFFEX only the opening one. */
function sessionSeconds(o: OptionTerms, session: OptionSession): number[] {
  const out: number[] = [];
  const etf = o.kind === 'etf';
  if (session === 'pre_market') {
    const [from, to] = etf
      ? [TIMETABLE.openingAuction, TIMETABLE.openingMatch]
      : [TIMETABLE.openingMatch, TIMETABLE.morningOpen - 60];
    for (let s = from; s <= to; s += 60) out.push(s);
  } else if (session === 'intraday') {
    const close = etf ? TIMETABLE.close - 180 : TIMETABLE.close;
    for (let s = TIMETABLE.morningOpen + 60; s <= TIMETABLE.lunchBreak; s += 60) out.push(s);
    for (let s = TIMETABLE.afternoonOpen + 60; s <= close; s += 60) out.push(s);
  } else if (etf) {
    for (let s = TIMETABLE.close - 120; s <= TIMETABLE.close; s += 60) out.push(s);
  }
  return out;
}

/** First second of a session (when its data starts), or null when the contract has no such session. */
export function sessionStart(o: OptionTerms, session: OptionSession): number | null {
  return sessionSeconds(o, session)[0] ?? null;
}

/**
 * Points of one session of a trading day up to the clock. Auction points carry the indicative price
 * and no volume, except the matching minute; continuous points carry each minute's volume.
 */
export function optionTicks(
  o: OptionTerms,
  t: number,
  session: OptionSession,
  clock: MarketClock,
): OptionTick[] {
  if (t < o.listIndex || (o.expiryIndex >= 0 && t > o.expiryIndex)) return [];
  const day = tradingDayAt(t);
  const midnight = midnightMs(day);
  const seconds = sessionSeconds(o, session);
  const limit = t === clock.todayIndex ? clock.secondOfDay : TIMETABLE.close;
  const fullBar = fullUnderlyingBar(o, t);
  if (!fullBar) return [];
  const full = fullVolume(o, t, fullBar.close);
  const daysLeftAt = (second: number) => o.expiryDay - day + Math.max(0, TIMETABLE.close - second) / 86400;
  const out: OptionTick[] = [];
  let before = 0;
  const last = seconds[seconds.length - 1];
  for (const second of seconds) {
    if (second > limit) break;
    let level: number;
    let volume: number | null = null;
    if (session === 'pre_market') {
      // The indicative price walks from the previous close to the open; the match is the last point.
      const w = (second - (seconds[0] ?? second)) / Math.max(60, (last ?? second) - (seconds[0] ?? second));
      level = fullBar.prevClose + (fullBar.open - fullBar.prevClose) * w;
      if (second === last) volume = Math.max(1, Math.round(full * 0.03));
    } else {
      const ub = underlyingBar(o, t, marketClock(midnight + Math.min(second, TIMETABLE.close - 1) * 1000));
      level = session === 'post_market' && second === last ? fullBar.close : (ub?.close ?? fullBar.close);
      if (session === 'intraday' && ub) {
        const cumulative = Math.round((full * ub.volume) / fullBar.volume);
        volume = Math.max(0, cumulative - before);
        before = cumulative;
      } else if (session === 'post_market' && second === last) volume = Math.max(1, Math.round(full * 0.02));
    }
    const price = optionPrice(o, t, level, daysLeftAt(second));
    out.push({
      second,
      price,
      volume,
      turnover: volume === null ? null : round(volume * price * o.multiplier, 2),
    });
  }
  return out;
}

/** Trading index whose session data a request sees: today once the session has begun, else the day before. */
export function sessionDayIndex(o: OptionTerms, session: OptionSession, clock: MarketClock): number {
  const start = sessionStart(o, session) ?? TIMETABLE.openingAuction;
  return clock.todayIndex >= 0 && clock.secondOfDay >= start ? clock.todayIndex : clock.previousIndex;
}
