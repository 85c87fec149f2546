import { SHANGHAI_OFFSET_MS, addYearsToDate, addDays } from '../../../src/contract/time';
import {
  TRADING_DAY_COUNT,
  dateOf,
  dayOf,
  midnightMs,
  tradingDayAt,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
  yearOf,
} from './calendar';
import { Rng, fnv1a, mix, round, tri, at } from './random';
import type { MarketClock } from './session';
import { REF_INDEX } from './prices';
import { indexByCode, indexCloseAt } from './indices';
import { THEMES, type Fund, type Market, type Theme } from './funds';

/**
 * Net values of every fund, day by day from inception.
 *
 * Markets (A-shares, Hong Kong, US, bonds, gold, oil, REITs) draw one seeded shock per trading day; a
 * theme index adds its own shock on top and is bridged so that its long-run growth is the theme's drift
 * on the calibration day. Passive funds follow their theme index less fees; active funds take a beta of
 * it plus their own walk, bridged to their excess return. That gives the adjusted (total-return) net
 * value A(t). Dividends are paid out of the unit net value: on an ex-date the unit value drops by the
 * cash per unit while A(t) does not, so unit(t) = A(t) / F(t) with F the product of
 * unit_before / (unit_before − cash) over the ex-dates so far. Every figure that leaves the model is
 * computed from the published (rounded) values, so interval returns and drawdowns agree with the series.
 */

const DAYS_PER_YEAR = 244;
const SQRT3 = Math.sqrt(3);
/** Daily pull of a market's deviation back to its trend line. */
const REVERSION = 1 / 500;

const MARKET_VOL: Record<Market, number> = {
  cn: 0.21,
  hk: 0.23,
  us: 0.18,
  bond: 0.02,
  money: 0,
  gold: 0.15,
  oil: 0.34,
  reit: 0.1,
};

/** A seeded draw with mean 0 and standard deviation 1, bounded by ±3.5. */
function z(seed: number, k: number): number {
  return (tri(mix(seed, k)) + tri(mix(seed ^ 0x2f6b1d3a, k))) * SQRT3;
}

const marketCache = new Map<Market, Float64Array>();

/** Daily log shocks of a market, one per trading index, with slowly changing volatility regimes. */
function marketShocks(market: Market): Float64Array {
  const hit = marketCache.get(market);
  if (hit) return hit;
  const seed = fnv1a(`market|${market}`);
  const phase = (seed % 1000) / 159;
  const daily = MARKET_VOL[market] / Math.sqrt(DAYS_PER_YEAR);
  const out = new Float64Array(TRADING_DAY_COUNT);
  for (let k = 1; k < TRADING_DAY_COUNT; k++) {
    const regime = Math.exp(0.35 * Math.sin((2 * Math.PI * k) / 310 + phase));
    out[k] = daily * regime * z(seed, k);
  }
  marketCache.set(market, out);
  return out;
}

const themeCache = new Map<Theme, Float64Array>();

/** Money-market yield of a trading index (annual fraction): 1.2% to 2.4%, moving over years. */
function moneyYield(k: number): number {
  return 0.012 + 0.012 * (0.5 + 0.5 * Math.sin((2 * Math.PI * k) / 900 + 1));
}

/**
 * The exchange index a theme stands for when the simulator publishes that index: the funds of the theme
 * (ETFs and index funds tracking it, active funds benchmarked on it) follow the index's own levels.
 */
const THEME_INDEX: Partial<Record<Theme, string>> = {
  hs300: '000300.SH',
  csi500: '000905.SH',
  sse50: '000016.SH',
  star50: '000688.SH',
  chinext: '399006.SZ',
};

/** Code of the published index a theme follows, if any. */
export function themeIndexCode(theme: Theme): string | undefined {
  return THEME_INDEX[theme];
}

