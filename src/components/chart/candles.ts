import { direction, formatAmount, formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { ChartSeries, MarkerSpec } from './TimeChart';

/** A bar as the service sends it (a fund's or an option's prices may be missing). */
export interface PriceBar {
  date_ms: number;
  open_price: number | null;
  high_price: number | null;
  low_price: number | null;
  close_price: number | null;
}

export interface CandleOptions<B> {
  lang: Language;
  /** Decimals of the prices on the scale and the crosshair. */
  digits: number;
  /** What the lower pane shows of a bar: its volume, or its turnover for an index. */
  amount: (bar: B) => number | null;
  /** The lower pane's series id (`volume` unless it shows something else). */
  amountId?: string;
  markers?: readonly MarkerSpec[];
}

/**
 * The candles of a price chart with the volume (or turnover) histogram in the pane below, coloured by
 * the bar's direction. A bar without its four prices draws no candle; one without an amount, no column.
 */
export function candleVolumeSeries<B extends PriceBar>(
  bars: readonly B[],
  { lang, digits, amount, amountId = 'volume', markers }: CandleOptions<B>,
): ChartSeries[] {
  return [
    {
      id: 'candles',
      kind: 'candles',
      data: bars.flatMap((b) =>
        b.open_price !== null && b.high_price !== null && b.low_price !== null && b.close_price !== null
          ? [
              {
                time: b.date_ms,
                open: b.open_price,
                high: b.high_price,
                low: b.low_price,
                close: b.close_price,
              },
            ]
          : [],
      ),
      markers,
      format: (value) => formatNumber(value, lang, digits),
    },
    {
      id: amountId,
      kind: 'histogram',
      pane: 1,
      color: 'muted',
      data: bars.flatMap((b) => {
        const value = amount(b);
        const move = b.close_price === null || b.open_price === null ? null : b.close_price - b.open_price;
        return value === null ? [] : [{ time: b.date_ms, value, tone: direction(move) }];
      }),
      format: (value) => formatAmount(value, lang),
    },
  ];
}
