import { dayOf, midnightMs, tradingDayAt, tradingIndexOf, tradingIndexOnOrAfter, yearOf } from './calendar';
import { loadingsOf, stockFactorMove, type Loadings } from './market-factors';
import { Rng, mix, mixAll, round, tri, unit } from './random';
import type { MarketClock } from './session';
import {
  STOCK_TIMING,
  seededPath,
  sessionTrack,
  trackAt,
  type SessionPath,
  type SessionTrack,
} from './session-path';
import { REFERENCE_DATE, priceLimit, type Stock } from './universe';
import { limitPrices as limitPricesOf, type LimitPrices } from '../../../src/contract/price-limits';

/**
 * Daily prices of every stock as closed-form functions of the trading-day index, so any day of any stock
 * costs a handful of arithmetic operations and no history has to be walked.
 *
 * The adjusted ("total return") price is A(t) = exp(scale + L(t)) with
 *   L(t) = drift + four seeded sinusoids + bounded daily noise + sparse jump events.
 * Jump events (one seeded chance per 40-day block) are streaks of 1-4 days with a target change of
 * ±7% up to the board's price limit; their effect holds for 5 days and then fades out within 25, so a
 * day's value only depends on its own block. A rare up streak of a main-board stock is a "dragon" (连板
 * 龙头) that seals the limit 5 to 8 days running, so the ladder has 5, 6 and 7+ boards on some days;
 * its draw has its own seed, so every other streak is exactly what it was without dragons. Without jumps no day moves more than about 6.8%, which
 * keeps every day inside the price limits by construction (a clamp remains as a safety net).
 *
 * Unadjusted prices are A(t) divided by the product of the corporate-action factors up to t; the factor
 * of an event is prevClose × (1 + bonus) / (prevClose − dividend) with the published (rounded) previous
 * close: the vendor CLI's ratio prevClose × (1 + bonus + r) / (prevClose − dividend + r × price) with no
 * rights issue (r = 0), so adjusted prices can be rebuilt exactly from the dumps.
 *
 * The curves start at MODEL_START_DAY (their seeds, jumps, listings and events are drawn from there), but
 * the published history (bars, events, the anchor of backward adjustment) starts at HISTORY_START_DAY:
 * about ten years, all of it in the `daily-k` dump. Moving the published start leaves every price as it was.
 */

/** Origin of the curves; nothing before HISTORY_START_DAY is published. */
const MODEL_START_DAY = dayOf('2010-01-04');
/** First day of the published history (the first bar of a stock listed earlier). */
const HISTORY_START_DAY = dayOf('2016-01-04');
const REF_INDEX = tradingIndexOf(dayOf(REFERENCE_DATE));
const BLOCK = 40;
const HOLD = 5;
const FADE = 25;
const JUMP_CHANCE = 0.28;
/** Share of main-board up streaks that become dragons: about one new dragon every six trading days. */
const DRAGON_CHANCE = 0.012;
const DRAGON_LENGTHS = [5, 6, 7, 8] as const;
const DRAGON_WEIGHTS = [35, 27, 22, 16] as const;
const SALT_DRAGON = 0x1d2a90c5;
const NOISE = 0.014;
/**
 * Share of a stock's own curve (sinusoids and noise) that stays beside the market's factors
 * (market-factors.ts), so that non-jump days stay inside the former bound of about 6.8% (the daily rms
 * move is 0.8-1.1%, a little under what it was without the factors).
 */
const IDIO = 0.72;
const SALT_JUMP = 0x6a09e667;
const SALT_NOISE = 0x3c6ef372;
const SALT_BAR = 0x510e527f;
const SALT_DIVIDEND = 0x9b05688c;
const IPO_REFORM_DAY = dayOf('2023-04-10');
const LAST_EVENT_YEAR = 2035;
/** Day number of June 1st per year: dividends go ex in June and July. */
const JUNE_FIRST = new Map<number, number>();
for (let y = 2000; y <= LAST_EVENT_YEAR; y++) JUNE_FIRST.set(y, dayOf(`${y}-06-01`));

export interface CorporateEvent {
  /** Trading index and day number of the ex-date. */
  readonly index: number;
  readonly day: number;
  readonly dividend: number;
  readonly bonus: number;
  /** prevClose × (1 + bonus) / (prevClose − dividend). */
  readonly factor: number;
  /** Product of the factors of this and every earlier event (of the model, or of the published history). */
  readonly cumulative: number;
  readonly prevClose: number;
}

