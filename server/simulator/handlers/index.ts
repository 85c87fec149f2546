import type { Route } from '../route';
import { auctionRoutes } from './auction';
import { calendarRoutes } from './calendar';
import { dragonTigerRoutes } from './dragon-tiger';
import { financialRoutes } from './financials';
import { hotListRoutes } from './hot-lists';
import { monitorRoutes } from './monitor';
import { newsRoutes } from './news';
import { priceRoutes } from './prices';
import { searchRoutes } from './search';
// Markets: named-only A-share operations, index group, futures, options, Hong Kong IPO, restricted.
import { anomalyRoutes } from './anomalies';
import { codeTableRoutes } from './code-table';
import { hkIpoRoutes } from './hk-ipo';
import { futuresRoutes } from './futures';
import { indexGroupRoutes } from './index-group';
import { limitPoolRoutes } from './limit-pools';
import { marketDumpRoutes } from './market-dumps';
import { optionRoutes } from './options';
import { restrictedRoutes } from './restricted';
// Funds: performance, managers, financials, holders and portfolio, ETF market, tools and the extras.
import { fundExtraRoutes } from './fund-extras';
import { fundFinancialRoutes } from './fund-financials';
import { fundHoldingRoutes } from './fund-holdings';
import { fundManagerRoutes } from './fund-managers';
import { fundMarketRoutes } from './fund-market';
import { fundPerformanceRoutes } from './fund-performance';
import { fundToolRoutes } from './fund-tools';

/** Every implemented operation, one module per domain. */
export const routes: readonly Route[] = [
  ...calendarRoutes,
  ...priceRoutes,
  ...financialRoutes,
  ...dragonTigerRoutes,
  ...hotListRoutes,
  ...monitorRoutes,
  ...auctionRoutes,
  ...searchRoutes,
  ...newsRoutes,
  // Markets
  ...limitPoolRoutes,
  ...anomalyRoutes,
  ...codeTableRoutes,
  ...indexGroupRoutes,
  ...futuresRoutes,
  ...optionRoutes,
  ...hkIpoRoutes,
  ...restrictedRoutes,
  ...marketDumpRoutes,
  // Funds
  ...fundPerformanceRoutes,
  ...fundManagerRoutes,
  ...fundFinancialRoutes,
  ...fundHoldingRoutes,
  ...fundMarketRoutes,
  ...fundToolRoutes,
  ...fundExtraRoutes,
];
