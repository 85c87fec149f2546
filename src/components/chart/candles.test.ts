import { describe, expect, it } from 'vitest';
import { candleVolumeSeries } from './candles';

const bar = (date_ms: number, open: number | null, close: number | null, volume: number | null) => ({
  date_ms,
  open_price: open,
  high_price: open === null ? null : Math.max(open, close ?? open) + 1,
  low_price: open === null ? null : Math.min(open, close ?? open) - 1,
  close_price: close,
  volume,
  turnover: volume === null ? null : volume * 10,
});

describe('candleVolumeSeries', () => {
  const bars = [bar(1, 10, 11, 100), bar(2, 11, 10, 200), bar(3, null, null, 50), bar(4, 10, 10, null)];

  it('draws a candle for each bar with its four prices, and a column coloured by the bar’s move', () => {
    const [candles, volume] = candleVolumeSeries(bars, { lang: 'en', digits: 2, amount: (b) => b.volume });
    expect(candles?.kind).toBe('candles');
    expect(candles?.data.map((p) => p.time)).toEqual([1, 2, 4]);
    expect(candles?.data[0]).toEqual({ time: 1, open: 10, high: 12, low: 9, close: 11 });
    expect(volume).toMatchObject({ id: 'volume', kind: 'histogram', pane: 1 });
    // A bar without prices still has its column (flat); one without a volume has none.
    expect(volume?.data).toEqual([
      { time: 1, value: 100, tone: 'up' },
      { time: 2, value: 200, tone: 'down' },
      { time: 3, value: 50, tone: 'flat' },
    ]);
    expect(candles?.format?.(3.14159)).toBe('3.14');
  });

  it('shows another amount in the lower pane under its own id', () => {
    const [, turnover] = candleVolumeSeries(bars, {
      lang: 'en',
      digits: 3,
      amount: (b) => b.turnover,
      amountId: 'turnover',
    });
    expect(turnover?.id).toBe('turnover');
    expect(turnover?.data).toEqual([
      { time: 1, value: 1000, tone: 'up' },
      { time: 2, value: 2000, tone: 'down' },
      { time: 3, value: 500, tone: 'flat' },
    ]);
  });
});
