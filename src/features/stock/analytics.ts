import { MA_PERIODS, type MaPeriod } from './url-state';

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

export interface OhlcBar {
  date_ms: number;
  open_price: number;
  high_price: number;
  low_price: number;
  close_price: number;
  volume: number;
  turnover: number;
}

export interface ChartBar extends OhlcBar {
  /** Change against the previous bar's close (percent); null for the first bar ever loaded. */
  changePct: number | null;
  ma: Partial<Record<MaPeriod, number | null>>;
}

/**
 * Bars of the range with their change and moving averages. The averages use the warm-up bars fetched
 * before the range, so MA60 has a value from the first bar shown.
 */
export function chartBars(bars: readonly OhlcBar[], fromMs: number): ChartBar[] {
  const sorted = [...bars].sort((a, b) => a.date_ms - b.date_ms);
  const closes = sorted.map((b) => b.close_price);
  const averages = MA_PERIODS.map((period) => [period, movingAverage(closes, period)] as const);
  const out: ChartBar[] = [];
  sorted.forEach((bar, i) => {
    if (bar.date_ms < fromMs) return;
    const ma: Partial<Record<MaPeriod, number | null>> = {};
    for (const [period, values] of averages) ma[period] = values[i] ?? null;
    out.push({ ...bar, changePct: changePct(bar.close_price, sorted[i - 1]?.close_price), ma });
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
