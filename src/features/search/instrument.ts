import type { InstrumentRecord } from '../../api/instruments';

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
