import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLiveRefetchInterval, useMarketSession } from '../../api/live';
import { Segmented } from '../../components/Segmented';
import { Empty, ErrorState } from '../../components/states';
import { A_SHARE_CODE_RE } from '../../contract/params';
import { isOneDayRecord, summarise } from '../../lib/dragon-tiger';
import {
  DASH,
  direction,
  formatAmount,
  formatNumber,
  formatShanghaiDate,
  formatShanghaiMinute,
} from '../../lib/format';
import { useI18n, type Language } from '../../lib/i18n';
import { rankingQuery, type RankingItem, type RankingList } from '../../api/rankings';
import { useHomeText, type HomeT } from './messages';
import {
  CARD_ROWS,
  currentMonitorQuery,
  latestDragonTigerQuery,
  HOT_PAGE_LIMIT,
  type MonitorItem,
} from './queries';
import { HOME_PERIODS, type HomePeriod, type HomeSearch } from './url-state';
import { BreadthCard, IndexStrip, LimitUpCard, SectorsCard } from './MarketCards';
import './market-home.css';

/**
 * The market home: the session, the main indices, the breadth of the whole market, the day's limit-ups
 * and leading sectors, the top of the hot and skyrocket lists, the latest dragon-tiger day and the
 * stocks under abnormal monitoring. Every card's title links to its page in the state the card
 * shows, so one click opens the full list the card summarises.
 */
