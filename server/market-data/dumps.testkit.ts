import { readFile, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { DuckDBInstance } from '@duckdb/node-api';
import { dumpKindSchema } from '../../src/contract/market-data';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { shanghaiMidnight } from '../../src/contract/time';
import { answerOk } from '../gateway/fake-upstream.testkit';
import type { Behaviour } from '../gateway/fake-upstream.testkit';

/**
 * Small dump files for tests, written as the service publishes them (columns of upstream-extras §8.2)
 * with DuckDB's `COPY … TO … (FORMAT parquet)`.
 */

export interface TestBar {
  thscode: string;
  /** `yyyy-MM-dd` (Shanghai). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
}

export interface TestEvent {
  thscode: string;
  /** `yyyy-MM-dd` (Shanghai). */
  exDate: string;
  dividend: number;
  bonus: number;
  allotmentRatio?: number;
  allotmentPrice?: number | null;
}

const KLINE_COLUMNS =
  "{thscode: 'VARCHAR', currency: 'VARCHAR', interval: 'VARCHAR', adjusted: 'VARCHAR', date_ms: 'BIGINT', open_price: 'DOUBLE', high_price: 'DOUBLE', low_price: 'DOUBLE', close_price: 'DOUBLE', volume: 'BIGINT', turnover: 'DOUBLE'}";
const EVENT_COLUMNS =
  "{thscode: 'VARCHAR', ticker: 'VARCHAR', ex_date_ms: 'BIGINT', dividend_per_share: 'DOUBLE', per_share_bonus: 'DOUBLE', allotment_ratio: 'DOUBLE', allotment_price: 'DOUBLE', currency: 'VARCHAR'}";

/** A test's own temporary path as an SQL string literal (COPY takes no bound file name). */
function literal(path: string): string {
  return `'${path.replaceAll("'", "''")}'`;
}

async function copyJsonToParquet(rows: readonly object[], columns: string, target: string): Promise<void> {
  const json = `${target}.json`;
  await writeFile(json, rows.map((r) => JSON.stringify(r)).join('\n'));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT * FROM read_json(${literal(json)}, format = 'newline_delimited', columns = ${columns}))
        TO ${literal(target)} (FORMAT parquet)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export async function writeDailyKParquet(target: string, bars: readonly TestBar[]): Promise<void> {
  await copyJsonToParquet(
    bars.map((b) => ({
      thscode: b.thscode,
      currency: 'CNY',
      interval: '1d',
      adjusted: 'none',
      date_ms: shanghaiMidnight(b.date),
      open_price: b.open,
      high_price: b.high,
      low_price: b.low,
      close_price: b.close,
      volume: b.volume,
      turnover: b.turnover,
    })),
    KLINE_COLUMNS,
    target,
  );
}

export async function writeAdjustmentParquet(target: string, events: readonly TestEvent[]): Promise<void> {
  await copyJsonToParquet(
    events.map((e) => ({
      thscode: e.thscode,
      ticker: e.thscode.slice(0, 6),
      ex_date_ms: shanghaiMidnight(e.exDate),
      dividend_per_share: e.dividend,
      per_share_bonus: e.bonus,
      allotment_ratio: e.allotmentRatio ?? 0,
      allotment_price: e.allotmentPrice ?? null,
      currency: 'CNY',
    })),
    EVENT_COLUMNS,
    target,
  );
}

/** A Parquet file of some other shape (a dump that lacks columns). */
export async function writeParquetWithout(target: string, bars: readonly TestBar[]): Promise<void> {
  await copyJsonToParquet(
    bars.map((b) => ({ thscode: b.thscode, date_ms: shanghaiMidnight(b.date), close_price: b.close })),
    "{thscode: 'VARCHAR', date_ms: 'BIGINT', close_price: 'DOUBLE'}",
    target,
  );
}

/** Consecutive weekdays from `first`, `count` of them (`yyyy-MM-dd`). */
export function weekdays(first: string, count: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); out.length < count; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** A plain price path for a code over `days`: bars whose closes are `closes[i]`. */
export function barsOf(thscode: string, days: readonly string[], closes: readonly number[]): TestBar[] {
  return days.map((date, i) => {
    const close = closes[i] ?? 10;
    return {
      thscode,
      date,
      open: close,
      high: close * 1.01,
      low: close * 0.99,
      close,
      volume: 1000 * (i + 1),
      turnover: 1000 * (i + 1) * close,
    };
  });
}

/** What the fake service does for one dump: serve a file, say "not ready" (4040), or refuse the key. */
export type DumpBehaviour = { file: string } | { code: number };

export interface FakeDumpService {
  /** Per kind; a kind without an entry answers 4040. */
  dumps: Partial<Record<DumpKind, DumpBehaviour>>;
  /** The trading days the calendar answers (`yyyy-MM-dd`). */
  tradingDays: string[];
  /** Rows of the code table. */
  codes: { thscode: string; name: string }[];
  /** The secret part of every link the fake signs (must never reach a client or a log). */
  readonly linkSecret: string;
  /** Signing requests per kind, and downloads per kind (with whether they carried a key). */
  signings: Record<DumpKind, number>;
  downloads: { kind: DumpKind; withKey: boolean }[];
}

const DUMP_PATH_RE = /^\/api\/dump\/market-dumps\/(daily-k|daily-k-10d|adjustment-factors)\/download-url$/;
const STORAGE_RE = /^\/storage\/(daily-k|daily-k-10d|adjustment-factors)\/rel-\d+\/[a-z0-9-]+\.parquet$/;

/**
 * The service's side of the dumps on a fake upstream (fake-upstream.testkit.ts): the three signing
 * operations (with `X-api-key`), the storage behind their links (without), the trading calendar and
 * the code table. Anything else answers the fake's OK body.
 */
export function fakeDumpService(baseUrl: () => string): { state: FakeDumpService; behaviour: Behaviour } {
  const state: FakeDumpService = {
    dumps: {},
    tradingDays: [],
    codes: [],
    linkSecret: 'X-Amz-Signature=upstream-secret-7f3a9',
    signings: { 'daily-k': 0, 'daily-k-10d': 0, 'adjustment-factors': 0 },
    downloads: [],
  };
  let release = 0;
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const behaviour: Behaviour = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const sign = DUMP_PATH_RE.exec(url.pathname);
    if (sign) {
      const kind = dumpKindSchema.parse(sign[1]);
      state.signings[kind]++;
      const dump = state.dumps[kind] ?? { code: 4040 };
      if ('code' in dump) {
        json(res, { code: dump.code, message: 'not ready', request_id: 'up-dump', data: null });
        return;
      }
      release++;
      json(res, {
        code: 0,
        message: 'success',
        request_id: 'up-dump',
        data: {
          presigned_url: `${baseUrl()}/storage/${kind}/rel-${release}/${kind}.parquet?${state.linkSecret}`,
          presigned_url_expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
        },
      });
      return;
    }
    const stored = STORAGE_RE.exec(url.pathname);
    if (stored) {
      const kind = dumpKindSchema.parse(stored[1]);
      state.downloads.push({ kind, withKey: req.headers['x-api-key'] !== undefined });
      const dump = state.dumps[kind];
      if (!dump || !('file' in dump) || url.search !== `?${state.linkSecret}`) {
        res.writeHead(403).end('expired');
        return;
      }
      void readFile(dump.file).then((bytes) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
        res.end(bytes);
      });
      return;
    }
    if (url.pathname === '/api/a-share/calendar/trading-days') {
      json(res, {
        code: 0,
        message: 'success',
        request_id: 'up-cal',
        data: {
          timestamp: 0,
          item: state.tradingDays.map((d) => ({ date_ms: shanghaiMidnight(d), date: d.replaceAll('-', '') })),
        },
      });
      return;
    }
    if (url.pathname === '/api/meta/tickers/list') {
      json(res, {
        code: 0,
        message: 'success',
        request_id: 'up-list',
        data: {
          timestamp: 0,
          item: state.codes.map((c) => ({
            thscode: c.thscode,
            ticker: c.thscode.slice(0, 6),
            name: c.name,
            exchange: c.thscode.slice(7),
            asset_type: 'a-share',
            currency: 'CNY',
          })),
        },
      });
      return;
    }
    answerOk(req, res);
  };
  return { state, behaviour };
}
