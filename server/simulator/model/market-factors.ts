import { dayOf, tradingIndexOf } from './calendar';
import { Rng, fnv1a, mix, tri } from './random';
import { REFERENCE_DATE, allStocks, type Board, type Stock } from './universe';

/**
 * The common part of every price in the simulated market: a linear factor model whose factors are
 * closed-form curves of the trading-day index (drift + four seeded sinusoids + bounded daily noise, like
 * the stock and index curves), all 0 on the calibration day:
 *   - the market M(t), which every stock loads with its beta (seeded, 0.6-1.4: small boards more,
 *     ST stocks less);
 *   - one board factor each for ChiNext, STAR and the BSE (loading 1 for the board's stocks);
 *   - one industry factor per sector (loading 1 for the sector's stocks).
 * A stock's log price is its factor move plus its own (idiosyncratic) curve (prices.ts); an index moves
 * with the float-cap-weighted mean of its members' loadings, W_I,k = Σ_s w_s × λ_s,k, for all but its
 * heaviest members, which it holds by their whole price curves (indices.ts). So an index's day change is
 * the float-weighted mean of its members' changes up to the average of its smaller members' own moves,
 * which shrinks with the square root of the weights' concentration.
 *
 * Why factors and not an index summed from its members' prices: an index of 2,000 members summed day by
 * day would cost 2,000 stock days per index day; the factor form keeps every day of every index and
 * stock at a handful of operations (the factor values of a day are computed once, for all factors, and
 * memoized), keeps prices and levels on the calibration day where they were, and lets a sector index
 * agree with its members just as the exchange indices do.
 *
 * Daily-move budget: the market's largest possible day is about 2.2% (0.6% noise twice, 1% from the
 * sinusoids), an industry's or a board's under 1%, and the stock's own part is scaled down (IDIO in
 * prices.ts). Measured over ten years (every fourth stock and every ST stock): the largest non-jump day
 * is 6.3% on the main board (6.85% before the factors), 2.9% for an ST stock (limit 5%), and no non-jump
 * day closes at a limit, so the limit pools, which scan the jump days only, miss none.
 */

const REF_INDEX = tradingIndexOf(dayOf(REFERENCE_DATE));

interface FactorCurve {
  seed: number;
  mu: number;
  noise: number;
  amps: number[];
  freqs: number[];
  phases: number[];
}

/** A factor curve from a seed: `scale` 1 for the market, less for boards and industries. */
function factorCurve(name: string, scale: number, noise: number): FactorCurve {
  const seed = fnv1a(`factor|${name}`);
  const rng = new Rng(seed);
  const amps = [
    rng.range(0.14, 0.22),
    rng.range(0.04, 0.07),
    rng.range(0.012, 0.022),
    rng.range(0.002, 0.004),
  ].map((a) => a * scale);
  const periods = [rng.range(700, 1300), rng.range(160, 320), rng.range(45, 80), rng.range(10, 16)];
  return {
    seed,
    // The market rises a little over the years; boards and industries drift either way.
    mu: (scale === 1 ? rng.range(0.01, 0.05) : rng.range(-0.03, 0.03)) / 244,
    noise,
    amps,
    freqs: periods.map((p) => (2 * Math.PI) / p),
    phases: periods.map(() => rng.range(0, 2 * Math.PI)),
  };
}

function rawValue(c: FactorCurve, t: number): number {
  let v = c.mu * (t - REF_INDEX) + c.noise * tri(mix(c.seed, t));
  for (let k = 0; k < 4; k++) v += (c.amps[k] ?? 0) * Math.sin((c.freqs[k] ?? 0) * t + (c.phases[k] ?? 0));
  return v;
}

const BOARD_FACTORS: readonly Board[] = ['chinext', 'star', 'bse'];

interface Factors {
  curves: readonly FactorCurve[];
  /** Each curve's raw value on the calibration day (subtracted, so every factor is 0 there). */
  refValues: Float64Array;
  boardSlot: ReadonlyMap<Board, number>;
  sectorSlot: ReadonlyMap<string, number>;
}

let factors: Factors | null = null;

