import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TimeChart, type ChartSeries } from '../../components/chart/TimeChart';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { Segmented } from '../../components/Segmented';
import { ChartFrame } from '../../components/chart/ChartFrame';
import { candleVolumeSeries } from '../../components/chart/candles';
import { OPTION_SESSIONS } from '../../contract/operations/options-terms';
import { daysToExpiry } from '../../lib/expiry';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
  formatShanghaiMinute,
} from '../../lib/format';
import { AddToWatchlist } from '../watchlists';
import { latestQuote, parityGap, type ChainRow } from './chain';
import { daysLeftText } from './ChainPanel';
import { isOptionsMessageKey, useOptionsText, type OptionsT } from './messages';
import {
  optionDailyQuery,
  optionIntradayQuery,
  type OptionBar,
  type OptionDetail,
  type OptionSession,
  type OptionTick,
} from './queries';
import type { UnderlyingQuote } from './underlying';
import type { UpdateOptionsSearch } from './url-state';

export const DAILY_HEIGHT = 300;
export const INTRADAY_HEIGHT = 220;
const PANE_STRETCH = [3, 1];

function styleText(style: string | null, t: OptionsT): string {
  const key = `style.${style ?? ''}`;
  return isOptionsMessageKey(key) ? t(key) : (style ?? DASH);
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="opt-fact">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Daily candles and volume with a crosshair legend (the bar under the pointer, the latest otherwise). */
function DailyChart({ detail, digits }: { detail: OptionDetail; digits: number }) {
  const { t, lang } = useOptionsText();
  const thscode = detail.thscode ?? '';
  const query = useQuery(optionDailyQuery(thscode));
  const bars = useMemo(
    () =>
      (query.data?.item ?? [])
        .filter(
          (
            b,
          ): b is OptionBar & {
            timestamp: number;
            open_price: number;
            high_price: number;
            low_price: number;
            close_price: number;
          } =>
            b.timestamp !== null &&
            b.open_price !== null &&
            b.high_price !== null &&
            b.low_price !== null &&
            b.close_price !== null,
        )
        .sort((a, b) => a.timestamp - b.timestamp),
    [query.data],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);
  const series = useMemo(
    () =>
      candleVolumeSeries(
        bars.map((b) => ({ ...b, date_ms: b.timestamp })),
        { lang, digits, amount: (b) => b.volume ?? 0 },
      ),
    [bars, lang, digits],
  );
  const index = hovered === null ? bars.length - 1 : bars.findIndex((b) => b.timestamp === hovered);
  const bar = bars[index] ?? bars[bars.length - 1];
  const prev = bars[(index < 0 ? bars.length - 1 : index) - 1];
  const changePct =
    bar && prev && prev.close_price !== 0
      ? ((bar.close_price - prev.close_price) / prev.close_price) * 100
      : null;
  const tone = direction(changePct);
  const first = bars[0];
  const last = bars[bars.length - 1];
  return (
    <div className="opt-chart" data-testid="daily-panel">
      <h3 className="opt-chart__title">{t('daily.title')}</h3>
      <dl className="chart-legend num" data-testid="daily-legend">
        <div>
          <dt>{t('legend.date')}</dt>
          <dd data-testid="daily-legend-date">{formatShanghaiDate(bar?.timestamp)}</dd>
        </div>
        <div>
          <dt>{t('legend.open')}</dt>
          <dd className={tone}>{formatNumber(bar?.open_price, lang, digits)}</dd>
        </div>
        <div>
          <dt>{t('legend.high')}</dt>
          <dd className={tone}>{formatNumber(bar?.high_price, lang, digits)}</dd>
        </div>
        <div>
          <dt>{t('legend.low')}</dt>
          <dd className={tone}>{formatNumber(bar?.low_price, lang, digits)}</dd>
        </div>
        <div>
          <dt>{t('legend.close')}</dt>
          <dd className={tone} data-testid="daily-legend-close">
            {formatNumber(bar?.close_price, lang, digits)} {formatPercent(changePct, lang, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('legend.volume')}</dt>
          <dd>{formatAmount(bar?.volume, lang, 0)}</dd>
        </div>
      </dl>
      <ChartFrame
        height={DAILY_HEIGHT}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        loading={query.isPending}
        empty={query.isSuccess && bars.length === 0 ? t('daily.empty') : null}
      >
        <TimeChart
          series={series}
          height={DAILY_HEIGHT}
          paneStretch={PANE_STRETCH}
          onHover={onHover}
          viewKey={first && last ? `${thscode}|${first.timestamp}|${last.timestamp}` : ''}
          testId="daily-chart"
          label={t('daily.label', { name: detail.name ?? thscode })}
          fallback={t('chart.unavailable')}
        />
      </ChartFrame>
    </div>
  );
}

/** The intraday line of one session, with each minute's volume; the session is in the URL. */
function IntradayChart({
  detail,
  digits,
  session,
  onSearch,
  refetchInterval,
}: {
  detail: OptionDetail;
  digits: number;
  session: OptionSession;
  onSearch: UpdateOptionsSearch;
  refetchInterval: number | false;
}) {
  const { t, lang } = useOptionsText();
  const thscode = detail.thscode ?? '';
  const query = useQuery({ ...optionIntradayQuery(thscode, session), refetchInterval });
  const points = useMemo(
    () =>
      (query.data?.item ?? [])
        .filter(
          (p): p is OptionTick & { timestamp: number; price: number } =>
            p.timestamp !== null && p.price !== null,
        )
        .sort((a, b) => a.timestamp - b.timestamp),
    [query.data],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        id: 'price',
        kind: 'line',
        color: 'accent',
        lineWidth: 2,
        data: points.map((p) => ({ time: p.timestamp, value: p.price })),
        format: (value) => formatNumber(value, lang, digits),
      },
      {
        id: 'volume',
        kind: 'histogram',
        pane: 1,
        color: 'muted',
        data: points.flatMap((p) => (p.volume === null ? [] : [{ time: p.timestamp, value: p.volume }])),
        format: (value) => formatAmount(value, lang),
      },
    ],
    [points, lang, digits],
  );
  const point =
    (hovered === null ? undefined : points.find((p) => p.timestamp === hovered)) ?? points[points.length - 1];
  const placeholder = query.isPlaceholderData;
  return (
    <div className="opt-chart" data-testid="intraday-panel">
      <div className="opt-chart__toolbar">
        <h3 className="opt-chart__title">{t('intraday.title')}</h3>
        <Segmented
          label={t('intraday.session')}
          value={session}
          testId="session-switch"
          options={OPTION_SESSIONS.map((s) => ({ value: s, label: t(`session.${s}`) }))}
          onChange={(next) => onSearch({ session: next }, { replace: true })}
        />
        {query.isFetching && <span className="spinner" aria-hidden="true" />}
      </div>
      <dl className="chart-legend num" data-testid="intraday-legend">
        <div>
          <dt>{t('legend.time')}</dt>
          <dd>{formatShanghaiMinute(point?.timestamp)}</dd>
        </div>
        <div>
          <dt>{t('legend.price')}</dt>
          <dd>{formatNumber(point?.price, lang, digits)}</dd>
        </div>
        <div>
          <dt>{t('legend.volume')}</dt>
          <dd>{formatAmount(point?.volume, lang, 0)}</dd>
        </div>
        <div>
          <dt>{t('legend.turnover')}</dt>
          <dd>{formatAmount(point?.turnover, lang)}</dd>
        </div>
      </dl>
      <ChartFrame
        height={INTRADAY_HEIGHT}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        loading={query.isPending || placeholder}
        empty={query.isSuccess && points.length === 0 ? t('intraday.empty') : null}
      >
        <TimeChart
          series={series}
          height={INTRADAY_HEIGHT}
          paneStretch={PANE_STRETCH}
          onHover={onHover}
          timeScale="minute"
          viewKey={`${thscode}|${session}|${query.data?.date ?? ''}`}
          testId="intraday-chart"
          label={t('intraday.label', {
            name: detail.name ?? thscode,
            date: query.data?.date ?? DASH,
            session: t(`session.${session}`),
          })}
          fallback={t('chart.unavailable')}
        />
      </ChartFrame>
    </div>
  );
}

