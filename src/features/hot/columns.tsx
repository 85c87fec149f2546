import type { DataColumn } from '../../components/DataTable';
import type { QuoteItem } from '../../api/quotes';
import { direction, formatFigure, formatPrice } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { HotT } from './messages';
import { formatHeat, parseHeat, type Heat } from './model';

/**
 * Columns the hot lists share: the latest price and change of each listed stock (from one snapshot of
 * all of them), and the heat drawn as a bar against the list's hottest stock.
 */

export function quoteColumns<R extends { thscode: string }>(
  t: HotT,
  lang: Language,
  quotes: ReadonlyMap<string, QuoteItem>,
): DataColumn<R>[] {
  const quote = (row: R) => quotes.get(row.thscode.toUpperCase());
  return [
    {
      id: 'price',
      header: t('col.price'),
      title: t('col.priceTitle'),
      value: (r) => quote(r)?.last_price ?? null,
      cell: (r) => {
        const q = quote(r);
        return (
          <span className={direction(q?.price_change)}>{formatPrice(q?.last_price, lang, 'stock')}</span>
        );
      },
      numeric: true,
      width: 88,
    },
    {
      id: 'changePct',
      header: t('col.changePct'),
      value: (r) => quote(r)?.price_change_ratio_pct ?? null,
      cell: (r) => {
        const pct = quote(r)?.price_change_ratio_pct;
        return <span className={direction(pct)}>{formatFigure(pct, 'percent', lang, { sign: true })}</span>;
      },
      numeric: true,
      width: 84,
    },
  ];
}

/** The heat as a number and a bar as long as its share of the list's highest heat. */
export function HeatBar({ heat, max, lang }: { heat: Heat; max: number; lang: Language }) {
  const value = parseHeat(heat);
  const share = value === null || max <= 0 ? 0 : Math.max(0, Math.min(1, value / max));
  return (
    <span className="hot-heat" title={heat === null || heat === undefined ? undefined : String(heat)}>
      <span className="hot-heat__track" aria-hidden="true">
        <span className="hot-heat__bar" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </span>
      <span className="hot-heat__value">{formatHeat(heat, lang)}</span>
    </span>
  );
}

/** The highest readable heat of a list (the bars' full length). */
export function maxHeat(rows: readonly { heat: Heat }[] | undefined): number {
  return (rows ?? []).reduce((max, row) => Math.max(max, parseHeat(row.heat) ?? 0), 0);
}
