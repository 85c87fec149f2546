import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FactsList } from '../../../components/FactsList';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { Empty } from '../../../components/states';
import {
  DASH,
  formatNumber,
  formatPercent,
  formatShanghaiDate,
  formatShanghaiDateTime,
} from '../../../lib/format';
import type { FundTabProps } from '../FundTabs';
import { isFundMessageKey, useFundText } from '../messages';
import { NavChart } from '../NavChart';
import { dividendsQuery, newsQuery, profileQuery, type Dividend, type FundProfile } from '../queries';
import { FundError, FundQueryView, Section } from '../Section';

type Fee = NonNullable<FundProfile['rate_info']>[number];

/** Chart, profile facts with trading rules and fees, dividends and news. */
export function OverviewTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <NavChart {...props} />
      <div className="fund-grid">
        <ProfilePanel {...props} />
        <DividendsPanel {...props} />
      </div>
      <NewsPanel {...props} />
    </div>
  );
}

function ProfilePanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const label = (prefix: 'feeType' | 'feeMode', value: string | null | undefined) => {
    const k = `${prefix}.${value ?? ''}`;
    return isFundMessageKey(k) ? t(k) : (value ?? DASH);
  };
  const rate = (value: unknown) =>
    typeof value === 'number' ? formatPercent(value, lang) : typeof value === 'string' ? value : DASH;
  const columns: DataColumn<Fee>[] = [
    { id: 'type', header: t('fee.type'), value: (r) => label('feeType', r.rate_type), hideable: false },
    { id: 'mode', header: t('fee.mode'), value: (r) => label('feeMode', r.charge_mode) },
    { id: 'condition', header: t('fee.condition'), value: (r) => r.condition ?? null },
    { id: 'standard', header: t('fee.standard'), value: (r) => rate(r.standard_rate), numeric: true },
    { id: 'discounted', header: t('fee.discounted'), value: (r) => rate(r.discounted_rate), numeric: true },
  ];
  return (
    <Section title={t('profile.title')} testId="profile-panel">
      <FundQueryView query={profile} height={220} isEmpty={(d) => d.item.length === 0}>
        {(data) => {
          const info = data.item[0];
          if (!info) return null;
          return (
            <>
              <FactsList
                className="fund-facts"
                facts={[
                  {
                    label: t('header.inception'),
                    value: formatShanghaiDate(info.estab_date),
                    valueClassName: 'num',
                  },
                  { label: t('header.company'), value: info.mgmt_name ?? DASH },
                  ...(info.manager_info ?? []).map((m) => ({
                    id: m.manager_id,
                    label: m.manager_name ?? m.manager_id,
                    value: t('manager.tenure', {
                      days: formatNumber(m.tenure_days, lang, 0),
                      ret: formatPercent(m.tenure_return_pct, lang, { sign: true }),
                    }),
                    valueClassName: 'num',
                  })),
                ]}
              />
              {(info.trade_rule ?? []).length > 0 && (
                <>
                  <h3 className="fund-subtitle">{t('profile.rules')}</h3>
                  <FactsList
                    className="fund-facts"
                    facts={(info.trade_rule ?? []).map((r, i) => ({
                      id: `${r.title ?? ''}-${i}`,
                      label: r.title ?? DASH,
                      value: (
                        <>
                          {r.display_time ?? DASH}
                          {typeof r.time_ms === 'number' && (
                            <span className="muted"> · {formatShanghaiDate(r.time_ms)}</span>
                          )}
                        </>
                      ),
                      valueClassName: 'num',
                    }))}
                  />
                </>
              )}
              <h3 className="fund-subtitle">{t('profile.fees')}</h3>
              <DataTable
                id="fund-fees"
                label={t('profile.fees')}
                columns={columns}
                rows={info.rate_info ?? []}
                maxHeight={260}
                exportName={`${fundRef.thscode}-fees`}
              />
            </>
          );
        }}
      </FundQueryView>
    </Section>
  );
}

