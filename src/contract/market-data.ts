import { z } from 'zod';
import { DUMP_KINDS } from './operations/market-dumps-terms';
import { TIMETABLE } from './market-session';
import { barFigures } from './bar-figures';

/**
 * The BFF's market data plane (issue 28): whole-market dumps served from the BFF's own copies, the
 * research panel (ten years of daily bars and adjustment events of every A-share, in DuckDB) and the
 * minute tape of today's session. Paths, limits and answer shapes live here; the server
 * (server/market-data/) and the pages read them from this one place.
 */

export const MARKET_DATA_BASE_PATH = '/bff/market-data';

export const MARKET_DATA_ROUTES = {
  /** The panel's and the tape's state: `PlaneStatus`. */
  status: '/status',
  /** A dump file behind the BFF's own signed link: `/dumps/<kind>/<release>/<kind>.parquet?expires=&signature=`. */
  dumpFile: '/dumps/:kind/:release/:file',
  /** One instrument's minute tape: `?thscode=&days=1..TAPE_MAX_DAYS` → `IntradaySeries`. */
  intraday: '/intraday',
  /** Daily bars of one A-share from the panel: `?thscode=&adjust=&start=&end=` (ms) → `PanelBars`. */
  daily: '/daily',
} as const;

/** Where the dump files are served (the start of `MARKET_DATA_ROUTES.dumpFile`, with the base). */
export const MARKET_DATA_DUMPS_PATH = `${MARKET_DATA_BASE_PATH}/dumps`;

/** Share of the upstream budget the tape recorder may use (TAPE_BUDGET_SHARE). */
export const TAPE_DEFAULT_BUDGET_SHARE = 0.2;
/** Trading days of minutes kept (today and the days before it): the intraday chart's five-day view. */
export const TAPE_MAX_DAYS = 5;

export const dumpKindSchema = z.enum(DUMP_KINDS);

export const panelImportSchema = z.object({
  batch_id: z.string(),
  kind: dumpKindSchema,
  status: z.enum(['running', 'complete', 'failed']),
  rows: z.number().nullable(),
  /** SHA-256 of the imported file. */
  hash: z.string().nullable(),
  started_at: z.number(),
  completed_at: z.number().nullable(),
  /** Why a failed import failed, in English (the log has the details). */
  error: z.string().nullable(),
});
export type PanelImport = z.infer<typeof panelImportSchema>;

export const panelStatusSchema = z.object({
  /** `fresh`: holds the latest closed trading day; `stale`: older; `empty`: nothing imported yet. */
  state: z.enum(['fresh', 'stale', 'empty', 'off']),
  /** Latest trading day held, `YYYY-MM-DD`. */
  latest_date: z.string().nullable(),
  first_date: z.string().nullable(),
  rows: z.number(),
  codes: z.number(),
  events: z.number(),
  last_import: panelImportSchema.nullable(),
  /** An import running now (its kind), if any. */
  importing: dumpKindSchema.nullable(),
});
export type PanelStatus = z.infer<typeof panelStatusSchema>;

export const tapeStatusSchema = z.object({
  state: z.enum(['recording', 'idle', 'off']),
  /** The session day being recorded or last recorded, `YYYY-MM-DD`. */
  date: z.string().nullable(),
  minutes: z.number(),
  /** First and last recorded minute (ms). */
  first_minute: z.number().nullable(),
  last_minute: z.number().nullable(),
  /** Upstream calls the recorder made in the last full minute. */
  calls_last_minute: z.number(),
});
export type TapeStatus = z.infer<typeof tapeStatusSchema>;

/** The tape's status where it is not running (MARKET_DATA=off, or its store could not be opened). */
export const TAPE_OFF_STATUS: TapeStatus = {
  state: 'off',
  date: null,
  minutes: 0,
  first_minute: null,
  last_minute: null,
  calls_last_minute: 0,
};

export const planeStatusSchema = z.object({
  panel: panelStatusSchema,
  tape: tapeStatusSchema,
});
export type PlaneStatus = z.infer<typeof planeStatusSchema>;

export const intradayPointSchema = z.object({
  /**
   * The minute (Unix ms of the Shanghai wall-clock time), the bar's end as exchanges label it: 09:30 (the
   * opening auction's match), 09:31 … 11:30, 13:01 … 15:00 (market-tape.ts, TAPE_LABELS).
   */
  t: z.number(),
  price: z.number(),
  /** Volume-weighted average price of the day up to this minute. */
  avg_price: z.number(),
  /** Shares traded in this minute. */
  volume: z.number(),
  /** CNY traded in this minute. */
  turnover: z.number(),
});
export type IntradayPoint = z.infer<typeof intradayPointSchema>;

export const intradayDaySchema = z.object({
  date: z.string(),
  prev_close: z.number().nullable(),
  points: z.array(intradayPointSchema),
  /** When recording of this day began (ms), if after the open: the chart says the tape is incomplete. */
  recording_started_at: z.number().nullable(),
});
export type IntradayDay = z.infer<typeof intradayDaySchema>;

export const intradaySeriesSchema = z.object({
  thscode: z.string(),
  /** Oldest first; the last is today's session (or the latest one recorded). */
  days: z.array(intradayDaySchema),
  tape: tapeStatusSchema,
});
export type IntradaySeries = z.infer<typeof intradaySeriesSchema>;

export const panelBarSchema = z.object({ date_ms: z.number(), ...barFigures(z.number()) });
export const panelBarsSchema = z.object({
  thscode: z.string(),
  adjust: z.enum(['none', 'forward', 'backward']),
  item: z.array(panelBarSchema),
  panel: panelStatusSchema,
});
export type PanelBars = z.infer<typeof panelBarsSchema>;

/**
 * When the day's dumps are due: 30 minutes after the close (seconds since Shanghai midnight). The panel
 * is brought up to date after this on a trading day, and a dump copy is taken once per such data day.
 */
export const DUMPS_READY_AFTER_S = TIMETABLE.close + 30 * 60;
