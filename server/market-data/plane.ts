import { randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { catalog } from '../../src/contract/catalog';
import { BUSINESS_ERROR_HTTP_STATUS, ErrorCode, errorEnvelope } from '../../src/contract/envelope';
import { DUMPS_READY_AFTER_S, TAPE_OFF_STATUS } from '../../src/contract/market-data';
import type { PanelImport, PanelStatus, PlaneStatus, TapeStatus } from '../../src/contract/market-data';
import { isWeekday, msSinceShanghaiMidnight, tradingDaySet } from '../../src/contract/market-session';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { toQuery } from '../../src/contract/params';
import { boardOf } from '../../src/contract/price-limits';
import { addDays, shanghaiDate, shanghaiMidnight } from '../../src/contract/time';
import type { AuthConfig } from '../config';
import { newRequestId } from '../gateway/request-id';
import type { Ticker } from '../gateway/ticker';
import type { Upstream } from '../gateway/upstream-client';
import { DumpCopies, NOT_READY_RETRY_MS } from './dump-copies';
import type { DumpCopiesOptions } from './dump-copies';
import { dumpLinkSecret, dumpLinks } from './dump-links';
import type { DumpLinks } from './dump-links';
import type { Leases } from './lease';
import { ImportFailure, importDumpFile, recordFailedBatch } from './panel-import';
import { readLastImport, readPanelBars, readPanelExtent } from './panel-read';
import type { PanelExtent } from './panel-read';
import { createPanelTables } from './panel-schema';
import { openResearchStore } from './research-store';
import type { ResearchStore } from './research-store';

/**
 * The research panel's life: at start-up and after each close (DUMPS_READY_AFTER_S on a trading day,
 * by the gateway's market clock) it brings the panel up to date in the background: the full `daily-k`
 * when the panel is empty or more than two weeks behind, else `daily-k-10d`, after `adjustment-factors`,
 * then the names and boards of the code table. Each dump comes from the BFF's own copy (dump-copies.ts:
 * one upstream signing call per dump per data day, by the replica holding the lease); each import is
 * one transaction, so a failure (a bad file, a full disk, a dump not ready) leaves the previous panel
 * serving, is recorded and logged, and is tried again later. Nothing here throws into the server.
 */

export interface PlaneLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MarketDataPlaneOptions {
  researchDb: string;
  dumpDir: string;
  auth: AuthConfig;
  /** The gateway's upstream (budget, breakers, redaction). */
  upstream: Upstream;
  leases: Leases;
  /** The market clock (which trading day it is); may be pinned by SIM_NOW. */
  clock: () => number;
  /** Running time: link expiry, retry timers, batch times. */
  ticker: Ticker;
  log: PlaneLog;
  /** Tests replace the dump file writer (a disk that fills). */
  createWriter?: DumpCopiesOptions['createWriter'];
}

/** After a failed or incomplete update, the next try comes this much later. */
export const RETRY_MS = 10 * 60_000;
/** The schedule is looked at again at least this often (a moved market clock is noticed). */
const CHECK_MAX_MS = 60 * 60_000;
/** A panel further behind than this (calendar days) is loaded again from the full dump (as the CLI). */
const FULL_RELOAD_AFTER_DAYS = 14;
/** Rows per statement when the code table is written into dim_symbol. */
const SYMBOL_CHUNK = 500;

const EMPTY_EXTENT: PanelExtent = { first_date: null, latest_date: null, rows: 0, codes: 0, events: 0 };

export interface SyncReport {
  /** The data day the panel was brought to (or tried to). */
  day: string;
  /** Every step done or tried, in order. */
  steps: {
    kind: DumpKind | 'symbols';
    outcome: 'imported' | 'unchanged' | 'failed';
    detail?: string;
    /** The service has not published the dump yet (4040): asked again after NOT_READY_RETRY_MS. */
    notReady?: boolean;
  }[];
  /** Whether the panel now holds the data day (else it is tried again after RETRY_MS). */
  complete: boolean;
}

/** A client's answer to a dump signing request, as the /api plugin sends it. */
export interface DumpLinkAnswer {
  status: number;
  body: string;
}

export interface MarketDataPlane {
  /** Opens the store and starts the schedule (the app's onReady); failures are logged, not thrown. */
  start(): Promise<void>;
  /** Brings the panel up to date now (the schedule calls it; tests call it directly). */
  sync(): Promise<SyncReport>;
  status(): Promise<PlaneStatus>;
  panelStatus(): PanelStatus;
  /** The minute tape's part of the status (the tape recorder provides it). */
  provideTapeStatus(provider: () => Promise<TapeStatus>): void;
  /** Called after the panel was read again following an import (answers kept per panel are rebuilt). */
  onPanelChange(listener: () => void): void;
  /** The store once started (the tape keeps its own tables in it), else null. */
  store(): ResearchStore | null;
  /** A signed link of the BFF's own to today's copy of a dump, as the service's envelope. */
  answerDumpLink(kind: DumpKind, origin: string, requestId: string): Promise<DumpLinkAnswer>;
  /** Checks a dump file request: the file to send, or why not. */
  dumpFile(
    path: string,
    query: unknown,
  ): { ok: true; file: string } | { ok: false; status: number; code: number; message: string };
  /** Daily bars of one code from the panel (forward, backward or none). */
  bars: (params: Parameters<typeof readPanelBars>[1]) => Promise<Awaited<ReturnType<typeof readPanelBars>>>;
  close(): Promise<void>;
}

function daysBetween(from: string, to: string): number {
  return Math.round((shanghaiMidnight(to) - shanghaiMidnight(from)) / 86_400_000);
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? text).slice(0, 500);
}

