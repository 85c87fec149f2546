import { useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { Empty, ErrorState, Loading } from '../../components/states';
import { FLASH_ALL_COLUMN, FLASH_TYPE_ANNOUNCEMENT } from '../../contract/operations/news-terms';
import { formatShanghaiMinute } from '../../lib/format';
import { sanitizeServiceHtml } from '../../lib/safe-html';
import { mergeFlashes } from './model';
import { useNewsText } from './messages';
import { allItems, flashPagesQuery, noticeQuery } from './queries';
import './news.css';

/** Service HTML, sanitised (scripts, handlers, remote images, forms and styles removed) before it is set. */
function ServiceHtml({ html, className }: { html: string; className: string }) {
  const safe = useMemo(() => sanitizeServiceHtml(html), [html]);
  return <div className={`announcement-html ${className}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** How many recent announcements the reader lists beside the one open. */
const RECENT_MAX = 12;

/** The announcement flashes of the full feed's first screen (shared with the news page), to read next. */
function RecentAnnouncements({ current }: { current: string }) {
  const { t } = useNewsText();
  const pages = useInfiniteQuery(flashPagesQuery(FLASH_ALL_COLUMN));
  const recent = useMemo(
    () =>
      mergeFlashes(allItems(pages.data))
        .filter((item) => item.type === FLASH_TYPE_ANNOUNCEMENT)
        .slice(0, RECENT_MAX),
    [pages.data],
  );
  return (
    <aside className="panel announcements-aside" aria-labelledby="announcements-aside-title">
      <h2 id="announcements-aside-title" className="announcements-aside__title">
        {t('notice.recent')}
      </h2>
      {pages.isPending ? (
        <div className="skel" style={{ height: 160 }} aria-hidden="true" />
      ) : pages.isError ? (
        <ErrorState compact error={pages.error} onRetry={() => void pages.refetch()} />
      ) : recent.length === 0 ? (
        <Empty>{t('notice.recentEmpty')}</Empty>
      ) : (
        <ol className="announcements-aside__list">
          {recent.map((item) => (
            <li key={item.id} className="announcements-aside__item">
              <span className="muted num">{formatShanghaiMinute(item.create_time_ms).slice(5)}</span>
              <Link
                to="/news/notice/$seq"
                params={{ seq: item.seq }}
                aria-current={item.seq === current ? 'page' : undefined}
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

/** The announcement reader: an interpretation's summary items and monthly-report findings. */
export function NoticeView({ seq }: { seq: string }) {
  const { t } = useNewsText();
  const notice = useQuery(noticeQuery(seq));
  const data = notice.data;
  const monthly = data?.monthly_report_interpretation ?? null;

  return (
    <div className="news-page announcement-page" data-testid="notice-view">
      <article className="panel announcement" aria-busy={notice.isPending}>
        <div className="announcement__nav">
          <Link to="/news" search={{ tag: 0 }}>
            ← {t('notice.back')}
          </Link>
          <span className="news-head__spacer" />
          <CopyLinkButton />
        </div>
        {notice.isPending && <Loading />}
        {notice.isError && <ErrorState error={notice.error} onRetry={() => void notice.refetch()} />}
        {data && (
          <>
            <header className="announcement__head">
              <span className="announcement__kicker muted">{t('notice.title')}</span>
              <h1 className="announcement__title">{data.title}</h1>
              <dl className="announcement__facts">
                {data.summary && (
                  <>
                    <dt>{t('notice.type')}</dt>
                    <dd>{data.summary.notice_type}</dd>
                  </>
                )}
                {data.report_period !== null && (
                  <>
                    <dt>{t('notice.period')}</dt>
                    <dd className="num">{data.report_period}</dd>
                  </>
                )}
                <dt>{t('notice.seq')}</dt>
                <dd className="num">{data.seq}</dd>
              </dl>
            </header>
            {data.summary && data.summary.items.length > 0 && (
              <section className="announcement__section" aria-labelledby="announcement-summary">
                <h2 id="announcement-summary">{t('notice.summary')}</h2>
                <dl className="announcement__points">
                  {data.summary.items.map((item, i) => (
                    <div key={i} className="announcement__point">
                      <dt>{item.title}</dt>
                      <dd>{item.content}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
            {monthly && (
              <section className="announcement__section" aria-labelledby="announcement-findings">
                <h2 id="announcement-findings">
                  {t('notice.findings')} <span className="muted">· {monthly.notice_type}</span>
                </h2>
                {!monthly.has_findings || monthly.findings.length === 0 ? (
                  <p className="muted">{t('notice.noFindings')}</p>
                ) : (
                  monthly.findings.map((finding, i) => (
                    <section key={i} className="announcement__finding">
                      <h3>{finding.title}</h3>
                      {finding.blocks.map((block, j) => (
                        <div key={j} className="announcement__block">
                          <h4>{block.sub_title}</h4>
                          <ServiceHtml html={block.content_html} className="announcement-html--block" />
                        </div>
                      ))}
                    </section>
                  ))
                )}
                {monthly.summary_html !== '' && (
                  <div className="announcement__overall">
                    <h3>{t('notice.overall')}</h3>
                    <ServiceHtml html={monthly.summary_html} className="announcement-html--summary" />
                  </div>
                )}
                <p className="muted announcement__note">{t('notice.sanitized')}</p>
              </section>
            )}
            {!monthly && (data.summary === null || data.summary.items.length === 0) && (
              <Empty>{t('notice.empty')}</Empty>
            )}
          </>
        )}
      </article>
      <RecentAnnouncements current={seq} />
    </div>
  );
}
