import { Link } from '@tanstack/react-router';
import { ErrorState } from '../../components/states';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDateTime,
} from '../../lib/format';
import type { ChainQuote, ChainRow } from './chain';
import { useOptionsText, type OptionsT } from './messages';
import type { OptionSession } from './queries';
import type { UnderlyingQuote } from './underlying';

/** Days left in words. */
export function daysLeftText(days: number | null, t: OptionsT): string {
  if (days === null) return DASH;
  if (days < 0) return t('expiry.expired');
  if (days === 0) return t('expiry.lastDay');
  return t('expiry.days', { days });
}

/** Decimals of the strikes as listed (2.75 → 2, but ETF strikes are shown to 3 like the exchanges). */
export function strikeDigits(rows: readonly ChainRow[], etf: boolean): number {
  if (etf) return 3;
  let digits = 0;
  for (const row of rows) {
    const text = String(row.strike);
    const dot = text.indexOf('.');
    if (dot >= 0) digits = Math.max(digits, Math.min(3, text.length - dot - 1));
  }
  return digits;
}

function Side({
  quote,
  side,
  selected,
  inTheMoney,
  digits,
  session,
}: {
  quote: ChainQuote | null;
  side: 'call' | 'put';
  selected: string | null;
  inTheMoney: boolean;
  digits: number;
  session: OptionSession;
}) {
  const { t, lang } = useOptionsText();
  if (!quote) {
    const empty = [
      <td key="volume" className="opt-cell opt-col--volume muted" />,
      <td key="change" className="opt-cell muted" />,
      <td key="last" className="opt-cell opt-cell--last muted" data-testid={`${side}-missing`}>
        {t('chain.missingSide')}
      </td>,
    ];
    return <>{side === 'call' ? empty : empty.reverse()}</>;
  }
  const tone = direction(quote.changePct);
  const chosen = quote.thscode === selected;
  const shade = `opt-cell opt-cell--${side}${inTheMoney ? ' opt-cell--itm' : ''}${chosen ? ' opt-cell--selected' : ''}`;
  const cells = [
    <td key="volume" className={`${shade} opt-col--volume num`}>
      {formatAmount(quote.volume, lang, 0)}
    </td>,
    <td key="change" className={`${shade} num ${tone}`}>
      {formatPercent(quote.changePct, lang, { sign: true })}
    </td>,
    <td key="last" className={`${shade} opt-cell--last num ${tone}`} data-testid={`${side}-cell`}>
      <Link
        to="/options/$thscode"
        params={{ thscode: quote.thscode }}
        search={{ session }}
        className="opt-link"
        aria-label={`${t('chain.open', { name: quote.name })} ${formatNumber(quote.last, lang, digits)}`}
        aria-current={chosen ? 'page' : undefined}
        data-code={quote.thscode}
      >
        {formatNumber(quote.last, lang, digits)}
      </Link>
    </td>,
  ];
  return <>{side === 'call' ? cells : cells.reverse()}</>;
}

export interface ChainPanelProps {
  title: string;
  rows: readonly ChainRow[];
  atm: number | null;
  underlying: UnderlyingQuote;
  underlyingCode: string | null;
  priceDigits: number;
  etf: boolean;
  selected: string | null;
  daysLeft: number | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Live refreshing is on (the exchange trades). */
  live: boolean;
  /** Kept when a contract is opened from the chain. */
  session: OptionSession;
  /** What to say when there is no row. */
  empty: string;
  /** How to go on, when no contract is chosen. */
  hint: string | null;
}

/**
 * The T-quote: calls left, puts right, strikes in the middle; in-the-money sides shaded, the
 * at-the-money strike marked. Each price is a link to its contract, so the chain is keyboard-usable.
 */
