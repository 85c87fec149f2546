import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * The research panel's tables in the plane's DuckDB store, named and shaped as the vendor CLI lays out
 * its own market database (`hithink-finance-cli/migrations/001-initial.sql`), so that SQL written for the
 * CLI's database runs here too. Additions of this server: `_import_batches.kind` and `.error` (the
 * reason in words), `dim_symbol.board`. The minute tape keeps tables of its own (prefix `tape_`).
 */
const PANEL_TABLES: readonly string[] = [
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
  // No key on the bars (about 11 M rows): a keyed table takes minutes to load; the importer builds it
  // in one pass, checks that no (thscode, date) repeats, and writes the day's factors beside the prices.
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
    forward_factor DOUBLE NOT NULL DEFAULT 1,
    backward_factor DOUBLE NOT NULL DEFAULT 1
  )`,
  // The recent days of every code, forward-adjusted (panel-import.ts builds it after each import).
  `CREATE TABLE IF NOT EXISTS panel_recent (thscode VARCHAR, date DATE, close DOUBLE, high DOUBLE)`,
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
];

/** A view of the bars with prices times one of the factor columns (names from this module, not input). */
function adjustedView(name: string, factor: 'forward_factor' | 'backward_factor'): string {
  return `CREATE OR REPLACE VIEW ${name} AS
    SELECT thscode, date, open * ${factor} AS open, high * ${factor} AS high, low * ${factor} AS low,
      close * ${factor} AS close, volume, amount
    FROM raw_kline_daily`;
}

/** The CLI's views (built again whenever the importer puts a new bars table in place). */
const PANEL_VIEWS: readonly string[] = [
  // The CLI's table of factors, as a view of the columns the importer writes with the bars.
  `CREATE OR REPLACE VIEW calc_adjust_factor_daily AS
    SELECT thscode, date, forward_factor, backward_factor FROM raw_kline_daily`,
  `CREATE OR REPLACE VIEW v_daily AS
    SELECT thscode, date, open, high, low, close, prev_close, volume, amount FROM raw_kline_daily`,
  adjustedView('v_daily_qfq', 'forward_factor'),
  adjustedView('v_daily_hfq', 'backward_factor'),
];

/**
 * The layout of the panel's tables. A file of another layout is emptied and laid out again (the panel
 * is a copy of the dumps: the next sync fills it again).
 */
const PANEL_LAYOUT = '3';
const PANEL_OBJECTS = [
  ['VIEW', 'v_daily_hfq'],
  ['VIEW', 'v_daily_qfq'],
  ['VIEW', 'v_daily'],
  ['VIEW', 'calc_adjust_factor_daily'],
  ['TABLE', 'calc_adjust_factor_daily'],
  ['TABLE', 'raw_kline_next'],
  ['TABLE', 'panel_recent'],
  ['TABLE', 'raw_kline_daily'],
  ['TABLE', 'raw_adjustment_events'],
  ['TABLE', 'dim_symbol'],
  ['TABLE', '_import_batches'],
] as const;

export async function createPanelViews(connection: DuckDBConnection): Promise<void> {
  for (const statement of PANEL_VIEWS) await connection.run(statement);
}

/** Creates the panel's tables and views when missing (idempotent), after emptying a file of another layout. */
export async function createPanelTables(connection: DuckDBConnection): Promise<void> {
  await connection.run('CREATE TABLE IF NOT EXISTS _meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)');
  const reader = await connection.runAndReadAll("SELECT value FROM _meta WHERE key = 'panel_layout'");
  const layout = reader.getRowsJson()[0]?.[0];
  if (layout !== PANEL_LAYOUT) {
    const existing = await connection.runAndReadAll(
      "SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = 'main'",
    );
    const present = new Set(existing.getRowsJson().map((row) => `${String(row[1])}:${String(row[0])}`));
    for (const [type, name] of PANEL_OBJECTS) {
      const listed = type === 'VIEW' ? `VIEW:${name}` : `BASE TABLE:${name}`;
      // Names from the list above, never from input.
      if (present.has(listed)) await connection.run(`DROP ${type} ${name}`);
    }
  }
  for (const statement of PANEL_TABLES) await connection.run(statement);
  await createPanelViews(connection);
  await connection.run("INSERT OR REPLACE INTO _meta VALUES ('panel_layout', $layout)", {
    layout: PANEL_LAYOUT,
  });
}
