import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import { checkTemporal } from '../../contract/params';
import { addDays, shanghaiMidnight } from '../../contract/time';
import {
  historyDate,
  historyDateProblem,
  presetOf,
  presetStart,
  trendWindow,
  trendWindowProblem,
} from './loader';

const TODAY = '2026-07-15';
const NOW = shanghaiMidnight(TODAY) + 10 * 3600 * 1000;

/** What the server (and the service) would say about these rank-trend parameters: true when accepted. */
function serverAccepts(start: string, end: string): boolean {
  const op = catalog['a-share/special-data/hot-stock-rank-trend'];
  const parsed = op.params.safeParse({ thscode: '300033.SZ', start_date: start, end_date: end });
  return parsed.success && checkTemporal(op, parsed.data, NOW) === null;
}

function historyAccepted(date: string): boolean {
  const op = catalog['a-share/special-data/hot-stock-list-history'];
  const parsed = op.params.safeParse({ date });
  return parsed.success && checkTemporal(op, parsed.data, NOW) === null;
}

const day = fc.integer({ min: -800, max: 40 }).map((offset) => addDays(TODAY, offset));

describe('hot-list view parameters', () => {
  it('history defaults to yesterday, the latest complete day', () => {
    expect(historyDate({ date: undefined }, TODAY)).toBe('2026-07-14');
    expect(historyDate({ date: '2026-01-02' }, TODAY)).toBe('2026-01-02');
  });

  it('the trend window defaults to the last 90 days and keeps the link’s ends', () => {
    expect(trendWindow({ start: undefined, end: undefined }, TODAY)).toEqual({
      start: '2026-04-16',
      end: TODAY,
    });
    expect(trendWindow({ start: '2026-06-01', end: undefined }, TODAY)).toEqual({
      start: '2026-06-01',
      end: TODAY,
    });
    expect(trendWindow({ start: undefined, end: '2026-06-30' }, TODAY)).toEqual({
      start: '2026-04-01',
      end: '2026-06-30',
    });
  });

  it('names the preset a window matches', () => {
    expect(presetOf({ start: presetStart(TODAY, 30), end: TODAY }, TODAY)).toBe(30);
    expect(presetOf({ start: '2025-07-15', end: TODAY }, TODAY)).toBe(365);
    expect(presetOf({ start: '2026-06-01', end: TODAY }, TODAY)).toBeNull();
    expect(presetOf({ start: presetStart(TODAY, 30), end: '2026-07-14' }, TODAY)).toBeNull();
  });

  it('explains the problems the service would refuse', () => {
    expect(historyDateProblem('2026-07-16', TODAY)).toBe('future');
    expect(historyDateProblem('2025-07-14', TODAY)).toBe('too-old');
    expect(historyDateProblem('2025-07-15', TODAY)).toBeNull();
    expect(trendWindowProblem({ start: '2026-07-02', end: '2026-07-01' }, TODAY)).toBe('order');
    expect(trendWindowProblem({ start: '2025-01-01', end: '2026-07-01' }, TODAY)).toBe('too-long');
    expect(trendWindowProblem({ start: '2025-07-01', end: '2025-08-01' }, TODAY)).toBe('too-old');
    expect(trendWindowProblem({ start: '2026-07-01', end: '2026-07-20' }, TODAY)).toBe('future');
  });

  it('a window is asked for exactly when the contract’s rules accept it (no request is refused)', () => {
    fc.assert(
      fc.property(day, day, (start, end) => {
        expect(trendWindowProblem({ start, end }, TODAY) === null).toBe(serverAccepts(start, end));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(day, (date) => {
        expect(historyDateProblem(date, TODAY) === null).toBe(historyAccepted(date));
      }),
      { numRuns: 200 },
    );
  });
});
