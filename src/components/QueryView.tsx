import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { Empty, ErrorState } from './states';

/** What QueryView reads of a query (TanStack Query's result has all of it). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Height of the loading block, near the content's, so the page does not jump. */
  height?: number;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's data, or its state, none of which can be taken for data: while loading, a block of `height`
 * announced as loading (it keeps the layout still); a failure as an error with a retry (`renderError`
 * replaces the shared ErrorState, for answers a page reads as facts); and `empty` (or "no data") when
 * `isEmpty` says there is nothing to show. Data already on screen stays when a refetch fails.
 */
export function QueryView<T>({
  query,
  height = 120,
  isEmpty,
  empty,
  renderError,
  children,
}: QueryViewProps<T>) {
  const { t } = useI18n();
  if (query.data === undefined) {
    const retry = () => void query.refetch();
    if (query.isError) {
      return renderError ? (
        renderError(query.error, retry)
      ) : (
        <ErrorState error={query.error} onRetry={retry} />
      );
    }
    return (
      <div className="skel query-skel" style={{ height }} role="status" aria-busy="true">
        <span className="visually-hidden">{t('state.loading')}</span>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <Empty>{empty ?? t('state.empty')}</Empty>;
  return <>{children(query.data)}</>;
}
