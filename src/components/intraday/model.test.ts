import { describe, expect, it } from 'vitest';
import { incompleteDays, intradayModel, sessionGrid } from './model';
import { minuteOf, tapeDay, tapeSeries } from './model.testkit';

const DAY = '2026-11-27';

describe('sessionGrid', () => {
  it('has the 241 points of a session (the opening match, then each minute by its end), none at lunch', () => {
    const grid = sessionGrid(DAY);
    expect(grid).toHaveLength(241);
    expect(grid[0]).toBe(minuteOf(DAY, '09:30'));
    expect(grid[1]).toBe(minuteOf(DAY, '09:31'));
    expect(grid[120]).toBe(minuteOf(DAY, '11:30'));
    expect(grid[121]).toBe(minuteOf(DAY, '13:01'));
    expect(grid.at(-1)).toBe(minuteOf(DAY, '15:00'));
    expect(grid.some((t) => t > minuteOf(DAY, '11:30') && t < minuteOf(DAY, '13:01'))).toBe(false);
  });
});

describe('intradayModel', () => {
  it('draws one point per recorded minute, the last one being the tape’s last', () => {
    const day = tapeDay(DAY, 100, { count: 150 });
    const model = intradayModel(tapeSeries([day]), 1);
    expect(model.minutes).toHaveLength(150);
    expect(model.minutes.map((m) => m.t)).toEqual(day.points.map((p) => p.t));
    const last = day.points.at(-1);
    expect(model.last?.t).toBe(last?.t);
    expect(model.last?.price).toBe(last?.price);
    expect(model.last?.avg).toBe(last?.avg_price);
  });

  it('collapses the lunch break: 11:30 and 13:01 are neighbours on the axis', () => {
    const model = intradayModel(tapeSeries([tapeDay(DAY, 100)]), 1);
    const times = model.axis.map((s) => s.t);
    const at = times.indexOf(minuteOf(DAY, '11:30'));
    expect(times[at + 1]).toBe(minuteOf(DAY, '13:01'));
    expect(model.axis).toHaveLength(241);
    expect(model.axis.every((s) => s.kind === 'minute')).toBe(true);
  });

  it('keeps the whole session on the axis while the day runs: minutes to come are empty slots', () => {
    const model = intradayModel(tapeSeries([tapeDay(DAY, 100, { count: 61 })]), 1);
    expect(model.axis).toHaveLength(241);
    expect(model.axis.filter((s) => s.kind === 'minute')).toHaveLength(61);
    expect(model.axis.at(-1)).toEqual({ kind: 'empty', t: minuteOf(DAY, '15:00') });
    expect(model.last?.t).toBe(minuteOf(DAY, '10:30'));
  });

  it('takes the previous close as the base line and centres the price range on it', () => {
    const model = intradayModel(tapeSeries([tapeDay(DAY, 100)]), 1);
    expect(model.base).toBe(100);
    const range = model.range;
    expect(range).not.toBeNull();
    if (!range) return;
    expect((range.min + range.max) / 2).toBeCloseTo(100, 9);
    for (const m of model.minutes) {
      expect(m.price).toBeGreaterThanOrEqual(range.min);
      expect(m.price).toBeLessThanOrEqual(range.max);
    }
    const first = model.minutes[0];
    expect(first?.changePct).toBeCloseTo(((first?.price ?? 0) / 100 - 1) * 100, 9);
  });

  it('has no average for an index or a sector: the range follows the price alone', () => {
    const series = tapeSeries([tapeDay(DAY, 100)]);
    // An index's turnover over its volume is far from its level (27.79 against 3,985 in a run).
    for (const p of series.days[0]?.points ?? []) p.avg_price = p.price / 140;
    const model = intradayModel(series, 1, { average: false });
    expect(model.minutes.every((m) => m.avg === null)).toBe(true);
    const range = model.range;
    expect(range).not.toBeNull();
    const lowest = Math.min(...model.minutes.map((m) => m.price));
    expect(range?.min).toBeGreaterThan(lowest / 2);
  });

  it('without a previous close has no base line and no change', () => {
    const model = intradayModel(tapeSeries([tapeDay(DAY, null, { count: 10 })]), 1);
    expect(model.base).toBeNull();
    expect(model.range).toBeNull();
    expect(model.minutes.every((m) => m.changePct === null)).toBe(true);
  });

  it('a late start leaves the minutes before it empty and is reported', () => {
    const day = tapeDay(DAY, 100, { from: '10:12', count: 30, startedAt: '10:12' });
    const model = intradayModel(tapeSeries([day]), 1);
    expect(model.minutes[0]?.t).toBe(minuteOf(DAY, '10:12'));
    const firstMinute = model.axis.findIndex((s) => s.kind === 'minute');
    // 09:30 … 10:11 are 42 empty slots before the first recorded minute.
    expect(firstMinute).toBe(42);
    expect(incompleteDays(model).map((d) => d.recordingStartedAt)).toEqual([minuteOf(DAY, '10:12')]);
  });

  it('a complete day reports nothing', () => {
    const model = intradayModel(tapeSeries([tapeDay(DAY, 100)]), 1);
    expect(incompleteDays(model)).toEqual([]);
  });

  it('lays five days side by side with a separator slot before each but the first', () => {
    const dates = ['2026-11-21', '2026-11-24', '2026-11-25', '2026-11-26', DAY];
    const days = dates.map((d, i) => tapeDay(d, 100 + i));
    const model = intradayModel(tapeSeries(days), 5);
    expect(model.days.map((d) => d.date)).toEqual(dates);
    expect(model.minutes).toHaveLength(5 * 241);
    const separators = model.axis.filter((s) => s.kind === 'separator');
    expect(separators.map((s) => s.t)).toEqual(dates.slice(1).map((d) => minuteOf(d, '09:29')));
    expect(model.axis).toHaveLength(5 * 241 + 4);
    // The axis is in time order, as the chart library requires.
    expect(model.axis.every((s, i, all) => i === 0 || s.t > (all[i - 1]?.t ?? 0))).toBe(true);
    // The base is the close before the first day; each minute's change is from its own day's close.
    expect(model.base).toBe(100);
    const lastDay = model.days[4];
    const firstOfLast = lastDay ? model.minutes[lastDay.from] : undefined;
    expect(firstOfLast?.changePct).toBeCloseTo(((firstOfLast?.price ?? 0) / 104 - 1) * 100, 9);
  });

  it('the one-day view shows only the latest day of a longer answer', () => {
    const days = [tapeDay('2026-11-26', 99), tapeDay(DAY, 100, { count: 5 })];
    const model = intradayModel(tapeSeries(days), 1);
    expect(model.days.map((d) => d.date)).toEqual([DAY]);
    expect(model.minutes).toHaveLength(5);
  });

  it('keeps the last recording of a repeated minute and sorts out-of-order points', () => {
    const day = tapeDay(DAY, 100, { count: 3 });
    const [a, b, c] = day.points;
    if (!a || !b || !c) throw new Error('fixture');
    const model = intradayModel(tapeSeries([{ ...day, points: [c, a, b, { ...b, price: 123 }] }]), 1);
    expect(model.minutes.map((m) => m.t)).toEqual([a.t, b.t, c.t]);
    expect(model.minutes[1]?.price).toBe(123);
  });

  it('colours each minute’s volume by its move from the minute before', () => {
    const day = tapeDay(DAY, 100, { count: 3 });
    const points = day.points.map((p, i) => ({ ...p, price: [101, 100.5, 100.5][i] ?? 0 }));
    const model = intradayModel(tapeSeries([{ ...day, points }]), 1);
    expect(model.minutes.map((m) => m.tone)).toEqual(['up', 'down', 'flat']);
  });

  it('no answer or no minutes give an empty model', () => {
    expect(intradayModel(undefined, 1).minutes).toEqual([]);
    const model = intradayModel(tapeSeries([]), 5);
    expect(model.last).toBeNull();
    expect(model.axis).toEqual([]);
  });
});
