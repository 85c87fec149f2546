import type { IntradayDay, IntradaySeries, TapeStatus } from '../../contract/market-data';
import { sessionGrid } from './model';

/** Minute tapes for tests: a day's points from its session grid, prices from a simple walk. */

export function minuteOf(date: string, clock: string): number {
  return Date.parse(`${date}T${clock}:00+08:00`);
}

/** `count` minutes of `date` from the minute `from` on (by the session grid), prices around `prevClose`. */
export function tapeDay(
  date: string,
  prevClose: number | null,
  opts: { from?: string; count?: number; startedAt?: string } = {},
): IntradayDay {
  const grid = sessionGrid(date);
  const start = opts.from === undefined ? 0 : grid.indexOf(minuteOf(date, opts.from));
  const times = grid.slice(start, start + (opts.count ?? grid.length));
  const base = prevClose ?? 10;
  let value = 0;
  let volume = 0;
  let turnover = 0;
  const points = times.map((t, i) => {
    const price = Math.round((base + Math.sin(i / 17) * base * 0.02) * 100) / 100;
    const v = 1000 + (i % 7) * 300;
    volume += v;
    turnover += v * price;
    value = turnover / volume;
    return { t, price, avg_price: Math.round(value * 1000) / 1000, volume: v, turnover: v * price };
  });
  return {
    date,
    prev_close: prevClose,
    points,
    recording_started_at: opts.startedAt === undefined ? null : minuteOf(date, opts.startedAt),
  };
}

export function tapeStatus(over: Partial<TapeStatus> = {}): TapeStatus {
  return {
    state: 'recording',
    date: null,
    minutes: 0,
    first_minute: null,
    last_minute: null,
    calls_last_minute: 2,
    ...over,
  };
}

export function tapeSeries(days: IntradayDay[], tape: Partial<TapeStatus> = {}): IntradaySeries {
  const last = days.at(-1);
  const lastPoint = last?.points.at(-1);
  return {
    thscode: '600519.SH',
    days,
    tape: tapeStatus({
      date: last?.date ?? null,
      minutes: last?.points.length ?? 0,
      first_minute: last?.points[0]?.t ?? null,
      last_minute: lastPoint?.t ?? null,
      ...tape,
    }),
  };
}
