import type { KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InstitutionRanges } from '../../components/InstitutionRanges';
import { Empty, ErrorState } from '../../components/states';
import { useDragonTigerText } from './messages';
import { institutionQuery } from './queries';

/**
 * The institution detail of one stock on one day, beside the table: each listing range (1-day and
 * 3-day) with institutions' buying, selling and net, and the buying and selling branches.
 */
export function InstitutionPanel({
  code,
  name,
  tradeDate,
  onClose,
}: {
  code: string;
  name: string | undefined;
  /** The list's day; undefined while the list has not said which day it is. */
  tradeDate: string | undefined;
  onClose: () => void;
}) {
  const { t } = useDragonTigerText();
  const detail = useQuery({
    ...institutionQuery(code, tradeDate ?? ''),
    enabled: tradeDate !== undefined,
  });

  let body;
  if (tradeDate === undefined) body = <div className="skel dtl-detail__skeleton" aria-busy="true" />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.isPending) body = <div className="skel dtl-detail__skeleton" aria-busy="true" />;
  else if (detail.data.item.length === 0)
    body = <Empty>{t('detail.empty', { code, date: tradeDate })}</Empty>;
  else body = <InstitutionRanges items={detail.data.item} />;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <aside
      className="panel dtl-detail"
      aria-label={t('detail.label')}
      data-testid="institution-detail"
      onKeyDown={onKeyDown}
    >
      <div className="dtl-detail__head">
        <div>
          <h2 className="dtl-detail__name">{name ?? code}</h2>
          {name !== undefined && <span className="dtl-detail__code num">{code}</span>}
          {tradeDate !== undefined && <span className="muted num"> · {tradeDate}</span>}
        </div>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={onClose}
          aria-label={t('detail.close')}
          title={t('detail.close')}
        >
          ✕
        </button>
      </div>
      <Link
        to="/stock/$thscode"
        params={{ thscode: code }}
        search={tradeDate === undefined ? { tab: 'dragon-tiger' } : { tab: 'dragon-tiger', dt: tradeDate }}
        className="dtl-detail__link"
      >
        {t('detail.stockLink')} →
      </Link>
      <div className="dtl-detail__body">{body}</div>
    </aside>
  );
}