function DividendsPanel({ fundRef }: FundTabProps) {
  const { t, lang } = useFundText();
  const dividends = useQuery(dividendsQuery(fundRef));
  const date = (v: number | null | undefined) => formatShanghaiDate(v);
  const columns: DataColumn<Dividend>[] = [
    {
      id: 'exDate',
      header: t('dividends.exDate'),
      value: (r) => r.ex_dividend_date_ms ?? null,
      cell: (r) => date(r.ex_dividend_date_ms),
      hideable: false,
    },
    {
      id: 'perTen',
      header: t('dividends.perTen'),
      value: (r) => r.per_ten_cash_before_tax ?? null,
      cell: (r) => formatNumber(r.per_ten_cash_before_tax, lang, 3),
      numeric: true,
    },
    {
      id: 'perTenAfter',
      header: t('dividends.perTenAfter'),
      value: (r) => r.per_ten_cash_after_tax ?? null,
      cell: (r) => formatNumber(r.per_ten_cash_after_tax, lang, 3),
      numeric: true,
      defaultHidden: true,
    },
    {
      id: 'registration',
      header: t('dividends.registration'),
      value: (r) => r.registration_date_ms ?? null,
      cell: (r) => date(r.registration_date_ms),
    },
    {
      id: 'payment',
      header: t('dividends.payment'),
      value: (r) => r.payment_date_ms ?? null,
      cell: (r) => date(r.payment_date_ms),
    },
    {
      id: 'publish',
      header: t('dividends.publish'),
      value: (r) => r.publish_date_ms ?? null,
      cell: (r) => date(r.publish_date_ms),
      defaultHidden: true,
    },
    {
      id: 'progress',
      header: t('dividends.progress'),
      value: (r) => (typeof r.progress === 'string' || typeof r.progress === 'number' ? r.progress : null),
    },
  ];
  return (
    <Section title={t('dividends.title')} testId="dividends-panel">
      <FundQueryView query={dividends} height={220}>
        {(data) => (
          <>
            {typeof data.dividend_count === 'number' && data.dividend_count > 0 && (
              <p className="muted num fund-section__meta">
                {t('dividends.summary', {
                  count: data.dividend_count,
                  total: formatNumber(data.dividend_total, lang, 4),
                })}
              </p>
            )}
            <DataTable
              id="fund-dividends"
              label={t('dividends.title')}
              columns={columns}
              rows={data.item}
              maxHeight={320}
              empty={t('dividends.empty')}
              defaultSorting={[{ id: 'exDate', desc: true }]}
              exportName={`${fundRef.thscode}-dividends`}
            />
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

function NewsPanel({ fundRef }: FundTabProps) {
  const { t } = useFundText();
  const news = useInfiniteQuery(newsQuery(fundRef));
  const articles = news.data?.pages.flatMap((p) => p.item) ?? [];
  return (
    <Section title={t('news.title')} testId="news-panel">
      {news.isPending ? (
        <div className="skel fund-skel" style={{ height: 160 }} aria-hidden="true" />
      ) : news.isError && articles.length === 0 ? (
        <FundError error={news.error} onRetry={() => void news.refetch()} />
      ) : articles.length === 0 ? (
        <Empty>{t('news.empty')}</Empty>
      ) : (
        <>
          <ul className="fund-news">
            {articles.map((a) => (
              <li key={a.id} className="fund-news__item">
                <div className="fund-news__title">
                  {a.top === true && <span className="fund-badge">{t('news.pinned')}</span>}
                  {a.url && /^https?:\/\//i.test(a.url) ? (
                    <a href={a.url} target="_blank" rel="noreferrer noopener">
                      {a.title ?? a.id}
                    </a>
                  ) : (
                    (a.title ?? a.id)
                  )}
                </div>
                {a.summary && <p className="fund-news__summary">{a.summary}</p>}
                <div className="fund-news__meta muted num">
                  {formatShanghaiDateTime(a.publish_time_ms)}
                  {a.source && ` · ${a.source}`}
                  {a.author && ` · ${a.author}`}
                </div>
              </li>
            ))}
          </ul>
          {news.isFetchNextPageError && (
            <FundError compact error={news.error} onRetry={() => void news.fetchNextPage()} />
          )}
          <div className="fund-news__more">
            {news.hasNextPage ? (
              <button
                type="button"
                className="btn btn--small"
                disabled={news.isFetchingNextPage}
                onClick={() => void news.fetchNextPage()}
              >
                {t('news.more')}
              </button>
            ) : (
              <span className="muted">{t('news.end')}</span>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
