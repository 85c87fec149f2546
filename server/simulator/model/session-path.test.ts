import { describe, expect, it } from 'vitest';
import { STOCK_TIMING, continuousVolumeShare, pathAt, seededPath, valueShareAt } from './session-path';

const day = { open: 10, high: 11, low: 9.5, close: 10.5 };

describe('session path', () => {
  it('starts at the open, passes both extremes in order and ends on the close', () => {
    const path = { highFirst: true, t1: 0.2, t2: 0.6 };
    expect(pathAt(day, path, 0, 2)).toEqual({ price: 10, high: 10, low: 10 });
    expect(pathAt(day, path, 0.1, 2)).toEqual({ price: 10.5, high: 10.5, low: 10 });
    expect(pathAt(day, path, 0.4, 2)).toEqual({ price: 10.25, high: 11, low: 10 });
    expect(pathAt(day, path, 0.8, 2)).toEqual({ price: 10, high: 11, low: 9.5 });
    expect(pathAt(day, path, 0.999999, 2)).toEqual({ price: 10.5, high: 11, low: 9.5 });
  });

  it('reaches the low first when asked, and rounds the price to the instrument tick', () => {
    const path = { highFirst: false, t1: 0.3, t2: 0.7 };
    expect(pathAt(day, path, 0.1, 3)).toEqual({ price: 9.833, high: 10, low: 9.833 });
    expect(pathAt(day, path, 0.5, 3)).toEqual({ price: 10.25, high: 10.25, low: 9.5 });
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

  it('trades the whole continuous volume by the close, more of it near the open than at midday', () => {
    expect(continuousVolumeShare(0)).toBe(0);
    expect(continuousVolumeShare(1)).toBeCloseTo(1, 12);
    const firstTenth = continuousVolumeShare(0.1);
    const middleTenth = continuousVolumeShare(0.55) - continuousVolumeShare(0.45);
    expect(firstTenth).toBeGreaterThan(middleTenth);
  });

  it('grows the traded value with the volume at the path’s prices, from the auction to the whole day', () => {
    const path = { highFirst: true, t1: 0.2, t2: 0.6 };
    const auction = 0.04;
    // The auction's value alone at the start, all of it at the close.
    const atOpen = valueShareAt(day, path, 0, auction);
    expect(atOpen).toBeGreaterThan(0);
    expect(atOpen).toBeLessThan(0.05);
    expect(valueShareAt(day, path, 1, auction)).toBe(1);
    let previous = atOpen;
    for (let p = 0.01; p <= 1; p += 0.01) {
      const share = valueShareAt(day, path, p, auction);
      expect(share).toBeGreaterThanOrEqual(previous);
      previous = share;
    }
    // Early trading near the high: the value runs ahead of the volume (an average above the day's).
    const volumeShare = auction + (1 - auction) * continuousVolumeShare(0.2);
    expect(valueShareAt(day, path, 0.2, auction)).toBeGreaterThan(volumeShare);
  });
});