export interface JumpPlan {
  /** Trading index of the first streak day. */
  start: number;
  /** Target change of each streak day (fraction), and whether it closes at the price limit. */
  targets: number[];
  atLimit: boolean[];
}

interface Jump extends JumpPlan {
  /** Log offsets of the sub-jumps, one per streak day. */
  offsets: number[];
}

interface PlannedEvent {
  index: number;
  yieldRate: number;
  bonus: number;
}

interface Curve {
  stock: Stock;
  seed: number;
  /** First bar of the model (listing, or MODEL_START_DAY). */
  firstIndex: number;
  /** First published bar (listing, or HISTORY_START_DAY). */
  firstBar: number;
  vol: number;
  /** Beta on the market and the board's and sector's factors. */
  loadings: Loadings;
  amps: number[];
  freqs: number[];
  phases: number[];
  /** Drift per trading day. */
  mu: number;
  blockShift: number;
  volPeriod: number;
  volPhase: number;
  /** First-day price of a listing inside the history, relative to the curve (issue price ratio). */
  ipoRatio: number | null;
  logScale: number;
  planned: PlannedEvent[];
  /** Every event of the model; `cumulative` from the model's start (it scales the unadjusted prices). */
  events: CorporateEvent[];
  /** The events after the first published bar; `cumulative` from there (backward adjustment). */
  published: CorporateEvent[];
  eventAt: Map<number, CorporateEvent>;
  memoBlock: number;
  memoJump: Jump | null;
}

export interface DayBar {
  index: number;
  day: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Published close of the previous trading day. */
  prevClose: number;
  /** Reference price for the day's change and limits (previous close, ex-rights on an ex-date). */
  ref: number;
  volume: number;
  turnover: number;
  limitUp: number;
  limitDown: number;
  /** A jump-event day (a streak day with a target change). */
  jump: boolean;
  floatShares: number;
}

const curves = new Map<number, Curve>();

function planEvents(stock: Stock, firstIndex: number): PlannedEvent[] {
  const out: PlannedEvent[] = [];
  const firstYear = Math.max(yearOf(stock.listDay) + 1, yearOf(tradingDayAt(firstIndex)));
  for (let year = firstYear; year <= LAST_EVENT_YEAR; year++) {
    const rng = new Rng(mixAll(stock.seed, SALT_DIVIDEND, year));
    const pays = stock.isBank || stock.known ? rng.chance(0.97) : rng.chance(stock.st ? 0.1 : 0.72);
    const bonus =
      !stock.isBank && rng.chance(stock.known ? 0.03 : 0.1) ? rng.pick([0.1, 0.2, 0.3, 0.4, 0.5]) : 0;
    if (!pays && bonus === 0) continue;
    const yieldRate = !pays
      ? 0
      : stock.isBank
        ? rng.range(0.035, 0.06)
        : stock.known
          ? rng.range(0.012, 0.035)
          : Math.min(0.05, Math.max(0.002, rng.logNormal(0.012, 0.6)));
    const index = tradingIndexOnOrAfter((JUNE_FIRST.get(year) ?? 0) + rng.int(0, 50));
    if (index <= firstIndex + 1) continue;
    out.push({ index, yieldRate, bonus });
  }
  return out;
}