export function ChainPanel({
  title,
  rows,
  atm,
  underlying,
  underlyingCode,
  priceDigits,
  etf,
  selected,
  daysLeft,
  loading,
  error,
  onRetry,
  live,
  session,
  empty,
  hint,
}: ChainPanelProps) {
  const { t, lang } = useOptionsText();
  const digits = strikeDigits(rows, etf);
  const price = underlying.price;
  const underlyingDigits = etf ? 3 : 2;
  return (
    <section className="panel opt-chain" aria-labelledby="opt-chain-title" data-testid="option-chain">
      <div className="opt-chain__head">
        <h2 id="opt-chain-title" className="panel__title">
          {t('chain.title')}
        </h2>
        <dl className="opt-underlying">
          <div>
            <dt>{t('underlying.label')}</dt>
            <dd className="num" data-testid="underlying-code">
              {underlyingCode ?? DASH}
            </dd>
          </div>
          <div>
            <dt>{t('underlying.price')}</dt>
            <dd className={`num ${direction(underlying.changePct)}`} data-testid="underlying-price">
              {formatNumber(price, lang, underlyingDigits)}{' '}
              <span>{formatPercent(underlying.changePct, lang, { sign: true })}</span>
            </dd>
          </div>
          <div>
            <dt>{t('page.expiry')}</dt>
            <dd className="num" data-testid="chain-days">
              {daysLeftText(daysLeft, t)}
            </dd>
          </div>
          {underlying.time !== null && (
            <div>
              <dd className="muted num">{formatShanghaiDateTime(underlying.time)}</dd>
            </div>
          )}
        </dl>
      </div>
      {underlying.kind === 'futures' ? (
        <p className="muted opt-note">
          {t('underlying.futures')} · {t('underlying.unknown')}
        </p>
      ) : (
        !underlying.pending && price === null && <p className="muted opt-note">{t('underlying.unknown')}</p>
      )}
      {error ? (
        <ErrorState error={error} onRetry={onRetry} compact />
      ) : (
        <div className="opt-chain__scroll">
          <table className="opt-table" aria-label={title} data-testid="chain-table">
            <thead>
              <tr>
                {/* The volume columns are hidden on narrow screens: a header per width keeps the spans right. */}
                <th colSpan={3} className="opt-table__side opt-table__side--call opt-wide" scope="colgroup">
                  {t('chain.calls')}
                </th>
                <th colSpan={2} className="opt-table__side opt-table__side--call opt-narrow" scope="colgroup">
                  {t('chain.calls')}
                </th>
                <th rowSpan={2} className="opt-table__strike" scope="col">
                  {t('chain.strike')}
                </th>
                <th colSpan={3} className="opt-table__side opt-table__side--put opt-wide" scope="colgroup">
                  {t('chain.puts')}
                </th>
                <th colSpan={2} className="opt-table__side opt-table__side--put opt-narrow" scope="colgroup">
                  {t('chain.puts')}
                </th>
              </tr>
              <tr>
                <th scope="col" className="opt-col--volume">
                  {t('chain.volume')}
                </th>
                <th scope="col">{t('chain.change')}</th>
                <th scope="col">{t('chain.last')}</th>
                <th scope="col">{t('chain.last')}</th>
                <th scope="col">{t('chain.change')}</th>
                <th scope="col" className="opt-col--volume">
                  {t('chain.volume')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loading && rows.length === 0
                ? Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} aria-hidden="true">
                      <td colSpan={7}>
                        <span className="skeleton-bar" />
                      </td>
                    </tr>
                  ))
                : rows.map((row) => {
                    const isAtm = atm !== null && row.strike === atm;
                    return (
                      <tr
                        key={row.strike}
                        className={isAtm ? 'opt-row opt-row--atm' : 'opt-row'}
                        data-testid="chain-row"
                        data-strike={row.strike}
                        data-atm={isAtm ? 'true' : undefined}
                      >
                        <Side
                          quote={row.call}
                          side="call"
                          selected={selected}
                          inTheMoney={price !== null && row.strike < price}
                          digits={priceDigits}
                          session={session}
                        />
                        <th scope="row" className="opt-table__strike num">
                          {formatNumber(row.strike, lang, digits)}
                          {isAtm && (
                            <span className="opt-atm" title={t('chain.atmTitle')}>
                              {t('chain.atm')}
                            </span>
                          )}
                        </th>
                        <Side
                          quote={row.put}
                          side="put"
                          selected={selected}
                          inTheMoney={price !== null && row.strike > price}
                          digits={priceDigits}
                          session={session}
                        />
                      </tr>
                    );
                  })}
              {!loading && rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="opt-table__empty muted">
                    {empty}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {hint && (
        <p className="opt-hint" data-testid="contract-hint">
          {hint}
        </p>
      )}
      <p className="muted opt-note">
        {t('chain.note')}
        {live ? ' ●' : ''}
      </p>
    </section>
  );
}
