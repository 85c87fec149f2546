import { catalog } from '../../../src/contract/catalog';
import { LIST_ASSET_TYPES } from '../../../src/contract/operations/meta';
import { midnightMs } from '../model/calendar';
import { codeTable } from '../model/instruments';
import { latestBar } from '../model/prices';
import type { MarketClock } from '../model/session';
import { stockByCode } from '../model/universe';
import { valuationOf } from '../model/valuations';
import { defineHandler } from '../route';
import { clockOf } from './common';

/** The code table is reloaded every day at 06:00 Shanghai time (as for the search). */
const RELOAD_MS = 6 * 3600 * 1000;

function tableTime(clock: MarketClock): number {
  const reload = midnightMs(clock.today) + RELOAD_MS;
  return clock.nowMs >= reload ? reload : reload - 24 * 3600 * 1000;
}

export const codeTableRoutes = [
  defineHandler(catalog['meta/tickers/list'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const explicit = params.asset_type !== undefined;
    const types: readonly string[] = params.asset_type ?? LIST_ASSET_TYPES;
    const exchanges: readonly string[] = params.exchange;
    const rows = codeTable(clock.today).filter(
      (i) =>
        types.includes(i.assetType) &&
        // Off-exchange records (OTC funds, forex, THS indices) belong to no exchange: they are listed
        // when their asset type is asked for explicitly, never by the exchange default alone.
        (i.exchange === null ? explicit : exchanges.includes(i.exchange)),
    );
    const item = rows.slice(params.offset, params.offset + params.limit).map((i) => ({
      thscode: i.thscode,
      ticker: i.ticker,
      name: i.name,
      exchange: i.exchange,
      asset_type: i.assetType,
      currency: i.currency,
    }));
    return { timestamp: tableTime(clock), item };
  }),

  defineHandler(catalog['a-share/valuations/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const seen = new Set<string>();
    const item = [];
    let valid = false;
    for (const code of params.thscodes) {
      if (seen.has(code)) continue;
      seen.add(code);
      const stock = stockByCode(code);
      // Unknown codes simply have no row, as in the other batch operations.
      if (!stock || stock.listDay > clock.today) continue;
      const bar = latestBar(stock, clock);
      const v = bar ? valuationOf(stock, bar.close, clock.nowMs) : null;
      if (v && Object.values(v).some((x) => x !== null)) valid = true;
      item.push({
        thscode: stock.thscode,
        ticker: stock.ticker,
        name: stock.name,
        pe_ttm: v?.pe_ttm ?? null,
        pe_mrq: v?.pe_mrq ?? null,
        pb_mrq: v?.pb_mrq ?? null,
        ps_ttm: v?.ps_ttm ?? null,
        pcf_ttm: v?.pcf_ttm ?? null,
      });
    }
    // The newest valid upstream time among the returned rows: the price time, null without any value.
    return { timestamp: valid ? clock.barTimeMs : null, total: item.length, item };
  }),
];