function curveOf(stock: Stock): Curve {
  const cached = curves.get(stock.index);
  if (cached) return cached;
  const rng = new Rng(stock.seed ^ 0x1f83d9ab);
  const vol = stock.st ? rng.range(0.55, 0.7) : rng.range(0.8, stock.board === 'main' ? 1.1 : 1.15);
  const amps = [
    rng.range(0.15, 0.35),
    rng.range(0.06, 0.15),
    rng.range(0.02, 0.06),
    rng.range(0.005, 0.012),
  ].map((a) => a * vol * IDIO);
  const periods = [rng.range(600, 1200), rng.range(150, 300), rng.range(40, 80), rng.range(8, 16)];
  const listIndex = tradingIndexOnOrAfter(stock.listDay);
  const firstIndex = Math.max(listIndex, tradingIndexOnOrAfter(MODEL_START_DAY));
  const curve: Curve = {
    stock,
    seed: stock.seed,
    firstIndex,
    firstBar: Math.max(firstIndex, tradingIndexOnOrAfter(HISTORY_START_DAY)),
    vol,
    loadings: loadingsOf(stock),
    amps,
    freqs: periods.map((p) => (2 * Math.PI) / p),
    phases: periods.map(() => rng.range(0, 2 * Math.PI)),
    mu: stock.drift / 244,
    blockShift: rng.int(0, BLOCK - 1),
    volPeriod: rng.range(60, 200),
    volPhase: rng.range(0, 2 * Math.PI),
    ipoRatio:
      listIndex >= firstIndex && stock.listDay > MODEL_START_DAY
        ? 1 / (stock.board === 'main' && stock.listDay < IPO_REFORM_DAY ? 1.44 : rng.range(1.05, 3))
        : null,
    logScale: 0,
    planned: [],
    events: [],
    published: [],
    eventAt: new Map(),
    memoBlock: Number.NaN,
    memoJump: null,
  };
  curve.planned = planEvents(stock, firstIndex);
  // Scale so that the unadjusted price on the calibration day is the stock's reference price; the
  // factors are approximated by their yields here (exact factors need prices, which need the scale).
  let approxFactor = 1;
  for (const p of curve.planned) if (p.index <= REF_INDEX) approxFactor *= (1 + p.bonus) / (1 - p.yieldRate);
  curve.logScale = Math.log(stock.refPrice * approxFactor) - logCurve(curve, REF_INDEX);
  curves.set(stock.index, curve);
  computeEvents(curve);
  return curve;
}

function baseCurve(c: Curve, t: number): number {
  const a = c.amps;
  const f = c.freqs;
  const p = c.phases;
  return (
    c.mu * (t - REF_INDEX) +
    (a[0] ?? 0) * Math.sin((f[0] ?? 0) * t + (p[0] ?? 0)) +
    (a[1] ?? 0) * Math.sin((f[1] ?? 0) * t + (p[1] ?? 0)) +
    (a[2] ?? 0) * Math.sin((f[2] ?? 0) * t + (p[2] ?? 0)) +
    (a[3] ?? 0) * Math.sin((f[3] ?? 0) * t + (p[3] ?? 0)) +
    NOISE * IDIO * c.vol * tri(mix(c.seed ^ SALT_NOISE, t)) +
    stockFactorMove(c.loadings, t)
  );
}

function kernel(k: number): number {
  if (k < 0) return 0;
  if (k < HOLD) return 1;
  if (k < HOLD + FADE) return 0.5 * (1 + Math.cos((Math.PI * (k - HOLD)) / FADE));
  return 0;
}

/** A block's jump streak without its curve offsets: only seeded draws, so it is cheap to ask for. */
function planOfBlock(c: Curve, block: number): JumpPlan | null {
  const h = mix(c.seed ^ SALT_JUMP, block);
  if (unit(h) >= JUMP_CHANCE) return null;
  const rng = new Rng(mix(h, 0x9e3779b9));
  const length = c.stock.st ? rng.weighted([1, 2], [0.85, 0.15]) : rng.weighted([1, 2, 3, 4], [74, 15, 7, 4]);
  const start = block * BLOCK - c.blockShift + rng.int(0, BLOCK - HOLD - FADE - length);
  if (start <= c.firstIndex + 5) return null;
  const up = rng.chance(0.62);
  const dragon = up ? dragonLength(c, h) : 0;
  if (dragon > 0) {
    // Moved earlier when needed so that the whole streak and its fade stay inside the block.
    const first = Math.min(start, block * BLOCK - c.blockShift + BLOCK - HOLD - FADE - dragon);
    if (first <= c.firstIndex + 5) return null;
    const targets = Array.from({ length: dragon }, (_, i) => priceLimit(c.stock, tradingDayAt(first + i)));
    return { start: first, targets, atLimit: targets.map(() => true) };
  }
  const targets: number[] = [];
  const atLimit: boolean[] = [];
  for (let i = 0; i < length; i++) {
    const limit = priceLimit(c.stock, tradingDayAt(start + i));
    const hit = limit < 0.08 || rng.chance(i === 0 ? (up ? 0.55 : 0.4) : up ? 0.7 : 0.5);
    const size = hit ? limit : rng.range(i === 0 ? 0.07 : 0.03, limit - 0.006);
    targets.push(up ? size : -size);
    atLimit.push(hit);
  }
  return { start, targets, atLimit };
}

