import type { DataOf } from '../contract/catalog';

/**
 * Dragon-tiger figures shared by the dragon-tiger page and the market home, so that both show the same
 * numbers for the same day. Pure functions over the service's answer.
 */

export type DragonTigerList = DataOf<'a-share/special-data/dragon-tiger-list'>;
export type DragonTigerRow = DragonTigerList['stock_items'][number];
export type HotMoneySeat = DragonTigerList['hot_money_items'][number];

/**
 * The service sends `change`, `net_rate` and `org_net_rate` as decimal fractions (0.1 = 10 %), unlike
 * the `*_pct` fields. Rounded so that float noise (0.2002 × 100 = 20.020000000000003) never reaches the
 * screen or an exported file.
 */
export function fractionToPercent(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.round(value * 1e8) / 1e6;
}

/**
 * A record of the one-day listing window. A stock can be listed twice on one day (1-day and 3-day
 * records) and the real service also sends 30-day rows with sentinel-like amounts; only one-day records
 * add up to the day. The real service omits absent keys: no `range_days` is read as a one-day record.
 */
export function isOneDayRecord(row: DragonTigerRow): boolean {
  return row.range_days === null || row.range_days === undefined || row.range_days === 1;
}

export interface DragonTigerSummary {
  tradeDate: string;
  /** Distinct stocks and records, as the service counts them. */
  stocks: number;
  records: number;
  /** Sum of `net_value` over the one-day records; null when none carries a value. */
  totalNet: number | null;
  /** Sum of `org_net_value` (institutions) over the one-day records; null when none carries one. */
  orgNet: number | null;
  /** How many one-day records the sums cover. */
  oneDayRecords: number;
}

function sum(values: readonly (number | null | undefined)[]): number | null {
  let total: number | null = null;
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) total = (total ?? 0) + value;
  }
  // Cents are the finest unit of an amount; rounding removes the float noise of a long sum.
  return total === null ? null : Math.round(total * 100) / 100;
}

export function summarise(list: DragonTigerList): DragonTigerSummary {
  const oneDay = list.stock_items.filter(isOneDayRecord);
  return {
    tradeDate: list.trade_date,
    stocks: list.stock_count,
    records: list.count,
    totalNet: sum(oneDay.map((row) => row.net_value)),
    orgNet: sum(oneDay.map((row) => row.org_net_value)),
    oneDayRecords: oneDay.length,
  };
}

/** The largest absolute net amount, the scale of the diverging bars (0 when nothing has a value). */
export function netScale(rows: readonly DragonTigerRow[]): number {
  let max = 0;
  for (const row of rows) {
    const value = row.net_value;
    if (typeof value === 'number' && Number.isFinite(value)) max = Math.max(max, Math.abs(value));
  }
  return max;
}

/** The `/dragon-tiger` board values (the service's `board_type`). */
export const DRAGON_TIGER_BOARDS = ['all', 'org', 'hot_money'] as const;
export type DragonTigerBoard = (typeof DRAGON_TIGER_BOARDS)[number];
