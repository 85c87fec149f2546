import type { Ticker } from './ticker';

/**
 * A clock for tests: time moves only when the test says so, and timers fire in order as it passes.
 */
export class ManualClock implements Ticker {
  private current: number;
  private seq = 0;
  private timers: { at: number; seq: number; fn: () => void }[] = [];

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Move time forward by `ms`, firing every timer that falls due on the way, earliest first. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = target;
  }
}

/** Let every pending promise continuation and I/O callback run (one turn of the event loop). */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Run `work` to completion on a manual clock: virtual time moves in `stepMs` steps, but only while no
 * upstream call is in flight (`busy()`), so a call over a real loopback socket takes no virtual time
 * and the outcome does not depend on how fast the machine is.
 */
export async function drive<T>(
  clock: ManualClock,
  work: Promise<T>,
  opts: { busy: () => boolean; stepMs?: number; maxMs?: number },
): Promise<T> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  // A rejection is reported through `settled`; this only keeps Node from calling it unhandled early.
  settled.catch(() => undefined);
  const limit = clock.now() + (opts.maxMs ?? 3_600_000);
  for (;;) {
    await turn();
    while (opts.busy()) await turn();
    await turn();
    if (done) return settled;
    if (clock.now() >= limit) throw new Error('drive: virtual time limit reached');
    clock.advance(opts.stepMs ?? 100);
  }
}
