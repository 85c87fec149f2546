import { useMemo, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  indexBarsQuery,
  indexListQuery,
  indexSnapshotQuery,
  MAIN_INDICES,
  useIndexQuotes,
  type IndexBar,
  type IndexQuote,
} from '../../api/indices';
import {
  breakPoolQuery,
  downPoolQuery,
  ladderDate,
  ladderQuery,
  upPoolQuery,
  type LadderDay,
  type LadderEntry,
} from '../../api/limit-pools';
import { latestTradingDay, useLiveRefetchInterval, useServerToday, useTradingDays } from '../../api/live';
import { wholeMarketQuery } from '../../api/market';
import { Sparkline } from '../../components/Sparkline';
import { Empty, ErrorState } from '../../components/states';
import { LADDER_TIERS } from '../../contract/operations/market-extras-terms';
import { shanghaiDate, shanghaiMidnight } from '../../contract/time';
import { breadthOf, CHANGE_BUCKETS, type Breadth } from '../../lib/breadth';
import { DASH, direction, formatAmount, formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { useHomeText, type HomeT } from './messages';
import { HOME_SECTOR_TAGS, SECTOR_ROWS, SPARK_SESSIONS, sparkWindow } from './queries';

/**
 * The market-wide cards of the home: the index strip, the breadth of the whole market (one snapshot
 * call), the day's limit-up summary and the leading sectors. Each card links to the page that shows
 * its data in full.
 */

function Card({
  testId,
  title,
  meta,
  className,
  children,
}: {
  testId: string;
  title: ReactNode;
  meta?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`panel home-card ${className ?? ''}`} data-testid={testId}>
      <div className="home-card__head">
        <h2 className="home-card__title">{title}</h2>
        {meta !== undefined && <span className="home-card__meta muted num">{meta}</span>}
      </div>
      {children}
    </section>
  );
}

// ---- index strip ----

/** The closes of the last sessions, with today's live value when today's bar is not among them yet. */
function sparkValues(
  bars: readonly IndexBar[] | undefined,
  quote: IndexQuote | undefined,
  today: string | null,
) {
  const closes = (bars ?? []).slice(-SPARK_SESSIONS).map((b) => b.close_price);
  const lastBar = bars?.at(-1);
  if (quote && lastBar && today !== null && shanghaiDate(lastBar.date_ms) === today) {
    closes[closes.length - 1] = quote.last_price;
  }
  return closes;
}

export function IndexStrip() {
  const { t, lang } = useHomeText();
  const today = useServerToday();
  const interval = useLiveRefetchInterval('quote');
  const codes = MAIN_INDICES.map((i) => i.thscode);
  const quotes = useQuery({ ...indexSnapshotQuery(codes), refetchInterval: interval });
  const window = today === null ? null : sparkWindow(today);
  const bars = useQueries({
    queries: MAIN_INDICES.map(({ thscode }) => ({
      ...indexBarsQuery(thscode, window?.start ?? 0, window?.end ?? 0),
      enabled: window !== null,
    })),
  });
  const names = lang === 'zh-CN' ? 0 : 1;
  return (
    <section className="home-indices" aria-label={t('indices.title')} data-testid="home-indices">
      {MAIN_INDICES.map((index, i) => {
        const quote = quotes.data?.item.find((q) => q.thscode === index.thscode);
        const tone = direction(quote?.price_change);
        const name = index.name[names];
        const values = sparkValues(bars[i]?.data?.item, quote, today);
        return (
          <Link
            key={index.thscode}
            to="/index/$thscode"
            params={{ thscode: index.thscode }}
            className="panel home-index"
            data-testid={`home-index-${index.thscode}`}
          >
            <span className="home-index__name">{name}</span>
            <span className={`home-index__last num ${tone}`} data-testid="home-index-last">
              {quotes.isError ? DASH : formatPrice(quote?.last_price, lang, 'index')}
            </span>
            <span className={`home-index__change num ${tone}`}>
              {formatPrice(quote?.price_change, lang, 'index', { sign: true })}{' '}
              {formatPercent(quote?.price_change_ratio_pct, lang, { sign: true })}
            </span>
            <Sparkline
              values={values}
              reference={quote?.prev_price}
              label={t('indices.spark', { name, count: values.length })}
              testId="home-index-spark"
            />
          </Link>
        );
      })}
    </section>
  );
}

