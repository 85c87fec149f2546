import type { InstrumentRecord } from '../../api/instruments';
import { pageOf, type InstrumentPage } from '../../lib/instrument-pages';

/** What opening a search result does: its page, or "not supported yet". */
export type InstrumentTarget =
  { kind: 'page'; to: InstrumentPage; thscode: string } | { kind: 'unsupported' };

export function targetOf(record: InstrumentRecord): InstrumentTarget {
  const to = pageOf(record.asset_type);
  return to === undefined ? { kind: 'unsupported' } : { kind: 'page', to, thscode: record.thscode };
}