/** Log level of a theme index on every trading index (0 on the first day of the calendar). */
export function themeLog(theme: Theme): Float64Array {
  const hit = themeCache.get(theme);
  if (hit) return hit;
  const spec = THEMES[theme];
  const out = new Float64Array(TRADING_DAY_COUNT);
  const code = THEME_INDEX[theme];
  const index = code === undefined ? undefined : indexByCode(code);
  if (index) {
    const base = Math.log(indexCloseAt(index, 0));
    for (let k = 1; k < TRADING_DAY_COUNT; k++) out[k] = Math.log(indexCloseAt(index, k)) - base;
  } else if (spec.market === 'money') {
    for (let k = 1; k < TRADING_DAY_COUNT; k++) {
      const days = tradingDayAt(k) - tradingDayAt(k - 1);
      out[k] = at(out, k - 1) + (moneyYield(k) * days) / 365;
    }
  } else {
    // Market and theme deviations are mean-reverting around the drift line (half-life about 1.4 years):
    // day to day they move like a random walk, over decades they stay within a plausible band.
    const m = marketShocks(spec.market);
    const seed = fnv1a(`theme|${theme}`);
    const own = spec.vol / Math.sqrt(DAYS_PER_YEAR);
    let market = 0;
    let themePart = 0;
    for (let k = 1; k < TRADING_DAY_COUNT; k++) {
      market = market * (1 - REVERSION) + at(m, k);
      themePart = themePart * (1 - REVERSION) + own * z(seed, k);
      out[k] = spec.beta * market + themePart + (spec.drift * k) / DAYS_PER_YEAR;
    }
  }
  themeCache.set(theme, out);
  return out;
}

export interface FundDividend {
  /** Trading index and day of the ex-date. */
  readonly index: number;
  readonly day: number;
  /** Cash per unit (CNY) and per ten units as announced. */
  readonly cash: number;
  readonly perTen: number;
  /** Unit net value the day before. */
  readonly unitBefore: number;
}

export interface NavSeries {
  readonly fund: Fund;
  /** Trading index of the first value. */
  readonly first: number;
  /** Published (4-decimal) values, indexed by trading index − first. */
  readonly unit: Float64Array;
  readonly adj: Float64Array;
  /** Cash paid per unit since inception, up to and including each day. */
  readonly paid: Float64Array;
  /** Units outstanding (shares of the fund), smooth over time. */
  readonly units: Float64Array;
  readonly dividends: readonly FundDividend[];
}

interface DividendPlan {
  month: number;
  yieldRate: number;
}

function dividendPlan(fund: Fund, year: number): DividendPlan[] {
  const rng = Rng.of(fund.thscode, 'dividend', year);
  const etf = fund.instrument.assetType === 'fund-etf';
  switch (fund.kind) {
    case 'money':
    case 'qdii':
    case 'commodity':
      return [];
    case 'reit':
      return [
        { month: 4, yieldRate: rng.range(0.018, 0.03) },
        { month: 10, yieldRate: rng.range(0.018, 0.03) },
      ];
    case 'bond': {
      if (!rng.chance(fund.shareClass === 'C' ? 0.3 : 0.7)) return [];
      const months = rng.pick([[12], [6, 12], [3, 6, 9, 12]]);
      return months.map((month) => ({ month, yieldRate: rng.range(0.004, 0.012) }));
    }
    case 'index':
      if (etf && fund.theme === 'dividend') {
        return [
          { month: 1, yieldRate: rng.range(0.015, 0.025) },
          { month: 7, yieldRate: rng.range(0.01, 0.02) },
        ];
      }
      if (etf && ['hs300', 'sse50', 'sse180'].includes(fund.theme) && year >= 2016) {
        return [{ month: fund.theme === 'sse50' ? 11 : 1, yieldRate: rng.range(0.012, 0.022) }];
      }
      return !etf && rng.chance(0.1) ? [{ month: 12, yieldRate: rng.range(0.02, 0.05) }] : [];
    case 'equity':
    case 'hybrid':
      // Decided on the day against the unit value (see buildSeries): a negative rate marks the choice.
      return [{ month: rng.pick([1, 4, 6, 9, 12]), yieldRate: -rng.next() }];
  }
}

/** Ex-dates of the planned dividends, as trading index → yield. */
function plannedDividends(fund: Fund): Map<number, number> {
  const out = new Map<number, number>();
  const lastYear = yearOf(tradingDayAt(TRADING_DAY_COUNT - 1));
  for (let year = yearOf(fund.inceptionDay) + 1; year <= lastYear; year++) {
    for (const plan of dividendPlan(fund, year)) {
      const day = Rng.of(fund.thscode, 'ex-date', year, plan.month).int(5, 24);
      const index = tradingIndexOnOrAfter(
        dayOf(`${year}-${String(plan.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`),
      );
      if (index > fund.inceptionIndex + 60) out.set(index, plan.yieldRate);
    }
  }
  return out;
}

