import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { dumpKindSchema, panelBarSchema } from '../../src/contract/market-data';
import type { PanelImport } from '../../src/contract/market-data';
import type { PanelDailyParams } from '../../src/contract/market-data-params';
import { SHANGHAI_OFFSET_MS } from '../../src/contract/time';

/**
 * What the research panel holds, read with typed, parameterised SQL: its extent (for the status) and
 * the daily bars of one code, unadjusted or adjusted with the factors the import computed. Every row
 * is parsed with zod at this boundary.
 */

export interface PanelExtent {
  first_date: string | null;
  latest_date: string | null;
  rows: number;
  codes: number;
  events: number;
}

const num = z.union([z.number(), z.string(), z.bigint()]).transform(Number);

const extentSchema = z.object({
  first_date: z.string().nullable(),
  latest_date: z.string().nullable(),
  rows: num,
  codes: num,
  events: num,
});

export async function readPanelExtent(connection: DuckDBConnection): Promise<PanelExtent> {
  const reader = await connection.runAndReadAll(
    `SELECT min(date)::VARCHAR AS first_date, max(date)::VARCHAR AS latest_date, count(*) AS rows,
      count(DISTINCT thscode) AS codes, (SELECT count(*) FROM raw_adjustment_events) AS events
    FROM raw_kline_daily`,
  );
  return extentSchema.parse(reader.getRowObjectsJson()[0]);
}

const batchRowSchema = z.object({
  batch_id: z.string(),
  kind: dumpKindSchema,
  status: z.enum(['running', 'complete', 'failed']),
  rows: num.nullable(),
  hash: z.string().nullable(),
  started_at: num,
  completed_at: num.nullable(),
  error: z.string().nullable(),
});

/** The latest recorded import (complete or failed), if any. */
export async function readLastImport(connection: DuckDBConnection): Promise<PanelImport | null> {
  const reader = await connection.runAndReadAll(
    `SELECT batch_id, kind, status, row_count AS rows, content_hash AS hash,
      epoch_ms(started_at)::DOUBLE AS started_at, epoch_ms(completed_at)::DOUBLE AS completed_at, error
    FROM _import_batches ORDER BY started_at DESC, completed_at DESC NULLS FIRST LIMIT 1`,
  );
  const row = reader.getRowObjectsJson()[0];
  return row === undefined ? null : batchRowSchema.parse(row);
}

const barsSchema = z.array(panelBarSchema);

/** The factor column of each adjustment (a column name chosen here, never from the request). */
const FACTOR = {
  none: '1.0',
  forward: 'k.forward_factor',
  backward: 'k.backward_factor',
};

/**
 * Daily bars of one code in `[start, end]` (Shanghai midnights as Unix ms, both optional), oldest
 * first: prices times the day's forward or backward factor (`none`: as traded). Volume and turnover
 * are never adjusted. The vendor CLI's `v_daily_qfq` / `v_daily_hfq` views give the same numbers.
 */
export async function readPanelBars(
  connection: DuckDBConnection,
  params: Pick<PanelDailyParams, 'thscode' | 'adjust' | 'start' | 'end'>,
) {
  const factor = FACTOR[params.adjust];
  const reader = await connection.runAndReadAll(
    `SELECT (epoch_ms(k.date::TIMESTAMP) - ${SHANGHAI_OFFSET_MS})::DOUBLE AS date_ms,
      k.open * ${factor} AS open_price, k.high * ${factor} AS high_price, k.low * ${factor} AS low_price,
      k.close * ${factor} AS close_price, k.volume AS volume, k.amount AS turnover
    FROM raw_kline_daily k
    WHERE k.thscode = $thscode
      AND k.date >= CAST(epoch_ms($start::BIGINT + ${SHANGHAI_OFFSET_MS}) AS DATE)
      AND k.date <= CAST(epoch_ms($end::BIGINT + ${SHANGHAI_OFFSET_MS}) AS DATE)
    ORDER BY k.date`,
    {
      thscode: params.thscode,
      start: params.start ?? 0,
      // Far beyond any bar (the year 2200).
      end: params.end ?? 7_258_118_400_000,
    },
  );
  return barsSchema.parse(reader.getRowObjectsJson());
}
