import type { ApiClient } from '../../api/client';
import { operationKey } from '../../api/query';
import { catalog, type DataOf, type OperationId, type ParamsIn } from '../../contract/catalog';
import type { CacheClass } from '../../contract/operation';
import { A_SHARE_CODE_RE, INDEX_CODE_RE } from '../../contract/params';
import { FUND_CODE_RE } from '../../contract/operations/fund-common';
import { FUTURES_CODE_RE } from '../../contract/operations/futures';
import { OPTION_CODE_RE } from '../../contract/operations/options';
import { shanghaiMidnight } from '../../contract/time';
import { isWatchlistAssetType, type WatchlistAssetType } from '../../contract/watchlists';
import type { QuoteTime, QuoteTimeBasis } from '../../lib/quote-time';

/**
 * Live columns of a watchlist, by asset type, with as few calls as the contract allows:
 * - A-shares: ONE `a-share/prices/snapshot?thscodes=…` for all of them (chunked at its 1,000 codes);
 * - indices: one `a-share-index/prices/snapshot` for all of them;
 * - ETFs: `fund/market/snapshot`, one per fund (the operation takes one code);
 * - off-exchange funds, LOFs and REITs: the newest net values of `fund/performance/nav`;
 * - options: the newest bar of `options/prices/daily`;
 * - futures: the newest day of `futures/basis/historical` (the catalog has no futures quote or bar;
 *   its basis history carries each day's close and settlement price).
 * `quoteRequests` is the plan; the page runs each request as a query (so each refreshes at its own
 * operation's pace) and `fetchWatchlistQuotes` runs the same requests at once.
 */

/** What a row shows; every figure may be missing ("—"). */
export interface RowQuote {
  /** Last price, net value, or close, as `basis` says. */
  last: number | null;
  change: number | null;
  /** Percent value (1.5 = 1.5 %). */
  changePct: number | null;
  /** Shares for A-shares and funds, contracts for options; null where the source has none. */
  volume: number | null;
  turnover: number | null;
  /** Unix ms of the quote, bar or net value. */
  time: number | null;
  /** `read`: a live quote's time is when its answer was read, the service gave none (`withQuoteTime`). */
  timeBasis: QuoteTimeBasis;
  basis: 'quote' | 'nav' | 'close';
}

export interface QuoteItem {
  thscode: string;
  asset_type: string;
}

export type FetchOperation = ApiClient['fetchOperation'];

/**
 * One request's answer: its rows, and the quote time for the shell's "data time" (which reads
 * `timestamp` of the answers in the cache). Only live quotes give one: a net value's date or a bar's
 * time is not the time of the data on screen.
 */
export interface QuoteAnswer {
  timestamp: number | null;
  rows: ReadonlyMap<string, RowQuote>;
}

export interface QuoteRequest {
  /** The operation's own query key plus a suffix: invalidating the operation covers it. */
  key: readonly unknown[];
  operation: OperationId;
  cache: CacheClass;
  /** The watchlist codes this request answers for. */
  codes: readonly string[];
  fetch: (fetchOp: FetchOperation, signal?: AbortSignal) => Promise<QuoteAnswer>;
}

/** The snapshot's documented token limit; a watchlist (200 items) never reaches it. */
export const SNAPSHOT_MAX_CODES = 1000;

const ROWS = 'watchlist-rows';

