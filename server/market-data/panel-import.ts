import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { ADJUSTMENT_COLUMNS, DAILY_K_COLUMNS } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { SHANGHAI_OFFSET_MS } from '../../src/contract/time';

/**
 * Imports one dump file into the research panel, as the vendor CLI's importer does
 * (`hithink-finance-cli/src/infrastructure/duckdb/importer.ts` and `factors.ts`), in one transaction:
 * the file's columns are checked, its rows go in (`daily-k` replaces the bars, `daily-k-10d` upserts
 * on `(thscode, date)`, `adjustment-factors` replaces the events), the adjustment factors are computed
 * again, and the batch is recorded. Any failure rolls all of it back (readers keep the previous panel)
 * and records a failed batch with the reason. A file whose content (SHA-256) was imported before is
 * not imported again.
 */

export interface DumpFile {
  kind: DumpKind;
  /** The Parquet file on disk. */
  path: string;
  /** SHA-256 of the file (hex). */
  sha256: string;
  /** Where it came from, for the batch's `source` (the BFF's release of the dump). */
  release: string;
}

export type ImportOutcome =
  { outcome: 'imported'; batchId: string; rows: number } | { outcome: 'unchanged'; batchId: string };

export class ImportFailure extends Error {
  constructor(
    readonly batchId: string,
    message: string,
    options?: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'ImportFailure';
  }
}

/** Columns the importer needs, per kind (a file may have more). */
const REQUIRED: Record<DumpKind, readonly string[]> = {
  'daily-k': DAILY_K_COLUMNS.filter((c) => c !== 'currency' && c !== 'interval' && c !== 'adjusted'),
  'daily-k-10d': DAILY_K_COLUMNS.filter((c) => c !== 'currency' && c !== 'interval' && c !== 'adjusted'),
  'adjustment-factors': ADJUSTMENT_COLUMNS.filter((c) => c !== 'ticker' && c !== 'currency'),
};

/** A Shanghai trading day from the dump's `*_ms` (midnight Shanghai as Unix ms), as the CLI converts it. */
const dayOf = (column: string) => `CAST(epoch_ms(CAST(${column} AS BIGINT) + ${SHANGHAI_OFFSET_MS}) AS DATE)`;

const KLINE_SELECT = `
  SELECT thscode, ${dayOf('date_ms')} AS date,
    CAST(open_price AS DOUBLE) AS open, CAST(high_price AS DOUBLE) AS high,
    CAST(low_price AS DOUBLE) AS low, CAST(close_price AS DOUBLE) AS close,
    CAST(volume AS DOUBLE) AS volume, CAST(turnover AS DOUBLE) AS amount
  FROM read_parquet($path)`;

/** Rows of the file with the previous bar's close within the file (the first bar of a code: none). */
const KLINE_ROWS = `
  SELECT thscode, date, open, high, low, close,
    LAG(close) OVER (PARTITION BY thscode ORDER BY date) AS prev_close,
    volume, amount, $batch AS batch_id
  FROM (${KLINE_SELECT})`;

/** The vendor CLI's factors (factors.ts): ratio on the effective ex-date, backward = running product. */
const REBUILD_FACTORS = `
  INSERT INTO calc_adjust_factor_daily(thscode, date, forward_factor, backward_factor)
  WITH
  effective_event AS (
    SELECT e.thscode, e.dividend_per_share AS d, e.per_share_bonus AS s, e.rights_ratio AS r,
      COALESCE(e.rights_price, 0) AS p,
      (SELECT MIN(k.date) FROM raw_kline_daily k WHERE k.thscode = e.thscode AND k.date >= e.ex_date) AS eff_date
    FROM raw_adjustment_events e
  ),
  kline_prev AS (
    SELECT thscode, date, LAG(close) OVER (PARTITION BY thscode ORDER BY date) AS prev_close
    FROM raw_kline_daily
  ),
  event_ratio AS (
    SELECT e.thscode, e.eff_date AS date,
      (k.prev_close * (1 + e.s + e.r)) / NULLIF(k.prev_close - e.d + e.r * e.p, 0) AS ratio
    FROM effective_event e JOIN kline_prev k ON k.thscode = e.thscode AND k.date = e.eff_date
    WHERE k.prev_close IS NOT NULL
  ),
  day_ratio AS (
    SELECT thscode, date, EXP(SUM(LN(ratio))) AS ratio FROM event_ratio WHERE ratio > 0 GROUP BY thscode, date
  ),
  backward AS (
    SELECT k.thscode, k.date,
      EXP(SUM(LN(COALESCE(r.ratio, 1))) OVER (
        PARTITION BY k.thscode ORDER BY k.date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)) AS backward_factor
    FROM raw_kline_daily k LEFT JOIN day_ratio r USING (thscode, date)
  ),
  normalized AS (
    SELECT *, LAST_VALUE(backward_factor) OVER (
      PARTITION BY thscode ORDER BY date ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_factor
    FROM backward
  )
  SELECT thscode, date, backward_factor / NULLIF(last_factor, 0) AS forward_factor, backward_factor
  FROM normalized`;

const countSchema = z.union([z.number(), z.string()]).transform(Number);

async function count(connection: DuckDBConnection, sql: string, params: Record<string, string>) {
  const reader = await connection.runAndReadAll(sql, params);
  return countSchema.parse(reader.getRowsJson()[0]?.[0] ?? 0);
}

async function columnsOf(connection: DuckDBConnection, path: string): Promise<Set<string>> {
  const reader = await connection.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($path)', { path });
  return new Set(reader.getRowsJson().map((row) => String(row[0])));
}