// ---- breadth ----

function BreadthBar({ breadth, t }: { breadth: Breadth; t: HomeT }) {
  const { advancers, unchanged, decliners, total } = breadth;
  const share = (n: number) => `${total === 0 ? 0 : (n / total) * 100}%`;
  return (
    <div
      className="home-breadth__bar"
      role="img"
      aria-label={t('breadth.bar', { up: advancers, flat: unchanged, down: decliners })}
    >
      <span className="home-breadth__seg home-breadth__seg--up" style={{ width: share(advancers) }} />
      <span className="home-breadth__seg home-breadth__seg--flat" style={{ width: share(unchanged) }} />
      <span className="home-breadth__seg home-breadth__seg--down" style={{ width: share(decliners) }} />
    </div>
  );
}

function Distribution({ breadth, t }: { breadth: Breadth; t: HomeT }) {
  const max = Math.max(1, ...Object.values(breadth.buckets));
  return (
    <figure className="home-dist" aria-label={t('breadth.distribution')}>
      <div className="home-dist__bars">
        {CHANGE_BUCKETS.map((bucket) => {
          const count = breadth.buckets[bucket];
          const tone = bucket === 'flat' ? 'flat' : CHANGE_BUCKETS.indexOf(bucket) < 5 ? 'up' : 'down';
          const label = t(`bucket.${bucket}`);
          return (
            <div key={bucket} className="home-dist__col" title={t('bucket.count', { label, count })}>
              <span className="home-dist__count num">{count}</span>
              <span
                className={`home-dist__bar home-dist__bar--${tone}`}
                style={{ height: `${(count / max) * 100}%` }}
                data-testid={`home-bucket-${bucket}`}
                data-count={count}
              />
              <span className="home-dist__label">{label}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}

export function BreadthCard() {
  const { t, lang } = useHomeText();
  const today = useServerToday();
  const interval = useLiveRefetchInterval('intraday');
  const market = useQuery(wholeMarketQuery(interval));
  const day = today ?? '';
  const breadth = useMemo(
    () => (market.data ? breadthOf(market.data.item, day) : undefined),
    [market.data, day],
  );

  let body;
  if (market.isError)
    body = <ErrorState compact error={market.error} onRetry={() => void market.refetch()} />;
  else if (!breadth) body = <div className="skel home-breadth--skeleton" aria-busy="true" />;
  else {
    const figures = [
      { id: 'advancers', value: breadth.advancers, tone: 'up' },
      { id: 'unchanged', value: breadth.unchanged, tone: 'flat' },
      { id: 'decliners', value: breadth.decliners, tone: 'down' },
      { id: 'limitUp', value: breadth.limitUp, tone: 'up' },
      { id: 'limitDown', value: breadth.limitDown, tone: 'down' },
    ] as const;
    body = (
      <div className="home-breadth">
        <dl className="home-breadth__figures">
          {figures.map((f) => (
            <div key={f.id}>
              <dt>{t(`breadth.${f.id}`)}</dt>
              <dd className={`num ${f.tone}`} data-testid={`home-breadth-${f.id}`}>
                {formatNumber(f.value, lang, 0)}
              </dd>
            </div>
          ))}
          <div title={t('breadth.turnoverHint')}>
            <dt>{t('breadth.turnover')}</dt>
            <dd className="num" data-testid="home-breadth-turnover">
              {formatAmount(breadth.turnover, lang)}
            </dd>
          </div>
        </dl>
        <BreadthBar breadth={breadth} t={t} />
        <Distribution breadth={breadth} t={t} />
      </div>
    );
  }
  return (
    <Card
      testId="home-breadth"
      className="home-card--wide"
      title={t('breadth.title')}
      meta={breadth ? t('breadth.meta', { count: formatNumber(breadth.total, lang, 0) }) : undefined}
    >
      {body}
    </Card>
  );
}

// ---- limit-up summary ----

const TIER_BOARDS: Readonly<Record<(typeof LADDER_TIERS)[number], number>> = {
  two_board: 2,
  three_board: 3,
  four_board: 4,
  five_board: 5,
  six_board: 6,
  seven_over: 7,
};

/** The ladder's tiers of one day, highest first, each with its stocks. */
function tiersOf(day: LadderDay | undefined): { boards: number; entries: LadderEntry[] }[] {
  if (!day) return [];
  return LADDER_TIERS.map((tier) => ({ boards: TIER_BOARDS[tier], entries: day.boards[tier] }))
    .filter((tier) => tier.entries.length > 0)
    .reverse();
}

const SUMMARY_TIERS = 3;

export function LimitUpCard() {
  const { t, lang } = useHomeText();
  const today = useServerToday();
  const days = useTradingDays();
  const day = today === null ? null : latestTradingDay(days, today);
  const dayMs = day === null ? undefined : shanghaiMidnight(day);
  const interval = useLiveRefetchInterval('intraday');
  const enabled = dayMs !== undefined;
  const up = useQuery({ ...upPoolQuery(dayMs), enabled, refetchInterval: interval });
  const broke = useQuery({ ...breakPoolQuery(dayMs), enabled, refetchInterval: interval });
  const down = useQuery({ ...downPoolQuery(dayMs), enabled, refetchInterval: interval });
  const ladder = useQuery(ladderQuery(interval));
  const ladderDay = ladder.data?.item.find((d) => ladderDate(d.date) === day);
  const tiers = tiersOf(ladderDay);
  const highest = up.data?.rows.reduce((m, r) => Math.max(m, r.continue_day_cnt), 0);

  const title = (
    <Link to="/limit-up" data-testid="home-link-limit-up">
      {t('limitUp.title')} →
    </Link>
  );
  const failed = [up, broke, down].find((q) => q.isError);
  let body;
  if (failed) body = <ErrorState compact error={failed.error} onRetry={() => void failed.refetch()} />;
  else if (!up.data || !broke.data || !down.data)
    body = <div className="skel home-rows--skeleton" aria-busy="true" />;
  else {
    const sealed = up.data.total;
    const broken = broke.data.total;
    const rate = sealed + broken === 0 ? null : (sealed / (sealed + broken)) * 100;
    const figures = [
      { id: 'up', label: t('limitUp.up'), value: formatNumber(sealed, lang, 0), tone: 'up' },
      {
        id: 'seal-rate',
        label: t('limitUp.sealRate'),
        value: formatPercent(rate, lang, { digits: 1 }),
        tone: '',
      },
      { id: 'broken', label: t('limitUp.broken'), value: formatNumber(broken, lang, 0), tone: '' },
      { id: 'down', label: t('limitUp.down'), value: formatNumber(down.data.total, lang, 0), tone: 'down' },
      {
        id: 'height',
        label: t('limitUp.height'),
        value: highest ? t('limitUp.boards', { count: highest }) : DASH,
        tone: '',
      },
    ];
    body = (
      <>
        <dl className="home-dt__figures home-lu__figures">
          {figures.map((f) => (
            <div key={f.id}>
              <dt>{f.label}</dt>
              <dd className={`num ${f.tone}`} data-testid={`home-lu-${f.id}`}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="home-card__subtitle">{t('limitUp.streaks')}</h3>
        {tiers.length === 0 ? (
          <Empty>{t('limitUp.empty')}</Empty>
        ) : (
          <ul className="home-lu__tiers">
            {tiers.slice(0, SUMMARY_TIERS).map((tier) => (
              <li key={tier.boards}>
                <span className="home-lu__tier num">{tier.boards === 7 ? '7+' : tier.boards}</span>
                <span className="home-lu__chips">
                  {tier.entries.map((entry) => (
                    <Link
                      key={entry.thscode}
                      to="/stock/$thscode"
                      params={{ thscode: entry.thscode }}
                      className="chip"
                      title={`${entry.thscode} · ${t('limitUp.boards', { count: entry.board_num })}`}
                    >
                      {entry.name}
                    </Link>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <Card testId="home-limit-up" title={title} meta={day ?? undefined}>
      {body}
    </Card>
  );
}

// ---- leading sectors ----

export function SectorsCard() {
  const { t, lang } = useHomeText();
  const interval = useLiveRefetchInterval('quote');
  const lists = useQueries({ queries: HOME_SECTOR_TAGS.map((tag) => indexListQuery(tag)) });
  const industries = lists[0]?.data;
  const concepts = lists[1]?.data;
  // Quotes are asked for once every list has answered: asking with the first list alone made a snapshot
  // call of its own (another cache key, another upstream call) before the one for both.
  const settled = lists.every((l) => !l.isPending);
  const codes = useMemo(
    () => (settled ? [industries, concepts].flatMap((list) => list?.item.map((i) => i.thscode) ?? []) : []),
    [settled, industries, concepts],
  );
  const quotes = useIndexQuotes(codes, interval);
  const failedList = lists.find((l) => l.isError);
  const error = failedList?.error ?? quotes.error;

  let body;
  if (error) {
    body = (
      <ErrorState
        compact
        error={error}
        onRetry={() => {
          for (const l of lists) if (l.isError) void l.refetch();
          quotes.refetch();
        }}
      />
    );
  } else if (lists.some((l) => !l.data) || quotes.pending) {
    body = <div className="skel home-rows--skeleton" aria-busy="true" />;
  } else {
    body = (
      <div className="home-sectors">
        {HOME_SECTOR_TAGS.map((tag, i) => {
          const rows = (lists[i]?.data?.item ?? [])
            .flatMap((s) => {
              const quote = quotes.byCode.get(s.thscode.toUpperCase());
              return quote ? [{ ...s, quote }] : [];
            })
            .sort((a, b) => b.quote.price_change_ratio_pct - a.quote.price_change_ratio_pct)
            .slice(0, SECTOR_ROWS);
          return (
            <div key={tag} data-testid={`home-sectors-${tag}`}>
              <h3 className="home-card__subtitle">
                {t(tag === 'industry' ? 'sectors.industry' : 'sectors.concept')}
              </h3>
              {rows.length === 0 ? (
                <Empty>{t('sectors.empty')}</Empty>
              ) : (
                <table className="home-rows">
                  <thead className="home-rows__head">
                    <tr>
                      {(['sectors.name', 'sectors.change', 'breadth.turnover'] as const).map((key) => (
                        <th key={key} scope="col">
                          <span className="visually-hidden">{t(key)}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.thscode}>
                        <td className="home-rows__name">
                          <Link to="/sectors/$thscode" params={{ thscode: row.thscode }}>
                            {row.name}
                          </Link>
                        </td>
                        <td className={`home-rows__value num ${direction(row.quote.price_change_ratio_pct)}`}>
                          {formatPercent(row.quote.price_change_ratio_pct, lang, { sign: true })}
                        </td>
                        <td className="home-rows__value num muted">
                          {formatAmount(row.quote.turnover, lang, 0)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          );
        })}
      </div>
    );
  }
  const title = (
    <Link to="/sectors" data-testid="home-link-sectors">
      {t('sectors.title')} →
    </Link>
  );
  return (
    <Card testId="home-sectors" title={title}>
      {body}
    </Card>
  );
}