/**
 * The gap from put-call parity of the contract and its pair (same strike, other type): latest daily
 * closes of both and the underlying's price.
 */
function Parity({
  detail,
  pair,
  underlying,
  digits,
}: {
  detail: OptionDetail;
  pair: string | null;
  underlying: UnderlyingQuote;
  digits: number;
}) {
  const { t, lang } = useOptionsText();
  const own = useQuery(optionDailyQuery(detail.thscode ?? ''));
  const other = useQuery({ ...optionDailyQuery(pair ?? ''), enabled: pair !== null });
  const call = detail.option_type === 'call';
  const mine = latestQuote(own.data?.item).last;
  const theirs = latestQuote(other.data?.item).last;
  const gap = parityGap(call ? mine : theirs, call ? theirs : mine, underlying.price, detail.strike_price);
  return (
    <div className="opt-parity" data-testid="parity">
      <div className="opt-parity__head">
        <strong>{t('parity.title')}</strong>
        <span className="muted">{t('parity.formula')}</span>
      </div>
      {pair === null ? (
        <span className="muted">{t('parity.none')}</span>
      ) : (
        <div className="opt-parity__body num">
          <span className={direction(gap)} data-testid="parity-gap">
            {formatNumber(gap, lang, digits, { sign: true })}
          </span>
          <span className="muted">
            {t('parity.pair')}{' '}
            <Link to="/options/$thscode" params={{ thscode: pair }} data-testid="parity-pair">
              {pair}
            </Link>
          </span>
        </div>
      )}
    </div>
  );
}

