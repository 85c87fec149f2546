import { DAY_MS, SHANGHAI_OFFSET_MS, addDays, shanghaiDate, shanghaiMidnight } from './time';

/**
 * The A-share trading timetable and the one phase vocabulary of the app, the BFF and the simulator, in
 * Asia/Shanghai. Pure: the caller gives the clock (the BFF's, pinned in tests) and the set of trading days.
 *
 * 09:15-09:25 opening call auction (orders and cancellations); 09:25 the auction matches and the opening
 * price is published; 09:25-09:30 orders are accepted but nothing is matched; 09:30-11:30 and 13:00-14:57
 * continuous trading; 14:57-15:00 closing call auction.
 *
 * 09:25-09:30 counts as the end of the opening auction rather than as pre-open: the auction result arrives
 * at 09:25, so quotes keep refreshing through it, and the next change is straight to continuous trading.
 */

/** Seconds since Shanghai midnight of each boundary of the timetable. */
export const TIMETABLE = {
  openingAuction: 9 * 3600 + 15 * 60,
  /** The opening auction matches: the day's first price and bar exist from here. */
  openingMatch: 9 * 3600 + 25 * 60,
  morningOpen: 9 * 3600 + 30 * 60,
  lunchBreak: 11 * 3600 + 30 * 60,
  afternoonOpen: 13 * 3600,
  closingAuction: 14 * 3600 + 57 * 60,
  close: 15 * 3600,
} as const;

export const SESSION_PHASES = [
  'pre-open',
  'opening-auction',
  'continuous',
  'lunch-break',
  'closing-auction',
  'closed',
  'non-trading-day',
] as const;
export type SessionPhase = (typeof SESSION_PHASES)[number];

export interface MarketSession {
  phase: SessionPhase;
  isTradingDay: boolean;
  /** When the phase can next change (Unix ms): the next boundary of the timetable or Shanghai midnight. */
  nextChangeMs: number;
}

/** Boundaries in seconds since Shanghai midnight, each with the phase that starts there. */
const PHASE_STARTS: readonly { startsAt: number; phase: SessionPhase }[] = [
  { startsAt: 0, phase: 'pre-open' },
  { startsAt: TIMETABLE.openingAuction, phase: 'opening-auction' },
  { startsAt: TIMETABLE.morningOpen, phase: 'continuous' },
  { startsAt: TIMETABLE.lunchBreak, phase: 'lunch-break' },
  { startsAt: TIMETABLE.afternoonOpen, phase: 'continuous' },
  { startsAt: TIMETABLE.closingAuction, phase: 'closing-auction' },
  { startsAt: TIMETABLE.close, phase: 'closed' },
];

/** Phases in which prices move: auctions and continuous trading. */
export function isLivePhase(phase: SessionPhase): boolean {
  return phase === 'opening-auction' || phase === 'continuous' || phase === 'closing-auction';
}

