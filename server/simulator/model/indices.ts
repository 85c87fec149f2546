import { TRADING_DAY_COUNT, dayOf, tradingDayAt, tradingIndexOf, tradingIndexOnOrAfter } from './calendar';
import {
  indexFactorMove,
  indexLoadingsOf,
  loadingsOf,
  stockFactorMove,
  type IndexLoadings,
} from './market-factors';
import {
  HISTORY_START_DAY,
  closeAt,
  dailyBar,
  dayTrack,
  firstBarIndex,
  floatSharesOn,
  logMove,
} from './prices';
import { Rng, mix, round, tri, unit } from './random';
import type { MarketClock } from './session';
import { SESSION_MINUTES, seededPath, sessionTrack, trackAt, type SessionTrack } from './session-path';
import { indexDefByCode, indexDefs, indexSeed, reviewStartDay, type IndexDef } from './ths-indices';
import { REFERENCE_DATE, type Stock } from './universe';

/**
 * Daily bars of every index, built from its members so that an index is the weighted result of its
 * constituents (its day change is their float-weighted mean change, as a client computes it from the
 * whole-market snapshot, within a few tenths of a point; see invariants/market.test.ts):
 *   - within a weighting epoch (a half-year between members' reviews for an exchange index, chain-linked; one epoch at the
 *     calibration day's weights for a THS index) the level is a buy-and-hold portfolio of its heaviest
 *     members' adjusted price curves and of one block for all other members, which moves with their
 *     float-weighted market, board and industry factors (market-factors.ts): their own moves average out;
 *   - the open is where the heaviest members open and a quarter of the way to the close for the rest,
 *     and the minutes run along the line from the open to the close (where many members stand on average)
 *     with the minute paths of the members of a tenth or more of the index; high and low are the minutes'
 *     extremes, so the session's partial bar grows inside the complete bar and ends on it.
 * Why not the exact sum of the members' prices: an index of 2,000 members would cost 2,000 stock days per
 * index day; this form costs a few dozen operations per close (a few milliseconds per year of bars) and
 * keeps every level closed-form, the calibration day's level at LEVELS, and futures, options and funds,
 * which read the same closes, in step. Indices have no price limits and no adjustment. Volume and
 * turnover scale with the usual activity of the index's members of the calibration day.
 */

const REF_INDEX = tradingIndexOf(dayOf(REFERENCE_DATE));
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

/**
 * Members an index holds by their whole price curve (at most `count`, each weighing at least `weight`):
 * a concentrated index (ChiNext, STAR 50, SSE 50: a fifth of the weight in one stock) moves with its
 * heavyweights' news, not only with the market; the many small members' own moves average out.
 */
const HEAVY = { weight: 0.004, count: 40 } as const;

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
  /** Members of the calibration day (and of every day of a THS index), for the epochs' weights. */
  refMembers: readonly Stock[];
  /** Weighting epochs by review key (see epochOf), built when first needed. */
  epochs: Map<number, Epoch>;
  /**
   * Closes by trading index, worked out when first asked for (NaN until then); exchange indices only, whose
   * closes weigh many epochs (a THS index has one, and there are hundreds of them: 72 kB each for nothing).
   */
  closes: Float64Array | null;
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
  const same = curveCode === def.thscode ? undefined : indexDefByCode(curveCode);
  if (same) {
    const shared = curveOf(same);
    curves.set(def.thscode, shared);
    return shared;
  }
  const seed = indexSeed(curveCode);
  const rng = new Rng(seed);
  // Broad indices have narrower wicks than narrow themes.
  const vol = def.tag === null ? rng.range(0.7, 0.95) : rng.range(0.95, 1.35);
  const level = LEVELS[curveCode] ?? Math.round(rng.logNormal(1800, 0.6));
  const members = (indexDefByCode(curveCode) ?? def).members(dayOf(REFERENCE_DATE));
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
    refMembers: members,
    epochs: new Map(),
    closes: def.tag === null ? new Float64Array(TRADING_DAY_COUNT).fill(Number.NaN) : null,
    logScale: Math.log(level),
    volume: Math.max(1e6, volume),
    turnover: Math.max(1e7, turnover),
  };
  curves.set(def.thscode, curve);
  return curve;
}

