import type { HotMoneySeat } from '../../lib/dragon-tiger';
import { fractionToPercent } from '../../lib/dragon-tiger';
import { direction, formatAmount, formatPercent } from '../../lib/format';
import { Empty } from '../../components/states';
import { useDragonTigerText } from './messages';

/** A seat's table: the stock, then figures (right-aligned). */
const SEAT_COLUMNS = ['seats.stock', 'seats.change', 'seats.net', 'seats.rate', 'seats.amount'] as const;

/**
 * Hot-money seats (well-known trading accounts) with the stocks each traded that day. A seat's `buying`
 * is a net amount (the sum of its rows) and can be negative. Choosing a stock opens its detail.
 */
export function HotMoneySeats({
  seats,
  selectedCode,
  onSelect,
}: {
  seats: readonly HotMoneySeat[];
  selectedCode: string | undefined;
  onSelect: (code: string) => void;
}) {
  const { t, lang } = useDragonTigerText();
  const sorted = [...seats].sort((a, b) => b.buying - a.buying);
  return (
    <section className="panel dtl-seats" aria-labelledby="dtl-seats-title" data-testid="hot-money-seats">
      <h2 id="dtl-seats-title" className="dtl-section-title">
        {t('seats.title')} <span className="muted num">{seats.length}</span>
      </h2>
      {sorted.length === 0 ? (
        <Empty>{t('seats.empty')}</Empty>
      ) : (
        <div className="dtl-seats__grid">
          {sorted.map((seat, i) => (
            <article key={`${seat.name}-${i}`} className="dtl-seat" data-testid="hot-money-seat">
              <div className="dtl-seat__head">
                <h3 className="dtl-seat__name">{seat.name}</h3>
                <span className={`num ${direction(seat.buying)}`} title={t('seats.net')}>
                  {formatAmount(seat.buying, lang, 2, { sign: true })}
                </span>
              </div>
              <div className="muted dtl-seat__count">{t('seats.stocks', { count: seat.rows.length })}</div>
              <table className="dtl-seat__rows">
                <thead>
                  <tr>
                    {SEAT_COLUMNS.map((key, i) => (
                      <th key={key} scope="col" className={i === 0 ? undefined : 'num'}>
                        {t(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {seat.rows.map((row, j) => {
                    const code = row.thscode ?? null;
                    return (
                      <tr
                        key={`${code ?? ''}-${j}`}
                        className={code !== null && code === selectedCode ? 'is-selected' : undefined}
                      >
                        <td>
                          {code === null ? (
                            (row.name ?? '—')
                          ) : (
                            <button
                              type="button"
                              className="dtl-linkish"
                              onClick={() => onSelect(code)}
                              title={code}
                            >
                              {row.name ?? code}
                            </button>
                          )}
                        </td>
                        <td className={`num ${direction(row.change)}`}>
                          {formatPercent(fractionToPercent(row.change), lang, { sign: true })}
                          {row.range_days !== null &&
                            row.range_days !== undefined &&
                            row.range_days !== 1 && (
                              <span className="muted"> {t('range.days', { days: row.range_days })}</span>
                            )}
                        </td>
                        <td className={`num ${direction(row.hot_money_item_net_value)}`}>
                          {formatAmount(row.hot_money_item_net_value, lang, 2, { sign: true })}
                        </td>
                        <td className="num">
                          {formatPercent(fractionToPercent(row.hot_money_item_net_rate), lang, {
                            sign: true,
                          })}
                        </td>
                        <td className="num">{formatAmount(row.amount, lang)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
