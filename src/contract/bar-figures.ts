import type { z } from 'zod';

/**
 * The six figures of a price bar (open, high, low, close, volume, turnover), each read by `value`. In a
 * file of its own: the BFF's panel bars (market-data.ts, loaded up front with the route tree) need it
 * without the upstream shapes of common.ts.
 */
export function barFigures<T extends z.ZodType>(value: T) {
  return {
    open_price: value,
    high_price: value,
    low_price: value,
    close_price: value,
    volume: value,
    turnover: value,
  };
}
