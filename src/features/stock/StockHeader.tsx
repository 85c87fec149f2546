import { useQuery } from '@tanstack/react-query';
import { useLiveRefetchInterval } from '../../api/live';
import { ErrorState } from '../../components/states';
import {
  DASH,
  direction,
  formatAmount,
  formatPercent,
  formatPrice,
  formatShanghaiDateTime,
  formatVolume,
} from '../../lib/format';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { AddToWatchlist } from '../watchlists';
import { Stat } from './Skeletons';
import { isStockMessageKey, useStockText, type StockT } from './messages';
import type { InstrumentRecord } from '../../api/instruments';
import { snapshotQuery, type SnapshotItem } from './queries';

/**
 * Name, code and the latest quote. Refreshed every few seconds during sessions (none when the market is
 * closed). Every figure has a fixed slot, so loading, refreshing and errors never move the layout.
 */

function exchangeLabel(exchange: string | null, t: StockT): string {
  const key = `exchange.${exchange ?? ''}`;
  return isStockMessageKey(key) ? t(key) : (exchange ?? DASH);
}

export function StockHeader({ record }: { record: InstrumentRecord }) {
  const { t, lang } = useStockText();
  const refetchInterval = useLiveRefetchInterval('quote');
  const snapshot = useQuery({ ...snapshotQuery(record.thscode), refetchInterval });
  const quote: SnapshotItem | undefined = snapshot.data?.item.find((i) => i.thscode === record.thscode);
  const tone = direction(quote?.price_change);
  // Open, high and low are coloured against the previous close, as terminals do.
  const toneOf = (price: number | undefined) =>
    quote && price !== undefined ? direction(price - quote.prev_price) : 'flat';
  const price = (value: number | undefined) => formatPrice(value, lang, 'stock');

  return (
    <header className="panel stock-head" data-testid="stock-header">
      <div className="stock-head__id">
        <h1 className="stock-head__name">{record.name}</h1>
        <span className="stock-head__code num">{record.thscode}</span>
        <span className="stock-head__exchange" title={t('header.exchange')}>
          {exchangeLabel(record.exchange, t)}
        </span>
        <span className="stock-head__spacer" />
        <AddToWatchlist thscode={record.thscode} />
        <CopyLinkButton />
      </div>
      <div className="stock-head__quote">
        <div
          className={`stock-head__last num ${tone}`}
          data-testid="quote-last"
          aria-label={t('header.last')}
        >
          {price(quote?.last_price)}
        </div>
        <div className={`stock-head__change num ${tone}`} data-testid="quote-change">
          <span aria-label={t('header.change')}>
            {formatPrice(quote?.price_change, lang, 'stock', { sign: true })}
          </span>
          <span aria-label={t('header.changePct')}>
            {formatPercent(quote?.price_change_ratio_pct, lang, { sign: true })}
          </span>
        </div>
        <dl className="stock-head__stats">
          <Stat label={t('header.open')} value={price(quote?.open_price)} tone={toneOf(quote?.open_price)} />
          <Stat label={t('header.high')} value={price(quote?.high_price)} tone={toneOf(quote?.high_price)} />
          <Stat label={t('header.low')} value={price(quote?.low_price)} tone={toneOf(quote?.low_price)} />
          <Stat label={t('header.prevClose')} value={price(quote?.prev_price)} />
          <Stat label={t('header.volume')} value={formatVolume(quote?.volume, lang)} />
          <Stat label={t('header.turnover')} value={formatAmount(quote?.turnover, lang)} />
          <Stat
            label={t('header.time')}
            value={formatShanghaiDateTime(snapshot.data?.timestamp)}
            testId="quote-time"
          />
        </dl>
        {snapshot.isError && (
          <div className="stock-head__error">
            <ErrorState compact error={snapshot.error} onRetry={() => void snapshot.refetch()} />
          </div>
        )}
        {snapshot.isSuccess && !quote && <p className="stock-head__error muted">{t('header.noQuote')}</p>}
      </div>
    </header>
  );
}
