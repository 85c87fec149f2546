import { catalog } from '../../src/contract/catalog';
import type { OperationId } from '../../src/contract/catalog';
import { ErrorCode } from '../../src/contract/envelope';
import type { TapeStatus } from '../../src/contract/market-data';
import {
  isWeekday,
  msSinceShanghaiMidnight,
  TIMETABLE,
  tradingDaySet,
} from '../../src/contract/market-session';
import { TAPE_OPENING_LABEL, tapeLabelAt } from '../../src/contract/market-tape';
import { WHOLE_MARKET_PAGE } from '../../src/contract/operations/a-share-prices';
import { HOME_SECTOR_TAGS, MAIN_INDICES } from '../../src/contract/operations/index-group-terms';
import { parseParams } from '../../src/contract/params';
import type { RawQuery } from '../../src/contract/params';
import { shanghaiDate } from '../../src/contract/time';
import { newRequestId } from '../gateway/request-id';
import type { Ticker } from '../gateway/ticker';
import type { Upstream, UpstreamOutcome, UpstreamRequest } from '../gateway/upstream-client';
import type { Leases } from './lease';
import type { ResearchStore } from './research-store';
import { tapeSummary, writeTapeGap, writeTapeMinute } from './tape-store';
import type { GapReason, TapeRow } from './tape-store';

/**
 * The minute tape's recorder. While the exchanges are open (the opening auction from 09:15 included, see
 * market-tape.ts for the minutes and their labels) it reads, once per new minute of the market clock,
 * the whole A-share snapshot in one call and the snapshot of the main indices and the home page's
 * sectors (one call per INDEX_SNAPSHOT_MAX codes: one today), and stores them as that minute's tape.
 *
 * Politeness: its calls go through the gateway as background work (behind every user request in the
 * budget, the first dropped from a full queue); it makes at most `callsPerMinute(share, rate)` calls in
 * any minute of the market clock (TAPE_BUDGET_SHARE of UPSTREAM_RATE_PER_SEC; 2 a minute in a session,
 * plus the calendar and the two sector lists once a day, before the open when the server is up then);
 * and it yields while user requests wait for the budget: it tries again a few seconds later in the same
 * minute, and a minute it never got to is a gap (`tape_gaps`), not a late reading.
 *
 * A table whose data time is more than 30 s before the minute (an answer the cache kept while the
 * clock moved on) is read again a tick later, never stored under the wrong minute.
 *
 * One recorder across replicas: only the holder of the lease `tape` calls the service; the others make
 * no upstream call for the tape, and copy the holder's readings from the answer cache they share with it
 * (`kept`; Redis with REDIS_URL) when they can, so that every replica can draw the intraday charts.
 */

export const TAPE_LEASE = 'tape';
/** How often the real ticker looks whether the market clock has entered a new minute. */
export const TAPE_TICK_MS = 5_000;
/** The lease outlives a few missed ticks, and hands over within two minutes when its holder dies. */
const LEASE_TTL_MS = 2 * 60_000;
/** The day's reference reads (calendar, sector lists) are made from this long before the auction. */
const PREPARE_LEAD_S = 15 * 60;
/**
 * A table whose data time is this much older than the minute being recorded is an earlier minute's (an
 * answer the cache kept while the clock moved on): it is read again a tick later, never stored under
 * the wrong minute.
 */
const STALE_AFTER_MS = 30_000;
/** Stale tables read in one minute before the minute is given up. */
const MAX_STALE_READS = 2;
/** The contract's bound on codes per index snapshot (index-group.ts). */
export const INDEX_SNAPSHOT_MAX = 1000;

/** Calls a minute the tape may make: its share of the budget over a minute, whole calls. */
export function callsPerMinute(share: number, ratePerSecond: number): number {
  return Math.floor(share * ratePerSecond * 60 + 1e-9);
}

