import fc from 'fast-check';
import type { z } from 'zod';
import { TIMETABLE } from '../../../src/contract/market-session';
import type { OperationId } from '../../../src/contract/catalog';
import type { RawQuery } from '../../../src/contract/params';
import { routes } from '../handlers/index';
import { dayOf, midnightMs, tradingDayAt, tradingIndexOnOrBefore } from '../model/calendar';
import { allStocks, stockAt, type Stock } from '../model/universe';
import type { SimContext } from '../route';

/**
 * Random inputs of the simulator's invariants (fast-check arbitraries) and an in-process caller of its
 * operations: codes, trading days and clock readings in every phase of the market's day.
 */

/** The year the invariants look at: the year before the pinned demo clock (Friday 2026-11-27). */
export const FIRST_DAY = dayOf('2025-11-27');
export const LAST_DAY = dayOf('2026-11-27');
/** The first day of the ten years of published history, for the properties that look at all of it. */
export const HISTORY_FIRST_DAY = dayOf('2016-01-04');

/** The phases of a calendar day a clock reading may fall in, with their seconds since midnight [from, to). */
export const DAY_PARTS = {
  'pre-open': [0, TIMETABLE.openingMatch - 600],
  auction: [TIMETABLE.openingMatch - 600, TIMETABLE.morningOpen],
  morning: [TIMETABLE.morningOpen, TIMETABLE.lunchBreak],
  lunch: [TIMETABLE.lunchBreak, TIMETABLE.afternoonOpen],
  afternoon: [TIMETABLE.afternoonOpen, TIMETABLE.close],
  'after-close': [TIMETABLE.close, 24 * 3600],
} as const satisfies Record<string, readonly [number, number]>;
export type DayPart = keyof typeof DAY_PARTS;

/** A clock reading: Unix ms, on a calendar day of the year (weekends and holidays included). */
export interface ClockCase {
  readonly ms: number;
  readonly day: number;
  readonly part: DayPart;
}

/** A clock reading in one of `parts` (all of them by default) on any calendar day of the year. */
export function clockArb(
  parts: readonly DayPart[] = Object.keys(DAY_PARTS) as DayPart[],
): fc.Arbitrary<ClockCase> {
  return fc
    .record({
      day: fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
      part: fc.constantFrom(...parts),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    })
    .map(({ day, part, at }) => {
      const [from, to] = DAY_PARTS[part];
      return { ms: midnightMs(day) + Math.floor((from + (to - from) * at) * 1000), day, part };
    });
}

/**
 * A clock reading during continuous trading (morning or afternoon) of a trading day of the year (or of
 * the days from `from` to `to`).
 */
export function sessionClockArb(from = FIRST_DAY, to = LAST_DAY): fc.Arbitrary<ClockCase> {
  return fc
    .tuple(
      tradingDayArb(from, to),
      fc.constantFrom<DayPart>('morning', 'afternoon'),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    )
    .map(([day, part, at]) => {
      const [from, to] = DAY_PARTS[part];
      return { ms: midnightMs(day) + Math.floor((from + (to - from) * at) * 1000), day, part };
    });
}

/** A trading day (day number) of the year (or after `from` and on or before `to`). */
export function tradingDayArb(from = FIRST_DAY, to = LAST_DAY): fc.Arbitrary<number> {
  return fc
    .integer({ min: tradingIndexOnOrBefore(from) + 1, max: tradingIndexOnOrBefore(to) })
    .map((t) => tradingDayAt(t));
}

/** Any stock of the universe (the property skips those not listed at its clock). */
export function stockArb(): fc.Arbitrary<Stock> {
  return fc.integer({ min: 0, max: allStocks().length - 1 }).map((i) => stockAt(i));
}

const byId = new Map(routes.map((r) => [r.id, r]));

const context = (now: number): SimContext => ({
  now,
  origin: 'http://invariants.local',
  dumps: {
    link() {
      throw new Error('the invariants ask for no dumps');
    },
  },
});

/**
 * An operation answered in-process at a moment: its `data`, parsed with the catalog's schema (so the
 * answer is also checked against the contract). A business error fails the property.
 */
export function mustAnswer<D extends z.ZodType>(
  op: { readonly id: OperationId; readonly data: D },
  query: RawQuery,
  now: number,
): z.output<D> {
  const route = byId.get(op.id);
  if (!route) throw new Error(`the simulator has no handler for ${op.id}`);
  const outcome = route.run(query, context(now));
  if (!outcome.ok) throw new Error(`${op.id} ${JSON.stringify(query)}: ${outcome.code} ${outcome.message}`);
  return op.data.parse(outcome.data);
}
