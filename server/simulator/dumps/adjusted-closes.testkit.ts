/**
 * Adjusted closes rebuilt from the dumps alone, in plain TypeScript, the way the vendor CLI does it: the
 * ratio of an event is prev_close × (1 + bonus + r) / (prev_close − dividend + r × price) with the
 * previous bar's published close (r, price: the allotment ratio and price), the backward factor of a day
 * is the product of the ratios of the events up to it, and the forward factor is the backward factor
 * over the latest bar's. Tests compare these with `prices/historical?adjust=backward|forward`.
 */

/** A row of `daily-k` (one code), as read from the file. */
export interface DumpBarRow {
  date_ms: number;
  close_price: number;
}

/** A row of `adjustment-factors` (one code), as read from the file. */
export interface DumpEventRow {
  ex_date_ms: number;
  dividend_per_share: number;
  per_share_bonus: number;
  allotment_ratio: number;
  allotment_price: number | null;
}

export interface AdjustedClose {
  date_ms: number;
  backward: number;
  forward: number;
}

/** The ratio of an event given the previous close (the vendor CLI's formula). */
export function eventRatio(prevClose: number, event: DumpEventRow): number {
  const r = event.allotment_ratio;
  const price = event.allotment_price ?? 0;
  return (prevClose * (1 + event.per_share_bonus + r)) / (prevClose - event.dividend_per_share + r * price);
}

/** Backward- and forward-adjusted closes of one code's bars (ascending by date) and its events. */
export function adjustedCloses(
  bars: readonly DumpBarRow[],
  events: readonly DumpEventRow[],
): AdjustedClose[] {
  const ascending = [...events].sort((a, b) => a.ex_date_ms - b.ex_date_ms);
  const factors: number[] = [];
  let factor = 1;
  let next = 0;
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i];
    if (bar === undefined) continue;
    for (let e = ascending[next]; e !== undefined && e.ex_date_ms <= bar.date_ms; e = ascending[++next]) {
      const prev = bars[i - 1];
      // An event before the first bar has no previous close in the dump: nothing to adjust across.
      if (prev !== undefined && e.ex_date_ms > prev.date_ms) factor *= eventRatio(prev.close_price, e);
    }
    factors.push(factor);
  }
  const latest = factors[factors.length - 1] ?? 1;
  return bars.map((bar, i) => {
    const backward = factors[i] ?? 1;
    return {
      date_ms: bar.date_ms,
      backward: bar.close_price * backward,
      forward: bar.close_price * (backward / latest),
    };
  });
}
