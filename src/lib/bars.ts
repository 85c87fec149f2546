import { addDays, shanghaiDate } from '../contract/time';

/**
 * Weekly and monthly candles built from daily bars, on the Shanghai calendar (a week runs Monday to
 * Sunday, a month is a calendar month in Asia/Shanghai, whatever the browser's zone). The service only
 * has daily bars; every terminal derives the longer ones the same way: first open, highest high, lowest
 * low, last close, summed volume and turnover.
 */

export const BAR_INTERVALS = ['day', 'week', 'month'] as const;
export type BarInterval = (typeof BAR_INTERVALS)[number];

export interface OhlcvBar {
  /** The bar's day (Shanghai midnight, Unix ms); for a week or month, its first trading day. */
  date_ms: number;
  open_price: number;
  high_price: number;
  low_price: number;
  close_price: number;
  volume: number;
  turnover: number;
}

export interface PeriodBar extends OhlcvBar {
  /** The last trading day in the bar (equal to `date_ms` for a daily bar). */
  last_ms: number;
  /** Trading days in the bar. */
  days: number;
}

/** Monday (`yyyy-MM-dd`) of the Shanghai week containing a Shanghai day. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The key shared by every day of one bar: the day itself, its week's Monday, or `yyyy-MM`. */
export function periodKey(ms: number, interval: BarInterval): string {
  const date = shanghaiDate(ms);
  switch (interval) {
    case 'day':
      return date;
    case 'week':
      return weekStart(date);
    case 'month':
      return date.slice(0, 7);
  }
}

/** Daily bars (any order) as bars of the interval, oldest first. */
export function aggregateBars(bars: readonly OhlcvBar[], interval: BarInterval): PeriodBar[] {
  const sorted = [...bars].sort((a, b) => a.date_ms - b.date_ms);
  const out: PeriodBar[] = [];
  let key: string | null = null;
  for (const bar of sorted) {
    const next = periodKey(bar.date_ms, interval);
    const current = out[out.length - 1];
    if (current && next === key) {
      current.high_price = Math.max(current.high_price, bar.high_price);
      current.low_price = Math.min(current.low_price, bar.low_price);
      current.close_price = bar.close_price;
      current.volume += bar.volume;
      current.turnover += bar.turnover;
      current.last_ms = bar.date_ms;
      current.days += 1;
    } else {
      out.push({
        date_ms: bar.date_ms,
        open_price: bar.open_price,
        high_price: bar.high_price,
        low_price: bar.low_price,
        close_price: bar.close_price,
        volume: bar.volume,
        turnover: bar.turnover,
        last_ms: bar.date_ms,
        days: 1,
      });
      key = next;
    }
  }
  return out;
}
