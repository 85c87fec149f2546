import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * The research panel's tables in the plane's DuckDB store, named and shaped as the vendor CLI lays out
 * its own market database (`hithink-finance-cli/migrations/001-initial.sql`), so that SQL written for the
 * CLI's database runs here too. Additions of this server: `_import_batches.kind` and `.error` (the
 * reason in words), `dim_symbol.board`. The minute tape keeps tables of its own (prefix `tape_`).
 */
const PANEL_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS _meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS _import_batches (
    batch_id VARCHAR PRIMARY KEY,
    source VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    started_at TIMESTAMP NOT NULL,
    completed_at TIMESTAMP,
    status VARCHAR NOT NULL,
    row_count BIGINT,
    content_hash VARCHAR,
    error_code VARCHAR,
    error VARCHAR
  )`,
  `CREATE TABLE IF NOT EXISTS raw_kline_daily (
    thscode VARCHAR NOT NULL,
    date DATE NOT NULL,
    open DOUBLE NOT NULL,
    high DOUBLE NOT NULL,
    low DOUBLE NOT NULL,
    close DOUBLE NOT NULL,
    prev_close DOUBLE,
    volume DOUBLE NOT NULL,
    amount DOUBLE NOT NULL,
    batch_id VARCHAR,
    PRIMARY KEY (thscode, date)
  )`,
  `CREATE TABLE IF NOT EXISTS raw_adjustment_events (
    thscode VARCHAR NOT NULL,
    ex_date DATE NOT NULL,
    dividend_per_share DOUBLE NOT NULL DEFAULT 0,
    per_share_bonus DOUBLE NOT NULL DEFAULT 0,
    rights_ratio DOUBLE NOT NULL DEFAULT 0,
    rights_price DOUBLE,
    batch_id VARCHAR,
    PRIMARY KEY (thscode, ex_date)
  )`,
  `CREATE TABLE IF NOT EXISTS dim_symbol (
    thscode VARCHAR PRIMARY KEY,
    ticker VARCHAR,
    name VARCHAR,
    exchange VARCHAR,
    asset_type VARCHAR NOT NULL DEFAULT 'a-share',
    board VARCHAR,
    updated_at TIMESTAMP
  )`,
  `CREATE TABLE IF NOT EXISTS calc_adjust_factor_daily (
    thscode VARCHAR NOT NULL,
    date DATE NOT NULL,
    forward_factor DOUBLE NOT NULL,
    backward_factor DOUBLE NOT NULL,
    PRIMARY KEY (thscode, date)
  )`,
  `CREATE OR REPLACE VIEW v_daily AS
    SELECT thscode, date, open, high, low, close, prev_close, volume, amount FROM raw_kline_daily`,
  `CREATE OR REPLACE VIEW v_daily_qfq AS
    SELECT d.thscode, d.date,
      d.open * COALESCE(f.forward_factor, 1) AS open, d.high * COALESCE(f.forward_factor, 1) AS high,
      d.low * COALESCE(f.forward_factor, 1) AS low, d.close * COALESCE(f.forward_factor, 1) AS close,
      d.volume, d.amount
    FROM raw_kline_daily d LEFT JOIN calc_adjust_factor_daily f USING (thscode, date)`,
  `CREATE OR REPLACE VIEW v_daily_hfq AS
    SELECT d.thscode, d.date,
      d.open * COALESCE(f.backward_factor, 1) AS open, d.high * COALESCE(f.backward_factor, 1) AS high,
      d.low * COALESCE(f.backward_factor, 1) AS low, d.close * COALESCE(f.backward_factor, 1) AS close,
      d.volume, d.amount
    FROM raw_kline_daily d LEFT JOIN calc_adjust_factor_daily f USING (thscode, date)`,
];

/** Creates the panel's tables and views when missing (the statements are idempotent). */
export async function createPanelTables(connection: DuckDBConnection): Promise<void> {
  for (const statement of PANEL_DDL) await connection.run(statement);
}
