import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLiveRefetchInterval } from '../../api/live';
import { ApiError, ErrorCode } from '../../contract/envelope';
import type { InstrumentRecord } from '../../api/instruments';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import {
  DASH,
  direction,
  formatAmount,
  formatPercent,
  formatPrice,
  formatShanghaiDate,
  formatShanghaiDateTime,
} from '../../lib/format';
import { AddToWatchlist } from '../watchlists';
import { isListed } from './loader';
import { isFundMessageKey, useFundText } from './messages';
import { changePct, premiumPct } from './premium';
import { etfQuoteQuery, latestNavQuery, profileQuery, type FundRef, type NavPoint } from './queries';
import { FundError } from './Section';

/** The newest two net values of a week's answer (it is ascending by date). */
export function lastTwo(
  items: readonly NavPoint[] | undefined,
): [NavPoint | undefined, NavPoint | undefined] {
  const list = items ?? [];
  return [list[list.length - 1], list[list.length - 2]];
}

function Stat({
  label,
  children,
  tone,
  testId,
  title,
}: {
  label: string;
  children: ReactNode;
  tone?: string;
  testId?: string;
  title?: string;
}) {
  return (
    <div className="inst-stat" title={title}>
      <dt>{label}</dt>
      <dd className={tone ? `num ${tone}` : 'num'} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Name, code, type, company and managers (linked to their panels), size, the newest unit net value with
 * its date and daily change; for listed funds also the exchange price, its premium or discount to that
 * net value, and the turnover, refreshed during sessions.
 */
export function FundHeader({ record, fundRef }: { record: InstrumentRecord; fundRef: FundRef }) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const latest = useQuery(latestNavQuery(fundRef));
  const listed = isListed(record);
  const refetchInterval = useLiveRefetchInterval('quote');
  const quote = useQuery({ ...etfQuoteQuery(record.thscode), enabled: listed, refetchInterval });

  const info = profile.data?.item[0];
  const [last, previous] = lastTwo(latest.data?.item);
  // The daily change of the adjusted value: a distribution does not read as a loss.
  const dayChange =
    changePct(last?.adj_nav, previous?.adj_nav) ?? changePct(last?.unit_nav, previous?.unit_nav);
  const tone = direction(dayChange);
  const typeKey = `asset.${record.asset_type}`;
  const typeLabel = isFundMessageKey(typeKey) ? t(typeKey) : record.asset_type;
  const q = quote.data?.item.find((i) => i.thscode === record.thscode);
  const premium = premiumPct(q?.last_price, last?.unit_nav);
  const nav = (value: number | null | undefined) => formatPrice(value, lang, 'fund');
  const managers = info?.manager_info ?? [];
  // The service serves exchange quotes for ETFs only: for other listed funds that is said once, no dashes.
  const noMarket = quote.error instanceof ApiError && quote.error.code === ErrorCode.UNSUPPORTED_TYPE;

  return (
    <header className="panel fund-head" data-testid="fund-header">
      <div className="fund-head__id">
        <h1 className="inst-head__name">{info?.fund_name ?? record.name}</h1>
        <span className="inst-head__code num">{record.thscode}</span>
        <span className="inst-head__badge" data-testid="fund-type">
          {typeLabel}
        </span>
        <span className="inst-head__spacer" />
        <Link className="btn btn--small" to="/fund/compare" search={{ codes: record.thscode }}>
          {t('header.compare')}
        </Link>
        <AddToWatchlist thscode={record.thscode} />
        <CopyLinkButton />
      </div>
      <div className="fund-head__main">
        <div className="fund-head__navbox">
          <div
            className={`inst-head__price num ${tone}`}
            data-testid="unit-nav"
            aria-label={t('header.unitNav')}
          >
            {nav(last?.unit_nav)}
          </div>
          <div className="fund-head__navmeta num">
            <span className={tone} data-testid="day-change" aria-label={t('header.dayChange')}>
              {formatPercent(dayChange, lang, { sign: true })}
            </span>
            <span className="muted" data-testid="nav-date" aria-label={t('header.navDate')}>
              {formatShanghaiDate(last?.nav_date)}
            </span>
          </div>
        </div>
        <dl className="fund-head__stats">
          <Stat label={t('header.company')}>
            {info?.mgmt_name ? (
              <Link
                from="/fund/$thscode"
                to="/fund/$thscode"
                params={{ thscode: record.thscode }}
                search={(prev) => ({ ...prev, tab: 'holders' as const })}
                hash="fund-company"
              >
                {info.mgmt_name}
              </Link>
            ) : (
              DASH
            )}
          </Stat>
          <Stat label={t('header.managers')} testId="managers">
            {managers.length === 0
              ? DASH
              : managers.map((m, i) => (
                  <span key={m.manager_id}>
                    {i > 0 && '、'}
                    <Link
                      from="/fund/$thscode"
                      to="/fund/$thscode"
                      params={{ thscode: record.thscode }}
                      search={(prev) => ({ ...prev, tab: 'holders' as const, mgr: m.manager_id })}
                      hash="fund-managers"
                    >
                      {m.manager_name ?? m.manager_id}
                    </Link>
                  </span>
                ))}
          </Stat>
          <Stat label={t('header.scale')}>{formatAmount(info?.fund_scale, lang)}</Stat>
          <Stat label={t('header.inception')}>{formatShanghaiDate(info?.estab_date)}</Stat>
        </dl>
        {listed && !noMarket && (
          <dl className="fund-head__stats fund-head__market" data-testid="fund-market">
            <Stat label={t('header.price')} tone={direction(q?.price_change)} testId="etf-price">
              {nav(q?.last_price)}
            </Stat>
            <Stat label={t('header.priceChange')} tone={direction(q?.price_change)}>
              {formatPercent(q?.price_change_ratio_pct, lang, { sign: true })}
            </Stat>
            <Stat
              label={t('header.premium')}
              tone={direction(premium)}
              testId="etf-premium"
              title={t('header.premiumTitle', { date: formatShanghaiDate(last?.nav_date) })}
            >
              {formatPercent(premium, lang, { sign: true, digits: 2 })}
            </Stat>
            <Stat label={t('header.turnover')}>{formatAmount(q?.turnover, lang)}</Stat>
            <Stat label={t('header.turnoverRatio')}>{formatPercent(q?.turnover_ratio_pct, lang)}</Stat>
            <Stat label={t('header.quoteTime')} testId="quote-time">
              {formatShanghaiDateTime(quote.data?.timestamp)}
            </Stat>
          </dl>
        )}
        {(profile.isError || latest.isError || (listed && quote.isError)) && (
          <div className="fund-head__errors">
            {profile.isError && (
              <FundError compact error={profile.error} onRetry={() => void profile.refetch()} />
            )}
            {latest.isError && (
              <FundError compact error={latest.error} onRetry={() => void latest.refetch()} />
            )}
            {listed && quote.isError && (
              <div className="fund-head__market-note">
                <span className="muted">{t('header.market')}：</span>
                <FundError compact error={quote.error} onRetry={() => void quote.refetch()} />
              </div>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
