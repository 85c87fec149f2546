import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';
import { TAPE_MAX_DAYS } from '../../src/contract/market-data';
import type { IntradayDay, IntradayPoint } from '../../src/contract/market-data';
import { TAPE_OPENING_LABEL } from '../../src/contract/market-tape';
import { shanghaiMidnight } from '../../src/contract/time';
import type { ResearchStore } from './research-store';

/**
 * The minute tape in the research store (tables `tape_*`):
 * - `tape_minutes`: per code and minute label the last price and the day's cumulative volume and
 *   turnover as the snapshot gave them (a minute's own volume is the difference to the label before);
 * - `tape_prev_close`: the day's previous close per code (first reading of the day);
 * - `tape_days`: when recording of each day started (the first reading stored);
 * - `tape_log`: one row per recorded minute (when it was read, how many codes), for the status;
 * - `tape_gaps`: minutes the recorder skipped, and why (GapReason).
 * A minute is written in one transaction from a staging table filled by an appender, never row by row.
 * Only the latest TAPE_MAX_DAYS recorded days are kept.
 */

export interface TapeRow {
  thscode: string;
  price: number;
  /** Cumulative for the day. */
  volume: number;
  turnover: number;
  prevClose: number | null;
}

export interface TapeMinute {
  /** Shanghai day `yyyy-MM-dd`. */
  day: string;
  /** The label (Unix ms of the bar's end, see market-tape.ts). */
  minuteMs: number;
  /** When the snapshot was read (market clock). */
  readAt: number;
  rows: readonly TapeRow[];
}

/**
 * Why a minute was skipped: users were waiting (`busy`), the share was used up (`budget`), the service
 * failed (`failed`), or only an earlier minute's table could be had (`stale`).
 */
export type GapReason = 'busy' | 'budget' | 'failed' | 'stale';

