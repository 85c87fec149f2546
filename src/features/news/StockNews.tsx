import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Empty, ErrorState } from '../../components/states';
import { useServerToday } from '../../api/live';
import { FLASH_ALL_COLUMN } from '../../contract/operations/news-terms';
import { formatShanghaiMinute } from '../../lib/format';
import { FlashList } from './FlashList';
import { mergeFlashes, namesStock } from './model';
import { useNewsText } from './messages';
import { allItems, flashPagesQuery, useFlashRefresh, useStockFinder } from './queries';
import './news.css';

/**
 * Pages of the full feed read on their own when the tab opens, until this many items name the stock or
 * this many pages are read; further back only on request (each page is one call to the service).
 */
const AUTO_PAGES = 5;
const ENOUGH_MATCHES = 5;

export interface StockNewsProps {
  name: string;
  /** Six-digit code, matched when it stands alone in a flash. */
  ticker: string;
}

/**
 * The stock view's news tab: the flash items that name the stock (by name or ticker), found in the full
 * feed, which the news page shares; kept current by the same refresh while the tab is open.
 */
export function StockNews({ name, ticker }: StockNewsProps) {
  const { t } = useNewsText();
  const today = useServerToday();
  const pages = useInfiniteQuery(flashPagesQuery(FLASH_ALL_COLUMN));
  useFlashRefresh(FLASH_ALL_COLUMN, pages.isSuccess);
  const items = useMemo(() => mergeFlashes(allItems(pages.data)), [pages.data]);
  const matches = useMemo(
    () => items.filter((item) => namesStock(item, { name, ticker })),
    [items, name, ticker],
  );
  const findStocks = useStockFinder();
  const pageCount = pages.data?.pages.length ?? 0;
  const { hasNextPage, isFetching, isSuccess, fetchNextPage } = pages;

  useEffect(() => {
    if (isSuccess && hasNextPage && !isFetching && pageCount < AUTO_PAGES && matches.length < ENOUGH_MATCHES)
      void fetchNextPage();
  }, [isSuccess, hasNextPage, isFetching, pageCount, matches.length, fetchNextPage]);

  const oldest = items.at(-1);
  return (
    <div className="stock-news" data-testid="stock-news">
      <div className="stock-news__bar">
        <h3 className="stock-news__title">{t('stock.title', { name })}</h3>
        {oldest && (
          <span className="muted num stock-news__searched">
            {t('stock.searched', { count: items.length, time: formatShanghaiMinute(oldest.create_time_ms) })}
          </span>
        )}
        <span className="news-head__spacer" />
        <Link to="/news" search={{ tag: FLASH_ALL_COLUMN }} className="btn btn--small">
          {t('stock.all')}
        </Link>
      </div>
      {pages.isPending ? (
        <div className="skel" style={{ height: 120 }} aria-hidden="true" />
      ) : pages.isError && items.length === 0 ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <>
          {matches.length === 0 ? (
            isFetching ? null : (
              <Empty>{t('stock.none', { name })}</Empty>
            )
          ) : (
            <FlashList
              items={matches}
              findStocks={findStocks}
              today={today}
              label={t('stock.title', { name })}
              dayHeading={4}
            />
          )}
          <div className="news-more">
            {hasNextPage ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => void fetchNextPage()}
                disabled={isFetching}
              >
                {isFetching ? t('list.loadingMore') : t('stock.more')}
              </button>
            ) : (
              <span className="muted">{t('list.end')}</span>
            )}
          </div>
        </>
      )}
    </div>
  );
}
