/**
 * Daily price limits of A-shares (涨跌幅限制), as data: which board a code belongs to, the limit of
 * each board (and of risk-warning "ST" stocks) with the day each rule took effect, and the limit prices
 * rounded to the tick. The stock view, the simulator and the tests all read them from here.
 *
 * - Main board (SH 600/601/603/605, SZ 000/001/002/003): 10 %.
 * - ChiNext (SZ 300/301): 10 % until 2020-08-23, 20 % from 2020-08-24 (registration reform).
 * - STAR (SH 688/689): 20 %. Beijing (every .BJ code): 30 %.
 * - ST and *ST stocks on the main board: 5 % before 2025-07-07, 10 % from that day (the exchanges'
 *   2025 listing-rule change); on the other boards ST stocks keep their board's limit.
 *
 * Limit price = previous close × (1 ± limit), rounded half up to the 0.01 tick, never below one tick.
 */

import { canonicalCode } from './params-terms';

export const BOARDS = ['main', 'chinext', 'star', 'bse'] as const;
export type Board = (typeof BOARDS)[number];

/** Price tick of A-shares, in cents (0.01 CNY). */
export const TICKS_PER_YUAN = 100;

export interface PriceLimitRule {
  board: Board;
  /** Applies to risk-warning (ST, *ST) stocks only; absent means every stock of the board. */
  st?: true;
  /** Limit in whole percent. */
  pct: number;
  /** First Shanghai day (`yyyy-MM-dd`) the rule applies; absent means since the beginning. */
  from?: string;
  /** First day it no longer applies. */
  until?: string;
}

/** Most specific first: an ST rule before its board's general rule. */
export const PRICE_LIMIT_RULES: readonly PriceLimitRule[] = [
  { board: 'main', st: true, pct: 5, until: '2025-07-07' },
  { board: 'main', pct: 10 },
  { board: 'chinext', pct: 10, until: '2020-08-24' },
  { board: 'chinext', pct: 20, from: '2020-08-24' },
  { board: 'star', pct: 20 },
  { board: 'bse', pct: 30 },
];

const STAR_PREFIXES = ['688', '689'];
const CHINEXT_PREFIXES = ['300', '301'];

/** The board of a full A-share code (`600519.SH`), or null for anything else. */
export function boardOf(thscode: string): Board | null {
  const match = /^(\d{6})\.(SH|SZ|BJ)$/.exec(canonicalCode(thscode));
  if (!match) return null;
  const [, digits = '', exchange] = match;
  const prefix = digits.slice(0, 3);
  if (exchange === 'BJ') return 'bse';
  if (exchange === 'SH') return STAR_PREFIXES.includes(prefix) ? 'star' : 'main';
  return CHINEXT_PREFIXES.includes(prefix) ? 'chinext' : 'main';
}

/** Risk-warning names start with ST or *ST (also the older S*ST and SST of share-reform days). */
export function isRiskWarningName(name: string): boolean {
  return /^(?:S\*ST|SST|\*?ST)(?![A-Za-z])/.test(name.trim());
}

function applies(rule: PriceLimitRule, board: Board, st: boolean, date: string): boolean {
  return (
    rule.board === board &&
    (rule.st !== true || st) &&
    (rule.from === undefined || date >= rule.from) &&
    (rule.until === undefined || date < rule.until)
  );
}

/** The daily limit in whole percent for a board on a Shanghai day. */
export function limitPct(board: Board, st: boolean, date: string): number {
  const rule = PRICE_LIMIT_RULES.find((r) => applies(r, board, st, date));
  if (!rule) throw new RangeError(`no price-limit rule for ${board} on ${date}`);
  return rule.pct;
}

export interface LimitPrices {
  /** 涨停价 */
  up: number;
  /** 跌停价 */
  down: number;
}

/**
 * Limit prices from the previous close (the exchange's reference price) and a whole-percent limit, in
 * integer cents so that no float error moves a half tick: 10.05 × 1.1 = 11.055 → 11.06.
 */
export function limitPrices(prevClose: number, pct: number): LimitPrices {
  if (!Number.isFinite(prevClose) || prevClose <= 0) throw new RangeError('previous close must be positive');
  const ref = Math.round(prevClose * TICKS_PER_YUAN);
  const up = halfUp(ref * (100 + pct));
  const down = Math.max(1, halfUp(ref * (100 - pct)));
  return { up: up / TICKS_PER_YUAN, down: down / TICKS_PER_YUAN };
}

/** Ticks × percent to ticks, half up (a module function: whole-history walks call this millions of times). */
function halfUp(numerator: number): number {
  return Math.floor((numerator + 50) / 100);
}
