import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { dayOfMs, midnightMs } from '../model/calendar';
import { indexBarAsOf, indexByCode, indexFirstBar, indexLatestBar } from '../model/indices';
import type { MarketClock } from '../model/session';
import { indexDefs, thsIndicesOfTag, type IndexDef } from '../model/ths-indices';
import { SimError, defineHandler } from '../route';
import { barFields, barRange, clockOf, quoteFields } from './common';

/** The code table is reloaded every day at 06:00 Shanghai time (as for the search). */
const RELOAD_MS = 6 * 3600 * 1000;

function tableTime(clock: MarketClock): number {
  const reload = midnightMs(clock.today) + RELOAD_MS;
  return clock.nowMs >= reload ? reload : reload - 24 * 3600 * 1000;
}

/** An index listed by today, or 3001 for a well-formed code that is not one. */
export function requireIndex(thscode: string, clock: MarketClock): IndexDef {
  const def = indexByCode(thscode);
  if (!def || midnightMs(clock.today) < Date.parse(`${def.listDate}T00:00:00+08:00`)) {
    throw new SimError(ErrorCode.INSTRUMENT_NOT_FOUND, `Index '${thscode}' does not exist`);
  }
  return def;
}

export const indexGroupRoutes = [
  defineHandler(catalog['a-share-index/catalog/ths-index-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const item = thsIndicesOfTag(params.tag)
      .filter((d) => midnightMs(clock.today) >= Date.parse(`${d.listDate}T00:00:00+08:00`))
      .map((d) => ({ thscode: d.thscode, name: d.name }));
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['a-share-index/constituents/ths-stock-list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const def = requireIndex(params.thscode, clock);
    const item = def
      .members(clock.today)
      .map((s) => ({ thscode: s.thscode, ticker: s.ticker, name: s.name }));
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['a-share-index/prices/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const seen = new Set<string>();
    const item = [];
    // Request order, duplicates once; codes that are not indices are left out, as batch operations do.
    for (const code of params.thscodes) {
      if (seen.has(code)) continue;
      seen.add(code);
      const def = indexByCode(code);
      const bar = def ? indexLatestBar(def, clock) : null;
      if (!def || !bar) continue;
      item.push({
        thscode: def.thscode,
        ticker: def.thscode.slice(0, 6),
        ...quoteFields(bar, bar.prevClose),
      });
    }
    // Like the A-share snapshot in code mode: no timestamp, total = size of the index table.
    return { timestamp: null, total: indexDefs().length, item };
  }),

  defineHandler(catalog['a-share-index/prices/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const def = requireIndex(params.thscode, clock);
    const { from, to } = barRange(params.start, params.end, indexFirstBar(def), clock.barIndex);
    const item = [];
    for (let t = from; t <= to; t++) {
      const bar = indexBarAsOf(def, t, clock);
      if (!bar) continue;
      item.push({
        date_ms: midnightMs(bar.day),
        ...barFields(bar),
      });
    }
    const newest = item[item.length - 1];
    return { timestamp: newest ? newest.date_ms : midnightMs(dayOfMs(params.end)), adjust: null, item };
  }),
];