function getFactors(): Factors {
  if (factors) return factors;
  const curves = [factorCurve('market', 1, 0.006)];
  const boardSlot = new Map<Board, number>();
  for (const board of BOARD_FACTORS) {
    boardSlot.set(board, curves.length);
    curves.push(factorCurve(`board|${board}`, 0.45, 0.0025));
  }
  const sectorSlot = new Map<string, number>();
  for (const sector of [...new Set(allStocks().map((s) => s.sector))].sort()) {
    sectorSlot.set(sector, curves.length);
    curves.push(factorCurve(`sector|${sector}`, 0.35, 0.002));
  }
  const refValues = Float64Array.from(curves.map((c) => rawValue(c, REF_INDEX)));
  factors = { curves, refValues, boardSlot, sectorSlot };
  return factors;
}

/** Factor values of a trading day, all factors at once (memoized: a day is asked for by many stocks). */
const memo = new Map<number, Float64Array>();
const MEMO_SIZE = 12000;

function valuesAt(t: number): Float64Array {
  const hit = memo.get(t);
  if (hit) return hit;
  const f = getFactors();
  const out = new Float64Array(f.curves.length);
  f.curves.forEach((c, k) => {
    out[k] = rawValue(c, t) - (f.refValues[k] ?? 0);
  });
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(t, out);
  return out;
}

/** A stock's loadings: its beta on the market, and its board's and sector's factor slots. */
export interface Loadings {
  readonly beta: number;
  readonly board: number | null;
  readonly sector: number;
}

const SALT_BETA = 0x2545f491;

/** Seeded market beta: small boards move more with the market, ST stocks less (their limit is 5%). */
function betaOf(stock: Stock): number {
  const rng = new Rng(stock.seed ^ SALT_BETA);
  if (stock.st) return rng.range(0.4, 0.7);
  if (stock.board === 'main') return rng.range(0.6, 1.2);
  return rng.range(0.9, 1.4);
}

function slotOf(slots: ReadonlyMap<string, number>, sector: string): number {
  const slot = slots.get(sector);
  if (slot === undefined) throw new Error(`no factor for the sector ${sector}`);
  return slot;
}

export function loadingsOf(stock: Stock): Loadings {
  const f = getFactors();
  return {
    beta: betaOf(stock),
    board: f.boardSlot.get(stock.board) ?? null,
    sector: slotOf(f.sectorSlot, stock.sector),
  };
}

/** The common part of a stock's log price on trading day t (0 on the calibration day). */
export function stockFactorMove(l: Loadings, t: number): number {
  const v = valuesAt(t);
  return l.beta * (v[0] ?? 0) + (l.board === null ? 0 : (v[l.board] ?? 0)) + (v[l.sector] ?? 0);
}

/** A group of members' weights on the factors: the float-cap-weighted mean of their loadings. */
export interface IndexLoadings {
  readonly slots: Int32Array;
  readonly weights: Float64Array;
}

/** The weights of a group of members (with their float caps). */
export function indexLoadingsOf(members: readonly { stock: Stock; cap: number }[]): IndexLoadings {
  const byslot = new Map<number, number>();
  let total = 0;
  for (const m of members) total += m.cap;
  if (total <= 0) return { slots: new Int32Array([0]), weights: new Float64Array([1]) };
  for (const m of members) {
    const w = m.cap / total;
    const l = loadingsOf(m.stock);
    byslot.set(0, (byslot.get(0) ?? 0) + w * l.beta);
    if (l.board !== null) byslot.set(l.board, (byslot.get(l.board) ?? 0) + w);
    byslot.set(l.sector, (byslot.get(l.sector) ?? 0) + w);
  }
  const slots = [...byslot.keys()].sort((a, b) => a - b);
  return {
    slots: Int32Array.from(slots),
    weights: Float64Array.from(slots.map((s) => byslot.get(s) ?? 0)),
  };
}

/** The factor move of a group of members (their weighted loadings) on trading day t, 0 on the calibration day. */
export function indexFactorMove(l: IndexLoadings, t: number): number {
  const v = valuesAt(t);
  let sum = 0;
  for (let i = 0; i < l.slots.length; i++) sum += (l.weights[i] ?? 0) * (v[l.slots[i] ?? 0] ?? 0);
  return sum;
}