/**
 * Streak length of a dragon (0: not one). Main-board stocks without an ST flag only: a 20% or 30% board
 * sealed for a week would double the price several times over.
 */
function dragonLength(c: Curve, h: number): number {
  if (c.stock.board !== 'main' || c.stock.st) return 0;
  const rng = new Rng(mix(h, SALT_DRAGON));
  return rng.chance(DRAGON_CHANCE) ? rng.weighted(DRAGON_LENGTHS, DRAGON_WEIGHTS) : 0;
}

function blockOf(c: Curve, t: number): number {
  return Math.floor((t + c.blockShift) / BLOCK);
}

function jumpOfBlock(c: Curve, block: number): Jump | null {
  if (block === c.memoBlock) return c.memoJump;
  const plan = planOfBlock(c, block);
  const jump = plan && {
    ...plan,
    offsets: plan.targets.map(
      (target, i) => Math.log(1 + target) - (baseCurve(c, plan.start + i) - baseCurve(c, plan.start + i - 1)),
    ),
  };
  c.memoBlock = block;
  c.memoJump = jump;
  return jump;
}

function jumpAt(c: Curve, t: number): Jump | null {
  return jumpOfBlock(c, blockOf(c, t));
}

function logCurve(c: Curve, t: number): number {
  let l = baseCurve(c, t);
  const j = jumpAt(c, t);
  if (j) for (let i = 0; i < j.offsets.length; i++) l += (j.offsets[i] ?? 0) * kernel(t - j.start - i);
  return l;
}

/** Product of the factors of the model's events up to and including trading index t. */
function cumulativeFactor(c: Curve, t: number): number {
  return cumulativeUpTo(c.events, t);
}

/** The `cumulative` of the last of some events (ascending) on or before trading index t; 1 before them. */
function cumulativeUpTo(events: readonly CorporateEvent[], t: number): number {
  let g = 1;
  for (const e of events) {
    if (e.index > t) break;
    g = e.cumulative;
  }
  return g;
}

function natural(c: Curve, t: number): number {
  return naturalWith(c, t, cumulativeFactor(c, t));
}

/** The unadjusted curve price of t, given the product of the model's factors up to t. */
function naturalWith(c: Curve, t: number, cumulative: number): number {
  return round(Math.exp(c.logScale + logCurve(c, t)) / cumulative, 2);
}

function exRights(c: Curve, t: number, prevClose: number): number {
  const e = c.eventAt.get(t);
  return e ? round((prevClose - e.dividend) / (1 + e.bonus), 2) : prevClose;
}

/** The exchange's limit prices, rounded to the tick by the contract's rule. */
function limitPrices(c: Curve, t: number, ref: number): LimitPrices {
  return limitPricesOf(ref, Math.round(priceLimit(c.stock, tradingDayAt(t)) * 100));
}

/** The published close of the day before the first bar: the issue price for a listing inside the history. */
function firstPrevClose(c: Curve): number {
  const first = natural(c, c.firstIndex);
  return c.ipoRatio === null ? natural(c, c.firstIndex - 1) : round(first * c.ipoRatio, 2);
}

/** Published unadjusted close of trading index t (t ≥ first bar). */
function closeOf(c: Curve, t: number): number {
  if (t < c.firstIndex) return firstPrevClose(c);
  return closeWith(c, t, natural(c, t));
}

/**
 * The close of t from its curve price `value`; the previous day's curve price and close are computed
 * when not given (a walk through the history passes them on).
 */
function closeWith(c: Curve, t: number, value: number, prevValue?: number, prevClose?: number): number {
  const j = jumpAt(c, t);
  const i = j ? t - j.start : -1;
  if (j && i >= 0 && i < j.targets.length && j.atLimit[i]) {
    const ref = exRights(c, t, prevClose ?? closeOf(c, t - 1));
    const limits = limitPrices(c, t, ref);
    return (j.targets[i] ?? 0) > 0 ? limits.up : limits.down;
  }
  if (t === c.firstIndex) return value;
  // Safety net only: the curve is built to stay inside the limits.
  const limits = limitPrices(c, t, exRights(c, t, prevValue ?? natural(c, t - 1)));
  return Math.min(limits.up, Math.max(limits.down, value));
}

