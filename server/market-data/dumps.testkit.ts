import { writeFile } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { shanghaiMidnight } from '../../src/contract/time';

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