export interface TapeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface TapeRecorderOptions {
  /** The gateway's background path (`gateway.backgroundUpstream`): cache, merging, budget, retries. */
  upstream: Upstream;
  store: ResearchStore;
  leases: Leases;
  /** The market clock (pinned by SIM_NOW, moved by SIM_CLOCK_CONTROL). */
  clock: () => number;
  /** TAPE_BUDGET_SHARE and UPSTREAM_RATE_PER_SEC. */
  budget: { share: number; ratePerSecond: number };
  /**
   * The answer the gateway's cache keeps for a request, here or shared by another replica (`gateway.kept`),
   * without a call: a replica that does not hold the lease copies the holder's readings with it (with
   * REDIS_URL every replica so has the tape). Without it such a replica records nothing.
   */
  kept?: (req: UpstreamRequest) => Promise<UpstreamOutcome | null>;
  /** User requests waiting for a turn of the budget now (`gateway.status().budget.queued.user`). */
  queuedUserRequests: () => number;
  /** Waiting user requests from which the recorder yields. */
  yieldAtQueue?: number;
  log?: TapeLog;
}

export type TickOutcome =
  | { kind: 'closed' }
  | { kind: 'follower' }
  | { kind: 'prepared' }
  | { kind: 'done' }
  | { kind: 'not-today' }
  | { kind: 'recorded'; minuteMs: number; codes: number }
  | { kind: 'skipped'; minuteMs: number; reason: GapReason };

export interface TapeRecorder {
  /** One look at the clock: records the minute if it is due (tests call it directly). */
  tick(): Promise<TickOutcome>;
  /** Looks every `everyMs` on `ticker` (real time in production). */
  start(ticker: Ticker, everyMs?: number): void;
  /** Stops looking and gives the lease up; waits for a tick that is running. */
  stop(): Promise<void>;
  status(): Promise<TapeStatus>;
  /** Upstream calls the recorder made in each minute of the market clock (minute start ms → calls). */
  callsByMinute(): ReadonlyMap<number, number>;
}

const noLog: TapeLog = { info: () => undefined, warn: () => undefined };

class TapeCallError extends Error {
  constructor(
    readonly reason: GapReason,
    message: string,
  ) {
    super(message);
    this.name = 'TapeCallError';
  }
}

interface DayPlan {
  day: string;
  trading: boolean;
  /** Index and sector codes recorded, sorted; null until the lists were read. */
  indexCodes: string[] | null;
}

