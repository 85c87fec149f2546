import type { z } from 'zod';
import { catalog, type Catalog, type DataOf, type OperationId } from '../../src/contract/catalog';
import { rawEnvelopeSchema } from '../../src/contract/envelope';
import {
  CALENDAR_REQUEST,
  canonicalRequest,
  SECTOR_LIST_REQUESTS,
  VARIETIES_REQUEST,
  expiriesOf,
  homeRequests,
  limitUpRequests,
  listedContracts,
  optionChainRequests,
  underlyingQuoteRequest,
  type ScreenRequest,
} from '../../src/contract/first-screens';
import { DAILY_SETTLED } from '../../src/contract/cache-policy';
import { isWeekday, msSinceShanghaiMidnight, tradingDaySet } from '../../src/contract/market-session';
import { optionContractSearches } from '../../src/contract/operations/options';
import { DAY_MS, shanghaiDate } from '../../src/contract/time';
import type { Gateway } from './gateway';
import { newRequestId } from './request-id';
import type { Ticker } from './ticker';

/**
 * Warming: at start-up and after each close the server asks for what the first screens of the market
 * home, the limit-up review and the default options chain need (src/contract/first-screens.ts), at
 * background priority within the upstream budget, so that the first visitor finds it in the cache.
 * What is fresh already (kept on disk by the previous run, disk-answers.ts) costs no call.
 */

export interface WarmStatus {
  state: 'idle' | 'running' | 'done';
  /** Ticker ms of the last run's start and end. */
  startedAt: number | null;
  finishedAt: number | null;
  /** The cache keys (`operation?canonical query`) the last run asked for, in order. */
  keys: string[];
  /** How many of them needed an upstream call (a MISS), and how many failed. */
  misses: number;
  failures: number;
  /** Ticker ms of the next scheduled run (after the next close). */
  nextAt: number | null;
}

