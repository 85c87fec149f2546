import { catalog, type OperationId, type ParamsIn } from './catalog';
import { parseParams } from './params';
import { WHOLE_MARKET_PAGE } from './operations/a-share-prices';
import { POOL_MAX_SIZE } from './operations/market-extras-terms';
import { addDays, shanghaiMidnight } from './time';
import { derivativeMarketOf } from './market-session';
import { isListedOptionOf, type OptionVarietyKey } from './operations/options';
import { HOME_SECTOR_TAGS, MAIN_INDICES } from './operations/index-group-terms';

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

/** `/hot`'s default list length (the home's cards read the same answer). */
export const HOT_PAGE_LIMIT = 30;
/** The abnormal-monitor page size of `/hot` and the home's card. */
export const MONITOR_PAGE_SIZE = 30;
/** The home's ranking period when the URL names none. */
export const HOME_DEFAULT_PERIOD = 'day' as const;
/** The exchange indices of the home's strip, in the order terminals show them. */
export const MAIN_INDEX_CODES = MAIN_INDICES.map((index) => index.thscode);
export { HOME_SECTOR_TAGS };
/** Index codes per snapshot call: the URL stays under the BFF's 8 KiB bound (11 characters a code). */
export const INDEX_SNAPSHOT_CHUNK = 400;
/** The whole A-share table in one snapshot call. */
export const WHOLE_MARKET_PARAMS = { limit: WHOLE_MARKET_PAGE, offset: 0 } as const;

/** The daily bars behind a sparkline: 30 sessions always fit in 50 calendar days (holidays included). */
export function sparkWindow(today: string): { start: number; end: number } {
  return { start: shanghaiMidnight(addDays(today, -50)), end: shanghaiMidnight(today) };
}

/** The latest trading day on or before `today` in sorted days; `today` itself when the list is empty. */
export function latestTradingDay(days: readonly string[], today: string): string {
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i];
    if (day !== undefined && day <= today) return day;
  }
  return today;
}

export function previousTradingDay(days: readonly string[], date: string): string | undefined {
  return days.filter((d) => d < date).at(-1);
}

/** A pool read whole on a day: its first page of the largest size (a pool rarely needs a second). */
export function poolParams(dateMs: number | undefined): { date_ms?: number; size: number } {
  return dateMs === undefined ? { size: POOL_MAX_SIZE } : { date_ms: dateMs, size: POOL_MAX_SIZE };
}

/** One snapshot of several indices: upper case, de-duplicated and sorted, so one set is one key. */
export function indexSnapshotParams(codes: readonly string[]): { thscodes: string[] } {
  return { thscodes: [...new Set(codes.map((c) => c.toUpperCase()))].sort() };
}

/** The snapshot calls for any number of indices (sorted, de-duplicated, in chunks). */
export function indexSnapshotChunks(codes: readonly string[]): { thscodes: string[] }[] {
  const sorted = indexSnapshotParams(codes).thscodes;
  const out = [];
  for (let i = 0; i < sorted.length; i += INDEX_SNAPSHOT_CHUNK) {
    out.push({ thscodes: sorted.slice(i, i + INDEX_SNAPSHOT_CHUNK) });
  }
  return out;
}

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
