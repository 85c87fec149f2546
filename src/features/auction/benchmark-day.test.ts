import { describe, expect, it } from 'vitest';
import { benchmarkDay } from './benchmark-day';

const at = (text: string) => Date.parse(`${text}+08:00`);
/** Fri 10th, Mon 13th to Wed 15th of July 2026. */
const days = new Set(['2026-07-10', '2026-07-13', '2026-07-14', '2026-07-15']);

describe('the day of "today\'s" short-term benchmark', () => {
  it('is the last trading day before the open, and during the auction until its 09:25 match', () => {
    expect(benchmarkDay(at('2026-07-15T08:30:00'), days)).toEqual({ day: '2026-07-14', reason: 'pre-open' });
    expect(benchmarkDay(at('2026-07-13T09:20:00'), days)).toEqual({ day: '2026-07-10', reason: 'auction' });
  });

  it("is today's once the auction has matched", () => {
    expect(benchmarkDay(at('2026-07-15T09:25:00'), days)).toEqual({ day: undefined, reason: 'today' });
    expect(benchmarkDay(at('2026-07-15T10:10:00'), days)).toEqual({ day: undefined, reason: 'today' });
    expect(benchmarkDay(at('2026-07-15T20:00:00'), days)).toEqual({ day: undefined, reason: 'today' });
  });

  it('is the last trading day on a day without trading', () => {
    expect(benchmarkDay(at('2026-07-11T10:00:00'), days)).toEqual({
      day: '2026-07-10',
      reason: 'non-trading',
    });
  });

  it("asks for the service's today while the calendar is unknown", () => {
    expect(benchmarkDay(at('2026-07-15T08:30:00'), null)).toEqual({ day: undefined, reason: 'today' });
  });
});
