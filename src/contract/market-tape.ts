import { TIMETABLE } from './market-session';

/**
 * The minute tape's clock and the intraday endpoint's parameters (issue 28), read by the recorder, the
 * endpoint and the intraday chart. Times are seconds since Shanghai midnight (TIMETABLE's unit).
 *
 * A reading of the whole market made during clock minute hh:mm holds the cumulative state at hh:mm, the
 * end of the exchanges' bar labelled hh:mm. The labels are the terminals' 241 points:
 * - 09:30, the opening point: the opening call auction's match (published at 09:25). Readings from 09:15
 *   to 09:30 all land on it (the last one wins), so the auction is recorded and the axis has no 09:15-09:29
 *   stretch in which nothing trades;
 * - 09:31 … 11:30, the morning's bars;
 * - 13:01 … 15:00, the afternoon's bars (a reading at 13:00 would repeat 11:30 and is not made), the
 *   15:00 one holding the closing auction's match, which equals the day's bar.
 * The lunch break has no labels, so a chart built on them collapses it.
 */

/** The label of the opening point (the opening auction's match). */
export const TAPE_OPENING_LABEL = TIMETABLE.morningOpen;

/**
 * The label (seconds since midnight) a reading made at `secondOfDay` of a trading day is stored under,
 * or null when no reading is made then (before 09:15, in the lunch break, after 15:00).
 */
export function tapeLabelAt(secondOfDay: number): number | null {
  const minute = Math.floor(secondOfDay / 60) * 60;
  if (minute < TIMETABLE.openingAuction) return null;
  if (minute <= TAPE_OPENING_LABEL) return TAPE_OPENING_LABEL;
  if (minute <= TIMETABLE.lunchBreak) return minute;
  if (minute <= TIMETABLE.afternoonOpen) return null;
  if (minute <= TIMETABLE.close) return minute;
  return null;
}

/** Every label of a full session, in order (241). */
export const TAPE_LABELS: readonly number[] = (() => {
  const out: number[] = [];
  for (let s = TIMETABLE.openingAuction; s <= TIMETABLE.close; s += 60) {
    const label = tapeLabelAt(s);
    if (label !== null && out[out.length - 1] !== label) out.push(label);
  }
  return out;
})();
