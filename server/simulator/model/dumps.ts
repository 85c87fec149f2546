import { createHash } from 'node:crypto';
import { DUMP_RECENT_DAYS, type DumpKind } from '../../../src/contract/operations/market-dumps';
import { compactDateOf, midnightMs, tradingDayAt } from './calendar';
import { corporateEvents, dailyBar, firstBarIndex } from './prices';
import { marketClock } from './session';
import { listedStocks, stockByCode, type Stock } from './universe';

/**
 * What the whole-market dumps (upstream-extras §8.2) hold at a moment: the data date is the latest closed
 * trading day (a session in progress is not in them), the stocks are those listed by then, `daily-k`
 * holds each one's whole published history, `daily-k-10d` the last DUMP_RECENT_DAYS trading days and
 * `adjustment-factors` every published event up to the data date. The rows are the simulator's own bars
 * and events (`prices.ts`), so they agree with `prices/historical` and `adjustment-factors`.
 */

/** Bumped when the files' layout changes (the release of a dump changes with it). */
const DUMP_FORMAT_VERSION = 1;

/** Which stocks the dumps hold: all, the first n of the code table, or the listed ones of some codes. */
export type DumpCodes = 'all' | number | readonly string[];

/** Trading index of the data date at a moment: the latest trading day whose session has ended. */
export function dumpDataIndex(now: number): number {
  return marketClock(now).lastClosedIndex;
}

/** The stocks of the dumps of a data date, ascending by code. */
export function dumpStocks(dataIndex: number, codes: DumpCodes): readonly Stock[] {
  const listed = listedStocks(tradingDayAt(dataIndex));
  if (codes === 'all') return listed;
  if (typeof codes === 'number') return listed.slice(0, Math.max(0, codes));
  const wanted = new Set(codes);
  return listed.filter((s) => wanted.has(s.thscode));
}

/** First trading index of a bar dump (0 for the whole history: each stock starts at its first bar). */
export function dumpFromIndex(kind: DumpKind, dataIndex: number): number {
  return kind === 'daily-k-10d' ? dataIndex - DUMP_RECENT_DAYS + 1 : 0;
}

/**
 * The release of a dump: its data date (`yyyyMMdd`) and a fingerprint of what decides its content (the
 * format, the kind, the codes, and probe values of the price model), so a cached file is reused across
 * restarts exactly while it would be generated the same.
 */
export function dumpRelease(kind: DumpKind, dataIndex: number, stocks: readonly Stock[]): string {
  const probes = [stocks[0], stocks[Math.floor(stocks.length / 2)], stocks[stocks.length - 1]].map((s) =>
    s === undefined
      ? null
      : {
          first: dailyBar(s, firstBarIndex(s)),
          last: dailyBar(s, dataIndex),
          events: corporateEvents(s).map((e) => [e.day, e.dividend, e.bonus]),
        },
  );
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: DUMP_FORMAT_VERSION, kind, codes: stocks.map((s) => s.thscode), probes }))
    .digest('hex');
  return `${compactDateOf(tradingDayAt(dataIndex))}-${hash.slice(0, 10)}`;
}

/** A row of `adjustment-factors` (the file adds allotment_ratio 0, allotment_price NULL, currency CNY). */
export interface AdjustmentRow {
  readonly thscode: string;
  readonly ticker: string;
  readonly exDateMs: number;
  readonly dividend: number;
  readonly bonus: number;
}

/** The published events of a stock up to the data date, ascending by ex-date. */
export function adjustmentRows(stock: Stock, dataIndex: number): AdjustmentRow[] {
  return corporateEvents(stock)
    .filter((e) => e.index <= dataIndex)
    .map((e) => ({
      thscode: stock.thscode,
      ticker: stock.ticker,
      exDateMs: midnightMs(e.day),
      dividend: e.dividend,
      bonus: e.bonus,
    }));
}

/** The stocks of some codes (unknown ones left out), in the order given. */
export function stocksOf(codes: readonly string[]): Stock[] {
  const out: Stock[] = [];
  for (const code of codes) {
    const stock = stockByCode(code);
    if (stock) out.push(stock);
  }
  return out;
}