/**
 * The weights of an index over one epoch. An exchange index is reweighted at each members' review (1
 * January and 1 July, ths-indices.ts): its members of the review's first trading day, weighted by their
 * float market value at the previous close, and chain-linked (the first day's change already uses the new
 * weights), as index providers do, so a ten-year history follows the members of its time. A THS index
 * keeps one epoch, weighted like the calibration day. Within an epoch the index is a buy-and-hold
 * portfolio of its heaviest members (their weights drift with their prices, as cap weights do) and of one
 * block for all the others, which moves with their float-weighted factors (their own moves average out):
 *   level(t) = base × [Σ_heavy w_s × A_s(t) / A_s(anchor) + w_rest × exp(F_rest(t) − F_rest(anchor))]
 * with A_s a member's adjusted price curve and `anchor` the previous close of the epoch's first day (the
 * calibration day for the epoch that holds it, whose base is the index's calibrated level).
 */
interface Epoch {
  /** Trading index where the weights hold and the level is `base`. */
  anchor: number;
  base: number;
  heavy: readonly { readonly stock: Stock; readonly weight: number; readonly anchorLog: number }[];
  rest: IndexLoadings;
  restWeight: number;
  restAnchor: number;
}

/**
 * Reviews that get their own weights: from the first review of the published history to a year after the
 * calibration day. Before the first, the first one's weights hold (the levels there only anchor fund NAVs
 * that start earlier); after the last, its members are held as they are. So an index never weighs more
 * than 24 reviews, whatever day is asked for (a fund's NAV reads every day of the calendar, 2000-2036).
 */
const FIRST_REVIEW = reviewStartDay(HISTORY_START_DAY);
const LAST_REVIEW = reviewStartDay(dayOf(REFERENCE_DATE) + 366);

const reviews = new Map<number, number>();

/** The epoch key of a trading index: the day of the members' review that holds it, within the bounds. */
function reviewOf(t: number): number {
  const hit = reviews.get(t);
  if (hit !== undefined) return hit;
  const q = Math.min(LAST_REVIEW, Math.max(FIRST_REVIEW, reviewStartDay(tradingDayAt(t))));
  reviews.set(t, q);
  return q;
}

const REF_REVIEW = reviewOf(REF_INDEX);

/** The next review's key (a half-year has 181 to 184 days). */
const nextReview = (q: number) => reviewStartDay(q + 185);

/** The epoch's level relative to its anchor (1 there). */
function relative(e: Epoch, t: number): number {
  let v = e.restWeight > 0 ? e.restWeight * Math.exp(indexFactorMove(e.rest, t) - e.restAnchor) : 0;
  for (const m of e.heavy) v += m.weight * Math.exp(logMove(m.stock, t) - m.anchorLog);
  return v;
}

/**
 * Members whose float value at an anchor is worked out from their whole price curve: the heaviest by
 * the estimate below, enough of them that the heaviest by the exact value are among them.
 */
const EXACT_CANDIDATES = 3 * HEAVY.count;

/**
 * A member's float value at an anchor, estimated from the calibration day's and the market's common
 * moves since (a few operations, against a whole price curve for the exact value): for the many small
 * members, whose values only share out the block's factor weights and the heavy members' share.
 */
function estimatedCap(stock: Stock, anchor: number): number {
  return stock.floatShares * stock.refPrice * Math.exp(stockFactorMove(loadingsOf(stock), anchor));
}

function epochWith(members: readonly Stock[], anchor: number, base: number, calibration: boolean): Epoch {
  // On the calibration day the value is the calibration's; elsewhere exact for the candidates only.
  const estimates = members.map((stock) => ({
    stock,
    cap: calibration ? stock.floatShares * stock.refPrice : estimatedCap(stock, anchor),
  }));
  const byEstimate = [...estimates].sort((a, b) => b.cap - a.cap || a.stock.index - b.stock.index);
  const candidates = calibration ? byEstimate : byEstimate.slice(0, EXACT_CANDIDATES);
  const exact = calibration
    ? candidates
    : candidates.map((m) => ({
        stock: m.stock,
        cap: floatSharesOn(m.stock, anchor) * closeAt(m.stock, anchor),
      }));
  const exactSet = new Set(exact.map((m) => m.stock));
  const caps = [...exact, ...estimates.filter((m) => !exactSet.has(m.stock))];
  let total = 0;
  for (const m of caps) total += m.cap;
  const heavy =
    total > 0
      ? exact
          .filter((m) => m.cap / total >= HEAVY.weight)
          .sort((a, b) => b.cap - a.cap || a.stock.index - b.stock.index)
          .slice(0, HEAVY.count)
      : [];
  const heavySet = new Set(heavy.map((m) => m.stock));
  const rest = caps.filter((m) => !heavySet.has(m.stock));
  let restCap = 0;
  for (const m of rest) restCap += m.cap;
  const loadings = indexLoadingsOf(rest);
  return {
    anchor,
    base,
    heavy: heavy.map((m) => ({
      stock: m.stock,
      weight: m.cap / total,
      anchorLog: logMove(m.stock, anchor),
    })),
    rest: loadings,
    restWeight: total > 0 ? restCap / total : 1,
    restAnchor: indexFactorMove(loadings, anchor),
  };
}

