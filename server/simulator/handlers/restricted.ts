import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';
import {
  dayOf,
  dayOfMs,
  midnightMs,
  tradingDayAt,
  tradingIndexOf,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
} from '../model/calendar';
import {
  hasFlow,
  hfDaily,
  hfMinutes,
  minuteFlows,
  sumFlows,
  type Bucket,
  type FlowRow,
  type HfSubject,
} from '../model/flows';
import { indexByCode } from '../model/indices';
import { firstBarIndex } from '../model/prices';
import type { MarketClock } from '../model/session';
import { stockByCode } from '../model/universe';
import { SimError, defineHandler } from '../route';
import { clockOf, requireStock } from './common';

/** Only the latest 30 A-share trading days are queryable (high-frequency). */
const HF_WINDOW = 30;

function subjectOf(thscode: string, clock: MarketClock): HfSubject {
  const stock = stockByCode(thscode);
  if (stock && stock.listDay <= clock.today) return { kind: 'stock', stock };
  const index = indexByCode(thscode);
  if (index && dayOf(index.listDate) <= clock.today) return { kind: 'index', index };
  throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Instrument '${thscode}' does not exist`);
}

/** The 30-trading-day window: first and last trading index, and its bounds in ms. */
function hfWindow(clock: MarketClock) {
  const last = tradingIndexOnOrBefore(clock.today);
  const first = last - HF_WINDOW + 1;
  return {
    first,
    last,
    startMs: midnightMs(tradingDayAt(first)),
    endMs: midnightMs(tradingDayAt(last) + 1) - 1,
  };
}

function outside(param: string): SimError {
  return new SimError(
    ErrorCode.PARAM_RANGE,
    `Parameter '${param}' must lie within the last ${HF_WINDOW} trading days`,
  );
}

/** Every minute point produced so far on a day (a closed day simply has none). */
function minuteItems(subject: HfSubject, day: number, clock: MarketClock) {
  const t = tradingIndexOf(day);
  const midnight = midnightMs(day);
  return t < 0
    ? []
    : hfMinutes(subject, t, clock).map((p) => ({
        date_ms: midnight + p.second * 1000,
        hf_direction: p.direction,
      }));
}

/** A high-frequency answer: its timestamp is the newest point's, null without points. */
function hfAnswer<I extends string, T extends { date_ms: number }>(thscode: string, interval: I, item: T[]) {
  const newest = item[item.length - 1];
  return { timestamp: newest ? newest.date_ms : null, thscode, interval, item };
}

const isMidnight = (ms: number) => (ms + SHANGHAI_OFFSET_MS) % DAY_MS === 0;

function amounts(row: FlowRow | null, b: Bucket) {
  const f = row?.[b];
  return { inflow_amount: f?.inflow ?? null, outflow_amount: f?.outflow ?? null };
}

/** Snapshot buckets carry the net amount as well; missing values are null, never 0. */
function snapshotFields(row: FlowRow | null) {
  const bucket = (b: Bucket) => {
    const f = row?.[b];
    return { ...amounts(row, b), net_amount: f ? Math.round((f.inflow - f.outflow) * 100) / 100 : null };
  };
  return {
    super_large: bucket('super_large'),
    large: bucket('large'),
    medium: bucket('medium'),
    small: bucket('small'),
  };
}

/** Historical buckets carry only inflow and outflow. */
function historicalFields(row: FlowRow | null) {
  return {
    super_large: amounts(row, 'super_large'),
    large: amounts(row, 'large'),
    medium: amounts(row, 'medium'),
    small: amounts(row, 'small'),
  };
}

export const restrictedRoutes = [
  defineHandler(catalog['a-share/high-frequency/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const subject = subjectOf(params.thscode, clock);
    const w = hfWindow(clock);
    if (params.start < w.startMs) throw outside('start');
    if (params.end > w.endMs) throw outside('end');
    const startDay = dayOfMs(params.start);
    if (params.interval === '1d') {
      if (!isMidnight(params.start) || tradingIndexOf(startDay) < 0) {
        throw new SimError(
          ErrorCode.PARAM_FORMAT,
          "Parameter 'start' must be midnight (UTC+8) of a trading day for daily data",
        );
      }
      const item = [];
      const to = Math.min(tradingIndexOnOrBefore(dayOfMs(params.end)), clock.barIndex);
      for (let t = tradingIndexOf(startDay); t <= to; t++) {
        const p = hfDaily(subject, t, clock);
        if (!p) continue;
        item.push({
          date_ms: midnightMs(tradingDayAt(t)),
          hf_direction: p.direction,
          hf_participation: p.participation,
        });
      }
      return hfAnswer(params.thscode, '1d', item);
    }
    if (dayOfMs(params.end) !== startDay) {
      throw new SimError(
        ErrorCode.PARAM_CONFLICT,
        "Parameter 'start' must be on the same trading day as 'end' for 1-minute data",
      );
    }
    return hfAnswer(params.thscode, '1m', minuteItems(subject, startDay, clock));
  }),

  defineHandler(catalog['a-share/high-frequency/intraday'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const subject = subjectOf(params.thscode, clock);
    const w = hfWindow(clock);
    // Omitted: the latest trading day of the window.
    const day = params.date === undefined ? tradingDayAt(w.last) : dayOf(params.date);
    if (day < tradingDayAt(w.first) || day > tradingDayAt(w.last)) throw outside('date');
    return hfAnswer(params.thscode, 'trend', minuteItems(subject, day, clock));
  }),

  defineHandler(catalog['a-share/capital-flow/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const stock = requireStock(params.thscode, clock);
    const rows =
      hasFlow(stock) && clock.barIndex >= firstBarIndex(stock)
        ? minuteFlows(stock, clock.barIndex, clock)
        : [];
    // No value yet (or no split at the source): the four buckets are still there, with null amounts.
    if (rows.length === 0) return { timestamp: null, ...snapshotFields(null) };
    return { timestamp: clock.barTimeMs, ...snapshotFields(sumFlows(rows)) };
  }),

  defineHandler(catalog['a-share/capital-flow/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const stock = requireStock(params.thscode, clock);
    const from = Math.max(firstBarIndex(stock), tradingIndexOnOrAfter(dayOfMs(params.start)));
    const to = Math.min(clock.barIndex, tradingIndexOnOrBefore(dayOfMs(params.end)));
    const item = [];
    for (let t = from; t <= to; t++) {
      const midnight = midnightMs(tradingDayAt(t));
      if (params.interval === '1d') {
        const rows = minuteFlows(stock, t, clock);
        item.push({
          date_ms: midnight,
          ...historicalFields(hasFlow(stock) && rows.length ? sumFlows(rows) : null),
        });
      } else if (hasFlow(stock)) {
        for (const m of minuteFlows(stock, t, clock)) {
          const ms = midnight + m.second * 1000;
          if (ms < params.start || ms > params.end) continue;
          item.push({ date_ms: ms, ...historicalFields(m.flow) });
        }
      }
    }
    const newest = item[item.length - 1];
    return {
      timestamp: newest ? newest.date_ms : null,
      thscode: stock.thscode,
      interval: params.interval,
      item,
    };
  }),
];
