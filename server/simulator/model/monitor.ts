import { midnightMs, tradingDayAt } from './calendar';
import { jumpPlanAt } from './prices';
import { Rng, mixAll } from './random';
import { allStocks, type Stock } from './universe';

/**
 * Stocks under exchange monitoring. A streak of moves that adds up to 20% or more puts a stock under
 * "severe abnormal fluctuation" monitoring (types 1 and 2) for ten trading days; some single limit moves
 * lead to key monitoring (types 3-6) for five. Records whose period covers today are current; the
 * others of the last 120 trading days are history.
 */

export const SEVERE_LABEL = '严重异常波动';
export const KEY_LABEL = '重点监控';
const WINDOW = 120;
const SALT = 0x165667b1;

export interface MonitorRecord {
  stock: Stock;
  type: number;
  startIndex: number;
  endIndex: number;
}

export function monitorLabel(type: number): string {
  return type === 1 || type === 2 ? SEVERE_LABEL : KEY_LABEL;
}

function recordsOf(stock: Stock, fromIndex: number, toIndex: number): MonitorRecord[] {
  const out: MonitorRecord[] = [];
  const seen = new Set<number>();
  for (let t = fromIndex; t <= toIndex + 40; t += 20) {
    const plan = jumpPlanAt(stock, t);
    if (!plan || seen.has(plan.start)) continue;
    seen.add(plan.start);
    const end = plan.start + plan.targets.length - 1;
    const total = plan.targets.reduce((acc, x) => acc * (1 + x), 1) - 1;
    const rng = new Rng(mixAll(stock.seed ^ SALT, plan.start));
    let type: number | null = null;
    let length = 5;
    if (plan.targets.length >= 2 && Math.abs(total) >= 0.2) {
      type = total > 0 ? 1 : 2;
      length = 10;
    } else if (plan.atLimit.some(Boolean) && rng.chance(0.3)) {
      type = rng.int(3, 6);
    }
    if (type === null) continue;
    const startIndex = end + 1;
    const record = { stock, type, startIndex, endIndex: startIndex + length - 1 };
    if (record.startIndex <= toIndex && record.endIndex >= fromIndex) out.push(record);
  }
  return out;
}

const cache = new Map<number, MonitorRecord[]>();

function allRecords(todayIndex: number): MonitorRecord[] {
  const hit = cache.get(todayIndex);
  if (hit) return hit;
  const all: MonitorRecord[] = [];
  const today = tradingDayAt(todayIndex);
  for (const stock of allStocks()) {
    if (stock.listDay <= today) all.push(...recordsOf(stock, todayIndex - WINDOW, todayIndex));
  }
  if (cache.size > 8) cache.clear();
  cache.set(todayIndex, all);
  return all;
}

/** Current (covering `todayIndex`) or past records, newest start first. */
export function monitorRecords(todayIndex: number, state: 'current' | 'history'): MonitorRecord[] {
  return allRecords(todayIndex)
    .filter((r) => (state === 'current' ? r.endIndex >= todayIndex : r.endIndex < todayIndex))
    .sort((a, b) => b.startIndex - a.startIndex || a.stock.index - b.stock.index);
}

export function monitorStartMs(r: MonitorRecord): number {
  return midnightMs(tradingDayAt(r.startIndex));
}

export function monitorEndMs(r: MonitorRecord): number {
  return midnightMs(tradingDayAt(r.endIndex));
}