/** Milliseconds since Shanghai midnight of an instant. */
export function msSinceShanghaiMidnight(nowMs: number): number {
  const local = nowMs + SHANGHAI_OFFSET_MS;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The phase at a second of a day that trades (or `non-trading-day`), with the second it next changes at. */
export function phaseAt(
  secondOfDay: number,
  isTradingDay: boolean,
): { phase: SessionPhase; nextChangeS: number } {
  const endOfDay = DAY_MS / 1000;
  if (!isTradingDay) return { phase: 'non-trading-day', nextChangeS: endOfDay };
  let phase: SessionPhase = 'pre-open';
  let nextChangeS = endOfDay;
  for (const [index, slot] of PHASE_STARTS.entries()) {
    if (secondOfDay < slot.startsAt) break;
    phase = slot.phase;
    nextChangeS = PHASE_STARTS[index + 1]?.startsAt ?? endOfDay;
  }
  return { phase, nextChangeS };
}

/**
 * `tradingDays` holds `yyyy-MM-dd` Shanghai dates. A day outside the set (weekend, holiday, or beyond the
 * calendar's window) is a non-trading day; the phase is re-evaluated at the next Shanghai midnight.
 */
export function sessionAt(nowMs: number, tradingDays: ReadonlySet<string>): MarketSession {
  const sinceMidnight = msSinceShanghaiMidnight(nowMs);
  const midnightMs = nowMs - sinceMidnight;
  const isTradingDay = tradingDays.has(shanghaiDate(nowMs));
  const { phase, nextChangeS } = phaseAt(sinceMidnight / 1000, isTradingDay);
  return { phase, isTradingDay, nextChangeMs: midnightMs + nextChangeS * 1000 };
}

/** Mon-Fri: the stand-in for a trading calendar that cannot be read (a holiday then looks like a day). */
export function isWeekday(ms: number): boolean {
  const day = new Date(ms + SHANGHAI_OFFSET_MS).getUTCDay();
  return day !== 0 && day !== 6;
}

/** The calendar's `yyyyMMdd` dates as the `yyyy-MM-dd` keys `sessionAt` expects; bad entries are skipped. */
export function tradingDaySet(dates: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const date of dates) {
    const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date);
    if (match) out.add(`${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Derivatives: the exchanges' own timetables

/**
 * One trading window of an exchange, in seconds since Shanghai midnight of the trading day's calendar
 * date. A night window opens in the evening of a trading day and may close after midnight (`end` above
 * 24 h): the night session of Friday 21:00 to Saturday 02:30 is `{ start: 21 h, end: 26.5 h }` of Friday.
 */
export interface TradingWindow {
  start: number;
  end: number;
  /** Call auctions (orders collected, one match at the end) or continuous trading. */
  kind: 'auction' | 'continuous';
  night: boolean;
}

/** Which timetable a derivative follows. */
export type DerivativeMarket = 'stock-exchange' | 'cffex-index' | 'cffex-bond' | 'commodity';

const clock = (h: number, m: number) => h * 3600 + m * 60;

function slot(start: number, end: number, kind: TradingWindow['kind'], night = false): TradingWindow {
  return { start, end, kind, night };
}

/**
 * Day sessions, Asia/Shanghai:
 * - SSE and SZSE (ETF options, like the shares): the A-share timetable above, auctions included;
 * - CFFEX index futures and index options: auction 09:25-09:30, trading 09:30-11:30 and 13:00-15:00;
 * - CFFEX treasury bond futures: the same, closing at 15:15;
 * - commodity exchanges (SHFE, INE, DCE, CZCE, GFEX): auction 08:55-09:00, trading 09:00-10:15,
 *   10:30-11:30 and 13:30-15:00.
 */
export const DAY_SESSIONS: Readonly<Record<DerivativeMarket, readonly TradingWindow[]>> = {
  'stock-exchange': [
    slot(TIMETABLE.openingAuction, TIMETABLE.morningOpen, 'auction'),
    slot(TIMETABLE.morningOpen, TIMETABLE.lunchBreak, 'continuous'),
    slot(TIMETABLE.afternoonOpen, TIMETABLE.closingAuction, 'continuous'),
    slot(TIMETABLE.closingAuction, TIMETABLE.close, 'auction'),
  ],
  'cffex-index': [
    slot(clock(9, 25), clock(9, 30), 'auction'),
    slot(clock(9, 30), clock(11, 30), 'continuous'),
    slot(clock(13, 0), clock(15, 0), 'continuous'),
  ],
  'cffex-bond': [
    slot(clock(9, 25), clock(9, 30), 'auction'),
    slot(clock(9, 30), clock(11, 30), 'continuous'),
    slot(clock(13, 0), clock(15, 15), 'continuous'),
  ],
  commodity: [
    slot(clock(8, 55), clock(9, 0), 'auction'),
    slot(clock(9, 0), clock(10, 15), 'continuous'),
    slot(clock(10, 30), clock(11, 30), 'continuous'),
    slot(clock(13, 30), clock(15, 0), 'continuous'),
  ],
};

/** Night sessions open with an auction at 20:55 and trade from 21:00 until a close that varies by variety. */
export const NIGHT_SESSION = {
  auction: clock(20, 55),
  open: clock(21, 0),
  /** The closes in use: 23:00, 01:00 (base metals) and 02:30 (gold, silver, crude oil). */
  closes: [clock(23, 0), clock(25, 0), clock(26, 30)],
} as const;

/** CFFEX treasury bond futures (2, 5, 10 and 30 years): they close at 15:15. */
export const CFFEX_BOND_VARIETIES: readonly string[] = ['TS', 'TF', 'T', 'TL'];

/** The timetable of a futures variety or an option's exchange, by exchange code (`SHFE`, `SSE`, …). */
export function derivativeMarketOf(
  exchangeCode: string | null,
  varietyCode?: string | null,
): DerivativeMarket {
  const exchange = (exchangeCode ?? '').toUpperCase();
  if (exchange === 'SSE' || exchange === 'SZSE' || exchange === 'SH' || exchange === 'SZ')
    return 'stock-exchange';
  if (exchange === 'CFFEX')
    return CFFEX_BOND_VARIETIES.includes((varietyCode ?? '').toUpperCase()) ? 'cffex-bond' : 'cffex-index';
  return 'commodity';
}

/**
 * The windows of a market, with a night session closing at `nightClose` (seconds since the evening's
 * midnight, above 24 h after midnight) or none.
 */
export function tradingWindows(market: DerivativeMarket, nightClose: number | null = null): TradingWindow[] {
  const day = [...DAY_SESSIONS[market]];
  if (nightClose === null || market !== 'commodity') return day;
  return [
    slot(NIGHT_SESSION.auction, NIGHT_SESSION.open, 'auction', true),
    slot(NIGHT_SESSION.open, nightClose, 'continuous', true),
    ...day,
  ];
}

/** `HH:mm` of a second of the day; hours past midnight wrap (`25:00` is `01:00`). */
export function clockText(second: number): string {
  const minutes = Math.round(second / 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Seconds since midnight of an `HH:mm` or `HH:mm:ss` text, or null. */
export function parseClock(text: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  return h < 24 && m < 60 && s < 60 ? h * 3600 + m * 60 + s : null;
}

/**
 * The night close of a variety from the service's record (`trade_sessions` of `{start_time, end_time,
 * session_type}`): the end of the session that opens in the evening, moved past midnight when it ends
 * earlier than it starts. A variety said to trade at night without a readable session gets the latest
 * close in use, so a view rather refreshes too long than misses the night.
 */
export function nightCloseOf(
  sessions: readonly { start_time: string | null; end_time: string | null }[] | null | undefined,
  hasNightSession: boolean | null | undefined,
): number | null {
  for (const session of sessions ?? []) {
    const start = parseClock(session.start_time);
    const end = parseClock(session.end_time);
    if (start === null || end === null || start < NIGHT_SESSION.auction) continue;
    return end <= start ? end + DAY_MS / 1000 : end;
  }
  return hasNightSession === true ? Math.max(...NIGHT_SESSION.closes) : null;
}

/**
 * Whether one of the windows trades at `nowMs`, and when that can next change. A window counts on the
 * calendar date it belongs to (a night session after midnight belongs to the evening before), and only
 * when that date is in `tradingDays`. Pre-holiday evenings without a night session cannot be told from
 * the calendar and count as trading: a view then refreshes a few hours more than it needs to.
 */
export function windowsLiveAt(
  nowMs: number,
  windows: readonly TradingWindow[],
  tradingDays: ReadonlySet<string>,
): { live: boolean; nextChangeMs: number } {
  const midnightMs = nowMs - msSinceShanghaiMidnight(nowMs);
  let live = false;
  let nextChangeMs = midnightMs + DAY_MS;
  for (const offset of [-1, 0]) {
    const base = midnightMs + offset * DAY_MS;
    // A day that does not trade changes nothing until the next midnight, when the calendar is read again.
    if (!tradingDays.has(shanghaiDate(base))) continue;
    for (const w of windows) {
      const start = base + w.start * 1000;
      const end = base + w.end * 1000;
      if (nowMs >= start && nowMs < end) live = true;
      if (start > nowMs) nextChangeMs = Math.min(nextChangeMs, start);
      if (end > nowMs) nextChangeMs = Math.min(nextChangeMs, end);
    }
  }
  return { live, nextChangeMs };
}

/** The fields of a futures or option variety record (`futures/varieties/list`, `options/varieties/list`) that set its hours. */
export interface VarietyHours {
  variety_code: string | null;
  exchange_code: string | null;
  has_night_session: boolean | null;
  trade_sessions: readonly { start_time: string | null; end_time: string | null }[] | null;
}

/** The trading windows of a variety: its exchange's day timetable and its night session, if any. */
export function varietyTradingWindows(variety: VarietyHours): TradingWindow[] {
  return tradingWindows(
    derivativeMarketOf(variety.exchange_code, variety.variety_code),
    nightCloseOf(variety.trade_sessions, variety.has_night_session),
  );
}

/** Minutes of continuous trading in a full day (09:30-11:30 and 13:00-15:00), the base of the volume ratio. */
export const TRADING_MINUTES_PER_DAY =
  (TIMETABLE.lunchBreak - TIMETABLE.morningOpen + TIMETABLE.close - TIMETABLE.afternoonOpen) / 60;

/**
 * Minutes of the trading day elapsed at a second of the day: 0 before 09:30, frozen over lunch, the full
 * 240 from 15:00 on. Terminals divide today's volume by these minutes for the volume ratio (量比).
 */
export function tradedMinutes(secondOfDay: number): number {
  const morning = Math.min(
    Math.max(secondOfDay - TIMETABLE.morningOpen, 0),
    TIMETABLE.lunchBreak - TIMETABLE.morningOpen,
  );
  const afternoon = Math.min(
    Math.max(secondOfDay - TIMETABLE.afternoonOpen, 0),
    TIMETABLE.close - TIMETABLE.afternoonOpen,
  );
  return (morning + afternoon) / 60;
}

/** Longer than any exchange holiday: how far back a session is looked for. */
const SEARCH_DAYS = 31;

/**
 * The newest day whose session had begun (its opening auction matched) by `atMs`, as `yyyy-MM-dd`.
 * `tradingDays` is the calendar's set of days (`tradingDaySet`); without one (loading, unreadable) Mon-Fri stand in.
 */
export function lastSessionDay(atMs: number, tradingDays: ReadonlySet<string>): string | null {
  const trades = (day: string) =>
    tradingDays.size > 0 ? tradingDays.has(day) : isWeekday(shanghaiMidnight(day));
  const today = shanghaiDate(atMs);
  const begun = msSinceShanghaiMidnight(atMs) >= TIMETABLE.openingMatch * 1000;
  for (let back = begun ? 0 : 1; back <= SEARCH_DAYS; back++) {
    const day = addDays(today, -back);
    if (trades(day)) return day;
  }
  return null;
}
