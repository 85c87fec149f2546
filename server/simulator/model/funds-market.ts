import { tradingDayAt } from './calendar';
import { mix, round, tri, unit as unitDraw } from './random';
import type { MarketClock } from './session';
import { indexBarAsOf, indexByCode, indexDailyBar, type IndexBar } from './indices';
import { STOCK_TIMING, seededPath, sessionTrack, trackAt } from './session-path';
import type { Fund } from './funds';
import { navSeries, themeIndexCode, unitAt, unitsAt, type NavSeries } from './funds-nav';

/**
 * Exchange prices of ETFs. The close of a day is the day's unit net value with a small premium or
 * discount; on an ex-date the reference price is the previous close less the cash per unit, so the raw
 * price drops with the net value. Forward-adjusted bars divide earlier prices by the dividend factors
 * up to the latest bar, so the latest adjusted close is the traded price of the snapshot.
 */

export interface EtfBar {
  index: number;
  day: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Previous close, ex-rights on an ex-date. */
  ref: number;
  volume: number;
  turnover: number;
  /** Units outstanding that day. */
  units: number;
}

function turnoverRate(fund: Fund): number {
  switch (fund.theme) {
    case 'hs300':
    case 'csi500':
    case 'sse50':
    case 'sse180':
      return 0.012;
    case 'star50':
    case 'chinext':
    case 'dividend':
      return 0.022;
    case 'gold':
      return 0.025;
    default:
      return fund.kind === 'qdii' ? 0.06 : 0.045;
  }
}

/** Daily price limit: STAR and ChiNext ETFs ±20%, others ±10%. */
function priceLimit(fund: Fund): number {
  return fund.theme === 'star50' || fund.theme === 'chinext' ? 0.2 : 0.1;
}

function rawClose(fund: Fund, series: NavSeries, index: number): number {
  const premium = 0.0004 * tri(mix(fund.seed ^ 0x51ed270b, index));
  return round(unitAt(series, index) * (1 + premium), 3);
}

function dividendOn(series: NavSeries, index: number): number {
  return series.dividends.find((d) => d.index === index)?.cash ?? 0;
}

function refPrice(fund: Fund, series: NavSeries, index: number): number {
  if (index <= series.first) return round(unitAt(series, series.first), 3);
  return round(rawClose(fund, series, index - 1) - dividendOn(series, index), 3);
}

/** The complete (unadjusted) bar of a trading day, or null before listing. */
export function etfBar(fund: Fund, index: number): EtfBar | null {
  const series = navSeries(fund);
  if (index < series.first) return null;
  const ref = refPrice(fund, series, index);
  const limit = priceLimit(fund);
  const up = round(ref * (1 + limit), 3);
  const down = round(ref * (1 - limit), 3);
  const close = Math.min(up, Math.max(down, rawClose(fund, series, index)));
  const h = mix(fund.seed ^ 0x7a3c5e11, index);
  const u = (k: number) => unitDraw(mix(h, k));
  const move = Math.log(close / ref);
  const tracked = trackedBar(fund, index);
  let open: number;
  let high: number;
  let low: number;
  if (tracked) {
    // The day of the tracked index, scaled to the fund's close: the same path, the same extremes.
    const scale = close / tracked.close;
    const at = (level: number) => Math.min(up, Math.max(down, round(level * scale, 3)));
    open = at(tracked.open);
    high = Math.max(open, close, at(tracked.high));
    low = Math.min(open, close, at(tracked.low));
  } else {
    open = Math.min(up, Math.max(down, round(ref * Math.exp(0.3 * move + 0.003 * tri(mix(h, 1))), 3)));
    const swing = 0.002 + 0.6 * Math.abs(move);
    high = Math.min(up, round(Math.max(open, close) * (1 + swing * u(2) ** 1.5), 3));
    low = Math.max(down, round(Math.min(open, close) * (1 - swing * u(3) ** 1.5), 3));
  }
  const units = unitsAt(series, index);
  const rate = turnoverRate(fund) * Math.exp(0.35 * tri(mix(h, 4))) * (1 + 5 * Math.abs(move));
  const volume = Math.max(100, Math.round((units * rate) / 100) * 100);
  const vwap = Math.min(high, Math.max(low, (open + high + low + 2 * close) / 5));
  return {
    index,
    day: tradingDayAt(index),
    open,
    high,
    low,
    close,
    ref,
    volume,
    turnover: round(volume * vwap, 2),
    units,
  };
}

/** The complete bar of the index an ETF tracks, when the simulator publishes it. */
function trackedBar(fund: Fund, index: number): IndexBar | null {
  const code = themeIndexCode(fund.theme);
  const def = code === undefined ? undefined : indexByCode(code);
  return def ? indexDailyBar(def, index) : null;
}

/** The bar as it stands after a share `progress` (0..1) of the continuous session. */
function partial(fund: Fund, full: EtfBar, clock: MarketClock): EtfBar {
  const progress = clock.barProgress;
  if (progress >= 1) return full;
  const code = themeIndexCode(fund.theme);
  const def = code === undefined ? undefined : indexByCode(code);
  const now = def ? indexBarAsOf(def, full.index, clock) : null;
  const whole = def ? indexDailyBar(def, full.index) : null;
  if (now && whole) {
    // An ETF moves with its index through the day: the index's price now, scaled to the fund's close.
    const scale = full.close / whole.close;
    const at = (level: number) => Math.min(full.high, Math.max(full.low, round(level * scale, 3)));
    const share = whole.volume > 0 ? now.volume / whole.volume : 1;
    const volume = Math.max(100, Math.round((full.volume * share) / 100) * 100);
    const valueShare = whole.turnover > 0 ? now.turnover / whole.turnover : 1;
    const price = at(now.close);
    return {
      ...full,
      close: price,
      high: Math.max(price, at(now.high)),
      low: Math.min(price, at(now.low)),
      volume,
      turnover: round(full.turnover * valueShare, 2),
    };
  }
  const h = mix(fund.seed ^ 0x1b873593, full.index);
  const u = (k: number) => unitDraw(mix(h, k));
  // ETFs trade like stocks (same timing of the extremes), priced to a thousandth.
  const path = seededPath(u, full.close >= full.ref, STOCK_TIMING);
  const track = sessionTrack(full, path, h, 3, 0.03);
  const { price, high, low, volumeShare, valueShare } = trackAt(track, progress, 3);
  const volume = Math.max(100, Math.round((full.volume * volumeShare) / 100) * 100);
  return { ...full, close: price, high, low, volume, turnover: round(full.turnover * valueShare, 2) };
}

/** The bar of a trading day as seen at a moment (partial for today during the session), or null. */
export function etfBarAsOf(fund: Fund, index: number, clock: MarketClock): EtfBar | null {
  if (index > clock.barIndex) return null;
  const full = etfBar(fund, index);
  if (!full) return null;
  return index === clock.barIndex ? partial(fund, full, clock) : full;
}

/** The latest bar at a moment. */
export function latestEtfBar(fund: Fund, clock: MarketClock): EtfBar | null {
  return etfBarAsOf(fund, clock.barIndex, clock);
}

/**
 * Forward-adjustment multiplier of a day's prices as seen from the latest bar: the product of
 * (close before − cash) / close before over the ex-dates after that day up to the latest bar.
 */
export function forwardFactor(fund: Fund, index: number, latest: number): number {
  const series = navSeries(fund);
  let factor = 1;
  for (const d of series.dividends) {
    if (d.index <= index || d.index > latest) continue;
    const before = rawClose(fund, series, d.index - 1);
    factor *= (before - d.cash) / before;
  }
  return factor;
}
