import type { DuckDBConnection } from '@duckdb/node-api';
import {
  CROSS_SECTION_HIGH_DAYS,
  CROSS_SECTION_RETURN_DAYS,
  crossSectionSchema,
  type CrossSection,
} from '../../src/contract/market-cross-section';

/**
 * The cross-section's SQL. The windows are the contract's constants (numbers, not user input), written
 * into the frame clauses, which take no parameters; the panel's tables are those of the vendor CLI
 * (raw_kline_daily, whose forward_factor column the importer writes). Only the last CROSS_SECTION_HIGH_DAYS trading days are read.
 */
const SQL = `
WITH days AS (
  SELECT DISTINCT date FROM raw_kline_daily ORDER BY date DESC LIMIT ${CROSS_SECTION_HIGH_DAYS}
),
bars AS (
  SELECT k.thscode, k.date, k.close * k.forward_factor AS close, k.high * k.forward_factor AS high
  FROM raw_kline_daily k
  WHERE k.date >= (SELECT min(date) FROM days)
),
windowed AS (
  SELECT thscode, date, close,
         lag(close, ${CROSS_SECTION_RETURN_DAYS}) OVER w AS close_before,
         max(high) OVER (w ROWS BETWEEN ${CROSS_SECTION_HIGH_DAYS - 1} PRECEDING AND CURRENT ROW) AS high_max,
         count(*) OVER (w ROWS BETWEEN ${CROSS_SECTION_HIGH_DAYS - 1} PRECEDING AND CURRENT ROW) AS bars
  FROM bars
  WINDOW w AS (PARTITION BY thscode ORDER BY date)
)
SELECT thscode,
       strftime(date, '%Y-%m-%d') AS day,
       close,
       close / close_before - 1 AS return_20d,
       CASE WHEN bars = ${CROSS_SECTION_HIGH_DAYS} THEN close / high_max - 1 END AS from_high_250d
FROM windowed
WHERE date = (SELECT max(date) FROM days)
ORDER BY thscode`;

/** Every stock on the panel's latest day (see the contract); an empty panel gives `{date: null, item: []}`. */
export async function crossSection(connection: DuckDBConnection): Promise<CrossSection> {
  const reader = await connection.runAndReadAll(SQL);
  const rows = reader.getRowObjectsJson();
  const date = rows[0]?.day ?? null;
  return crossSectionSchema.parse({
    date,
    item: rows.map((row) => ({
      thscode: row.thscode,
      close: row.close,
      return_20d: row.return_20d,
      from_high_250d: row.from_high_250d,
    })),
  });
}
