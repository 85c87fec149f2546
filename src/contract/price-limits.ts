/**
 * Daily price limits of the A-share boards (spec `upstream-notes.md`, "Market facts"): main boards ±10%,
 * ChiNext and STAR ±20%, Beijing ±30%. ChiNext moved from 10% to 20% on 2020-08-24; ST stocks on the
 * main boards were held to 5% until the exchanges moved them to 10% on 2025-07-07. The app counts
 * limit moves from the whole-market snapshot with these rules, and the simulator prices its days with
 * them, so both read one table.
 */

export const BOARDS = ['main', 'chinext', 'star', 'bse'] as const;
export type Board = (typeof BOARDS)[number];

export const BOARD_LIMITS: Readonly<Record<Board, number>> = { main: 0.1, chinext: 0.2, star: 0.2, bse: 0.3 };

/** `yyyy-MM-dd` from which the current limits apply. */
export const CHINEXT_REFORM_DATE = '2020-08-24';
export const ST_REFORM_DATE = '2025-07-07';

/** The limit before a reform: ChiNext 10%, main-board ST 5%. */
export const CHINEXT_LIMIT_BEFORE = 0.1;
export const ST_LIMIT_BEFORE = 0.05;

/**
 * The board of an A-share code by its prefix: 688/689 STAR, 300/301 ChiNext, every `.BJ` code Beijing
 * (92xxxx since October 2025, 43/83/87xxxx before), the rest of SH and SZ the main boards. Null for a
 * code that is not an A-share.
 */
export function boardOfCode(thscode: string): Board | null {
  const match = /^(\d{6})\.(SH|SZ|BJ)$/.exec(thscode.trim().toUpperCase());
  const digits = match?.[1];
  if (digits === undefined) return null;
  if (match?.[2] === 'BJ') return 'bse';
  if (digits.startsWith('688') || digits.startsWith('689')) return 'star';
  if (digits.startsWith('300') || digits.startsWith('301')) return 'chinext';
  return 'main';
}

/** The limit of a board on a day (`yyyy-MM-dd`) as a fraction; `st` only matters on the main boards. */
export function limitRatio(board: Board, date: string, st = false): number {
  if (board === 'chinext' && date < CHINEXT_REFORM_DATE) return CHINEXT_LIMIT_BEFORE;
  if (board === 'main' && st && date < ST_REFORM_DATE) return ST_LIMIT_BEFORE;
  return BOARD_LIMITS[board];
}

/** Half-up to the cent; the tiny nudge keeps 1.005 from rounding down on its binary representation. */
function cents(x: number): number {
  const scaled = Math.abs(x) * 100;
  const r = Math.round(scaled + scaled * Number.EPSILON * 4) / 100;
  return x < 0 ? -r : r;
}

/** The up- and down-limit prices for a reference price (the previous close, ex-rights on an ex-date). */
export function limitPrices(ref: number, ratio: number): { up: number; down: number } {
  return { up: cents(ref * (1 + ratio)), down: Math.max(0.01, cents(ref * (1 - ratio))) };
}