/** Log growth of the adjusted value from inception (before the initial value is applied). */
function growthLog(fund: Fund): Float64Array {
  const t0 = fund.inceptionIndex;
  const n = TRADING_DAY_COUNT - t0;
  const out = new Float64Array(n);
  const theme = themeLog(fund.theme);
  const base = at(theme, t0);
  const seed = fnv1a(`fund-walk|${fund.thscode}`);
  const daily = fund.idioVol / Math.sqrt(DAYS_PER_YEAR);
  // Own walk W, bridged to zero on the calibration day when the fund existed then.
  const walk = new Float64Array(n);
  for (let i = 1; i < n; i++) walk[i] = at(walk, i - 1) + daily * z(seed, t0 + i);
  const bridgeEnd = REF_INDEX - t0;
  const wEnd = bridgeEnd > 0 && bridgeEnd < n ? at(walk, bridgeEnd) : 0;
  const feeDrag = (fund.managementFee + fund.custodyFee) / 100 / DAYS_PER_YEAR;
  const noiseSeed = fnv1a(`fund-te|${fund.thscode}`);
  for (let i = 0; i < n; i++) {
    const own =
      at(walk, i) -
      (bridgeEnd > 0 ? (wEnd * Math.min(i, bridgeEnd)) / bridgeEnd : 0) +
      (fund.alpha * i) / DAYS_PER_YEAR;
    const themeMove = at(theme, t0 + i) - base;
    if (fund.kind === 'money') {
      out[i] = themeMove + (fund.alpha * i) / DAYS_PER_YEAR;
    } else if (fund.passive) {
      // Tracking error is noise around the index, not a walk; the enhanced part is a walk.
      const te = i === 0 ? 0 : 0.0003 * (tri(mix(noiseSeed, t0 + i)) - tri(mix(noiseSeed, t0)));
      out[i] = themeMove - feeDrag * i + te + (fund.enhanced ? own : 0);
    } else {
      out[i] = fund.beta * themeMove + own;
    }
  }
  return out;
}

function initialNav(fund: Fund): number {
  if (fund.kind === 'reit') return round(Rng.of(fund.thscode, 'issue-price').range(2.3, 9), 3);
  return 1;
}

/**
 * The yield of a planned dividend, or undefined. Active funds decide on the day: a high unit value is
 * usually brought back down by a large distribution, a moderate one sometimes shared out.
 */
function decide(planned: number | undefined, before: number): number | undefined {
  if (planned === undefined || planned >= 0) return planned;
  const draw = -planned;
  if (before > 3 && draw < 0.9) return 0.1 + 0.25 * draw;
  if (before > 1.3 && draw < 0.25) return 0.03 + 0.28 * draw;
  return undefined;
}

function buildSeries(fund: Fund, initial: number): NavSeries {
  const t0 = fund.inceptionIndex;
  const growth = growthLog(fund);
  const n = growth.length;
  const planned = plannedDividends(fund);
  const unit = new Float64Array(n);
  const adj = new Float64Array(n);
  const paid = new Float64Array(n);
  const dividends: FundDividend[] = [];
  const parRule = fund.fundType === 'otc' || fund.instrument.assetType === 'fund-lof';
  let factor = 1;
  let cumulative = 0;
  for (let i = 0; i < n; i++) {
    const a = initial * Math.exp(at(growth, i));
    if (fund.kind === 'money') {
      // Money funds keep the unit value at 1 and credit the income as new units every day.
      adj[i] = round(a, 4);
      unit[i] = 1;
      paid[i] = 0;
      continue;
    }
    let u = a / factor;
    const before = i > 0 ? at(unit, i - 1) : u;
    const yieldRate = decide(planned.get(t0 + i), before);
    if (yieldRate !== undefined) {
      const perTen = round(before * yieldRate * 10, 2);
      const cash = perTen / 10;
      // Off-exchange and listed open-end funds may not distribute below par value.
      if (perTen > 0 && u - cash > (parRule ? 1.0 : 0.2 * u)) {
        factor *= u / (u - cash);
        u -= cash;
        cumulative += cash;
        dividends.push({ index: t0 + i, day: tradingDayAt(t0 + i), cash, perTen, unitBefore: before });
      }
    }
    unit[i] = round(u, 4);
    adj[i] = round(a, 4);
    paid[i] = round(cumulative, 4);
  }
  return { fund, first: t0, unit, adj, paid, units: unitsSeries(fund, unit), dividends };
}