function computeEvents(c: Curve): void {
  let cumulative = 1;
  let published = 1;
  for (const p of c.planned) {
    const prevClose = closeOf(c, p.index - 1);
    const dividend = round(p.yieldRate * prevClose, 3);
    const factor = (prevClose * (1 + p.bonus)) / (prevClose - dividend);
    cumulative *= factor;
    const event: CorporateEvent = {
      index: p.index,
      day: tradingDayAt(p.index),
      dividend,
      bonus: p.bonus,
      factor,
      cumulative,
      prevClose,
    };
    c.events.push(event);
    c.eventAt.set(p.index, event);
    if (p.index > c.firstBar) {
      published *= factor;
      c.published.push({ ...event, cumulative: published });
    }
  }
}

function bonusProduct(c: Curve, t: number): number {
  let product = 1;
  for (const e of c.events) {
    if (e.index > t) break;
    product *= 1 + e.bonus;
  }
  return product;
}

function isJumpDay(c: Curve, t: number): { jump: boolean; sealed: boolean } {
  const j = jumpAt(c, t);
  const i = j ? t - j.start : -1;
  if (!j || i < 0 || i >= j.targets.length) return { jump: false, sealed: false };
  return { jump: true, sealed: j.atLimit[i] ?? false };
}

/** Complete bars asked for lately (a session asks for the same days of the same stocks again and again). */
const barCache = new Map<number, DayBar>();
const BAR_CACHE_SIZE = 40000;

/** The complete bar of a trading day. `prevClose` may be passed when the caller already knows it. */
function completeBar(c: Curve, t: number, knownPrev?: number): DayBar {
  const key = t * 16384 + c.stock.index;
  const hit = barCache.get(key);
  if (hit) return hit;
  const bar = barOf(c, t, knownPrev ?? closeOf(c, t - 1), closeOf(c, t), floatSharesOn(c.stock, t));
  if (barCache.size >= BAR_CACHE_SIZE) barCache.clear();
  barCache.set(key, bar);
  return bar;
}

/** The bar of t from its close, the previous close and the day's float shares. */
function barOf(c: Curve, t: number, prevClose: number, close: number, floatShares: number): DayBar {
  const ref = t === c.firstIndex ? prevClose : exRights(c, t, prevClose);
  const limits =
    t === c.firstIndex
      ? { up: Math.max(close, ref) * 1.1, down: Math.min(close, ref) * 0.9 }
      : limitPrices(c, t, ref);
  const h = mix(c.seed ^ SALT_BAR, t);
  const { jump, sealed } = isJumpDay(c, t);
  const move = Math.log(close / ref);
  let open: number;
  if (jump) {
    const pull = sealed && unit(mix(h, 1)) < 0.12 ? 1 : 0.15 + 0.7 * unit(mix(h, 2));
    open = ref * Math.exp(pull * move);
  } else {
    open = ref * Math.exp(0.25 * move + 0.008 * c.vol * tri(mix(h, 3)));
  }
  open = Math.min(limits.up, Math.max(limits.down, round(open, 2)));
  const wide = jump ? 2.5 : 1;
  // Wicks: a seeded size, and at least a tick on nine days in ten (a bar without a wick is rare).
  const wick = (k: number) => 0.0015 + 0.018 * c.vol * wide * unit(mix(h, k)) ** 1.5;
  // A limit sealed from the open to the close (一字板) trades at one price all day.
  const oneWord = sealed && open === close;
  const tick = (k: number) => (!oneWord && unit(mix(h, k)) < 0.9 ? 0.01 : 0);
  const top = Math.max(open, close);
  const bottom = Math.min(open, close);
  const high = Math.min(limits.up, Math.max(round(top + tick(8), 2), round(top * Math.exp(wick(4)), 2)));
  const low = Math.max(
    limits.down,
    Math.min(round(bottom - tick(9), 2), round(bottom * Math.exp(-wick(5)), 2)),
  );
  const regime = Math.exp(0.3 * Math.sin((2 * Math.PI * t) / c.volPeriod + c.volPhase));
  const flat = open === close && high === close && low === close;
  let rate =
    c.stock.turnoverRate *
    Math.exp(0.35 * tri(mix(h, 6))) *
    regime *
    (1 + 6 * Math.abs(close / ref - 1)) *
    (jump ? 1.3 + 1.2 * unit(mix(h, 7)) : 1) *
    (flat ? 0.15 : 1);
  rate = Math.min(0.6, rate);
  const volume = Math.max(100, Math.round((floatShares * rate) / 100) * 100);
  const vwap = Math.min(high, Math.max(low, (open + high + low + 2 * close) / 5));
  return {
    index: t,
    day: tradingDayAt(t),
    open,
    high,
    low,
    close,
    prevClose,
    ref,
    volume,
    turnover: Math.round(volume * vwap),
    limitUp: round(limits.up, 2),
    limitDown: round(limits.down, 2),
    jump,
    floatShares,
  };
}

