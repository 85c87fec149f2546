import { useId, type ReactNode } from 'react';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { QueryView, type QueryViewProps } from '../../components/QueryView';
import { ErrorState } from '../../components/states';
import { useFundText } from './messages';

/**
 * One titled section of the fund page and the states of the query behind it. Every section has its own
 * query, so one failure never blanks another: loading shows a block of the section's height, a failure
 * the service's code and message with a retry, and two answers read as facts rather than failures:
 * 3004 (the operation does not serve this fund type) and 3002 (nothing disclosed or ready yet).
 */

export function Section({
  title,
  toolbar,
  children,
  testId,
  id,
  className,
}: {
  title: string;
  toolbar?: ReactNode;
  children: ReactNode;
  testId?: string;
  id?: string;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      className={className ? `fund-section ${className}` : 'fund-section'}
      aria-labelledby={titleId}
      data-testid={testId}
      id={id}
    >
      <div className="fund-section__head">
        <h2 className="fund-section__title" id={titleId}>
          {title}
        </h2>
        {toolbar && <div className="fund-section__tools">{toolbar}</div>}
      </div>
      {children}
    </section>
  );
}

/** The service's refusal as a fact when it is one (3004, 3002), otherwise as an error with a retry. */
export function FundError({
  error,
  onRetry,
  compact = false,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useFundText();
  if (error instanceof ApiError && error.code === ErrorCode.UNSUPPORTED_TYPE) {
    return (
      <div className="fund-note" role="status" data-testid="unsupported">
        <strong>{t('state.unsupported')}</strong>
        <span className="muted num"> · {t('state.code', { code: error.code })}</span>
      </div>
    );
  }
  if (error instanceof ApiError && error.code === ErrorCode.DATA_NOT_READY) {
    return (
      <div className="fund-note" role="status" data-testid="not-ready">
        <strong>{t('state.notReady')}</strong>
        <span className="muted num">
          {' '}
          · {t('state.code', { code: error.code })} · {error.message}
        </span>
      </div>
    );
  }
  return <ErrorState compact={compact} error={error} onRetry={onRetry} />;
}

/** The shared QueryView with the fund page's reading of errors (FundError: 3004 and 3002 as facts). */
export function FundQueryView<T>(props: Omit<QueryViewProps<T>, 'renderError'>) {
  return <QueryView {...props} renderError={(error, retry) => <FundError error={error} onRetry={retry} />} />;
}