/** The chosen contract: header with the watchlist control, facts, parity gap, daily bars and intraday line. */
export function ContractPanel({
  detail,
  chain,
  underlying,
  today,
  digits,
  session,
  onSearch,
  trading,
  refetchInterval,
}: {
  detail: OptionDetail;
  chain: readonly ChainRow[];
  underlying: UnderlyingQuote;
  today: string | null;
  digits: number;
  session: OptionSession;
  onSearch: UpdateOptionsSearch;
  trading: boolean;
  refetchInterval: number | false;
}) {
  const { t, lang } = useOptionsText();
  const thscode = detail.thscode ?? '';
  const call = detail.option_type === 'call';
  const row = chain.find((r) => r.strike === detail.strike_price);
  const pair = (call ? row?.put : row?.call)?.thscode ?? null;
  const typeText = call ? t('contract.call') : detail.option_type === 'put' ? t('contract.put') : DASH;
  return (
    <section
      className="panel opt-contract"
      aria-labelledby="opt-contract-title"
      data-testid="option-contract"
    >
      <header className="opt-contract__head">
        <h2 id="opt-contract-title" className="opt-contract__name">
          {detail.name ?? thscode}
        </h2>
        <span className="opt-contract__code num">{thscode}</span>
        <span className={`opt-type opt-type--${call ? 'call' : 'put'}`}>{typeText}</span>
        <span className={trading ? 'opt-clock opt-clock--on' : 'opt-clock'} data-testid="option-clock">
          {trading ? t('facts.trading') : t('facts.notTrading')}
        </span>
        <span className="opt-contract__spacer" />
        <AddToWatchlist thscode={thscode} />
        <CopyLinkButton />
      </header>
      <dl className="opt-facts">
        <Fact label={t('facts.underlying')} value={detail.underlying_code ?? DASH} />
        <Fact
          label={t('facts.strike')}
          value={formatNumber(detail.strike_price, lang, 3)}
          testId="fact-strike"
        />
        <Fact label={t('facts.type')} value={typeText} />
        <Fact label={t('facts.style')} value={styleText(detail.exercise_style, t)} />
        <Fact label={t('facts.lastTrade')} value={detail.last_trade_date ?? DASH} testId="fact-last-trade" />
        <Fact
          label={t('facts.daysLeft')}
          value={daysLeftText(daysToExpiry(detail.last_trade_date, today), t)}
          testId="fact-days-left"
        />
        <Fact label={t('facts.delivery')} value={detail.last_delivery_date ?? DASH} />
        <Fact label={t('facts.unit')} value={formatNumber(detail.trade_amount, lang, 0)} />
        <Fact label={t('facts.margin')} value={formatPercent(detail.margin_rate, lang, { digits: 1 })} />
        <Fact label={t('facts.tradingCode')} value={detail.display_code ?? DASH} />
      </dl>
      <Parity detail={detail} pair={pair} underlying={underlying} digits={digits} />
      <DailyChart detail={detail} digits={digits} />
      <IntradayChart
        detail={detail}
        digits={digits}
        session={session}
        onSearch={onSearch}
        refetchInterval={refetchInterval}
      />
    </section>
  );
}
