import { dayOf, tradingDayAt, tradingIndexOf, tradingIndexOnOrAfter } from './calendar';
import { HISTORY_START_DAY } from './prices';
import { Rng, mix, round, tri, unit } from './random';
import type { MarketClock } from './session';
import { seededPath, sessionTrack, trackAt } from './session-path';
import { indexDefByCode, indexSeed, type IndexDef } from './ths-indices';
import { REFERENCE_DATE } from './universe';

/**
 * Daily bars of every index as closed-form functions of the trading-day index (like the stock curves):
 * level = ref × exp(L(t) − L(ref)) with L a drift, four seeded sinusoids and bounded daily noise. Indices
 * have no price limits and no adjustment. Volume and turnover scale with the usual activity of the
 * index's current members, so a concept of 500 stocks trades hundreds of billions a day.
 * During the session the day's bar grows like a stock's: open, a high and a low, then the close.
 */

const REF_INDEX = tradingIndexOf(dayOf(REFERENCE_DATE));
const SALT_NOISE = 0x1b873593;
const SALT_BAR = 0xcc9e2d51;
/** Index extremes come a little later and never in the last 15% of the session. */
const INDEX_TIMING = { gap: 0.1, spread: 0.35, end: 0.85 };

/** Levels on the calibration day; the futures and options of an index are priced from the same curve. */
const LEVELS: Record<string, number> = {
  '000001.SH': 3520,
  '000016.SH': 2800,
  '000300.SH': 4000,
  '000905.SH': 6000,
  '000852.SH': 6000,
  '000688.SH': 1100,
  '399001.SZ': 11050,
  '399006.SZ': 2300,
  '399005.SZ': 7150,
  '399300.SZ': 4000,
  '899050.BJ': 1390,
  '885517.TI': 4100,
};

/** The same index published on two exchanges follows one curve. */
const SAME_CURVE: Record<string, string> = { '399300.SZ': '000300.SH' };

export interface IndexBar {
  readonly index: number;
  readonly day: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly prevClose: number;
  readonly volume: number;
  readonly turnover: number;
}

interface IndexCurve {
  def: IndexDef;
  seed: number;
  firstIndex: number;
  vol: number;
  mu: number;
  amps: number[];
  freqs: number[];
  phases: number[];
  logScale: number;
  /** Usual daily volume (shares) and turnover (CNY). */
  volume: number;
  turnover: number;
}

const curves = new Map<string, IndexCurve>();

function curveOf(def: IndexDef): IndexCurve {
  const hit = curves.get(def.thscode);
  if (hit) return hit;
  const curveCode = SAME_CURVE[def.thscode] ?? def.thscode;
  const seed = indexSeed(curveCode);
  const rng = new Rng(seed);
  // Broad indices move less than narrow themes.
  const vol = def.tag === null ? rng.range(0.7, 0.95) : rng.range(0.95, 1.35);
  const amps = [
    rng.range(0.12, 0.24),
    rng.range(0.04, 0.09),
    rng.range(0.015, 0.035),
    rng.range(0.004, 0.008),
  ].map((a) => a * vol);
  const periods = [rng.range(700, 1300), rng.range(160, 320), rng.range(40, 80), rng.range(8, 16)];
  const level = LEVELS[curveCode] ?? Math.round(rng.logNormal(1800, 0.6));
  const members = def.members(dayOf(REFERENCE_DATE));
  let volume = 0;
  let turnover = 0;
  for (const s of members) {
    volume += s.floatShares * s.turnoverRate;
    turnover += s.floatShares * s.refPrice * s.turnoverRate;
  }
  const curve: IndexCurve = {
    def,
    seed,
    firstIndex: Math.max(
      tradingIndexOnOrAfter(dayOf(def.listDate)),
      tradingIndexOnOrAfter(HISTORY_START_DAY),
    ),
    vol,
    mu: rng.range(0, 0.06) / 244,
    amps,
    freqs: periods.map((p) => (2 * Math.PI) / p),
    phases: periods.map(() => rng.range(0, 2 * Math.PI)),
    logScale: 0,
    volume: Math.max(1e6, volume),
    turnover: Math.max(1e7, turnover),
  };
  curve.logScale = Math.log(level) - logLevel(curve, REF_INDEX);
  curves.set(def.thscode, curve);
  return curve;
}