export interface WarmerOptions {
  gateway: Pick<Gateway, 'warm'>;
  ticker: Ticker;
  /** The market clock (Asia/Shanghai sessions; pinned by SIM_NOW in tests). */
  marketClock: () => number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Calls asked for at once (the budget queues them behind users' calls anyway). */
  concurrency?: number;
}

export interface Warmer {
  /** One run now (a running one is joined). */
  run(): Promise<WarmStatus>;
  /** A run now, then one after every close. */
  start(): void;
  status(): WarmStatus;
  stop(): void;
}

/** The next moment after `marketNow` at which the day's close is settled (weekdays, 15:30 Shanghai). */
export function nextCloseAfter(marketNow: number): number {
  const midnight = marketNow - msSinceShanghaiMidnight(marketNow);
  for (let day = midnight, i = 0; i < 8; i++, day += DAY_MS) {
    if (isWeekday(day) && day + DAILY_SETTLED > marketNow) return day + DAILY_SETTLED;
  }
  return marketNow + DAY_MS;
}

export function createWarmer(opts: WarmerOptions): Warmer {
  const concurrency = opts.concurrency ?? 4;
  let status: WarmStatus = {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    keys: [],
    misses: 0,
    failures: 0,
    nextAt: null,
  };
  let running: Promise<WarmStatus> | null = null;
  let cancelTimer: (() => void) | null = null;
  let stopped = false;

  /** Serves one request; the parsed data when it answered with code 0. */
  async function ask<Id extends OperationId>(
    req: ScreenRequest<Id>,
    keys: string[],
  ): Promise<DataOf<Id> | null> {
    const canonical = canonicalRequest(req);
    if (canonical === null) {
      status.failures++;
      opts.log.warn({ op: req.id }, 'warming: a first-screen request does not pass its own checks');
      return null;
    }
    const op = catalog[canonical.id];
    keys.push(canonical.key);
    let served;
    try {
      served = await opts.gateway.warm({ operation: op, query: canonical.query, requestId: newRequestId() });
    } catch (err) {
      status.failures++;
      opts.log.warn({ op: op.id, err: err instanceof Error ? err.message : String(err) }, 'warming failed');
      return null;
    }
    if (served.cache === 'MISS') status.misses++;
    if (served.type === 'failure' || served.code !== 0) {
      status.failures++;
      return null;
    }
    return dataOf(req.id, served.body);
  }

  async function askAll(reqs: readonly ScreenRequest[], keys: string[]): Promise<void> {
    const seen = new Set(keys);
    const queue = reqs.filter((r) => {
      const key = canonicalRequest(r)?.key ?? null;
      if (key === null || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await ask(next, keys);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  async function warmOnce(): Promise<WarmStatus> {
    const keys: string[] = [];
    status = { ...status, state: 'running', startedAt: opts.ticker.now(), keys, misses: 0, failures: 0 };
    const today = shanghaiDate(opts.marketClock());
    // The inputs first (reference and daily answers: usually on disk already).
    const [calendar, varieties, ...lists] = await Promise.all([
      ask(CALENDAR_REQUEST, keys),
      ask(VARIETIES_REQUEST, keys),
      ...SECTOR_LIST_REQUESTS.map((r) => ask(r, keys)),
    ]);
    const days = [...tradingDaySet(calendar?.item.map((d) => d.date) ?? [])].sort();
    const sectorCodes = lists.flatMap((list) => list?.item ?? []);
    await askAll(
      [
        ...homeRequests(
          today,
          days,
          sectorCodes.map((i) => i.thscode),
        ),
        ...limitUpRequests(today, days),
      ],
      keys,
    );
    const variety = varieties?.item[0];
    if (variety) {
      const listings = await Promise.all(
        optionContractSearches(variety, today).map((params) =>
          ask({ id: 'meta/tickers/search', params }, keys),
        ),
      );
      const rows = listedContracts(
        listings.flatMap((l) => l?.item ?? []),
        variety,
      );
      const expiry = expiriesOf(rows, today)[0];
      const contracts = rows.filter((r) => r.last_trade_date === expiry).map((r) => r.thscode);
      // The first contract's terms name the underlying, whose quote the chain marks the money with.
      const first = contracts[0];
      const detail =
        first === undefined
          ? null
          : await ask({ id: 'options/contracts/detail', params: { thscode: first } }, keys);
      await askAll(optionChainRequests(contracts), keys);
      const underlying = detail?.underlying_code
        ? underlyingQuoteRequest(detail.underlying_code, variety.exchange_code)
        : null;
      if (underlying) await askAll([underlying], keys);
    }
    status = { ...status, state: 'done', finishedAt: opts.ticker.now() };
    opts.log.info(
      { requests: keys.length, misses: status.misses, failures: status.failures },
      'warmed the first screens',
    );
    return status;
  }

  function run(): Promise<WarmStatus> {
    running ??= warmOnce().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    const marketNow = opts.marketClock();
    const delay = Math.max(60_000, nextCloseAfter(marketNow) - marketNow);
    status = { ...status, nextAt: opts.ticker.now() + delay };
    cancelTimer = opts.ticker.setTimer(delay, () => {
      void run().finally(schedule);
    });
  }

  return {
    run,
    start() {
      void run().finally(schedule);
    },
    status: () => ({ ...status, keys: [...status.keys] }),
    stop() {
      stopped = true;
      cancelTimer?.();
    },
  };
}

/**
 * The catalog seen through a mapped type: indexing it with a generic `Id` then yields `DataOf<Id>`
 * (as src/api/client.ts does).
 */
type DataSchemas = { readonly [K in OperationId]: { readonly data: z.ZodType<DataOf<K>> } };
function dataSchemasOf(c: Catalog): DataSchemas {
  return c;
}

/** The data of an answer, checked with the operation's schema (null when it does not match). */
function dataOf<Id extends OperationId>(id: Id, body: string): DataOf<Id> | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const envelope = rawEnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const parsed = dataSchemasOf(catalog)[id].data.safeParse(envelope.data.data);
  return parsed.success ? parsed.data : null;
}
