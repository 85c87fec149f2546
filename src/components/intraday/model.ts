import type { IntradaySeries } from '../../contract/market-data';
import { TAPE_LABELS } from '../../contract/market-tape';
import { shanghaiMidnight } from '../../contract/time';
import { direction, type Direction } from '../../lib/format';

/**
 * From the BFF's minute tape (`IntradaySeries`) to what the intraday chart draws. Pure, so the rules a
 * reader relies on are tested without a canvas:
 * - one point per recorded minute, in time order, nothing invented between them;
 * - every day is laid on its own session grid (09:30, 09:31 … 11:30, 13:01 … 15:00, the minutes as
 *   exchanges label them, by their end): the lunch break has no slot, so it takes no room; minutes not recorded
 *   (before the recording started, or still to come today) are empty slots, so a day always has its
 *   full width and a late start shows as a late start;
 * - in the five-day view one empty slot at each day's open separates it from the day before;
 * - the base line is the previous close (of the first day shown), and the price axis is centred on it,
 *   as the incumbents draw it, so the percent axis reads the change from it.
 */

export type IntradayViewDays = 1 | 5;

export interface IntradayMinute {
  /** The minute (Unix ms, its end as exchanges label it). */
  t: number;
  /** Index of its day in `days`. */
  day: number;
  price: number;
  /**
   * Volume-weighted average price of the day so far; null for indices and sectors, whose turnover over
   * volume is not a price (`intradayModel`'s `average: false`).
   */
  avg: number | null;
  volume: number;
  turnover: number;
  /** Change from its day's previous close, in percent; null when the close is not known. */
  changePct: number | null;
  /** Direction from the minute before (the previous close for a day's first minute): volume bar colour. */
  tone: Direction;
}

export interface IntradayModelDay {
  date: string;
  prevClose: number | null;
  /** When the recording of this day began (ms), if after the open: the tape is incomplete. */
  recordingStartedAt: number | null;
  /** Its minutes in `minutes`: `[from, to)`. */
  from: number;
  to: number;
}

/** One place on the time axis: a recorded minute, an empty minute of the session, or a day separator. */
export type AxisSlot =
  | { kind: 'minute'; t: number; minute: number }
  | { kind: 'empty'; t: number }
  | { kind: 'separator'; t: number };

export interface IntradayModel {
  days: IntradayModelDay[];
  minutes: IntradayMinute[];
  /** Every slot of the axis, in time order (the chart's time scale). */
  axis: AxisSlot[];
  /** The base line: the previous close before the first day shown; null when the tape has none. */
  base: number | null;
  /** Price range centred on the base and holding every price and average; null without a base. */
  range: { min: number; max: number } | null;
  last: IntradayMinute | null;
}

const MINUTE_MS = 60_000;
/** Half-height of the price range when every price equals the base (a suspended stock): ±1 %. */
const FLAT_RANGE = 0.01;

/**
 * The session's 241 minute labels of a day (Unix ms), as the tape stores them and terminals draw them:
 * 09:30 (the opening auction's match), 09:31 … 11:30 and 13:01 … 15:00, each bar by its end.
 * (The tape's own list of these labels is `TAPE_LABELS`; when both are in one tree this reads it.)
 */
export function sessionGrid(date: string): number[] {
  const midnight = shanghaiMidnight(date);
  return TAPE_LABELS.map((second) => midnight + second * 1000);
}

function changePct(price: number, prevClose: number | null): number | null {
  return prevClose === null || prevClose <= 0 ? null : (price / prevClose - 1) * 100;
}

export function intradayModel(
  series: IntradaySeries | undefined,
  view: IntradayViewDays,
  { average = true }: { average?: boolean } = {},
): IntradayModel {
  const source = (series?.days ?? []).slice(-view);
  const days: IntradayModelDay[] = [];
  const minutes: IntradayMinute[] = [];
  const axis: AxisSlot[] = [];
  for (const [index, day] of source.entries()) {
    const points = [...day.points].sort((a, b) => a.t - b.t);
    const from = minutes.length;
    for (const p of points) {
      // A repeated minute keeps its last recording.
      const previous = minutes[minutes.length - 1];
      if (previous && previous.day === index && previous.t === p.t) minutes.pop();
      const earlier = minutes[minutes.length - 1];
      const reference = earlier && earlier.day === index ? earlier.price : day.prev_close;
      minutes.push({
        t: p.t,
        day: index,
        price: p.price,
        avg: average ? p.avg_price : null,
        volume: p.volume,
        turnover: p.turnover,
        changePct: changePct(p.price, day.prev_close),
        tone: reference === null ? 'flat' : direction(p.price - reference),
      });
    }
    days.push({
      date: day.date,
      prevClose: day.prev_close,
      recordingStartedAt: day.recording_started_at,
      from,
      to: minutes.length,
    });

    // The axis: the day's grid and its recorded minutes (one off the grid keeps its own slot).
    const recorded = new Map<number, number>();
    for (let i = from; i < minutes.length; i++) {
      const m = minutes[i];
      if (m) recorded.set(m.t, i);
    }
    const times = [...new Set([...sessionGrid(day.date), ...recorded.keys()])].sort((a, b) => a - b);
    const first = times[0];
    const lastSlot = axis[axis.length - 1];
    if (index > 0 && first !== undefined && (lastSlot === undefined || first - MINUTE_MS > lastSlot.t)) {
      axis.push({ kind: 'separator', t: first - MINUTE_MS });
    }
    for (const t of times) {
      const minute = recorded.get(t);
      axis.push(minute === undefined ? { kind: 'empty', t } : { kind: 'minute', t, minute });
    }
  }

  const base = days[0]?.prevClose ?? null;
  let range: IntradayModel['range'] = null;
  if (base !== null && base > 0) {
    let reach = 0;
    for (const m of minutes)
      reach = Math.max(reach, Math.abs(m.price - base), m.avg === null ? 0 : Math.abs(m.avg - base));
    if (reach === 0) reach = base * FLAT_RANGE;
    range = { min: base - reach, max: base + reach };
  }
  return { days, minutes, axis, base, range, last: minutes[minutes.length - 1] ?? null };
}

/** The note a reader needs before trusting the line: a day whose recording started late. */
export function incompleteDays(model: IntradayModel): IntradayModelDay[] {
  return model.days.filter((d) => d.recordingStartedAt !== null);
}
