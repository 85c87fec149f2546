import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { ADJUSTMENT_COLUMNS, DAILY_K_COLUMNS } from '../../src/contract/operations/market-dumps';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { SHANGHAI_OFFSET_MS } from '../../src/contract/time';
import { createPanelViews } from './panel-schema';
import { CROSS_SECTION_HIGH_DAYS } from '../../src/contract/market-cross-section';

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

/**
 * The bars table built anew in one pass from `bars` (a SELECT of thscode, date, open, high, low, close,
 * volume, amount, batch_id) and the events: each bar's previous close, the day's ratio of the vendor
 * CLI's formula (`factors.ts`: prev_close × (1 + s + r) / (prev_close − d + r × p) on the first bar on
 * or after the ex-date, several events of a day multiplied), the backward factor as the running product
 * from the first bar, the forward one as the backward divided by the code's whole product (its value on
 * the last bar). `repeated` marks a (thscode, date) that occurs twice, which fails the import.
 */
function rebuildBars(bars: string): string {
  return `
  CREATE OR REPLACE TABLE raw_kline_next AS
  WITH bars AS (${bars}),
  walked AS MATERIALIZED (
    SELECT *, LAG(close) OVER w AS prev_close, LAG(date) OVER w AS prev_date
    FROM bars WINDOW w AS (PARTITION BY thscode ORDER BY date)
  ),
  effective AS (
    SELECT e.thscode, b.date, e.dividend_per_share AS d, e.per_share_bonus AS s, e.rights_ratio AS r,
      COALESCE(e.rights_price, 0) AS p
    FROM raw_adjustment_events e ASOF JOIN walked b ON e.thscode = b.thscode AND e.ex_date <= b.date
  ),
  event_ratio AS (
    SELECT f.thscode, f.date,
      (w.prev_close * (1 + f.s + f.r)) / NULLIF(w.prev_close - f.d + f.r * f.p, 0) AS ratio
    FROM effective f JOIN walked w USING (thscode, date)
    WHERE w.prev_close IS NOT NULL
  ),
  day_ratio AS (
    SELECT thscode, date, EXP(SUM(LN(ratio))) AS ratio FROM event_ratio WHERE ratio > 0 GROUP BY thscode, date
  ),
  totals AS (SELECT thscode, EXP(SUM(LN(ratio))) AS total FROM day_ratio GROUP BY thscode),
  factored AS (
    SELECT w.*, EXP(SUM(LN(COALESCE(r.ratio, 1))) OVER (
      PARTITION BY w.thscode ORDER BY w.date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)) AS backward_factor
    FROM walked w LEFT JOIN day_ratio r USING (thscode, date)
  )
  SELECT f.thscode, f.date, f.open, f.high, f.low, f.close, f.prev_close, f.volume, f.amount, f.batch_id,
    f.backward_factor / COALESCE(t.total, 1) AS forward_factor, f.backward_factor,
    f.prev_date IS NOT DISTINCT FROM f.date AS repeated
  FROM factored f LEFT JOIN totals t USING (thscode)`;
}

/** The bars as the panel holds them (without their factors), to build the table again from. */
const PANEL_BARS =
  'SELECT thscode, date, open, high, low, close, volume, amount, batch_id FROM raw_kline_daily';

/** The file's bars. */
const FILE_BARS = `SELECT thscode, date, open, high, low, close, volume, amount, $batch AS batch_id FROM (${KLINE_SELECT})`;

/** The panel's bars with the file's in place of those of the same (thscode, date). */
const MERGED_BARS = `
  SELECT p.thscode, p.date, p.open, p.high, p.low, p.close, p.volume, p.amount, p.batch_id
  FROM raw_kline_daily p ANTI JOIN (SELECT thscode, date FROM (${KLINE_SELECT})) n USING (thscode, date)
  UNION ALL ${FILE_BARS}`;

const countSchema = z.union([z.number(), z.string()]).transform(Number);

async function count(connection: DuckDBConnection, sql: string, params: Record<string, string>) {
  const reader = await connection.runAndReadAll(sql, params);
  return countSchema.parse(reader.getRowsJson()[0]?.[0] ?? 0);
}

async function columnsOf(connection: DuckDBConnection, path: string): Promise<Set<string>> {
  const reader = await connection.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($path)', { path });
  return new Set(reader.getRowsJson().map((row) => String(row[0])));
}

async function importRows(
  connection: DuckDBConnection,
  file: DumpFile,
  batch: string,
  rebuild: boolean,
): Promise<void> {
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
    // The bars' factors follow the events, unless a bars file is imported next (it builds them).
    if (rebuild) await swapBars(connection, rebuildBars(PANEL_BARS), {});
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
  // `daily-k` replaces the bars; the last ten days take the place of the panel's bars of the same days.
  await swapBars(connection, rebuildBars(file.kind === 'daily-k' ? FILE_BARS : MERGED_BARS), params);
}

/** Builds the next bars table, refuses repeated (thscode, date) pairs, and puts it in place. */
async function swapBars(connection: DuckDBConnection, build: string, params: Record<string, string>) {
  await connection.run(build, params);
  const repeated = await count(connection, 'SELECT count(*) FROM raw_kline_next WHERE repeated', {});
  if (repeated > 0) throw new Error(`the dump repeats ${repeated} (thscode, date) pairs`);
  await connection.run('DROP VIEW IF EXISTS calc_adjust_factor_daily');
  await connection.run('DROP VIEW IF EXISTS v_daily');
  await connection.run('DROP VIEW IF EXISTS v_daily_qfq');
  await connection.run('DROP VIEW IF EXISTS v_daily_hfq');
  await connection.run('DROP TABLE raw_kline_daily');
  await connection.run('ALTER TABLE raw_kline_next DROP COLUMN repeated');
  await connection.run('ALTER TABLE raw_kline_next RENAME TO raw_kline_daily');
  await createPanelViews(connection);
  await connection.run(REBUILD_RECENT);
}

/**
 * The last CROSS_SECTION_HIGH_DAYS trading days of every code, forward-adjusted, ordered by day: what
 * whole-market questions about the recent past read (cross-section.ts) without going through ten years.
 */
const REBUILD_RECENT = `
  CREATE OR REPLACE TABLE panel_recent AS
  SELECT thscode, date, close * forward_factor AS close, high * forward_factor AS high
  FROM raw_kline_daily
  WHERE date >= (
    SELECT min(date) FROM (SELECT DISTINCT date FROM raw_kline_daily ORDER BY date DESC LIMIT ${CROSS_SECTION_HIGH_DAYS})
  )
  ORDER BY date, thscode`;

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
  opts: { batchId: string; now: () => number; rebuild?: boolean },
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
    await importRows(connection, file, batchId, opts.rebuild ?? true);
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