function epochOf(c: IndexCurve, t: number): Epoch {
  const q = c.def.tag === null ? reviewOf(t) : REF_REVIEW;
  const hit = c.epochs.get(q);
  if (hit) return hit;
  let epoch: Epoch;
  if (q === REF_REVIEW) {
    epoch = epochWith(c.refMembers, REF_INDEX, Math.exp(c.logScale), true);
  } else {
    const start = tradingIndexOnOrAfter(q);
    const anchor = start - 1;
    const members = c.def.members(tradingDayAt(start));
    if (q > REF_REVIEW) {
      // The level at the anchor is that of the epoch before (which holds the anchor).
      epoch = epochWith(members, anchor, levelAt(c, anchor), false);
    } else {
      // The next epoch fixes the level at its own anchor, the last day of this one.
      const boundary = tradingIndexOnOrAfter(nextReview(q)) - 1;
      const next = epochOf(c, boundary + 1);
      const partial = epochWith(members, anchor, 1, false);
      const level = next.base * relative(next, boundary);
      epoch = { ...partial, base: level / relative(partial, boundary) };
    }
  }
  c.epochs.set(q, epoch);
  return epoch;
}

function levelAt(c: IndexCurve, t: number): number {
  const e = epochOf(c, t);
  return e.base * relative(e, t);
}

function closeOf(c: IndexCurve, t: number): number {
  const hit = c.closes?.[t];
  if (hit !== undefined && !Number.isNaN(hit)) return hit;
  const close = round(levelAt(c, t), 2);
  if (c.closes && hit !== undefined) c.closes[t] = close;
  return close;
}

/** Complete bars and minute tracks asked for lately (tracks are large: fewer of them are kept). */
const barCache = new Map<string, IndexBar>();
const BAR_CACHE_SIZE = 40000;
const trackCache = new Map<string, SessionTrack>();
const TRACK_CACHE_SIZE = 400;

function cached<V>(cache: Map<string, V>, size: number, key: string, make: () => V): V {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = make();
  if (cache.size >= size) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Members weighing at least this share of an exchange index set its open (OPENING) and move its minutes
 * (INTRADAY: their minute tracks cost more, so only the few that weigh a tenth or more).
 */
const OPENING = { weight: 0.02, count: 8 } as const;
const INTRADAY = { weight: 0.1, count: 2 } as const;

/**
 * An index's minutes (index 0: the open, SESSION_MINUTES: the close): the line from its open to its
 * close, where its many members stand on average (their own extremes come at different minutes and
 * average out), with a small seeded wander, plus the distance of each of its heaviest members from its
 * own open-to-close line, weighted. So the index stands where its members stand at every minute, and its
 * high and low are these minutes' extremes.
 */
function minutePrices(c: IndexCurve, t: number, open: number, close: number): Float64Array {
  const n = SESSION_MINUTES;
  const adj = new Float64Array(n + 1);
  // A seeded walk pulled back to 0 at both ends, about 0.1% at its widest.
  const seed = mix(c.seed ^ SALT_BAR, t ^ 0x7a7a);
  let walk = 0;
  for (let k = 1; k <= n; k++) {
    walk += tri(mix(seed, k));
    adj[k] = walk;
  }
  for (let k = 0; k <= n; k++) adj[k] = 0.0001 * ((adj[k] ?? 0) - (walk * k) / n);
  for (const m of heavyOf(c, t, INTRADAY)) {
    const day = dayTrack(m.stock, t);
    if (!day) continue;
    const prices = day.track.prices;
    const first = Math.log((prices[0] ?? day.full.close) / day.full.close);
    for (let k = 0; k <= n; k++) {
      // The member's distance from its own line from the open to the close (0 at both ends).
      const off = Math.log((prices[k] ?? day.full.close) / day.full.close) - first * (1 - k / n);
      adj[k] = (adj[k] ?? 0) + m.weight * off;
    }
  }
  const prices = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    const line = open + ((close - open) * k) / n;
    prices[k] = k === 0 ? open : k === n ? close : round(line * (1 + (adj[k] ?? 0)), 2);
  }
  return prices;
}

/**
 * The open: where the heaviest members open (a member on a jump day may open near its limit), and a
 * quarter of the way to the close for the others, as stocks open on average (prices.ts).
 */
