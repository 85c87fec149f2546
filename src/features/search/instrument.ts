import type { InstrumentRecord } from './queries';

/**
 * What the app can open for an instrument. Only A-shares have a page so far; other asset types get a
 * clear "not supported yet" message instead of a dead link.
 */
export type InstrumentTarget = { kind: 'stock'; thscode: string } | { kind: 'unsupported' };

export function targetOf(record: InstrumentRecord): InstrumentTarget {
  return record.asset_type === 'a-share'
    ? { kind: 'stock', thscode: record.thscode }
    : { kind: 'unsupported' };
}

function score(record: InstrumentRecord, q: string): number {
  const code = record.thscode.toUpperCase();
  const ticker = record.ticker.toUpperCase();
  const name = record.name.toUpperCase();
  if (code === q || ticker === q || name === q) return 0;
  if (code.startsWith(q) || ticker.startsWith(q) || name.startsWith(q)) return 1;
  return 2;
}

/**
 * Exact matches first, then prefixes, otherwise the service's order: typing "600519" and pressing Enter
 * must open 600519.SH even when the service lists 600519 inside another code first.
 */
export function rankResults(items: readonly InstrumentRecord[], q: string): InstrumentRecord[] {
  const key = q.trim().toUpperCase();
  return items
    .map((record, index) => ({ record, index, score: score(record, key) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.record);
}