function request<Id extends OperationId>(
  id: Id,
  params: ParamsIn<Id>,
  codes: readonly string[],
  rows: (data: DataOf<Id>) => Map<string, RowQuote>,
): QuoteRequest {
  const live = catalog[id].cache === 'quote';
  return {
    key: [...operationKey(id, params), ROWS],
    operation: id,
    cache: catalog[id].cache,
    codes,
    fetch: async (fetchOp, signal) => {
      const data = await fetchOp(id, params, { signal });
      const stamp: unknown = live && 'timestamp' in data ? data.timestamp : null;
      const timestamp = typeof stamp === 'number' ? finite(stamp) : null;
      return { timestamp, rows: rows(data) };
    },
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A live quote's time by the rule of `lib/quote-time` (the stock header's too): the snapshot asked by
 * `thscodes` carries `timestamp: null`, so such a row takes the time its answer was read, marked as read.
 * Net values and closes keep their own dates.
 */
export function withQuoteTime(quote: RowQuote, timeOf: (timestamp: number | null) => QuoteTime): RowQuote {
  if (quote.basis !== 'quote') return quote;
  const time = timeOf(quote.time);
  return { ...quote, time: time.ms, timeBasis: time.basis };
}

/** Change and percent change of `last` against `prev`; null when either is missing or prev is zero. */
export function changeOf(
  last: number | null,
  prev: number | null,
): { change: number | null; changePct: number | null } {
  if (last === null || prev === null) return { change: null, changePct: null };
  const change = last - prev;
  return { change, changePct: prev === 0 ? null : (change / prev) * 100 };
}

type Snapshot = DataOf<'a-share/prices/snapshot'>;

function snapshotRows(data: Snapshot): Map<string, RowQuote> {
  const out = new Map<string, RowQuote>();
  for (const item of data.item) {
    out.set(item.thscode.toUpperCase(), {
      last: finite(item.last_price),
      change: finite(item.price_change),
      changePct: finite(item.price_change_ratio_pct),
      volume: finite(item.volume),
      turnover: finite(item.turnover),
      time: finite(data.timestamp),
      timeBasis: 'service',
      basis: 'quote',
    });
  }
  return out;
}

const NAV_FUND_TYPES: Readonly<Partial<Record<WatchlistAssetType, 'otc' | 'exchange' | 'reits'>>> = {
  'fund-otc': 'otc',
  'fund-lof': 'exchange',
  'fund-reits': 'reits',
};

/** Sorted, de-duplicated codes of one asset type that pass the operation's code rule. */
function codesOf(items: readonly QuoteItem[], type: WatchlistAssetType, rule: RegExp): string[] {
  const codes = items
    .filter((i) => i.asset_type === type)
    .map((i) => i.thscode.toUpperCase())
    .filter((code) => rule.test(code));
  // Sorted so that reordering the list keeps the same query key (no refetch for a move).
  return [...new Set(codes)].sort();
}

export function quoteRequests(items: readonly QuoteItem[]): QuoteRequest[] {
  const out: QuoteRequest[] = [];

  for (const codes of chunks(codesOf(items, 'a-share', A_SHARE_CODE_RE), SNAPSHOT_MAX_CODES)) {
    out.push(request('a-share/prices/snapshot', { thscodes: codes }, codes, snapshotRows));
  }
  for (const codes of chunks(codesOf(items, 'a-share-index', INDEX_CODE_RE), SNAPSHOT_MAX_CODES)) {
    out.push(request('a-share-index/prices/snapshot', { thscodes: codes }, codes, snapshotRows));
  }

  for (const code of codesOf(items, 'fund-etf', FUND_CODE_RE)) {
    out.push(
      request('fund/market/snapshot', { thscode: code }, [code], (data) => {
        const item = data.item.find((i) => i.thscode.toUpperCase() === code) ?? data.item[0];
        const rows = new Map<string, RowQuote>();
        if (item) {
          rows.set(code, {
            last: finite(item.last_price),
            change: finite(item.price_change),
            changePct: finite(item.price_change_ratio_pct),
            volume: finite(item.volume),
            turnover: finite(item.turnover),
            time: finite(data.timestamp),
            timeBasis: 'service',
            basis: 'quote',
          });
        }
        return rows;
      }),
    );
  }

  for (const item of items) {
    const fundType = isWatchlistAssetType(item.asset_type) ? NAV_FUND_TYPES[item.asset_type] : undefined;
    const code = item.thscode.toUpperCase();
    if (fundType === undefined || !FUND_CODE_RE.test(code)) continue;
    // A week of net values: the newest one and the one before it, for the day's change.
    out.push(
      request(
        'fund/performance/nav',
        { thscode: code, fund_type: fundType, range: 'week' },
        [code],
        (data) => {
          const navs = data.item
            .filter((n) => finite(n.unit_nav) !== null)
            .sort((a, b) => a.nav_date - b.nav_date);
          const latest = navs.at(-1);
          const rows = new Map<string, RowQuote>();
          if (latest) {
            const last = finite(latest.unit_nav);
            rows.set(code, {
              last,
              ...changeOf(last, finite(navs.at(-2)?.unit_nav)),
              volume: null,
              turnover: null,
              time: latest.nav_date,
              timeBasis: 'service',
              basis: 'nav',
            });
          }
          return rows;
        },
      ),
    );
  }

  for (const code of codesOf(items, 'options', OPTION_CODE_RE)) {
    out.push(
      request('options/prices/daily', { thscode: code }, [code], (data) => {
        const bars = data.item.filter((b) => finite(b.close_price) !== null);
        const latest = bars.at(-1);
        const rows = new Map<string, RowQuote>();
        if (latest) {
          const last = finite(latest.close_price);
          rows.set(code, {
            last,
            ...changeOf(last, finite(bars.at(-2)?.close_price)),
            volume: finite(latest.volume),
            turnover: finite(latest.turnover),
            time: finite(latest.timestamp),
            timeBasis: 'service',
            basis: 'close',
          });
        }
        return rows;
      }),
    );
  }

  for (const code of codesOf(items, 'futures', FUTURES_CODE_RE)) {
    out.push(
      request('futures/basis/historical', { thscode: code }, [code], (data) => {
        const days = data.item
          .filter((d) => finite(d.close_price) !== null && typeof d.date === 'string')
          .sort((a, b) => String(a.date).localeCompare(String(b.date)));
        const latest = days.at(-1);
        const rows = new Map<string, RowQuote>();
        if (latest) {
          const last = finite(latest.close_price);
          rows.set(code, {
            last,
            ...changeOf(last, finite(days.at(-2)?.close_price)),
            volume: null,
            turnover: null,
            time: typeof latest.date === 'string' ? shanghaiMidnight(latest.date) : null,
            timeBasis: 'service',
            basis: 'close',
          });
        }
        return rows;
      }),
    );
  }

  return out;
}

export interface WatchlistQuotes {
  rows: Map<string, RowQuote>;
  /** Requests that failed, with what they were for; their rows show "—". */
  failures: { operation: OperationId; codes: readonly string[]; error: unknown }[];
}

/** Every live figure of a list in one go (the page runs the same requests as separate queries). */
export async function fetchWatchlistQuotes(
  items: readonly QuoteItem[],
  fetchOp: FetchOperation,
  signal?: AbortSignal,
): Promise<WatchlistQuotes> {
  const requests = quoteRequests(items);
  const settled = await Promise.allSettled(requests.map((r) => r.fetch(fetchOp, signal)));
  const out: WatchlistQuotes = { rows: new Map(), failures: [] };
  settled.forEach((result, index) => {
    const req = requests[index];
    if (!req) return;
    if (result.status === 'fulfilled') for (const [code, row] of result.value.rows) out.rows.set(code, row);
    else out.failures.push({ operation: req.operation, codes: req.codes, error: result.reason });
  });
  return out;
}
