import { describe, expect, it } from 'vitest';
import { SESSION_MINUTES, STOCK_TIMING, seededPath, sessionTrack, trackAt } from './session-path';

const day = { open: 10, high: 11, low: 9.5, close: 10.5 };
const path = { highFirst: true, t1: 0.2, t2: 0.6 };

describe('session track', () => {
  const track = sessionTrack(day, path, 12345, 2, 0.04);

  it('starts at the open, reaches the high and then the low at their minutes and ends on the close', () => {
    expect(trackAt(track, 0, 2)).toMatchObject({ price: 10, high: 10, low: 10 });
    expect(track.prices[0.2 * SESSION_MINUTES]).toBe(11);
    expect(track.prices[0.6 * SESSION_MINUTES]).toBe(9.5);
    expect(track.prices[SESSION_MINUTES]).toBe(10.5);
    expect(trackAt(track, 0.4, 2)).toMatchObject({ high: 11 });
    expect(trackAt(track, 0.8, 2)).toMatchObject({ high: 11, low: 9.5 });
  });

  it('wiggles inside the day’s range, and its high and low are the extremes so far', () => {
    const seen = new Set<number>();
    let high = day.open;
    let low = day.open;
    for (let m = 0; m <= SESSION_MINUTES; m++) {
      const p = track.prices[m] ?? Number.NaN;
      expect(p).toBeGreaterThanOrEqual(day.low);
      expect(p).toBeLessThanOrEqual(day.high);
      seen.add(p);
      high = Math.max(high, p);
      low = Math.min(low, p);
      if (m < SESSION_MINUTES) expect(trackAt(track, m / SESSION_MINUTES, 2)).toMatchObject({ high, low });
    }
    // Not three straight legs: many distinct prices, and moves against the leg's direction.
    expect(seen.size).toBeGreaterThan(60);
    let against = 0;
    for (let m = 1; m < 0.2 * SESSION_MINUTES; m++)
      if ((track.prices[m] ?? 0) < (track.prices[m - 1] ?? 0)) against++;
    expect(against).toBeGreaterThan(3);
  });

  it('stays at the price after the second extreme when the tail is calm (a sealed limit)', () => {
    const sealed = sessionTrack(
      { open: 10, high: 11, low: 9.8, close: 11 },
      { highFirst: false, t1: 0.05, t2: 0.2, calmTail: true },
      7,
      2,
      0.03,
    );
    for (let m = 0.2 * SESSION_MINUTES; m <= SESSION_MINUTES; m++) expect(sealed.prices[m]).toBe(11);
  });

  it('places the extremes inside the timing window, the low first more often on up days', () => {
    const draws = (a: number, b: number, c: number) => (k: number) => (k === 1 ? a : k === 2 ? b : c);
    const early = seededPath(draws(0.5, 0, 0), true, STOCK_TIMING);
    expect(early).toEqual({ highFirst: false, t1: 0.08, t2: 0.16 });
    const late = seededPath(draws(0.5, 0.999, 0.999), false, STOCK_TIMING);
    expect(late.highFirst).toBe(true);
    expect(late.t2).toBeLessThan(0.9);
    expect(late.t2).toBeGreaterThan(late.t1);
  });

  it('grows volume and value from the auction’s share to the whole day, busier when the price moves', () => {
    expect(track.volume[0]).toBe(0.04);
    expect(track.volume[SESSION_MINUTES]).toBe(1);
    expect(track.value[SESSION_MINUTES]).toBe(1);
    for (let m = 1; m <= SESSION_MINUTES; m++) {
      expect(track.volume[m]).toBeGreaterThan(track.volume[m - 1] ?? 0);
      expect(track.value[m]).toBeGreaterThan(track.value[m - 1] ?? 0);
    }
    // Minutes that move the price most take more of the volume than the stillest ones.
    const minutes = Array.from({ length: SESSION_MINUTES }, (_, i) => i + 1);
    const move = (m: number) => Math.abs((track.prices[m] ?? 0) - (track.prices[m - 1] ?? 0));
    const traded = (m: number) => (track.volume[m] ?? 0) - (track.volume[m - 1] ?? 0);
    minutes.sort((a, b) => move(a) - move(b));
    const quarter = SESSION_MINUTES / 4;
    const mean = (ms: number[]) => ms.reduce((sum, m) => sum + traded(m), 0) / ms.length;
    const still = mean(minutes.slice(0, quarter));
    const moving = mean(minutes.slice(-quarter));
    expect(moving).toBeGreaterThan(still);
  });
});
