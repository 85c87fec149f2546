import { catalog } from '../../../src/contract/catalog';
import { midnightMs } from '../model/calendar';
import { searchInstruments } from '../model/search';
import { defineHandler } from '../route';
import { clockOf } from './common';

/** The code table is reloaded every day at 06:00 Shanghai time. */
const RELOAD_MS = 6 * 3600 * 1000;

export const searchRoutes = [
  defineHandler(catalog['meta/tickers/search'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const reload = midnightMs(clock.today) + RELOAD_MS;
    const item = searchInstruments(clock.today, {
      q: params.q,
      exchange: params.exchange,
      assetTypes: params.asset_type,
      limit: params.limit,
    }).map((i) => ({
      thscode: i.thscode,
      ticker: i.ticker,
      name: i.name,
      exchange: i.exchange,
      asset_type: i.assetType,
      currency: i.currency,
      list_date: i.listDate,
      end_date: i.endDate,
      last_trade_date: i.lastTradeDate,
      last_delivery_date: i.lastDeliveryDate,
    }));
    return { timestamp: ctx.now >= reload ? reload : reload - 24 * 3600 * 1000, item };
  }),
];