function logLevel(c: IndexCurve, t: number): number {
  let l = c.mu * (t - REF_INDEX) + 0.009 * c.vol * tri(mix(c.seed ^ SALT_NOISE, t));
  for (let k = 0; k < 4; k++) l += (c.amps[k] ?? 0) * Math.sin((c.freqs[k] ?? 0) * t + (c.phases[k] ?? 0));
  return l;
}

function closeOf(c: IndexCurve, t: number): number {
  return round(Math.exp(c.logScale + logLevel(c, t)), 2);
}

function completeBar(c: IndexCurve, t: number): IndexBar {
  const prevClose = closeOf(c, t - 1);
  const close = closeOf(c, t);
  const h = mix(c.seed ^ SALT_BAR, t);
  const u = (k: number) => unit(mix(h, k));
  const move = Math.log(close / prevClose);
  const open = round(prevClose * Math.exp(0.2 * move + 0.003 * c.vol * tri(mix(h, 1))), 2);
  const high = round(Math.max(open, close) * Math.exp(0.008 * c.vol * u(2) ** 1.5), 2);
  const low = round(Math.min(open, close) * Math.exp(-0.008 * c.vol * u(3) ** 1.5), 2);
  const activity = Math.exp(0.25 * tri(mix(h, 4))) * (1 + 12 * Math.abs(move));
  const volume = Math.round((c.volume * activity) / 100) * 100;
  return {
    index: t,
    day: tradingDayAt(t),
    open,
    high,
    low,
    close,
    prevClose,
    volume,
    turnover: Math.round(c.turnover * activity * (0.5 * (open + close)) * (1 / closeOf(c, REF_INDEX))),
  };
}

/** The bar after a share `progress` of the session: open, then the high and low in seeded order, then close. */
function partialBar(c: IndexCurve, full: IndexBar, progress: number): IndexBar {
  if (progress >= 1) return full;
  const h = mix(c.seed ^ SALT_BAR, full.index ^ 0x3c3c);
  const u = (k: number) => unit(mix(h, k));
  const path = seededPath(u, full.close >= full.prevClose, INDEX_TIMING);
  const { price, high, low, volumeShare, valueShare } = trackAt(
    sessionTrack(full, path, h, 2, 0.03),
    progress,
    2,
  );
  return {
    ...full,
    close: price,
    high,
    low,
    volume: Math.round((full.volume * volumeShare) / 100) * 100,
    turnover: Math.round(full.turnover * valueShare),
  };
}

// ---------------------------------------------------------------------------------------------------

export function indexByCode(thscode: string): IndexDef | undefined {
  return indexDefByCode(thscode);
}

/** Trading index of an index's first bar. */
export function indexFirstBar(def: IndexDef): number {
  return curveOf(def).firstIndex;
}

/** Complete bar of a trading day (null before the first bar). */
export function indexDailyBar(def: IndexDef, t: number): IndexBar | null {
  const c = curveOf(def);
  return t < c.firstIndex ? null : completeBar(c, t);
}

/** Close of a trading day (no bar needed: cheap). */
export function indexCloseAt(def: IndexDef, t: number): number {
  return closeOf(curveOf(def), t);
}

/** The bar of a trading day as seen at a moment (partial for today during the session). */
export function indexBarAsOf(def: IndexDef, t: number, clock: MarketClock): IndexBar | null {
  const c = curveOf(def);
  if (t < c.firstIndex || t > clock.barIndex) return null;
  const full = completeBar(c, t);
  return t === clock.barIndex ? partialBar(c, full, clock.barProgress) : full;
}

/** The latest bar at a moment. */
export function indexLatestBar(def: IndexDef, clock: MarketClock): IndexBar | null {
  return indexBarAsOf(def, clock.barIndex, clock);
}