/** Units outstanding: ramps up after inception and breathes with flows, sized to the fund's target. */
function unitsSeries(fund: Fund, unit: Float64Array): Float64Array {
  const t0 = fund.inceptionIndex;
  const n = unit.length;
  const rng = Rng.of(fund.thscode, 'flows');
  const p1 = rng.range(0, 2 * Math.PI);
  const p2 = rng.range(0, 2 * Math.PI);
  const wave = (k: number) =>
    0.18 * Math.sin((2 * Math.PI * k) / 700 + p1) + 0.08 * Math.sin((2 * Math.PI * k) / 230 + p2);
  const refI = Math.min(n - 1, Math.max(0, REF_INDEX - t0));
  const refUnit = at(unit, refI);
  const unitsAtRef = fund.targetScale / (fund.kind === 'money' ? 1 : refUnit);
  const rampAt = (i: number) => Math.min(1, 0.45 + 0.55 * (i / 250));
  const rampRef = rampAt(refI);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = (unitsAtRef * Math.exp(wave(t0 + i) - wave(t0 + refI)) * rampAt(i)) / rampRef;
    out[i] = Math.round(u / 100) * 100;
  }
  return out;
}

const seriesCache = new Map<string, NavSeries>();

/** The whole net-value history of a fund, from inception to the end of the calendar. */
export function navSeries(fund: Fund): NavSeries {
  const hit = seriesCache.get(fund.thscode);
  if (hit) return hit;
  let series = buildSeries(fund, initialNav(fund));
  if (fund.targetUnitNav !== null && REF_INDEX > fund.inceptionIndex) {
    // Scale the starting value so that the unit value on the calibration day is the known level.
    const reached = at(series.unit, REF_INDEX - fund.inceptionIndex);
    series = buildSeries(fund, (fund.targetUnitNav / reached) * initialNav(fund));
  }
  seriesCache.set(fund.thscode, series);
  return series;
}

/** Net values are published in the evening of each trading day. */
export const NAV_PUBLISH_SECOND = 18 * 3600;

/** Trading index of the newest published net value at a moment (may be before the fund's first). */
export function latestNavIndex(clock: MarketClock): number {
  return clock.todayIndex >= 0 && clock.secondOfDay >= NAV_PUBLISH_SECOND
    ? clock.todayIndex
    : clock.previousIndex;
}

export interface NavPoint {
  index: number;
  day: number;
  unit: number;
  adj: number;
}

export function navAt(series: NavSeries, index: number): NavPoint | null {
  const i = index - series.first;
  if (i < 0 || i >= series.unit.length) return null;
  return { index, day: tradingDayAt(index), unit: at(series.unit, i), adj: at(series.adj, i) };
}

export function unitAt(series: NavSeries, index: number): number {
  return at(series.unit, Math.min(series.unit.length - 1, Math.max(0, index - series.first)));
}

export function adjAt(series: NavSeries, index: number): number {
  return at(series.adj, Math.min(series.adj.length - 1, Math.max(0, index - series.first)));
}

export function unitsAt(series: NavSeries, index: number): number {
  return at(series.units, Math.min(series.units.length - 1, Math.max(0, index - series.first)));
}

/** Accumulated net value: unit value plus the cash paid per unit so far. */
export function accumulatedAt(series: NavSeries, index: number): number {
  const i = Math.min(series.paid.length - 1, Math.max(0, index - series.first));
  return round(at(series.unit, i) + at(series.paid, i), 4);
}

/** Fund size (CNY) on a trading day. */
export function scaleAt(series: NavSeries, index: number): number {
  return round(unitsAt(series, index) * unitAt(series, index), 2);
}

// ---------------------------------------------------------------------------------------------------
// Windows, returns and drawdowns

export const PERIODS = ['week', 'month', 'tmonth', 'hyear', 'year', 'twoyear', 'tyear', 'fyear'] as const;
export type Period = (typeof PERIODS)[number];
export type Window = Period | 'nowyear' | 'now';

/** The calendar day a period reaches back to from a day. */
export function periodStartDay(period: Period, day: number): number {
  const date = dateOf(day);
  switch (period) {
    case 'week':
      return dayOf(addDays(date, -7));
    case 'month':
      return dayOf(addMonths(date, -1));
    case 'tmonth':
      return dayOf(addMonths(date, -3));
    case 'hyear':
      return dayOf(addMonths(date, -6));
    case 'year':
      return dayOf(addYearsToDate(date, -1));
    case 'twoyear':
      return dayOf(addYearsToDate(date, -2));
    case 'tyear':
      return dayOf(addYearsToDate(date, -3));
    case 'fyear':
      return dayOf(addYearsToDate(date, -5));
  }
}

