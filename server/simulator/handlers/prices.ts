import { catalog } from '../../../src/contract/catalog';
import { dayOfMs, midnightMs } from '../model/calendar';
import { adjustmentFactor, barAsOf, closeAt, firstBarIndex, latestBar, type DayBar } from '../model/prices';
import { listedStocks, stockByCode, type Stock } from '../model/universe';
import { defineHandler } from '../route';
import { barFields, barRange, clockOf, quoteFields, requireStock } from './common';
import type { MarketClock } from '../model/session';

function snapshotItem(stock: Stock, bar: DayBar) {
  return {
    thscode: stock.thscode,
    ticker: stock.ticker,
    // On an ex-date the exchange publishes the ex-rights reference as the previous close.
    ...quoteFields(bar, bar.ref),
  };
}

function quotes(stocks: readonly Stock[], clock: MarketClock) {
  const out: ReturnType<typeof snapshotItem>[] = [];
  for (const stock of stocks) {
    const bar = latestBar(stock, clock);
    if (bar) out.push(snapshotItem(stock, bar));
  }
  return out;
}

export const priceRoutes = [
  defineHandler(catalog['a-share/prices/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const listed = listedStocks(clock.today);
    let stocks: Stock[];
    if (params.thscodes) {
      // Request order; unknown codes are simply left out, as the real batch operation does.
      const seen = new Set<string>();
      stocks = [];
      for (const code of params.thscodes) {
        const stock = stockByCode(code);
        if (!stock || seen.has(code) || stock.listDay > clock.today) continue;
        seen.add(code);
        stocks.push(stock);
      }
      // The documented thscodes mode: no paging, so `timestamp` is null and `total` counts the rows.
      const item = quotes(stocks, clock);
      return { timestamp: null, total: item.length, item };
    }
    stocks = listed.slice(params.offset, params.offset + params.limit);
    const item = quotes(stocks, clock);
    return { timestamp: item.length ? clock.barTimeMs : null, total: listed.length, item };
  }),

  defineHandler(catalog['a-share/prices/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const stock = requireStock(params.thscode, clock);
    const { from, to } = barRange(params.start, params.end, firstBarIndex(stock), clock.barIndex);
    const latestFactor = adjustmentFactor(stock, clock.barIndex);
    const item = [];
    let prev = from <= to ? closeAt(stock, from - 1) : 0;
    for (let t = from; t <= to; t++) {
      const bar = barAsOf(stock, t, clock, prev);
      if (!bar) continue;
      prev = bar.close;
      // Adjusted prices at full precision, unadjusted × factor (backward: the product of the event
      // ratios up to the day; forward: that over the latest bar's), so the dumps reproduce them exactly.
      const factor =
        params.adjust === 'backward'
          ? adjustmentFactor(stock, t)
          : params.adjust === 'forward'
            ? adjustmentFactor(stock, t) / latestFactor
            : null;
      item.push({
        date_ms: midnightMs(bar.day),
        ...(factor === null ? barFields(bar) : barFields(bar, (p) => p * factor)),
      });
    }
    const newest = item[item.length - 1];
    // `offset` (documented, default 0) skips that many of the window's oldest bars.
    return {
      timestamp: newest ? newest.date_ms : midnightMs(dayOfMs(params.end)),
      item: params.offset ? item.slice(params.offset) : item,
    };
  }),
];
