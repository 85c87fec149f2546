import { catalog } from '../../../src/contract/catalog';
import { defineHandler } from '../route';

/** The whole-market dumps: a signed link to the file of the data date (dumps/store.ts), or 4040. */
export const marketDumpRoutes = [
  defineHandler(catalog['dump/market-dumps/daily-k/download-url'], (_params, ctx) =>
    ctx.dumps.link('daily-k', ctx.now, ctx.origin),
  ),
  defineHandler(catalog['dump/market-dumps/daily-k-10d/download-url'], (_params, ctx) =>
    ctx.dumps.link('daily-k-10d', ctx.now, ctx.origin),
  ),
  defineHandler(catalog['dump/market-dumps/adjustment-factors/download-url'], (_params, ctx) =>
    ctx.dumps.link('adjustment-factors', ctx.now, ctx.origin),
  ),
];