export function MarketHome({
  search,
  onPeriod,
}: {
  search: HomeSearch;
  onPeriod: (period: HomePeriod) => void;
}) {
  const { t } = useHomeText();
  return (
    <div className="home-page" data-testid="market-home">
      <div className="panel home-head">
        <div className="home-head__row">
          <h1 className="home-head__title">{t('page.title')}</h1>
          <SessionSummary />
          <span className="home-head__spacer" />
          <Segmented
            label={t('period.label')}
            value={search.period}
            options={HOME_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
            onChange={onPeriod}
            testId="home-period"
          />
        </div>
        <p className="muted home-head__hint">{t('page.hint')}</p>
      </div>
      <IndexStrip />
      <div className="home-grid home-grid--market">
        <BreadthCard />
        <LimitUpCard />
        <SectorsCard />
      </div>
      <div className="home-grid">
        <RankingCard list="hot" period={search.period} />
        <RankingCard list="skyrocket" period={search.period} />
        <DragonTigerCard />
        <MonitorCard />
      </div>
    </div>
  );
}

function Card({
  testId,
  title,
  meta,
  children,
}: {
  testId: string;
  /** The heading, usually a link to the card's page. */
  title: ReactNode;
  meta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="panel home-card" data-testid={testId}>
      <div className="home-card__head">
        <h2 className="home-card__title">{title}</h2>
        {meta !== undefined && <span className="home-card__meta muted num">{meta}</span>}
      </div>
      {children}
    </section>
  );
}

/** The card body while its data loads: the same height as the loaded rows. */
function RowsSkeleton() {
  return <div className="skel home-rows--skeleton" aria-busy="true" />;
}

function StockLink({ code, name }: { code: string | null; name: string | null }) {
  const { t } = useHomeText();
  const label = name !== null && name !== '' ? name : (code ?? t('monitor.unnamed'));
  if (code === null || !A_SHARE_CODE_RE.test(code)) return <span>{label}</span>;
  return (
    <Link to="/stock/$thscode" params={{ thscode: code }} title={code}>
      {label}
    </Link>
  );
}

// ---- session ----

/** Where the session stands on the server's clock, with when it next changes. */
function SessionSummary() {
  const { t: tShell } = useI18n();
  const { t } = useHomeText();
  const session = useMarketSession();
  if (!session.ready) return <span className="skel home-session--skeleton" aria-busy="true" />;
  const details = [
    formatShanghaiDate(session.nowMs),
    session.isTradingDay ? t('session.tradingDay') : t('session.nonTradingDay'),
    t('session.next', { time: formatShanghaiMinute(session.nextChangeMs) }),
  ];
  return (
    <div
      className="home-session"
      data-phase={session.phase}
      data-testid="home-session"
      title={session.calendarKnown ? undefined : t('session.guess')}
    >
      <span className="home-session__phase" data-testid="home-session-phase">
        <span className="session__dot" aria-hidden="true" />
        {tShell(`session.${session.phase}`)}
        {!session.calendarKnown && <span aria-hidden="true">?</span>}
      </span>
      <span className="muted num">{details.join(' · ')}</span>
    </div>
  );
}

// ---- hot and skyrocket lists ----

function heatText(heat: string | number, lang: Language): string {
  // The service sends a numeric string, sometimes in Java float notation ("1.4874021E7"), or a number
  // (the docs table's type).
  const value = Number(heat);
  const readable = (typeof heat === 'number' || heat.trim() !== '') && Number.isFinite(value);
  return readable ? formatAmount(value, lang, 1) : String(heat);
}

function RankChange({ item, t }: { item: RankingItem; t: HomeT }) {
  const change = item.rank_change;
  if (change === null)
    return (
      <span className="flat" title={t('trend.unknown')}>
        {DASH}
      </span>
    );
  const dir = direction(change);
  const label =
    dir === 'up'
      ? t('trend.up', { count: change })
      : dir === 'down'
        ? t('trend.down', { count: -change })
        : t('trend.flat');
  return (
    <span className={dir} title={label} aria-label={label}>
      {dir === 'up' ? `▲${change}` : dir === 'down' ? `▼${-change}` : '–'}
    </span>
  );
}

function RankingCard({ list, period }: { list: RankingList; period: HomePeriod }) {
  const { t, lang } = useHomeText();
  const interval = useLiveRefetchInterval('intraday');
  const query = useQuery({ ...rankingQuery(list, period, HOT_PAGE_LIMIT), refetchInterval: interval });
  const items = query.data?.item.slice(0, CARD_ROWS);
  const title = (
    <Link to="/hot" search={{ list, period }} data-testid={`home-link-${list}`}>
      {t(list === 'hot' ? 'hot.title' : 'skyrocket.title')} →
    </Link>
  );
  let body;
  if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />;
  else if (!items) body = <RowsSkeleton />;
  else if (items.length === 0) body = <Empty>{t('list.empty')}</Empty>;
  else {
    body = (
      <table className="home-rows">
        {/* Headers for screen readers, kept in the table's layout (a thead taken out of it leaves the
            cells without headers): a row of no height, the words visually hidden. */}
        <thead className="home-rows__head">
          <tr>
            {(['list.rank', 'list.stock', 'list.heat', 'list.change'] as const).map((key) => (
              <th key={key} scope="col">
                <span className="visually-hidden">{t(key)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.rank}-${item.thscode}`} data-code={item.thscode}>
              <td className="home-rows__rank num">{item.rank}</td>
              <td className="home-rows__name">
                <StockLink code={item.thscode} name={item.name} />
              </td>
              <td className="home-rows__value num" title={`${t('list.heat')} ${item.heat}`}>
                {heatText(item.heat, lang)}
              </td>
              <td className="home-rows__change num">
                <RankChange item={item} t={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <Card
      testId={`home-${list}`}
      title={title}
      meta={`${t(`period.${period}`)} · ${t('list.top', { count: CARD_ROWS })}`}
    >
      {body}
    </Card>
  );
}

// ---- dragon-tiger ----

const TOP_BUYERS = 5;

function DragonTigerCard() {
  const { t, lang } = useHomeText();
  const query = useQuery(latestDragonTigerQuery());
  const data = query.data;
  const summary = useMemo(() => (data ? summarise(data) : undefined), [data]);
  const buyers = useMemo(
    () =>
      (data?.stock_items ?? [])
        .filter(isOneDayRecord)
        .filter((row) => typeof row.net_value === 'number')
        .sort((a, b) => (b.net_value ?? 0) - (a.net_value ?? 0))
        .slice(0, TOP_BUYERS),
    [data],
  );
  const title = (
    <Link to="/dragon-tiger" data-testid="home-link-dragon-tiger">
      {t('dt.title')} →
    </Link>
  );
  let body;
  if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />;
  else if (!summary) body = <RowsSkeleton />;
  else {
    const figures = [
      { id: 'stocks', label: t('dt.stocks'), value: formatNumber(summary.stocks, lang, 0), tone: '' },
      { id: 'records', label: t('dt.records'), value: formatNumber(summary.records, lang, 0), tone: '' },
      {
        id: 'total-net',
        label: t('dt.totalNet'),
        value: formatAmount(summary.totalNet, lang, 2, { sign: true }),
        tone: direction(summary.totalNet),
      },
      {
        id: 'org-net',
        label: t('dt.orgNet'),
        value: formatAmount(summary.orgNet, lang, 2, { sign: true }),
        tone: direction(summary.orgNet),
      },
    ];
    body = (
      <>
        <dl className="home-dt__figures">
          {figures.map((figure) => (
            <div key={figure.id}>
              <dt>{figure.label}</dt>
              <dd className={`num ${figure.tone}`} data-testid={`home-dt-${figure.id}`}>
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="home-card__subtitle">{t('dt.topBuyers', { count: TOP_BUYERS })}</h3>
        {buyers.length === 0 ? (
          <Empty>{t('dt.empty')}</Empty>
        ) : (
          <ol className="home-dt__buyers">
            {buyers.map((row) => (
              <li key={`${row.thscode}-${row.range_days ?? 1}`}>
                <Link to="/dragon-tiger" search={{ code: row.thscode }}>
                  {row.name}
                </Link>
                <span className={`num ${direction(row.net_value)}`}>
                  {formatAmount(row.net_value, lang, 2, { sign: true })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </>
    );
  }
  return (
    <Card
      testId="home-dragon-tiger"
      title={title}
      meta={summary ? t('dt.tradeDate', { date: summary.tradeDate }) : undefined}
    >
      {body}
    </Card>
  );
}

// ---- abnormal monitor ----

/** Types 1 and 2 are severe anomalies; the rest are key monitoring (spec). */
function isSevere(item: MonitorItem): boolean {
  return item.monitor_type === 1 || item.monitor_type === 2;
}

function MonitorCard() {
  const { t } = useHomeText();
  const interval = useLiveRefetchInterval('intraday');
  const query = useQuery(currentMonitorQuery(interval));
  const items = query.data?.item.slice(0, CARD_ROWS);
  const total = query.data?.pagination.total;
  const title = (
    <Link to="/hot" search={{ view: 'monitor', state: 'current' }} data-testid="home-link-monitor">
      {t('monitor.title')} →
    </Link>
  );
  let body;
  if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />;
  else if (!items) body = <RowsSkeleton />;
  else if (items.length === 0) body = <Empty>{t('monitor.empty')}</Empty>;
  else {
    body = (
      <ul className="home-monitor">
        {items.map((item, i) => (
          <li key={`${item.thscode ?? ''}-${item.start_date_ms}-${i}`}>
            <StockLink code={item.thscode} name={item.name} />
            <span className={isSevere(item) ? 'home-tag home-tag--severe' : 'home-tag'}>
              {item.monitor_label}
            </span>
            <span className="muted num">
              {t('monitor.since', { date: formatShanghaiDate(item.start_date_ms) })}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      testId="home-monitor"
      title={title}
      meta={total === null || total === undefined ? undefined : t('monitor.total', { total })}
    >
      {body}
    </Card>
  );
}