export function createMarketDataPlane(opts: MarketDataPlaneOptions): MarketDataPlane {
  const { log, ticker } = opts;
  let store: ResearchStore | null = null;
  let links: DumpLinks | null = null;
  let copies: DumpCopies | null = null;
  let extent: PanelExtent = EMPTY_EXTENT;
  let lastImport: PanelImport | null = null;
  let importing: DumpKind | null = null;
  let tape: () => Promise<TapeStatus> = async () => TAPE_OFF_STATUS;
  const panelListeners: (() => void)[] = [];
  let calendar: { fetchedFor: string; days: Set<string> } | null = null;
  let timer: (() => void) | null = null;
  let running: Promise<SyncReport> | null = null;
  let closed = false;

  // ---- which day the panel should hold ----

  async function tradingDays(): Promise<Set<string> | null> {
    const today = shanghaiDate(opts.clock());
    if (calendar?.fetchedFor === today) return calendar.days;
    const operation = catalog['a-share/calendar/trading-days'];
    const outcome = await opts.upstream.call({ operation, query: '', requestId: newRequestId() });
    if (!outcome.ok || outcome.envelope.code !== ErrorCode.OK) return calendar?.days ?? null;
    const data = operation.data.safeParse(outcome.envelope.data);
    if (!data.success) return calendar?.days ?? null;
    calendar = { fetchedFor: today, days: tradingDaySet(data.data.item.map((i) => i.date)) };
    return calendar.days;
  }

  /** The latest trading day whose dumps are due by `now` (today after DUMPS_READY_AFTER_S). */
  function dataDayOf(now: number, days: Set<string> | null): string {
    // The calendar knows the days up to its own date (a cached answer may be a day old); after that,
    // and without a calendar, a weekday stands in for a trading day.
    let known = '';
    for (const day of days ?? []) if (day > known) known = day;
    const isTrading = (day: string) =>
      day <= known ? (days?.has(day) ?? false) : isWeekday(shanghaiMidnight(day));
    const today = shanghaiDate(now);
    if (isTrading(today) && msSinceShanghaiMidnight(now) >= DUMPS_READY_AFTER_S * 1000) return today;
    let day = addDays(today, -1);
    // A calendar holds no gap of a month; a missing one falls back to the day before.
    for (let i = 0; i < 31 && !isTrading(day); i++) day = addDays(day, -1);
    return day;
  }

  async function dataDay(): Promise<string> {
    return dataDayOf(opts.clock(), await tradingDays());
  }

  // ---- status ----

  function panelStatus(): PanelStatus {
    const due = dataDayOf(opts.clock(), calendar?.days ?? null);
    const state =
      store === null
        ? 'off'
        : extent.latest_date === null
          ? 'empty'
          : extent.latest_date >= due
            ? 'fresh'
            : 'stale';
    return { state, ...extent, last_import: lastImport, importing };
  }

  async function refresh(): Promise<void> {
    if (!store) return;
    extent = await store.read(readPanelExtent);
    lastImport = (await store.read(readLastImport)) ?? lastImport;
    for (const listener of panelListeners) listener();
  }

  /** A failure that left no batch in the store (not ready, or the store refused even that). */
  function noteFailure(kind: DumpKind, startedAt: number, reason: string, batchId: string) {
    lastImport = {
      batch_id: batchId,
      kind,
      status: 'failed',
      rows: null,
      hash: null,
      started_at: startedAt,
      completed_at: ticker.now(),
      error: reason,
    };
  }

  // ---- imports ----

  async function importKind(
    kind: DumpKind,
    day: string,
    rebuild = true,
  ): Promise<SyncReport['steps'][number]> {
    if (!store || !copies) return { kind, outcome: 'failed', detail: 'the plane is not started' };
    const current = store;
    const batchId = `${kind}-${day}-${randomUUID().slice(0, 8)}`;
    const startedAt = ticker.now();
    importing = kind;
    try {
      const copy = await copies.copyFor(kind, day);
      if (!copy.ok) {
        log.warn({ kind, day, code: copy.code, detail: copy.detail }, 'market data: dump not copied');
        if (copy.code !== ErrorCode.DUMP_NOT_READY) {
          await current
            .write((c) =>
              recordFailedBatch(c, {
                batchId,
                kind,
                source: `bff:${kind}:${day}`,
                startedAt,
                completedAt: ticker.now(),
                hash: null,
                reason: copy.message,
              }),
            )
            .catch(() => undefined);
        }
        noteFailure(kind, startedAt, copy.message, batchId);
        return {
          kind,
          outcome: 'failed',
          detail: copy.message,
          notReady: copy.code === ErrorCode.DUMP_NOT_READY,
        };
      }
      const { path, sha256, release } = copy.copy;
      const result = await current.write((c) =>
        importDumpFile(c, { kind, path, sha256, release }, { batchId, now: () => ticker.now(), rebuild }),
      );
      await refresh();
      if (result.outcome === 'imported') {
        log.info({ kind, day, release, rows: result.rows, batchId }, 'market data: dump imported');
        return { kind, outcome: 'imported' };
      }
      log.info({ kind, day, release }, 'market data: dump unchanged (imported before)');
      return { kind, outcome: 'unchanged' };
    } catch (error) {
      const reason = reasonOf(error);
      log.error({ kind, day, batchId, reason }, 'market data: import failed; the previous panel stays');
      await refresh().catch(() => undefined);
      if (!(error instanceof ImportFailure) || lastImport?.batch_id !== batchId) {
        noteFailure(kind, startedAt, reason, batchId);
      }
      return { kind, outcome: 'failed', detail: reason };
    } finally {
      importing = null;
    }
  }

  /** Names and boards from the code table (meta/tickers/list, paged) into dim_symbol. */
  async function importSymbols(): Promise<SyncReport['steps'][number]> {
    if (!store) return { kind: 'symbols', outcome: 'failed', detail: 'the plane is not started' };
    const operation = catalog['meta/tickers/list'];
    const page = 10_000;
    const rows: {
      thscode: string;
      ticker: string;
      name: string;
      exchange: string | null;
      asset_type: string;
    }[] = [];
    for (let offset = 0; offset < 10 * page; offset += page) {
      const query = toQuery({ exchange: ['SH', 'SZ', 'BJ'], asset_type: ['a-share'], limit: page, offset });
      const outcome = await opts.upstream.call({ operation, query, requestId: newRequestId() });
      if (!outcome.ok || outcome.envelope.code !== ErrorCode.OK) {
        const detail = outcome.ok ? `code ${outcome.envelope.code}` : outcome.failure.message;
        return { kind: 'symbols', outcome: 'failed', detail };
      }
      const data = operation.data.safeParse(outcome.envelope.data);
      if (!data.success) return { kind: 'symbols', outcome: 'failed', detail: 'unexpected code table shape' };
      rows.push(...data.data.item);
      if (data.data.item.length < page) break;
    }
    const at = ticker.now();
    await store.write(async (c: DuckDBConnection) => {
      await c.run('BEGIN TRANSACTION');
      try {
        for (let i = 0; i < rows.length; i += SYMBOL_CHUNK) {
          const chunk = rows.slice(i, i + SYMBOL_CHUNK);
          const values: (string | number | null)[] = [];
          const tuples = chunk.map((row, j) => {
            values.push(
              row.thscode,
              row.ticker,
              row.name,
              row.exchange,
              row.asset_type,
              boardOf(row.thscode),
              at,
            );
            const n = j * 7;
            return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, epoch_ms($${n + 7}::BIGINT))`;
          });
          await c.run(
            `INSERT INTO dim_symbol (thscode, ticker, name, exchange, asset_type, board, updated_at)
              VALUES ${tuples.join(', ')}
              ON CONFLICT (thscode) DO UPDATE SET ticker = excluded.ticker, name = excluded.name,
                exchange = excluded.exchange, asset_type = excluded.asset_type, board = excluded.board,
                updated_at = excluded.updated_at`,
            values,
          );
        }
        await c.run('COMMIT');
      } catch (error) {
        await c.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    return { kind: 'symbols', outcome: 'imported', detail: `${rows.length} codes` };
  }

  async function runSync(): Promise<SyncReport> {
    const day = await dataDay();
    const steps: SyncReport['steps'] = [];
    const latest = extent.latest_date;
    const kline: DumpKind | null =
      latest === null || daysBetween(latest, day) > FULL_RELOAD_AFTER_DAYS
        ? 'daily-k'
        : latest < day
          ? 'daily-k-10d'
          : null;
    // The events first, without building the bars again when a bars file follows (it builds them with the
    // events, from its Parquet file: 37 s for the full dump, where building from the panel's own table
    // took minutes).
    if (kline || eventsDay !== day) {
      const step = await importKind('adjustment-factors', day, kline === null);
      steps.push(step);
      if (step.outcome === 'failed') return { day, steps, complete: false };
      eventsDay = day;
    }
    if (kline) {
      const step = await importKind(kline, day);
      steps.push(step);
      if (step.outcome === 'failed') return { day, steps, complete: false };
    }
    if (symbolsDay !== day) {
      const step = await importSymbols().catch((error: unknown): SyncReport['steps'][number] => ({
        kind: 'symbols',
        outcome: 'failed',
        detail: reasonOf(error),
      }));
      steps.push(step);
      if (step.outcome === 'failed') log.warn({ detail: step.detail }, 'market data: code table not read');
      else symbolsDay = day;
    }
    return { day, steps, complete: extent.latest_date !== null && extent.latest_date >= day };
  }
  let eventsDay: string | null = null;
  let symbolsDay: string | null = null;

  function sync(): Promise<SyncReport> {
    running ??= runSync()
      .catch((error: unknown): SyncReport => {
        log.error({ reason: reasonOf(error) }, 'market data: update failed');
        return { day: '', steps: [], complete: false };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  // ---- schedule ----

  /** Milliseconds from `now` to the next DUMPS_READY_AFTER_S (any day: a non-trading day finds nothing to do). */
  function untilNextClose(now: number): number {
    const since = msSinceShanghaiMidnight(now);
    const due = DUMPS_READY_AFTER_S * 1000;
    return since < due ? due - since : 86_400_000 - since + due;
  }

  /** Updates now, then again after the next close (or after RETRY_MS when this one fell short). */
  function runAndSchedule() {
    void sync().then((report) => {
      if (closed) return;
      // A small margin past the due moment, so that the clock reads "after" when it fires.
      // A dump not published yet is asked for again soon (one signing call a minute); other failures later.
      const next = report.complete
        ? Math.min(untilNextClose(opts.clock()) + 1_000, CHECK_MAX_MS)
        : report.steps.some((step) => step.notReady === true)
          ? NOT_READY_RETRY_MS
          : RETRY_MS;
      timer?.();
      timer = ticker.setTimer(next, () => {
        timer = null;
        runAndSchedule();
      });
    });
  }

  // ---- the dumps for clients ----

  async function answerDumpLink(kind: DumpKind, origin: string, requestId: string): Promise<DumpLinkAnswer> {
    const fail = (status: number, code: number, message: string): DumpLinkAnswer => ({
      status,
      body: JSON.stringify(errorEnvelope(code, message, requestId)),
    });
    if (!copies || !links)
      return fail(
        BUSINESS_ERROR_HTTP_STATUS,
        ErrorCode.DUMP_NOT_READY,
        'The market data plane is starting; please try again shortly.',
      );
    const day = await dataDay();
    const startedAt = ticker.now();
    const result = await copies.copyFor(kind, day);
    if (!result.ok) {
      log.warn({ kind, day, code: result.code, detail: result.detail }, 'market data: dump link not given');
      if (result.code === ErrorCode.DUMP_NOT_READY)
        noteFailure(kind, startedAt, result.message, `${kind}-${day}-pending`);
      return fail(result.httpStatus, result.code, result.message);
    }
    const link = links.sign(origin, kind, result.copy.release, ticker.now());
    return {
      status: 200,
      body: JSON.stringify({
        code: ErrorCode.OK,
        message: 'success',
        request_id: requestId,
        data: {
          presigned_url: link.url,
          presigned_url_expires_at: new Date(link.expiresAt).toISOString(),
        },
      }),
    };
  }

  function dumpFile(path: string, query: unknown): ReturnType<MarketDataPlane['dumpFile']> {
    if (!links || !copies) {
      return {
        ok: false,
        status: 503,
        code: ErrorCode.DUMP_NOT_READY,
        message: 'The market data plane is starting.',
      };
    }
    const verdict = links.verify(path, query, ticker.now());
    if (!verdict.ok) {
      return {
        ok: false,
        status: 403,
        code: ErrorCode.FORBIDDEN,
        message:
          verdict.reason === 'expired'
            ? 'This download link has expired; ask for a new one.'
            : 'This download link is not valid (it was altered or not made by this server).',
      };
    }
    return { ok: true, file: copies.fileOf(verdict.kind, verdict.release) };
  }

  return {
    async start() {
      try {
        store = await openResearchStore(opts.researchDb);
        await store.write(createPanelTables);
        links = dumpLinks(await dumpLinkSecret(opts.auth, opts.dumpDir));
        copies = new DumpCopies({
          dir: opts.dumpDir,
          upstream: opts.upstream,
          leases: opts.leases,
          ticker,
          clock: opts.clock,
          ...(opts.createWriter ? { createWriter: opts.createWriter } : {}),
        });
        await refresh();
      } catch (error) {
        log.error(
          { reason: reasonOf(error) },
          'market data: the research store could not be opened; the plane is off',
        );
        await store?.close().catch(() => undefined);
        store = null;
        return;
      }
      // In the background: the first look right away (the panel may be empty or behind); a caller
      // of sync() from now on joins it.
      runAndSchedule();
    },
    sync,
    status: async () => ({ panel: panelStatus(), tape: await tape() }),
    panelStatus,
    provideTapeStatus(provider) {
      tape = provider;
    },
    onPanelChange(listener) {
      panelListeners.push(listener);
    },
    store: () => store,
    answerDumpLink,
    dumpFile,
    async bars(params) {
      if (!store) return [];
      return store.read((c) => readPanelBars(c, params));
    },
    async close() {
      closed = true;
      timer?.();
      timer = null;
      await running;
      await copies?.close();
      await opts.leases.close();
      await store?.close();
    },
  };
}