const trackCache = new Map<number, SessionTrack>();
const TRACK_CACHE_SIZE = 12000;

/** The minute track of a complete bar's day (cached by stock and day). */
function trackOf(c: Curve, full: DayBar): SessionTrack {
  const key = full.index * 16384 + c.stock.index;
  const hit = trackCache.get(key);
  if (hit) return hit;
  const track = newTrack(c, full);
  if (trackCache.size >= TRACK_CACHE_SIZE) trackCache.clear();
  trackCache.set(key, track);
  return track;
}

function newTrack(c: Curve, full: DayBar): SessionTrack {
  const h = mix(c.seed ^ SALT_BAR, full.index ^ 0x5555);
  const u = (k: number) => unit(mix(h, k));
  let path: SessionPath = seededPath(u, full.close >= full.ref, STOCK_TIMING);
  // Most days that close sealed at a limit reach it early and stay there (the limit pools of a morning
  // are well filled); a quarter touch it, open again and seal only at the close.
  const sealedUp = full.close === full.limitUp && full.high === full.close;
  const sealedDown = full.close === full.limitDown && full.low === full.close;
  if ((sealedUp || sealedDown) && u(6) < 0.75) {
    const t2 = 0.01 + 0.6 * u(7) ** 2;
    path = { highFirst: sealedDown, t1: t2 * (0.2 + 0.6 * u(8)), t2, calmTail: true };
  }
  return sessionTrack(full, path, h, 2, auctionShareOf(c.stock, full.index));
}

/** The bar as it stands after a share `progress` (0..1) of the continuous session. */
function partialBar(c: Curve, full: DayBar, progress: number): DayBar {
  if (progress >= 1) return full;
  const { price, high, low, volumeShare, valueShare } = trackAt(trackOf(c, full), progress, 2);
  const volume = Math.max(100, Math.round((full.volume * volumeShare) / 100) * 100);
  // The value traded so far at the track's prices: it only grows, and ends on the day's turnover.
  const turnover = Math.round(full.turnover * valueShare);
  return { ...full, close: price, high, low, volume, turnover };
}

/** A day's complete bar and its minute track (null before the first bar). */
export function dayTrack(stock: Stock, index: number): { full: DayBar; track: SessionTrack } | null {
  const c = curveOf(stock);
  if (index < c.firstBar) return null;
  const full = completeBar(c, index);
  return { full, track: trackOf(c, full) };
}

/** Share of the day's volume matched in the opening auction. */
export function auctionShareOf(stock: Stock, index: number): number {
  return 0.02 + 0.04 * unit(mix(stock.seed ^ 0x7137449, index));
}

// ---------------------------------------------------------------------------------------------------
// Public API

/** Build every stock's curve and corporate actions up front (a few hundred ms once per process). */
export function prepareAllCurves(stocks: readonly Stock[]): void {
  for (const s of stocks) curveOf(s);
}

/** Trading index of the first bar of a stock (listing, or the start of the simulated history). */
export function firstBarIndex(stock: Stock): number {
  return curveOf(stock).firstBar;
}

/** Complete bar of a trading day (null before the first bar). */
export function dailyBar(stock: Stock, index: number): DayBar | null {
  const c = curveOf(stock);
  return index < c.firstBar ? null : completeBar(c, index);
}

/**
 * Every complete bar of a stock from trading index `from` to `to`, in order: the same bars as `dailyBar`
 * at a fraction of the cost, for whole histories (the dumps). Each day's close, curve price, factor and
 * float shares carry over to the next instead of being computed again.
 */