function openOf(c: IndexCurve, t: number, prevClose: number, close: number): number {
  const h = mix(c.seed ^ SALT_BAR, t);
  let rest = Math.log(close / prevClose);
  let heavy = 0;
  for (const m of heavyOf(c, t, OPENING)) {
    const bar = dailyBar(m.stock, t);
    if (!bar || bar.index === firstBarIndex(m.stock)) continue;
    rest -= m.weight * Math.log(bar.close / bar.ref);
    heavy += m.weight * Math.log(bar.open / bar.ref);
  }
  return round(prevClose * Math.exp(0.25 * rest + heavy + 0.0006 * tri(mix(h, 1))), 2);
}

/** The heaviest members of an exchange index on a day above a weight (none for a THS index). */
function heavyOf(c: IndexCurve, t: number, rule: { weight: number; count: number }): Epoch['heavy'] {
  if (c.def.tag !== null) return [];
  return epochOf(c, t)
    .heavy.filter((m) => m.weight >= rule.weight)
    .slice(0, rule.count);
}

function completeBar(c: IndexCurve, t: number): IndexBar {
  return cached(barCache, BAR_CACHE_SIZE, `${c.def.thscode}|${t}`, () => {
    const prevClose = closeOf(c, t - 1);
    const close = closeOf(c, t);
    const open = openOf(c, t, prevClose, close);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    for (const p of minutePrices(c, t, open, close)) {
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    const h = mix(c.seed ^ SALT_BAR, t);
    const move = Math.log(close / prevClose);
    const activity = Math.exp(0.25 * tri(mix(h, 4))) * (1 + 12 * Math.abs(move));
    return {
      index: t,
      day: tradingDayAt(t),
      open,
      high,
      low,
      close,
      prevClose,
      volume: Math.round((c.volume * activity) / 100) * 100,
      turnover: Math.round((c.turnover * activity * (0.5 * (open + close))) / Math.exp(c.logScale)),
    };
  });
}

/** The minute track of a day: its minute prices, and volume coming in as a seeded session's does. */
function trackOf(c: IndexCurve, full: IndexBar): SessionTrack {
  return cached(trackCache, TRACK_CACHE_SIZE, `${c.def.thscode}|${full.index}`, () => {
    const hp = mix(c.seed ^ SALT_BAR, full.index ^ 0x3c3c);
    const path = seededPath((k) => unit(mix(hp, k)), full.close >= full.prevClose, INDEX_TIMING);
    const seeded = sessionTrack(full, path, hp, 2, 0.03);
    const prices = minutePrices(c, full.index, full.open, full.close);
    const highs = new Float64Array(prices.length);
    const lows = new Float64Array(prices.length);
    let high = full.open;
    let low = full.open;
    prices.forEach((p, k) => {
      high = Math.max(high, p);
      low = Math.min(low, p);
      highs[k] = high;
      lows[k] = low;
    });
    return { ...seeded, prices, highs, lows };
  });
}

/** The bar after a share `progress` of the session: the track's price and its extremes so far. */
function partialBar(c: IndexCurve, full: IndexBar, progress: number): IndexBar {
  if (progress >= 1) return full;
  const { price, high, low, volumeShare, valueShare } = trackAt(trackOf(c, full), progress, 2);
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

/** Days of closes worked out per step of the warm-up. */
const WARM_DAYS = 250;

/**
 * Works out, a small step at a time, what the first use of an exchange index's history would otherwise
 * work out at once (each review's weights, then every day's close; a few hundred milliseconds per index,
 * which the simulator's event loop, shared with the server's, must not spend inside one request).
 * `pause` yields to the event loop between steps (each a few milliseconds); `stopped` ends it early.
 */
export async function warmIndexCurves(pause: () => Promise<void>, stopped: () => boolean): Promise<void> {
  // Outward from the calibration's review: each epoch is chained to the one next to it.
  const keys: number[] = [];
  for (let q = FIRST_REVIEW; q <= LAST_REVIEW; q = nextReview(q)) keys.push(q);
  keys.sort((a, b) => Math.abs(a - REF_REVIEW) - Math.abs(b - REF_REVIEW));
  for (const def of indexDefs()) {
    if (def.tag !== null) continue;
    const c = curveOf(def);
    for (const q of keys) {
      if (stopped()) return;
      epochOf(c, tradingIndexOnOrAfter(q));
      await pause();
    }
    for (let t = 0; t < TRADING_DAY_COUNT; t += WARM_DAYS) {
      if (stopped()) return;
      for (let k = t; k < Math.min(TRADING_DAY_COUNT, t + WARM_DAYS); k++) closeOf(c, k);
      await pause();
    }
  }
}
