import { useQuery } from '@tanstack/react-query';
import { useLiveRefetchInterval, useServerClock, useServerToday } from '../../api/live';
import { useQuoteTime } from '../../api/quote-time';
import { useI18n } from '../../lib/i18n';
import { ErrorState } from '../../components/states';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatFigure,
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
import { adjustmentEventsQuery, auctionFloatQuery, snapshotQuery, type SnapshotItem } from './queries';
import { useValuations } from '../../api/valuations';
import { trailingDividendYield } from './analytics';
import { headerBarsQuery } from './loader';
import {
  HEADER_FIGURES,
  amplitudePct,
  floatShares,
  priceLimitOf,
  range52Weeks,
  turnoverRatePct,
  volumeRatio,
  type HeaderFigureId,
} from './header-figures';

/**
 * Name, code and the latest quote. Refreshed every few seconds during sessions (none when the market is
 * closed). Every figure has a fixed slot, so loading, refreshing and errors never move the layout.
 */

function exchangeLabel(exchange: string | null, t: StockT): string {
  const key = `exchange.${exchange ?? ''}`;
  return isStockMessageKey(key) ? t(key) : (exchange ?? DASH);
}

interface FigureCell {
  value: string;
  tone?: string;
  title?: string;
}

export function StockHeader({ record }: { record: InstrumentRecord }) {
  const { t, lang } = useStockText();
  const i18n = useI18n();
  const today = useServerToday();
  const refetchInterval = useLiveRefetchInterval('quote');
  const snapshot = useQuery({ ...snapshotQuery(record.thscode), refetchInterval });
  const bars = useQuery({ ...headerBarsQuery(record.thscode, today ?? ''), enabled: today !== null });
  const auction = useQuery(auctionFloatQuery(record.thscode));
  const quote: SnapshotItem | undefined = snapshot.data?.item.find((i) => i.thscode === record.thscode);
  const timeOf = useQuoteTime();
  const daily = bars.data?.item ?? [];
  const time = snapshot.data ? timeOf(snapshot.data.timestamp, snapshot.dataUpdatedAt) : null;
  const quoteMs = time?.ms ?? null;
  const tone = direction(quote?.price_change);
  // Open, high and low are coloured against the previous close, as terminals do.
  const toneOf = (price: number | undefined) =>
    quote && price !== undefined ? direction(price - quote.prev_price) : 'flat';
  const price = (value: number | undefined) => formatPrice(value, lang, 'stock');

  const shares = floatShares(auction.data?.item.find((i) => i.thscode === record.thscode));
  const limit =
    quote && quoteMs !== null ? priceLimitOf(record.thscode, record.name, quote.prev_price, quoteMs) : null;
  const range52 = quote && quoteMs !== null && bars.data ? range52Weeks(daily, quoteMs, quote) : null;
  const atLimit =
    limit && quote
      ? quote.last_price >= limit.up
        ? 'up'
        : quote.last_price <= limit.down
          ? 'down'
          : null
      : null;
  const limitTitle = limit
    ? t('header.limitTitle', {
        board: t(limit.st && limit.board === 'main' ? 'board.st' : `board.${limit.board}`),
        pct: limit.pct,
      })
    : undefined;

  const cells: Readonly<Record<HeaderFigureId, FigureCell>> = {
    open: { value: price(quote?.open_price), tone: toneOf(quote?.open_price) },
    high: { value: price(quote?.high_price), tone: toneOf(quote?.high_price) },
    low: { value: price(quote?.low_price), tone: toneOf(quote?.low_price) },
    prevClose: { value: price(quote?.prev_price) },
    limitUp: { value: formatFigure(limit?.up, 'price', lang), tone: 'up', title: limitTitle },
    limitDown: { value: formatFigure(limit?.down, 'price', lang), tone: 'down', title: limitTitle },
    volume: { value: formatVolume(quote?.volume, lang) },
    turnover: { value: formatAmount(quote?.turnover, lang) },
    turnoverRate: {
      value: formatFigure(quote ? turnoverRatePct(quote.volume, shares) : null, 'percent', lang),
      title: t('header.turnoverRateTitle'),
    },
    volumeRatio: {
      value: formatFigure(
        quote && quoteMs !== null ? volumeRatio(quote.volume, quoteMs, daily) : null,
        'ratio',
        lang,
      ),
      title: t('header.volumeRatioTitle'),
    },
    amplitude: {
      value: formatFigure(quote ? amplitudePct(quote) : null, 'percent', lang),
      title: t('header.amplitudeTitle'),
    },
    floatCap: {
      value: formatFigure(quote && shares !== null ? shares * quote.last_price : null, 'amount', lang),
      title: t('header.floatCapTitle'),
    },
    high52: { value: formatFigure(range52?.high, 'price', lang), title: t('header.range52Title') },
    low52: { value: formatFigure(range52?.low, 'price', lang), title: t('header.range52Title') },
    time: {
      value: formatShanghaiDateTime(quoteMs),
      title: time?.basis === 'read' ? i18n.t('quoteTime.readTitle') : undefined,
    },
  };

  return (
    <header className="panel stock-head" data-testid="stock-header">
      <div className="stock-head__id">
        <h1 className="inst-head__name">{record.name}</h1>
        <span className="inst-head__code num">{record.thscode}</span>
        <span className="inst-head__badge" title={t('header.exchange')}>
          {exchangeLabel(record.exchange, t)}
        </span>
        {atLimit && (
          <span className={`stock-head__limit ${atLimit}`} data-testid="at-limit">
            {t(atLimit === 'up' ? 'header.atLimitUp' : 'header.atLimitDown')}
          </span>
        )}
        <span className="inst-head__spacer" />
        <AddToWatchlist thscode={record.thscode} />
        <CopyLinkButton />
      </div>
      <div className="stock-head__quote">
        <div
          className={`inst-head__price num ${tone}`}
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
          {HEADER_FIGURES.map(([id, label]) => (
            <Stat
              key={id}
              label={t(label)}
              value={cells[id].value}
              tone={cells[id].tone}
              title={cells[id].title}
              testId={`quote-${id}`}
              wide={id === 'time'}
            />
          ))}
        </dl>
        <Valuation record={record} lastPrice={quote?.last_price} />
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

/**
 * The valuation snapshot (PE TTM and MRQ, PB, PS, PCF) and the trailing dividend yield, which the page
 * derives from the corporate actions it already reads (cash that went ex in the last year over the last
 * price). The service publishes no share counts, so no market value is shown rather than an invented one.
 */
function Valuation({ record, lastPrice }: { record: InstrumentRecord; lastPrice: number | undefined }) {
  const { t, lang } = useStockText();
  const { now } = useServerClock();
  const valuations = useValuations([record.thscode]);
  const events = useQuery(adjustmentEventsQuery(record.thscode));
  const v = valuations.byCode.get(record.thscode);
  const ratio = (value: number | null | undefined) => formatNumber(value, lang, 2);
  const dividendYield = trailingDividendYield(events.data?.item, lastPrice, now());
  return (
    <dl className="stock-head__stats stock-head__valuation" aria-label={t('valuation.label')}>
      <Stat label={t('valuation.peTtm')} value={ratio(v?.pe_ttm)} testId="valuation-pe-ttm" />
      <Stat label={t('valuation.peMrq')} value={ratio(v?.pe_mrq)} testId="valuation-pe-mrq" />
      <Stat label={t('valuation.pbMrq')} value={ratio(v?.pb_mrq)} testId="valuation-pb-mrq" />
      <Stat label={t('valuation.psTtm')} value={ratio(v?.ps_ttm)} testId="valuation-ps-ttm" />
      <Stat label={t('valuation.pcfTtm')} value={ratio(v?.pcf_ttm)} testId="valuation-pcf-ttm" />
      <Stat
        label={t('valuation.dividendYield')}
        value={formatPercent(dividendYield, lang)}
        testId="valuation-dividend-yield"
      />
    </dl>
  );
}
