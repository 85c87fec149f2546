import { describe, expect, it } from 'vitest';
import { catalog } from '../../contract/catalog';
import { addDays, shanghaiDate } from '../../contract/time';
import { BAR_INTERVALS } from '../../lib/bars';
import {
  CHART_RANGES,
  HOT_WINDOWS,
  addMonths,
  barWindow,
  dragonTigerDateProblem,
  tenYearChunks,
  windowStart,
  WARMUP_DAYS,
} from './dates';

const TODAY = '2026-07-15';

describe('stock view windows', () => {
  it('shifts by months and clamps to the end of a shorter month', () => {
    expect(addMonths('2026-07-15', -1)).toBe('2026-06-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', -6)).toBe('2025-07-31');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
  });

  it('starts each window the expected number of months or years before today', () => {
    expect(CHART_RANGES.map((r) => windowStart(TODAY, r))).toEqual([
      '2026-06-15',
      '2026-04-15',
      '2026-01-15',
      '2025-07-15',
      '2023-07-15',
      '2021-07-15',
      '2016-07-15',
    ]);
  });

  it.each(CHART_RANGES.flatMap((range) => BAR_INTERVALS.map((interval) => [range, interval] as const)))(
    'the %s bar request of %s candles passes the contract (at most ten years) and ends today',
    (range, interval) => {
      const w = barWindow(TODAY, range, interval);
      const parsed = catalog['a-share/prices/historical'].params.safeParse({
        thscode: '600519.SH',
        start: w.start,
        end: w.end,
      });
      expect(parsed.success).toBe(true);
      expect(shanghaiDate(w.end)).toBe(TODAY);
      // The warm-up for the moving averages starts before the visible range (except where ten years cap it).
      expect(shanghaiDate(w.start) <= w.from).toBe(true);
      // Weeks and months need longer warm-ups than days, up to the ten-year cap.
      if (range === '1y') {
        expect(addDays(shanghaiDate(w.start), WARMUP_DAYS[interval])).toBe(w.from);
      }
    },
  );

  it.each(HOT_WINDOWS)('the %s rank-trend window passes the contract', (window) => {
    const parsed = catalog['a-share/special-data/hot-stock-rank-trend'].params.safeParse({
      thscode: '600519.SH',
      start_date: windowStart(TODAY, window),
      end_date: TODAY,
    });
    expect(parsed.success).toBe(true);
  });

  it('covers a long span with contiguous chunks of at most ten years', () => {
    const chunks = tenYearChunks('2009-12-15', '2026-06-29');
    expect(chunks).toHaveLength(2);
    const [first, second] = chunks;
    expect(shanghaiDate(first?.start ?? 0)).toBe('2009-12-15');
    expect(shanghaiDate(first?.end ?? 0)).toBe('2019-12-14');
    expect(shanghaiDate(second?.start ?? 0)).toBe('2019-12-15');
    expect(shanghaiDate(second?.end ?? 0)).toBe('2026-06-29');
    for (const c of chunks) {
      const ok = catalog['a-share/prices/historical'].params.safeParse({ thscode: '600519.SH', ...c });
      expect(ok.success).toBe(true);
    }
    expect(tenYearChunks('2026-07-01', '2026-06-01')).toEqual([]);
  });

  it('tells why a dragon-tiger day cannot have a record before asking the service', () => {
    const days = ['2026-07-13', '2026-07-14', '2026-07-15'];
    expect(dragonTigerDateProblem(undefined, TODAY, days, null)).toBeNull();
    expect(dragonTigerDateProblem('2026-07-14', TODAY, days, '2001-08-27')).toBeNull();
    expect(dragonTigerDateProblem('2026-07-16', TODAY, days, null)).toBe('outside');
    expect(dragonTigerDateProblem('2025-07-14', TODAY, days, null)).toBe('outside');
    expect(dragonTigerDateProblem('2026-07-12', TODAY, days, null)).toBe('non-trading');
    // Without the calendar the service decides (it answers for trading days only).
    expect(dragonTigerDateProblem('2026-07-12', TODAY, [], null)).toBeNull();
    expect(dragonTigerDateProblem('2026-07-14', TODAY, days, '2026-07-15')).toBe('not-listed');
  });
});
