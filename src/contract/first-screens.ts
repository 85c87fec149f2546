import { catalog, type OperationId, type ParamsIn } from './catalog';
import { parseParams } from './params';
import { derivativeMarketOf } from './market-session';
import { isListedOptionOf, type OptionVarietyKey } from './operations/options';

/**
 * What the first screen of the market home (`/`), the limit-up review (`/limit-up`) and an options chain
 * (`/options`) asks the service for, in one place: the pages' loaders and components build their calls
 * from these parameters, and the server warms exactly these calls (server/warm.ts) at start-up and after
 * each close, so that the first visitor finds them cached. Some calls need an earlier answer (the
 * calendar's latest trading day, the sector lists' codes, the option listing): those inputs are answers of
 * the reference and daily classes, which the answer cache keeps on disk across restarts.
 *
 * Parameters are given as the browser sends them; the server turns each into the canonical query string
 * of its cache key (`parseParams`), as it does for the browser's request.
 */

export interface ScreenRequest<Id extends OperationId = OperationId> {
  id: Id;
  params: ParamsIn<Id>;
}

function request<Id extends OperationId>(id: Id, params: ParamsIn<Id>): ScreenRequest {
  return { id, params };
}

export * from './first-screens-terms';
import { shanghaiMidnight } from './time';
import {
  HOME_SECTOR_TAGS,
  MAIN_INDEX_CODES,
  WHOLE_MARKET_PARAMS,
  indexSnapshotParams,
  poolParams,
  sparkWindow,
  HOT_PAGE_LIMIT,
  MONITOR_PAGE_SIZE,
  HOME_DEFAULT_PERIOD,
  latestTradingDay,
  previousTradingDay,
  indexSnapshotChunks,
} from './first-screens-terms';

/** The trading calendar: the latest trading day of every first screen. */
export const CALENDAR_REQUEST: ScreenRequest<'a-share/calendar/trading-days'> = {
  id: 'a-share/calendar/trading-days',
  params: {},
};

/** The home's sector lists, whose codes its sector snapshots ask for. */
export const SECTOR_LIST_REQUESTS: readonly ScreenRequest<'a-share-index/catalog/ths-index-list'>[] =
  HOME_SECTOR_TAGS.map((tag) => ({ id: 'a-share-index/catalog/ths-index-list', params: { tag } }));

/** The option varieties: the default chain is the first one's. */
export const VARIETIES_REQUEST: ScreenRequest<'options/varieties/list'> = {
  id: 'options/varieties/list',
  params: {},
};

/** The three pools of a day. */
function poolRequests(dateMs: number): ScreenRequest[] {
  const params = poolParams(dateMs);
  return [
    request('a-share/special-data/limit-up-pool', params),
    request('a-share/special-data/limit-break-pool', params),
    request('a-share/special-data/limit-down-pool', params),
  ];
}

/**
 * The market home's first screen on `today` (server clock, `yyyy-MM-dd`) with the calendar's trading
 * days (sorted `yyyy-MM-dd`) and the codes of its sector lists.
 */
export function homeRequests(
  today: string,
  days: readonly string[],
  sectorCodes: readonly string[],
): ScreenRequest[] {
  const { start, end } = sparkWindow(today);
  const latest = shanghaiMidnight(latestTradingDay(days, today));
  return [
    request('a-share/special-data/hot-stock-list', { period: HOME_DEFAULT_PERIOD, limit: HOT_PAGE_LIMIT }),
    request('a-share/special-data/skyrocket-list', { period: HOME_DEFAULT_PERIOD, limit: HOT_PAGE_LIMIT }),
    request('a-share/special-data/dragon-tiger-list', { board_type: 'all' }),
    request('a-share/special-data/abnormal-monitor-list', {
      state: 'current',
      page: 1,
      size: MONITOR_PAGE_SIZE,
    }),
    request('a-share-index/prices/snapshot', indexSnapshotParams(MAIN_INDEX_CODES)),
    request('a-share/prices/snapshot', WHOLE_MARKET_PARAMS),
    request('a-share/special-data/limit-up-ladder', {}),
    ...MAIN_INDEX_CODES.map((thscode) =>
      request('a-share-index/prices/historical', { thscode, interval: '1d', start, end }),
    ),
    ...poolRequests(latest),
    ...indexSnapshotChunks(sectorCodes).map((params) => request('a-share-index/prices/snapshot', params)),
  ];
}

