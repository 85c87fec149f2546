/**
 * The gateway's own sense of time: cache lifetimes, the request budget, back-off, Retry-After pauses and
 * circuit breakers all read and wait on a `Ticker`, so tests can replace it with a manual clock and
 * never sleep on real time. It is separate from the market clock (`AppDeps.clock`), which SIM_NOW may
 * pin: a pinned market clock must not freeze the cache.
 */
export interface Ticker {
  /** Milliseconds since the Unix epoch (Retry-After dates are compared with it). */
  now(): number;
  /** Calls `fn` once after `ms`; the returned function cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const realTicker: Ticker = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    // A pending back-off or budget wait must not keep a closing process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export function sleep(ticker: Ticker, ms: number): Promise<void> {
  // No timer for no wait: a manual clock would otherwise hold it until the test moves time.
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    ticker.setTimer(ms, resolve);
  });
}
