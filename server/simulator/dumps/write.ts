import { rm } from 'node:fs/promises';
import { DOUBLE, DuckDBDataChunk, DuckDBInstance, INTEGER, VARCHAR } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ADJUSTMENT_COLUMNS, DAILY_K_COLUMNS } from '../../../src/contract/operations/market-dumps';
import { SHANGHAI_OFFSET_MS, DAY_MS } from '../../../src/contract/time';
import { adjustmentRows, stocksOf } from '../model/dumps';
import { forEachDailyBar } from '../model/prices';

/**
 * Writes the dump files with DuckDB (run in a worker thread by `store.ts`): the simulator's bars and
 * events go into an in-memory table through data chunks (typed arrays, no call per value), then
 * `COPY … TO … (FORMAT parquet)` writes them with the columns and types of §8.2, in code and date order.
 */

/** Rows per data chunk (DuckDB's vector size). */
const CHUNK_ROWS = 2048;
/** Memory of one job's database (a writer thread's share of the server's). */
const MEMORY_LIMIT = '384MB';

/**
 * A DuckDB database for one job. The bars go to a file beside the output (removed after), within a
 * memory limit: two writer threads of the whole market would otherwise hold ten years of bars in memory.
 */
async function withConnection<T>(
  threads: number,
  database: string,
  fn: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(database, {
    threads: String(threads),
    memory_limit: MEMORY_LIMIT,
  });
  const connection = await instance.connect();
  try {
    return await fn(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
    if (database !== ':memory:') await rm(database, { force: true });
  }
}

/** `COPY (select) TO out`: written beside `out` first, so a reader never sees half a file. */
async function copyTo(
  connection: DuckDBConnection,
  select: string,
  out: string,
  values: Record<string, string> = {},
) {
  await rm(out, { force: true });
  await connection.run(`COPY (${select}) TO $out (FORMAT parquet)`, { ...values, out });
}

/** The daily bars of some codes from trading index `from` to `to` (each from its first bar). */
export async function writeDailyK(
  codes: readonly string[],
  from: number,
  to: number,
  out: string,
): Promise<number> {
  return withConnection(1, `${out}.duckdb`, async (connection) => {
    await connection.run(
      'CREATE TABLE bars (thscode VARCHAR, day INTEGER, open DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE, volume DOUBLE, turnover DOUBLE)',
    );
    const appender = await connection.createAppender('bars');
    const types = [VARCHAR, INTEGER, DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE];
    const code: string[] = [];
    const day = new Int32Array(CHUNK_ROWS);
    const columns = Array.from({ length: 6 }, () => new Float64Array(CHUNK_ROWS));
    let rows = 0;
    const flush = () => {
      const n = code.length;
      if (n === 0) return;
      const chunk = DuckDBDataChunk.create(types, n);
      chunk.setColumnValues(0, code);
      chunk.setColumnValues(1, Array.from(day.subarray(0, n)));
      columns.forEach((values, i) => chunk.setColumnValues(i + 2, Array.from(values.subarray(0, n))));
      appender.appendDataChunk(chunk);
      rows += n;
      code.length = 0;
    };
    for (const stock of stocksOf(codes)) {
      forEachDailyBar(stock, from, to, (bar) => {
        const i = code.length;
        code.push(stock.thscode);
        day[i] = bar.day;
        (columns[0] as Float64Array)[i] = bar.open;
        (columns[1] as Float64Array)[i] = bar.high;
        (columns[2] as Float64Array)[i] = bar.low;
        (columns[3] as Float64Array)[i] = bar.close;
        (columns[4] as Float64Array)[i] = bar.volume;
        (columns[5] as Float64Array)[i] = bar.turnover;
        if (code.length === CHUNK_ROWS) flush();
      });
    }
    flush();
    appender.closeSync();
    const [, , , , , open, high, low, close, volume, turnover] = DAILY_K_COLUMNS;
    await copyTo(
      connection,
      `SELECT thscode, 'CNY' AS currency, '1d' AS "interval", 'none' AS adjusted,
        CAST(day AS BIGINT) * ${DAY_MS} - ${SHANGHAI_OFFSET_MS} AS date_ms,
        open AS ${open}, high AS ${high}, low AS ${low}, close AS ${close},
        volume AS ${volume}, turnover AS ${turnover}
       FROM bars`,
      out,
    );
    return rows;
  });
}

/** The published events of some codes up to trading index `to`. */
export async function writeAdjustmentFactors(
  codes: readonly string[],
  to: number,
  out: string,
): Promise<number> {
  return withConnection(1, ':memory:', async (connection) => {
    await connection.run(
      'CREATE TABLE events (thscode VARCHAR, ticker VARCHAR, ex_date_ms BIGINT, dividend_per_share DOUBLE, per_share_bonus DOUBLE)',
    );
    const appender = await connection.createAppender('events');
    let rows = 0;
    for (const stock of stocksOf(codes)) {
      for (const row of adjustmentRows(stock, to)) {
        appender.appendVarchar(row.thscode);
        appender.appendVarchar(row.ticker);
        appender.appendBigInt(BigInt(row.exDateMs));
        appender.appendDouble(row.dividend);
        appender.appendDouble(row.bonus);
        appender.endRow();
        rows++;
      }
    }
    appender.closeSync();
    const [thscode, ticker, exDate, dividend, bonus, ratio, price, currency] = ADJUSTMENT_COLUMNS;
    await copyTo(
      connection,
      `SELECT ${thscode}, ${ticker}, ${exDate}, ${dividend}, ${bonus}, CAST(0 AS DOUBLE) AS ${ratio},
        CAST(NULL AS DOUBLE) AS ${price}, 'CNY' AS ${currency}
       FROM events`,
      out,
    );
    return rows;
  });
}

/** One file of several with the same columns, in the order given. */
export async function concatParquet(parts: readonly string[], out: string): Promise<number> {
  return withConnection(2, ':memory:', async (connection) => {
    const names = parts.map((_, i) => `$part${i}`).join(', ');
    const values = Object.fromEntries(parts.map((p, i) => [`part${i}`, p]));
    await copyTo(connection, `SELECT * FROM read_parquet([${names}])`, out, values);
    const reader = await connection.runAndReadAll('SELECT count(*) FROM read_parquet($out)', { out });
    return Number(reader.getRowsJson()[0]?.[0] ?? 0);
  });
}