/**
 * The limit-up review's first screen (latest day, every anomaly tag): the day's pools, the previous
 * day's limit-ups (promotion rates), the ladder, the whole-market quotes and today's anomalies. The
 * sentiment series (two calls a day for ten days) and the industry map (a call per industry) come
 * after the first screen and are not warmed.
 */
export function limitUpRequests(today: string, days: readonly string[]): ScreenRequest[] {
  const latest = latestTradingDay(days, today);
  const previous = previousTradingDay(days, latest);
  return [
    ...poolRequests(shanghaiMidnight(latest)),
    ...(previous === undefined
      ? []
      : [request('a-share/special-data/limit-up-pool', poolParams(shanghaiMidnight(previous)))]),
    request('a-share/special-data/limit-up-ladder', {}),
    request('a-share/prices/snapshot', WHOLE_MARKET_PARAMS),
    request('a-share/special-data/anomaly-analysis-list', {}),
  ];
}

/** A row of the instrument search, as far as the chain reads it. */
export interface ListingRow {
  thscode: string;
  name: string;
  asset_type: string;
  last_trade_date?: string | null;
}

/** The listed contracts of a variety from the search rows: its own, each once. */
export function listedContracts<R extends ListingRow>(rows: readonly R[], variety: OptionVarietyKey): R[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (row.asset_type !== 'options' || seen.has(row.thscode) || !isListedOptionOf(row, variety))
      return false;
    seen.add(row.thscode);
    return true;
  });
}

/** Expiry dates (last trading days) of the listed contracts, soonest first, expired ones left out. */
export function expiriesOf(rows: readonly ListingRow[], today: string | null): string[] {
  const dates = new Set<string>();
  for (const row of rows) {
    const date = row.last_trade_date;
    if (date && (today === null || date >= today)) dates.add(date);
  }
  return [...dates].sort();
}

/** How the underlying of a variety is quoted: ETF options on SSE/SZSE, index options on CFFEX, others futures. */
export type UnderlyingKind = 'etf' | 'index' | 'futures';

export function underlyingKindOf(exchangeCode: string | null | undefined): UnderlyingKind {
  const market = derivativeMarketOf(exchangeCode ?? null);
  if (market === 'stock-exchange') return 'etf';
  if (market === 'cffex-index' || market === 'cffex-bond') return 'index';
  return 'futures';
}

/** The underlying's quote: an ETF's fund snapshot, an index's snapshot; futures have none in the catalog. */
export function underlyingQuoteRequest(
  code: string,
  exchangeCode: string | null | undefined,
): ScreenRequest | null {
  const kind = underlyingKindOf(exchangeCode);
  if (kind === 'etf') return request('fund/market/snapshot', { thscode: code });
  if (kind === 'index') return request('a-share-index/prices/snapshot', { thscodes: code });
  return null;
}

/** An options chain: each contract of the expiry shown (terms and daily bars: the service has no batch). */
export function optionChainRequests(contracts: readonly string[]): ScreenRequest[] {
  return contracts.flatMap((thscode) => [
    request('options/contracts/detail', { thscode }),
    request('options/prices/daily', { thscode }),
  ]);
}

/**
 * The cache key of a screen request (`operation?canonical query`): the browser sends `toQuery(params)`,
 * the gateway rebuilds the query from the parsed parameters (defaults included). Null when the
 * parameters do not pass the operation's checks.
 */
export function canonicalRequest(req: ScreenRequest): { id: OperationId; query: string; key: string } | null {
  const op = catalog[req.id];
  // What `toQuery(params)` sends, as the gateway reads it back: lists comma-joined, absent values left out.
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) {
    if (Array.isArray(value)) raw[name] = value.join(',');
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      raw[name] = String(value);
  }
  const parsed = parseParams(op.params, raw, { unknown: 'reject', known: op.paramNames });
  return parsed.ok ? { id: req.id, query: parsed.query, key: `${req.id}?${parsed.query}` } : null;
}