async function importRows(connection: DuckDBConnection, file: DumpFile, batch: string): Promise<void> {
  const params = { path: file.path, batch };
  if (file.kind === 'adjustment-factors') {
    await connection.run('DELETE FROM raw_adjustment_events');
    await connection.run(
      `INSERT OR REPLACE INTO raw_adjustment_events
        SELECT thscode, ${dayOf('ex_date_ms')}, COALESCE(CAST(dividend_per_share AS DOUBLE), 0),
          COALESCE(CAST(per_share_bonus AS DOUBLE), 0), COALESCE(CAST(allotment_ratio AS DOUBLE), 0),
          CAST(allotment_price AS DOUBLE), $batch
        FROM read_parquet($path)`,
      params,
    );
    return;
  }
  // Every code of the bars has a row in dim_symbol, as in the CLI (its name and board come from the
  // code table later).
  await connection.run(
    `INSERT INTO dim_symbol (thscode, ticker, exchange, asset_type)
      SELECT DISTINCT thscode, split_part(thscode, '.', 1), split_part(thscode, '.', 2), 'a-share'
      FROM read_parquet($path)
      ON CONFLICT (thscode) DO NOTHING`,
    { path: file.path },
  );
  if (file.kind === 'daily-k') {
    await connection.run('DELETE FROM raw_kline_daily');
    await connection.run(`INSERT INTO raw_kline_daily ${KLINE_ROWS}`, params);
    return;
  }
  // The last ten days: upsert, then the first bar of each code in the file takes its previous close
  // from the panel.
  await connection.run(`INSERT OR REPLACE INTO raw_kline_daily ${KLINE_ROWS}`, params);
  await connection.run(
    `UPDATE raw_kline_daily AS t SET prev_close = p.close
      FROM (
        SELECT s.thscode, s.date,
          (SELECT arg_max(k.close, k.date) FROM raw_kline_daily k
            WHERE k.thscode = s.thscode AND k.date < s.date) AS close
        FROM raw_kline_daily s WHERE s.batch_id = $batch AND s.prev_close IS NULL
      ) AS p
      WHERE t.thscode = p.thscode AND t.date = p.date`,
    { batch },
  );
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The first line says what went wrong; DuckDB adds context lines and hints after it.
  return (text.split('\n')[0] ?? text).slice(0, 500);
}

/**
 * Imports `file` in one transaction on the store's writing connection. Throws `ImportFailure` (after
 * rolling back and recording the failed batch) when the file cannot be imported.
 */
export async function importDumpFile(
  connection: DuckDBConnection,
  file: DumpFile,
  opts: { batchId: string; now: () => number },
): Promise<ImportOutcome> {
  const { batchId } = opts;
  const startedAt = opts.now();
  await connection.run('BEGIN TRANSACTION');
  try {
    const seen = await count(
      connection,
      "SELECT count(*) FROM _import_batches WHERE kind = $kind AND content_hash = $hash AND status = 'complete'",
      { kind: file.kind, hash: file.sha256 },
    );
    if (seen > 0) {
      await connection.run('ROLLBACK');
      return { outcome: 'unchanged', batchId };
    }
    const columns = await columnsOf(connection, file.path);
    const missing = REQUIRED[file.kind].filter((c) => !columns.has(c));
    if (missing.length > 0) throw new Error(`the ${file.kind} dump lacks columns: ${missing.join(', ')}`);
    const rows = await count(connection, 'SELECT count(*) FROM read_parquet($path)', { path: file.path });
    await importRows(connection, file, batchId);
    await connection.run('DELETE FROM calc_adjust_factor_daily');
    await connection.run(REBUILD_FACTORS);
    await connection.run(
      `INSERT INTO _import_batches
        (batch_id, source, kind, started_at, completed_at, status, row_count, content_hash)
        VALUES ($batch, $source, $kind, epoch_ms($started::BIGINT), epoch_ms($done::BIGINT), 'complete',
          $rows::BIGINT, $hash)`,
      {
        batch: batchId,
        source: `bff:${file.kind}:${file.release}`,
        kind: file.kind,
        started: startedAt,
        done: opts.now(),
        rows,
        hash: file.sha256,
      },
    );
    await connection.run('COMMIT');
    return { outcome: 'imported', batchId, rows };
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    const reason = reasonOf(error);
    await recordFailedBatch(connection, {
      batchId,
      kind: file.kind,
      source: `bff:${file.kind}:${file.release}`,
      startedAt,
      completedAt: opts.now(),
      hash: file.sha256,
      reason,
    }).catch(() => undefined);
    throw new ImportFailure(batchId, reason, { cause: error });
  }
}

/** Records a batch that failed (before or during its import); a full disk may refuse even this. */
export async function recordFailedBatch(
  connection: DuckDBConnection,
  batch: {
    batchId: string;
    kind: DumpKind;
    source: string;
    startedAt: number;
    completedAt: number;
    hash: string | null;
    reason: string;
  },
): Promise<void> {
  await connection.run(
    `INSERT OR REPLACE INTO _import_batches
      (batch_id, source, kind, started_at, completed_at, status, content_hash, error_code, error)
      VALUES ($batch, $source, $kind, epoch_ms($started::BIGINT), epoch_ms($done::BIGINT), 'failed', $hash,
        'import_failed', $reason)`,
    {
      batch: batch.batchId,
      source: batch.source,
      kind: batch.kind,
      started: batch.startedAt,
      done: batch.completedAt,
      hash: batch.hash,
      reason: batch.reason,
    },
  );
}