export function createTapeRecorder(opts: TapeRecorderOptions): TapeRecorder {
  const log = opts.log ?? noLog;
  const allowed = callsPerMinute(opts.budget.share, opts.budget.ratePerSecond);
  const yieldAt = opts.yieldAtQueue ?? 1;
  const calls = new Map<number, number>();
  let plan: DayPlan | null = null;
  /** The market-clock minute last recorded or given up (one reading a minute). */
  let recordedMinute: number | null = null;
  /** A minute that was due and not recorded yet, with why (a gap once the minute has passed). */
  let pending: { minute: number; labelMs: number; day: string; reason: GapReason } | null = null;
  /** Stale tables read in the current minute. */
  let reads = { minute: Number.NaN, count: 0 };
  let holder = false;
  /** This tick copies the holder's readings from the cache (see `kept`) instead of calling. */
  let following = false;
  let lastOutcome: TickOutcome['kind'] = 'closed';
  let running: Promise<TickOutcome> | null = null;
  let cancelTimer: (() => void) | null = null;

  function minuteOf(ms: number): number {
    return ms - (((ms % 60_000) + 60_000) % 60_000);
  }

  function callsIn(minute: number): number {
    return calls.get(minute) ?? 0;
  }

  /**
   * One upstream call, counted in the current minute; refused (a gap) beyond the share. A replica that
   * follows takes the answer the cache keeps instead (no call; `stale` when there is none yet).
   */
  async function call(id: OperationId, raw: RawQuery): Promise<unknown> {
    const minute = minuteOf(opts.clock());
    const operation = catalog[id];
    const parsed = parseParams(operation.params, raw, { unknown: 'reject', known: operation.paramNames });
    if (!parsed.ok) throw new Error(`tape: bad parameters for ${id}: ${parsed.message}`);
    const request = { operation, query: parsed.query, requestId: newRequestId() };
    let outcome: UpstreamOutcome;
    if (following) {
      const kept = (await opts.kept?.(request)) ?? null;
      if (kept === null) throw new TapeCallError('stale', `${id}: nothing kept yet`);
      outcome = kept;
    } else {
      if (callsIn(minute) + 1 > allowed) throw new TapeCallError('budget', 'the minute’s share is used up');
      calls.set(minute, callsIn(minute) + 1);
      for (const old of calls.keys()) if (old < minute - 10 * 60_000) calls.delete(old);
      outcome = await opts.upstream.call(request);
    }
    if (!outcome.ok) {
      const busy = outcome.failure.kind === 'busy';
      throw new TapeCallError(busy ? 'busy' : 'failed', `${id}: ${outcome.failure.message}`);
    }
    if (outcome.envelope.code !== ErrorCode.OK) {
      throw new TapeCallError('failed', `${id} answered code ${outcome.envelope.code}`);
    }
    return outcome.envelope.data;
  }

  async function readCalendar(day: string, nowMs: number): Promise<boolean> {
    try {
      const data = catalog['a-share/calendar/trading-days'].data.parse(
        await call('a-share/calendar/trading-days', {}),
      );
      return tradingDaySet(data.item.map((d) => d.date)).has(day);
    } catch (err) {
      if (err instanceof TapeCallError && err.reason === 'budget') throw err;
      log.warn({ err }, 'tape: the trading calendar could not be read; weekdays count as trading days');
      return isWeekday(nowMs);
    }
  }

  async function readIndexCodes(): Promise<string[]> {
    const codes = new Set<string>(MAIN_INDICES.map((i) => i.thscode));
    for (const tag of HOME_SECTOR_TAGS) {
      const data = catalog['a-share-index/catalog/ths-index-list'].data.parse(
        await call('a-share-index/catalog/ths-index-list', { tag }),
      );
      for (const item of data.item) codes.add(item.thscode.toUpperCase());
    }
    return [...codes].sort();
  }

  /** Today's plan: is it a trading day, which indices (read once a day, calls counted). */
  async function planFor(day: string, nowMs: number): Promise<DayPlan> {
    if (plan?.day !== day) plan = { day, trading: await readCalendar(day, nowMs), indexCodes: null };
    if (plan.trading && plan.indexCodes === null) {
      try {
        plan.indexCodes = await readIndexCodes();
      } catch (err) {
        if (err instanceof TapeCallError && err.reason === 'budget') throw err;
        const main = MAIN_INDICES.map((i) => i.thscode).sort();
        // A follower asks the cache again next time (the holder may not have read the lists yet).
        if (following) return { ...plan, indexCodes: main };
        log.warn({ err }, 'tape: the sector lists could not be read; recording the main indices only');
        plan.indexCodes = main;
      }
    }
    return plan;
  }

  async function readMinute(
    day: string,
    codes: readonly string[],
    opening: boolean,
  ): Promise<TapeRow[] | null> {
    const chunks = Math.ceil(codes.length / INDEX_SNAPSHOT_MAX);
    const minute = minuteOf(opts.clock());
    if (!following && callsIn(minute) + 1 + chunks > allowed)
      throw new TapeCallError('budget', 'the minute’s share is used up');
    const market = catalog['a-share/prices/snapshot'].data.parse(
      await call('a-share/prices/snapshot', { limit: String(WHOLE_MARKET_PAGE), offset: '0' }),
    );
    // Before the auction matches the table still shows the previous day: nothing of today to keep.
    if (market.timestamp === null || shanghaiDate(market.timestamp) !== day) return null;
    // The opening point keeps the auction's time (09:25) until 09:30; every other minute is a new table.
    if (!opening && market.timestamp < minute - STALE_AFTER_MS) {
      throw new TapeCallError('stale', `the table is of ${new Date(market.timestamp).toISOString()}`);
    }
    const rows = new Map<string, TapeRow>();
    const add = (item: (typeof market.item)[number]) =>
      rows.set(item.thscode.toUpperCase(), {
        thscode: item.thscode.toUpperCase(),
        price: item.last_price,
        volume: item.volume,
        turnover: item.turnover,
        prevClose: item.prev_price,
      });
    market.item.forEach(add);
    for (let i = 0; i < codes.length; i += INDEX_SNAPSHOT_MAX) {
      const indices = catalog['a-share-index/prices/snapshot'].data.parse(
        await call('a-share-index/prices/snapshot', {
          thscodes: codes.slice(i, i + INDEX_SNAPSHOT_MAX).join(','),
        }),
      );
      indices.item.forEach(add);
    }
    return [...rows.values()];
  }

  async function noteGap(gap: { day: string; labelMs: number; reason: GapReason }): Promise<void> {
    log.warn({ minute: new Date(gap.labelMs).toISOString(), reason: gap.reason }, 'tape: minute skipped');
    await writeTapeGap(opts.store, {
      day: gap.day,
      minuteMs: gap.labelMs,
      reason: gap.reason,
      at: opts.clock(),
    }).catch((err: unknown) => log.warn({ err }, 'tape: a gap could not be written'));
  }

  async function tickOnce(): Promise<TickOutcome> {
    const now = opts.clock();
    const minute = minuteOf(now);
    if (pending && pending.minute !== minute) {
      const gap = pending;
      pending = null;
      await noteGap(gap);
    }
    const sinceMidnight = msSinceShanghaiMidnight(now);
    const second = sinceMidnight / 1000;
    const label = tapeLabelAt(second);
    const preparing =
      label === null &&
      second >= TIMETABLE.openingAuction - PREPARE_LEAD_S &&
      second < TIMETABLE.openingAuction;
    if (label === null && !preparing) return { kind: 'closed' };
    if (recordedMinute === minute) return { kind: 'done' };
    holder = await opts.leases.acquire(TAPE_LEASE, LEASE_TTL_MS);
    following = !holder;
    // Another replica records; this one copies its readings from the shared cache, if it can.
    if (following && (opts.kept === undefined || label === null)) return { kind: 'follower' };
    const day = shanghaiDate(now);
    const labelMs = label === null ? null : now - sinceMidnight + label * 1000;
    try {
      const today = await planFor(day, now);
      if (!today.trading) return { kind: 'closed' };
      if (labelMs === null) return { kind: 'prepared' };
      if (opts.queuedUserRequests() >= yieldAt) throw new TapeCallError('busy', 'user requests are waiting');
      const opening = label === TAPE_OPENING_LABEL;
      const rows = await readMinute(day, today.indexCodes ?? [], opening);
      if (rows === null) {
        recordedMinute = minute;
        pending = null;
        return { kind: 'not-today' };
      }
      await writeTapeMinute(opts.store, { day, minuteMs: labelMs, readAt: now, rows });
      recordedMinute = minute;
      pending = null;
      return { kind: 'recorded', minuteMs: labelMs, codes: rows.length };
    } catch (err) {
      if (!(err instanceof TapeCallError)) {
        log.warn({ err }, 'tape: recording failed');
        if (labelMs !== null) pending = { minute, labelMs, day, reason: 'failed' };
        recordedMinute = minute;
        return labelMs === null
          ? { kind: 'closed' }
          : { kind: 'skipped', minuteMs: labelMs, reason: 'failed' };
      }
      if (labelMs === null) return { kind: 'closed' };
      pending = { minute, labelMs, day, reason: err.reason };
      // Waiting users and a table still in the cache pass in seconds: the same minute is tried again (a
      // stale table once more: two readings a minute at most). A failed service or a spent share is not
      // asked again before the next minute.
      if (reads.minute !== minute) reads = { minute, count: 0 };
      if (err.reason === 'stale') reads.count++;
      const givenUp = !following && reads.count >= MAX_STALE_READS;
      if (err.reason === 'failed' || err.reason === 'budget' || givenUp) recordedMinute = minute;
      return { kind: 'skipped', minuteMs: labelMs, reason: err.reason };
    }
  }

  function tick(): Promise<TickOutcome> {
    // One tick at a time: a slow snapshot must not start a second reading of the same minute.
    if (running) return running;
    running = tickOnce()
      .then((outcome) => {
        lastOutcome = outcome.kind;
        return outcome;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    tick,
    start(ticker, everyMs = TAPE_TICK_MS) {
      const loop = () => {
        cancelTimer = ticker.setTimer(everyMs, () => {
          void tick()
            .catch((err: unknown) => log.warn({ err }, 'tape: tick failed'))
            .finally(() => {
              if (cancelTimer !== null) loop();
            });
        });
      };
      loop();
    },
    async stop() {
      cancelTimer?.();
      cancelTimer = null;
      await running?.catch(() => undefined);
      if (holder) await opts.leases.release(TAPE_LEASE).catch(() => undefined);
      holder = false;
    },
    async status() {
      const summary = await tapeSummary(opts.store);
      const minute = minuteOf(opts.clock());
      const recording = lastOutcome === 'recorded' || lastOutcome === 'done' || lastOutcome === 'skipped';
      return {
        state: recording ? 'recording' : 'idle',
        ...summary,
        calls_last_minute: callsIn(minute - 60_000),
      };
    },
    callsByMinute: () => calls,
  };
}
