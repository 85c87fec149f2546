import { at, round } from './random';
import { dayOf, tradingDayAt, tradingIndexOnOrBefore } from './calendar';
import { REFERENCE_DATE } from './universe';
import type { FundKind, Theme } from './funds';
import { periodStartDay, themeLog, type Period } from './funds-nav';

/**
 * Peer groups. A category's average over a window is the return of its composite index over the same
 * window; a fund's rank places its return in a normal spread of peers around that average, so a better
 * return always ranks higher and the number ranked shrinks for longer windows (fewer funds are old
 * enough).
 */

const REF_DAY = dayOf(REFERENCE_DATE);

export const PEER_THEME: Record<FundKind, Theme> = {
  equity: 'peer-equity',
  hybrid: 'peer-hybrid',
  index: 'peer-index',
  qdii: 'peer-qdii',
  bond: 'bond',
  money: 'money',
  commodity: 'gold',
  reit: 'reit',
};

/** Spread of peer returns for one year, percentage points. */
const SPREAD: Record<FundKind, number> = {
  equity: 14,
  hybrid: 12,
  index: 10,
  qdii: 12,
  bond: 2.5,
  money: 0.3,
  commodity: 3,
  reit: 8,
};

/** Peers with a one-week history (share classes counted separately). */
const PEER_COUNT: Record<FundKind, number> = {
  equity: 2600,
  hybrid: 8900,
  index: 3900,
  qdii: 620,
  bond: 7200,
  money: 880,
  commodity: 45,
  reit: 64,
};

export const PERIOD_YEARS: Record<Period, number> = {
  week: 7 / 365,
  month: 1 / 12,
  tmonth: 0.25,
  hyear: 0.5,
  year: 1,
  twoyear: 2,
  tyear: 3,
  fyear: 5,
};

/** Mean return of a category over a period ending at a trading index, percent (4 decimals). */
export function peerAverage(kind: FundKind, period: Period, end: number): number {
  const level = themeLog(PEER_THEME[kind]);
  // The calendar starts in 2000: a window reaching further back starts there.
  const start = Math.max(0, tradingIndexOnOrBefore(periodStartDay(period, tradingDayAt(end))));
  return round((Math.exp(at(level, end) - at(level, start)) - 1) * 100, 4);
}

export function peerTotal(kind: FundKind, period: Period, end: number): number {
  // The fund industry grows by about 6% a year; long windows only count funds old enough.
  const growth = 1 + 0.06 * ((tradingDayAt(end) - REF_DAY) / 365);
  return Math.max(3, Math.round(PEER_COUNT[kind] * growth * Math.exp(-0.13 * PERIOD_YEARS[period])));
}

/** Standard normal distribution function (Abramowitz-Stegun 7.1.26). */
function phi(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp((-x * x) / 2);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Rank (1 = best) of a return among the category's peers over a period. */
export function peerRank(kind: FundKind, period: Period, end: number, fundReturn: number): number {
  const total = peerTotal(kind, period, end);
  const spread = SPREAD[kind] * Math.sqrt(Math.max(PERIOD_YEARS[period], 0.05));
  const better = 1 - phi((fundReturn - peerAverage(kind, period, end)) / spread);
  return Math.min(total, Math.max(1, 1 + Math.floor(total * better)));
}
