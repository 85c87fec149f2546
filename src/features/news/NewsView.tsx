import { useEffect, useMemo, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { Empty, ErrorState } from '../../components/states';
import { useServerToday } from '../../api/live';
import { keepInRowView } from '../../lib/scroll-row';
import { FLASH_COLUMN_IDS, FLASH_QUIET_REFRESH_MS } from '../../contract/operations/news-terms';
import { FlashList } from './FlashList';
import { mergeFlashes } from './model';
import { useNewsText } from './messages';
import { allItems, flashPagesQuery, useFlashRefresh, useStockFinder } from './queries';
import type { NewsSearch } from './url-state';
import './news.css';

/**
 * The news flash of one column: the first screen, earlier pages on demand, new items fetched with the
 * refresh operation while the page is open (merged without repeats, marked until read), Shanghai times,
 * links to the stocks an item names and to announcement interpretations.
 */
export function NewsView({ search }: { search: NewsSearch }) {
  const { t } = useNewsText();
  const today = useServerToday();
  const pages = useInfiniteQuery(flashPagesQuery(search.tag));
  const items = useMemo(() => mergeFlashes(allItems(pages.data)), [pages.data]);
  const refresh = useFlashRefresh(search.tag, pages.isSuccess);
  const unread = useMemo(() => {
    const shown = new Set(items.map((item) => item.id));
    return new Set(refresh.unread.filter((id) => shown.has(id)));
  }, [items, refresh.unread]);
  const findStocks = useStockFinder();
  // On a phone the columns scroll sideways: a link to a later column opens with it in view.
  const columns = useRef<HTMLElement>(null);
  useEffect(
    () => keepInRowView(columns.current?.querySelector<HTMLElement>('[aria-current="page"]')),
    [search.tag],
  );

  return (
    <div className="news-page" data-testid="news-view">
      <header className="panel news-head">
        <div className="news-head__titles">
          <h1 className="news-head__title">{t('page.title')}</h1>
          <span className="muted news-head__hint">{t('page.times')}</span>
          <span className="news-head__spacer" />
          <CopyLinkButton />
        </div>
        <nav ref={columns} className="news-columns" aria-label={t('columns.label')}>
          {FLASH_COLUMN_IDS.map((id) => (
            <Link
              key={id}
              to="/news"
              search={{ tag: id }}
              // Exact: the first column's link has no search at all, which every other column's URL contains.
              activeOptions={{ exact: true }}
              className="news-columns__item"
              aria-current={id === search.tag ? 'page' : undefined}
            >
              {t(`column.${id}`)}
            </Link>
          ))}
        </nav>
        <div className="news-refresh" data-testid="news-refresh">
          <span className="muted news-refresh__auto">
            {t('refresh.auto', { minutes: FLASH_QUIET_REFRESH_MS / 60_000 })}
          </span>
          <button
            type="button"
            className="btn btn--small"
            onClick={refresh.checkNow}
            disabled={!pages.isSuccess || refresh.checking}
          >
            {refresh.checking ? t('refresh.checking') : t('refresh.now')}
          </button>
          {unread.size > 0 && (
            <span className="news-unread" role="status" data-testid="news-unread">
              <span className="news-unread__count">{t('unread.count', { count: unread.size })}</span>
              <button type="button" className="btn btn--small btn--ghost" onClick={refresh.markAllRead}>
                {t('unread.markAll')}
              </button>
            </span>
          )}
        </div>
        {refresh.error !== null && (
          <ErrorState compact error={refresh.error} title={t('refresh.failed')} onRetry={refresh.checkNow} />
        )}
      </header>
      <section className="panel news-body" aria-label={t('list.label')}>
        {pages.isPending ? (
          <div className="skel" style={{ height: 240 }} aria-hidden="true" />
        ) : pages.isError && items.length === 0 ? (
          <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
        ) : items.length === 0 ? (
          <Empty>{t('list.empty')}</Empty>
        ) : (
          <>
            <FlashList
              items={items}
              unread={unread}
              onRead={refresh.markRead}
              findStocks={findStocks}
              today={today}
              label={t(`column.${search.tag}`)}
            />
            {pages.isFetchNextPageError && (
              <ErrorState compact error={pages.error} onRetry={() => void pages.fetchNextPage()} />
            )}
            <div className="news-more">
              {pages.hasNextPage ? (
                <button
                  type="button"
                  className="btn"
                  onClick={() => void pages.fetchNextPage()}
                  disabled={pages.isFetchingNextPage}
                  data-testid="news-more"
                >
                  {pages.isFetchingNextPage ? t('list.loadingMore') : t('list.more')}
                </button>
              ) : (
                <span className="muted">{t('list.end')}</span>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