export function forEachDailyBar(stock: Stock, from: number, to: number, visit: (bar: DayBar) => void): void {
  const c = curveOf(stock);
  const first = Math.max(from, c.firstBar);
  if (first > to) return;
  const bonusAtRef = bonusProduct(c, REF_INDEX);
  let next = c.events.findIndex((e) => e.index >= first);
  if (next < 0) next = c.events.length;
  let cumulative = cumulativeFactor(c, first - 1);
  let bonus = bonusProduct(c, first - 1);
  let prevValue = natural(c, first - 1);
  let prevClose = closeOf(c, first - 1);
  for (let t = first; t <= to; t++) {
    const event = c.events[next];
    if (event !== undefined && event.index === t) {
      cumulative = event.cumulative;
      bonus *= 1 + event.bonus;
      next++;
    }
    const value = naturalWith(c, t, cumulative);
    const close = closeWith(c, t, value, prevValue, prevClose);
    visit(barOf(c, t, prevClose, close, (c.stock.floatShares * bonus) / bonusAtRef));
    prevValue = value;
    prevClose = close;
  }
}

/** Published unadjusted close of a trading day. */
export function closeAt(stock: Stock, index: number): number {
  return closeOf(curveOf(stock), index);
}

/** Change of a day against its reference price (ex-rights aware), as a fraction. */
export function dayChange(stock: Stock, index: number): number {
  const c = curveOf(stock);
  if (index <= c.firstIndex) return 0;
  const ref = exRights(c, index, closeOf(c, index - 1));
  return closeOf(c, index) / ref - 1;
}

/** The latest bar at a moment: partial during the session, else the last complete one. */
export function latestBar(stock: Stock, clock: MarketClock): DayBar | null {
  const c = curveOf(stock);
  if (clock.barIndex < c.firstBar) return null;
  const full = completeBar(c, clock.barIndex);
  return partialBar(c, full, clock.barProgress);
}

/** The bar of a trading day as seen at a moment (partial for today during the session). */
export function barAsOf(stock: Stock, index: number, clock: MarketClock, knownPrev?: number): DayBar | null {
  const c = curveOf(stock);
  if (index < c.firstBar || index > clock.barIndex) return null;
  const full = completeBar(c, index, knownPrev);
  return index === clock.barIndex ? partialBar(c, full, clock.barProgress) : full;
}

/** Published corporate actions of a stock (after its first bar), ascending by ex-date. */
export function corporateEvents(stock: Stock): readonly CorporateEvent[] {
  return curveOf(stock).published;
}

/**
 * Product of the factors of the published events up to and including a trading index: the backward
 * adjustment, anchored at the first published bar.
 */
export function adjustmentFactor(stock: Stock, index: number): number {
  return cumulativeUpTo(curveOf(stock).published, index);
}

/** The jump streak whose block contains a trading index (cheap: no prices are computed). */
export function jumpPlanAt(stock: Stock, index: number): JumpPlan | null {
  const c = curveOf(stock);
  return planOfBlock(c, blockOf(c, index));
}

/** Target change of a day when it is a streak day, else 0 (cheap). */
export function jumpTargetOn(stock: Stock, index: number): number {
  const plan = jumpPlanAt(stock, index);
  const i = plan ? index - plan.start : -1;
  return plan && i >= 0 && i < plan.targets.length ? (plan.targets[i] ?? 0) : 0;
}

/** Float shares on a trading day (bonus issues raise the count). */
export function floatSharesOn(stock: Stock, index: number): number {
  const c = curveOf(stock);
  return (stock.floatShares * bonusProduct(c, index)) / bonusProduct(c, REF_INDEX);
}

/**
 * A stock's adjusted log price on trading day t up to a constant (jumps and factors included), held at
 * its first bar before it: an index that counts the stock sees no move of it before its listing.
 */
export function logMove(stock: Stock, t: number): number {
  const c = curveOf(stock);
  return logCurve(c, Math.max(t, c.firstIndex));
}

/** Midnight (Shanghai) of a bar's day. */
export function barDateMs(bar: DayBar): number {
  return midnightMs(bar.day);
}

export { HISTORY_START_DAY, REF_INDEX };
