import { MA_PERIODS, type MaPeriod } from './url-state';
import { aggregateBars, periodKey, type BarInterval, type OhlcvBar, type PeriodBar } from '../../lib/bars';
import { boll, kdj, macd, type BollPoint, type KdjPoint, type MacdPoint } from '../../lib/indicators';

/**
 * Pure calculations of the stock view: moving averages over closes and the adjustment factor of each
 * corporate action, derived the way the service's adjusted series are built (spec: the event stream
 * carries no factor, "the caller derives the factor").
 */

/**
 * Simple moving average of `period` values ending at each index; `null` until a full window exists.
 * A running sum keeps it linear in the number of bars.
 */
export function movingAverage(values: readonly number[], period: number): (number | null)[] {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer`);
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] ?? 0;
    if (i >= period) sum -= values[i - period] ?? 0;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

export interface CorporateEvent {
  exDateMs: number;
  dividend: number;
  bonus: number;
}

export interface CloseBar {
  date_ms: number;
  close_price: number;
}

export interface DerivedEvent extends CorporateEvent {
  /** Unadjusted close of the last bar before the ex-date; null when no such bar is known. */
  prevClose: number | null;
  /** Ex-rights reference price: (prev close − dividend) / (1 + bonus). */
  exRightsPrice: number | null;
  /** prev close / ex-rights price; null without a previous close or for a non-positive reference. */
  factor: number | null;
  /**
   * Product of this and every older event's factor (the backward-adjustment multiplier from this
   * ex-date on); null as soon as one factor in the chain is unknown.
   */
  cumulative: number | null;
}

/** The last bar strictly before `ms` in bars sorted by date ascending (binary search). */
export function barBefore<T extends CloseBar>(bars: readonly T[], ms: number): T | undefined {
  let lo = 0;
  let hi = bars.length - 1;
  let found: T | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bar = bars[mid];
    if (bar === undefined) break;
    if (bar.date_ms < ms) {
      found = bar;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** factor = prevClose / ((prevClose − dividend) / (1 + bonus)). */
export function adjustmentFactor(prevClose: number, dividend: number, bonus: number): number | null {
  const exRights = (prevClose - dividend) / (1 + bonus);
  return exRights > 0 && prevClose > 0 ? prevClose / exRights : null;
}

/**
 * Factors of each event from unadjusted bars (ascending). Returned newest first, like the service's
 * event stream; the cumulative factor multiplies from the oldest event forward.
 */
export function deriveFactors(events: readonly CorporateEvent[], bars: readonly CloseBar[]): DerivedEvent[] {
  const ascending = [...events].sort((a, b) => a.exDateMs - b.exDateMs);
  let cumulative: number | null = 1;
  const out: DerivedEvent[] = [];
  for (const event of ascending) {
    const prevClose = barBefore(bars, event.exDateMs)?.close_price ?? null;
    const factor = prevClose === null ? null : adjustmentFactor(prevClose, event.dividend, event.bonus);
    const exRightsPrice = prevClose === null ? null : (prevClose - event.dividend) / (1 + event.bonus);
    cumulative = cumulative === null || factor === null ? null : cumulative * factor;
    out.push({ ...event, prevClose, exRightsPrice, factor, cumulative });
  }
  return out.reverse();
}

/** Change of a bar against the previous close, in percent; null for the first bar. */
export function changePct(close: number, prevClose: number | undefined): number | null {
  return prevClose === undefined || prevClose === 0 ? null : (close / prevClose - 1) * 100;
}

export type OhlcBar = OhlcvBar;

export interface ChartBar extends PeriodBar {
  /** Change against the previous bar's close (percent); null for the first bar ever loaded. */
  changePct: number | null;
  ma: Partial<Record<MaPeriod, number | null>>;
  macd: MacdPoint;
  kdj: KdjPoint;
  boll: BollPoint;
}

/**
 * Bars of the range in the chosen interval, with their change, moving averages and indicators. The
 * daily bars include warm-up bars before the range, so MA60 and MACD have values from the first bar
 * shown; a week or month that ends inside the range is shown whole.
 */
export function chartBars(
  bars: readonly OhlcvBar[],
  fromMs: number,
  interval: BarInterval = 'day',
): ChartBar[] {
  const sorted = aggregateBars(bars, interval);
  const closes = sorted.map((b) => b.close_price);
  const averages = MA_PERIODS.map((period) => [period, movingAverage(closes, period)] as const);
  const macdLine = macd(closes);
  const kdjLine = kdj(sorted);
  const bollLine = boll(closes);
  const out: ChartBar[] = [];
  sorted.forEach((bar, i) => {
    if (bar.last_ms < fromMs) return;
    const ma: Partial<Record<MaPeriod, number | null>> = {};
    for (const [period, values] of averages) ma[period] = values[i] ?? null;
    out.push({
      ...bar,
      changePct: changePct(bar.close_price, sorted[i - 1]?.close_price),
      ma,
      macd: macdLine[i] ?? { dif: null, dea: null, hist: null },
      kdj: kdjLine[i] ?? { k: null, d: null, j: null },
      boll: bollLine[i] ?? { mid: null, upper: null, lower: null },
    });
  });
  return out;
}

/**
 * Dividend yield of the last twelve months in percent: the cash dividends per share that went ex in the
 * year up to `nowMs`, over the last price. Null without a price; 0 when nothing went ex (a fact, not a
 * missing value).
 */
export function trailingDividendYield(
  events: readonly { ex_date_ms: number; dividend_per_share: number }[] | undefined,
  lastPrice: number | undefined,
  nowMs: number,
): number | null {
  if (events === undefined || lastPrice === undefined || !(lastPrice > 0)) return null;
  const from = nowMs - 365 * 24 * 3600 * 1000;
  const cash = events
    .filter((e) => e.ex_date_ms > from && e.ex_date_ms <= nowMs)
    .reduce((sum, e) => sum + Math.max(0, e.dividend_per_share), 0);
  return (cash / lastPrice) * 100;
}

export interface ComparePoint {
  /** The main series' bar time. */
  time: number;
  /** The other instrument's close, scaled so that it equals the main close at the first common bar. */
  value: number;
  /** The other instrument's change since the first common bar, in percent. */
  changePct: number;
}

export interface Comparison {
  /** Time of the first common bar (where both lines start together), or null without one. */
  baseMs: number | null;
  points: ComparePoint[];
}

/**
 * Another instrument's closes rebased onto the main series: both lines meet at the first bar they have
 * in common (same Shanghai day, week or month), and from there the gap is the relative performance.
 * Bars of the other instrument without a main bar (the main stock suspended) are left out.
 */
export function rebaseComparison(
  main: readonly ChartBar[],
  other: readonly OhlcvBar[],
  interval: BarInterval,
): Comparison {
  const byKey = new Map(aggregateBars(other, interval).map((b) => [periodKey(b.date_ms, interval), b]));
  let ratio: number | null = null;
  let base: number | null = null;
  let baseMs: number | null = null;
  const points: ComparePoint[] = [];
  for (const bar of main) {
    const match = byKey.get(periodKey(bar.date_ms, interval));
    if (!match || match.close_price <= 0) continue;
    if (ratio === null || base === null) {
      ratio = bar.close_price / match.close_price;
      base = match.close_price;
      baseMs = bar.date_ms;
    }
    points.push({
      time: bar.date_ms,
      value: match.close_price * ratio,
      changePct: (match.close_price / base - 1) * 100,
    });
  }
  return { baseMs, points };
}