/** Same day of month `months` away, clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = (y ?? 1970) * 12 + ((m ?? 1) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d ?? 1, last)).padStart(2, '0')}`;
}

/**
 * Trading index of a window's base value for a window ending at `end`: the last net value on or before
 * the period's start day; null when the fund did not exist then (fixed periods). Year to date starts at
 * the last value of the previous year (or inception), since inception at the first value.
 */
export function windowStart(series: NavSeries, window: Window, end: number): number | null {
  if (window === 'now') return series.first;
  if (window === 'nowyear') return Math.max(series.first, previousYearEnd(end));
  const base = tradingIndexOnOrBefore(periodStartDay(window, tradingDayAt(end)));
  return base < series.first ? null : base;
}

/** Trading index of the last trading day of the year before a trading index's year. */
export function previousYearEnd(index: number): number {
  return tradingIndexOnOrBefore(dayOf(`${yearOf(tradingDayAt(index)) - 1}-12-31`));
}

/** Return over [start, end] from published adjusted values, percent with 2 decimals. */
export function windowReturn(series: NavSeries, start: number, end: number): number {
  return round((adjAt(series, end) / adjAt(series, start) - 1) * 100, 2);
}

/** Maximum drawdown over [start, end] from published adjusted values: a positive percent, 2 decimals. */
export function windowDrawdown(series: NavSeries, start: number, end: number): number {
  let peak = 0;
  let worst = 0;
  for (let t = start; t <= end; t++) {
    const v = adjAt(series, t);
    peak = Math.max(peak, v);
    worst = Math.max(worst, 1 - v / peak);
  }
  return round(worst * 100, 2);
}

// ---------------------------------------------------------------------------------------------------
// Daily indicators

/** 14-day RSI of the adjusted value, 0..100 (null in the first 14 days). */
export function rsiAt(series: NavSeries, index: number): number | null {
  if (index - 14 < series.first) return null;
  let gain = 0;
  let loss = 0;
  for (let t = index - 13; t <= index; t++) {
    const d = adjAt(series, t) - adjAt(series, t - 1);
    if (d > 0) gain += d;
    else loss -= d;
  }
  if (gain + loss === 0) return 50;
  return round((100 * gain) / (gain + loss), 2);
}

/** Position of the adjusted value in its 20-day high-low channel, 0..100 (trend strength). */
export function donchianAt(series: NavSeries, index: number): number | null {
  if (index - 19 < series.first) return null;
  let hi = -Infinity;
  let lo = Infinity;
  for (let t = index - 19; t <= index; t++) {
    const v = adjAt(series, t);
    hi = Math.max(hi, v);
    lo = Math.min(lo, v);
  }
  return hi === lo ? 50 : round((100 * (adjAt(series, index) - lo)) / (hi - lo), 2);
}

/** PE (TTM) of a theme index: the index level over earnings that grow 8% a year. */
function themePe(theme: Theme, index: number): number | null {
  const pe = THEMES[theme].pe;
  if (pe === null) return null;
  const level = themeLog(theme);
  return (
    pe * Math.exp(at(level, index) - at(level, REF_INDEX) - (0.08 * (index - REF_INDEX)) / DAYS_PER_YEAR)
  );
}

/** Percentile (0..100) of the tracked index's PE among the last five years; null for active funds. */
export function pePercentileAt(fund: Fund, index: number): number | null {
  if (!fund.passive) return null;
  const now = themePe(fund.theme, index);
  if (now === null) return null;
  const from = Math.max(1, tradingIndexOnOrBefore(dayOf(addYearsToDate(dateOf(tradingDayAt(index)), -5))));
  let below = 0;
  let count = 0;
  // Every third day is enough for a percentile and keeps long windows cheap.
  for (let t = index; t >= from; t -= 3) {
    const v = themePe(fund.theme, t) ?? 0;
    if (v < now) below++;
    count++;
  }
  return round((100 * below) / Math.max(1, count), 2);
}

/** Midnight (Shanghai) of a trading index, as Unix ms. */
export function indexMs(index: number): number {
  return midnightMs(tradingDayAt(index));
}

/** Trading index of the latest day on or before a Unix ms instant. */
export function indexOnOrBeforeMs(ms: number): number {
  return tradingIndexOnOrBefore(Math.floor((ms + SHANGHAI_OFFSET_MS) / 86_400_000));
}
