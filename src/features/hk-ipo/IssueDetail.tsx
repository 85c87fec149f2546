import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, Loading } from '../../components/states';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { DASH, formatNumber } from '../../lib/format';
import type { CalendarRow } from './model';
import { useHkIpoText } from './messages';
import { issueDetailQuery } from './queries';
import { DateCell, IssueFileLink, formatHkd } from './parts';

export interface IssueDetailProps {
  issueCode: string;
  /** The issue's calendar row when it is in one of the lists. */
  row: CalendarRow | undefined;
  /** Whether the calendar lists have answered (until then "not in the calendar" is unknown). */
  calendarKnown: boolean;
  today: string | null;
  onClose: () => void;
}

/**
 * One issue: the detail operation's price range, board lot and entry fee, and separately what the
 * calendar lists say about it. The detail alone never claims the issue is open for subscription.
 */
export function IssueDetail({ issueCode, row, calendarKnown, today, onClose }: IssueDetailProps) {
  const { lang, t } = useHkIpoText();
  const detail = useQuery(issueDetailQuery(issueCode));
  const heading = useRef<HTMLHeadingElement>(null);

  // A newly opened issue takes the focus, so keyboard users land on what they chose.
  useEffect(() => {
    heading.current?.focus();
  }, [issueCode]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const range = detail.data?.issue_price_range ?? null;
  const notFound = detail.error instanceof ApiError && detail.error.code === ErrorCode.INSTRUMENT_NOT_FOUND;

  return (
    <aside className="panel hkipo-detail" aria-labelledby="hkipo-detail-title" data-testid="hk-ipo-detail">
      <header className="hkipo-detail__head">
        <h2 id="hkipo-detail-title" className="hkipo-detail__title" tabIndex={-1} ref={heading}>
          {row?.name ?? t('detail.title')}
        </h2>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={onClose}
          aria-label={t('detail.close')}
        >
          ✕
        </button>
      </header>
      <dl className="hkipo-facts">
        <dt>{t('detail.issueCode')}</dt>
        <dd className="num">{issueCode}</dd>
        {row && (
          <>
            <dt>{t('col.code')}</dt>
            <dd className="num">{row.thscode ?? t('code.pending')}</dd>
          </>
        )}
      </dl>
      {detail.isPending && <Loading />}
      {detail.isError && (
        <ErrorState
          compact
          error={detail.error}
          title={notFound ? t('detail.notFound') : undefined}
          onRetry={notFound ? undefined : () => void detail.refetch()}
        />
      )}
      {detail.data && (
        <dl className="hkipo-facts" data-testid="hk-ipo-detail-facts">
          <dt>{t('detail.range')}</dt>
          <dd className="num">
            {range === null || (range.lower === null && range.upper === null)
              ? t('detail.rangeNone')
              : range.lower === range.upper
                ? formatHkd(range.lower, lang)
                : `${formatHkd(range.lower, lang)} – ${formatHkd(range.upper, lang)}`}
          </dd>
          <dt>{t('detail.lot')}</dt>
          <dd className="num">
            {detail.data.lot_size === null
              ? DASH
              : t('detail.lotValue', { lot: formatNumber(detail.data.lot_size, lang, 0) })}
          </dd>
          <dt>{t('detail.fee')}</dt>
          <dd className="num">{formatHkd(detail.data.entry_fee, lang)}</dd>
          <dt>{t('detail.currency')}</dt>
          <dd>{detail.data.currency}</dd>
        </dl>
      )}
      <p className="muted hkipo-detail__note">{t('detail.note')}</p>
      <section className="hkipo-detail__calendar" aria-label={t('detail.calendar')}>
        <h3 className="hkipo-detail__subtitle">{t('detail.calendar')}</h3>
        {row ? (
          <dl className="hkipo-facts">
            <dt>{t('col.status')}</dt>
            <dd>
              <span className={`hkipo-tag hkipo-tag--${row.status}`}>
                {t('detail.listedIn', { status: t(`status.${row.status}`) })}
              </span>
            </dd>
            <dt>{t('col.price')}</dt>
            <dd className="num">{row.issue_price_text ?? DASH}</dd>
            <dt>{t('event.subscriptionEndLong')}</dt>
            <dd>
              <DateCell date={row.subscription_end_date} today={today} />
            </dd>
            <dt>{t('event.listingLong')}</dt>
            <dd>
              <DateCell date={row.listing_date} today={today} />
            </dd>
          </dl>
        ) : (
          calendarKnown && <p className="muted">{t('detail.notInCalendar')}</p>
        )}
        {row && <IssueFileLink issueCode={issueCode} />}
      </section>
    </aside>
  );
}
