import type { z } from 'zod';
import type { AnyOperation } from './operation';
import { aSharePriceOperations } from './operations/a-share-prices';
import { aShareReferenceOperations } from './operations/a-share-reference';
import { financialsOperations } from './operations/financials';
import { specialDataOperations } from './operations/special-data';
import { auctionOperations } from './operations/auction';
import { metaOperations } from './operations/meta';
import { newsOperations } from './operations/news';
import { restrictedOperations } from './operations/restricted';
import { marketExtrasOperations } from './operations/market-extras';
import { indexGroupOperations } from './operations/index-group';
import { fundPerformanceOperations } from './operations/fund-performance';
import { fundManagerOperations } from './operations/fund-managers';
import { fundFinancialOperations } from './operations/fund-financials';
import { fundHoldingOperations } from './operations/fund-holdings';
import { fundMarketOperations } from './operations/fund-market';
import { fundToolOperations } from './operations/fund-tools';
import { fundExtraOperations } from './operations/fund-extras';
import { futuresOperations } from './operations/futures';
import { optionOperations } from './operations/options';
import { hkIpoOperations } from './operations/hk-ipo';
import { marketDumpOperations } from './operations/market-dumps';

/**
 * Every operation of the contract, keyed by id (the path after `/api/`). The SPA, the BFF, the simulator
 * and the tests all read this one object; nothing else restates a path.
 */
export const catalog = {
  ...aSharePriceOperations,
  // spec file 000 and its named-only operations (A-share, special data, meta, news, restricted, index)
  ...aShareReferenceOperations,
  ...financialsOperations,
  ...specialDataOperations,
  ...auctionOperations,
  ...metaOperations,
  ...newsOperations,
  ...restrictedOperations,
  ...marketExtrasOperations,
  ...indexGroupOperations,
  // spec file 001 and the fund extras (fund, futures, options, Hong Kong IPO)
  ...fundPerformanceOperations,
  ...fundManagerOperations,
  ...fundFinancialOperations,
  ...fundHoldingOperations,
  ...fundMarketOperations,
  ...fundToolOperations,
  ...fundExtraOperations,
  ...futuresOperations,
  ...optionOperations,
  ...hkIpoOperations,
  // whole-market dumps (upstream-extras §8.2): links to Parquet files, not data
  ...marketDumpOperations,
};

export type Catalog = typeof catalog;
export type OperationId = keyof Catalog;
export type ParamsIn<Id extends OperationId> = z.input<Catalog[Id]['params']>;
export type ParamsOut<Id extends OperationId> = z.output<Catalog[Id]['params']>;
export type DataOf<Id extends OperationId> = z.output<Catalog[Id]['data']>;
/** What an implementation (the simulator) must produce for `data`. */
export type DataIn<Id extends OperationId> = z.input<Catalog[Id]['data']>;

export const operations: readonly AnyOperation[] = Object.values(catalog);

const byPath = new Map<string, AnyOperation>(operations.map((op) => [op.path, op]));

export function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(catalog, id);
}

/** The operation served at an `/api/...` path, or undefined for anything outside the contract. */
export function operationByPath(path: string): AnyOperation | undefined {
  return byPath.get(path);
}