export interface TapeSummary {
  date: string | null;
  minutes: number;
  first_minute: number | null;
  last_minute: number | null;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS tape_minutes (
     day VARCHAR NOT NULL, minute_ms BIGINT NOT NULL, thscode VARCHAR NOT NULL,
     price DOUBLE NOT NULL, volume DOUBLE NOT NULL, turnover DOUBLE NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS tape_prev_close (
     day VARCHAR NOT NULL, thscode VARCHAR NOT NULL, prev_close DOUBLE, PRIMARY KEY (day, thscode))`,
  `CREATE TABLE IF NOT EXISTS tape_days (day VARCHAR PRIMARY KEY, started_at BIGINT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS tape_log (
     day VARCHAR NOT NULL, minute_ms BIGINT NOT NULL, read_at BIGINT NOT NULL, codes INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS tape_gaps (
     day VARCHAR NOT NULL, minute_ms BIGINT NOT NULL, reason VARCHAR NOT NULL, noted_at BIGINT NOT NULL)`,
];

/** The staging table lives on the writing connection only. */
const STAGING = `CREATE TEMP TABLE IF NOT EXISTS tape_staging (
  thscode VARCHAR, price DOUBLE, volume DOUBLE, turnover DOUBLE, prev_close DOUBLE)`;

const prepared = new WeakSet<ResearchStore>();

/** Creates the tape's tables once per store. */
export async function prepareTapeTables(store: ResearchStore): Promise<void> {
  if (prepared.has(store)) return;
  await store.write(async (c) => {
    for (const sql of SCHEMA) await c.run(sql);
  });
  prepared.add(store);
}

async function inTransaction<T>(c: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
  await c.run('BEGIN TRANSACTION');
  try {
    const out = await fn();
    await c.run('COMMIT');
    return out;
  } catch (err) {
    await c.run('ROLLBACK');
    throw err;
  }
}

/** Keeps the latest `keep` recorded days; everything older goes. */
async function prune(c: DuckDBConnection, keep: number): Promise<void> {
  const older = 'day NOT IN (SELECT day FROM tape_days ORDER BY day DESC LIMIT $keep)';
  for (const table of ['tape_minutes', 'tape_prev_close', 'tape_log', 'tape_gaps']) {
    await c.run(`DELETE FROM ${table} WHERE ${older}`, { keep });
  }
  await c.run(`DELETE FROM tape_days WHERE ${older}`, { keep });
}

/**
 * Stores one minute (replacing what that label held: the opening point is read several times); the
 * first minute of a new day also drops the days beyond TAPE_MAX_DAYS.
 */
export async function writeTapeMinute(store: ResearchStore, minute: TapeMinute): Promise<void> {
  await prepareTapeTables(store);
  await store.write(async (c) => {
    await c.run(STAGING);
    await c.run('DELETE FROM tape_staging');
    const appender = await c.createAppender('tape_staging');
    try {
      for (const row of minute.rows) {
        appender.appendVarchar(row.thscode);
        appender.appendDouble(row.price);
        appender.appendDouble(row.volume);
        appender.appendDouble(row.turnover);
        if (row.prevClose === null) appender.appendNull();
        else appender.appendDouble(row.prevClose);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    const at = { day: minute.day, minute: minute.minuteMs };
    await inTransaction(c, async () => {
      await c.run('DELETE FROM tape_minutes WHERE day = $day AND minute_ms = $minute', at);
      await c.run(
        `INSERT INTO tape_minutes SELECT $day, $minute, thscode, price, volume, turnover FROM tape_staging`,
        at,
      );
      await c.run(
        `INSERT OR IGNORE INTO tape_prev_close SELECT $day, thscode, prev_close FROM tape_staging`,
        { day: minute.day },
      );
      const days = await c.runAndReadAll('SELECT count(*)::INTEGER AS n FROM tape_days WHERE day = $day', {
        day: minute.day,
      });
      const newDay = countOf(days.getRowObjectsJson()) === 0;
      if (newDay) {
        await c.run('INSERT INTO tape_days VALUES ($day, $at)', { day: minute.day, at: minute.readAt });
      }
      await c.run('DELETE FROM tape_log WHERE day = $day AND minute_ms = $minute', at);
      await c.run('INSERT INTO tape_log VALUES ($day, $minute, $at, $codes)', {
        ...at,
        at: minute.readAt,
        codes: minute.rows.length,
      });
      if (newDay) await prune(c, TAPE_MAX_DAYS);
    });
  });
}

/** Notes a minute the recorder skipped. */
export async function writeTapeGap(
  store: ResearchStore,
  gap: { day: string; minuteMs: number; reason: GapReason; at: number },
): Promise<void> {
  await prepareTapeTables(store);
  await store.write(async (c) => {
    await c.run('INSERT INTO tape_gaps VALUES ($day, $minute, $reason, $at)', {
      day: gap.day,
      minute: gap.minuteMs,
      reason: gap.reason,
      at: gap.at,
    });
  });
}

const countRows = z.array(z.object({ n: z.number() }));

function countOf(rows: unknown): number {
  return countRows.parse(rows)[0]?.n ?? 0;
}

const summaryRows = z.array(
  z.object({
    day: z.string(),
    minutes: z.number(),
    first_minute: z.number().nullable(),
    last_minute: z.number().nullable(),
  }),
);

/** The latest recorded day: its recorded minutes and the first and the last of them. */
export async function tapeSummary(store: ResearchStore): Promise<TapeSummary> {
  await prepareTapeTables(store);
  const rows = await store.read(async (c) => {
    const reader = await c.runAndReadAll(
      `SELECT day, count(*)::DOUBLE AS minutes, min(minute_ms)::DOUBLE AS first_minute,
              max(minute_ms)::DOUBLE AS last_minute
       FROM tape_log WHERE day = (SELECT max(day) FROM tape_log) GROUP BY day`,
    );
    return summaryRows.parse(reader.getRowObjectsJson());
  });
  const row = rows[0];
  if (!row) return { date: null, minutes: 0, first_minute: null, last_minute: null };
  return {
    date: row.day,
    minutes: row.minutes,
    first_minute: row.first_minute,
    last_minute: row.last_minute,
  };
}

/** The recorded minutes of a day (labels, oldest first). */
export async function recordedMinutes(store: ResearchStore, day: string): Promise<number[]> {
  await prepareTapeTables(store);
  return store.read(async (c) => {
    const reader = await c.runAndReadAll(
      'SELECT minute_ms::DOUBLE AS m FROM tape_log WHERE day = $day ORDER BY minute_ms',
      { day },
    );
    return z
      .array(z.object({ m: z.number() }))
      .parse(reader.getRowObjectsJson())
      .map((r) => r.m);
  });
}

/** The skipped minutes of a day, oldest first. */
export async function tapeGaps(
  store: ResearchStore,
  day: string,
): Promise<{ minute_ms: number; reason: string }[]> {
  await prepareTapeTables(store);
  return store.read(async (c) => {
    const reader = await c.runAndReadAll(
      'SELECT minute_ms::DOUBLE AS minute_ms, reason FROM tape_gaps WHERE day = $day ORDER BY minute_ms, noted_at',
      { day },
    );
    return z.array(z.object({ minute_ms: z.number(), reason: z.string() })).parse(reader.getRowObjectsJson());
  });
}

const pointRows = z.array(
  z.object({
    day: z.string(),
    t: z.number(),
    price: z.number(),
    volume: z.number(),
    turnover: z.number(),
  }),
);
const dayRows = z.array(
  z.object({
    day: z.string(),
    started_at: z.number(),
    first_minute: z.number().nullable(),
    prev_close: z.number().nullable(),
  }),
);

/**
 * One code's minutes over the latest `days` recorded days, oldest first; days without a point of that
 * code are left out (an unknown code gives no days).
 */
export async function readIntraday(
  store: ResearchStore,
  thscode: string,
  days: number,
): Promise<IntradayDay[]> {
  await prepareTapeTables(store);
  const { points, meta } = await store.read(async (c) => {
    const latest = 'SELECT day FROM tape_days ORDER BY day DESC LIMIT $days';
    const pointsReader = await c.runAndReadAll(
      `SELECT day, minute_ms::DOUBLE AS t, price, volume, turnover FROM tape_minutes
       WHERE thscode = $code AND day IN (${latest}) ORDER BY minute_ms`,
      { code: thscode, days },
    );
    const metaReader = await c.runAndReadAll(
      `SELECT d.day, d.started_at::DOUBLE AS started_at,
              (SELECT min(minute_ms)::DOUBLE FROM tape_log l WHERE l.day = d.day) AS first_minute,
              (SELECT prev_close FROM tape_prev_close p WHERE p.day = d.day AND p.thscode = $code) AS prev_close
       FROM tape_days d WHERE d.day IN (${latest})`,
      { code: thscode, days },
    );
    return {
      points: pointRows.parse(pointsReader.getRowObjectsJson()),
      meta: dayRows.parse(metaReader.getRowObjectsJson()),
    };
  });
  const byDay = new Map<string, (typeof points)[number][]>();
  for (const p of points) {
    const list = byDay.get(p.day);
    if (list) list.push(p);
    else byDay.set(p.day, [p]);
  }
  const out: IntradayDay[] = [];
  for (const [day, rows] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const info = meta.find((m) => m.day === day);
    const opening = shanghaiMidnight(day) + TAPE_OPENING_LABEL * 1000;
    const firstMinute = info?.first_minute ?? null;
    out.push({
      date: day,
      prev_close: info?.prev_close ?? null,
      points: toPoints(rows),
      recording_started_at: info && firstMinute !== null && firstMinute > opening ? info.started_at : null,
    });
  }
  return out;
}

/** Cumulative readings to the chart's points: the minute's own volume and turnover, the running average. */
function toPoints(rows: readonly { t: number; price: number; volume: number; turnover: number }[]) {
  const points: IntradayPoint[] = [];
  let volume = 0;
  let turnover = 0;
  for (const row of rows) {
    points.push({
      t: row.t,
      price: row.price,
      avg_price: row.volume > 0 ? row.turnover / row.volume : row.price,
      volume: row.volume - volume,
      turnover: row.turnover - turnover,
    });
    volume = row.volume;
    turnover = row.turnover;
  }
  return points;
}
