import type { ReactNode } from 'react';
import { describeError } from '../lib/error-text';
import { useI18n } from '../lib/i18n';

/** The three states every data view has besides "here are the numbers". */

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('state.loading')}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="state state--empty" role="status">
      {children}
    </div>
  );
}

/**
 * A failed request in the reader's words: what went wrong, naming the parameter as they would; the
 * service's code, raw message and request id under "details" (for support); a retry button only where
 * sending the same request again can help. `children` adds what the reader can do instead (links to the
 * nearest trading days, for example).
 */
export function ErrorState({
  error,
  title,
  onRetry,
  compact = false,
  children,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const described = describeError(error, lang);
  return (
    <div className={compact ? 'state state--error state--compact' : 'state state--error'} role="alert">
      <div className="state__title">{title ?? t('state.error')}</div>
      <p className="state__message">{described.message}</p>
      {children}
      {onRetry && described.retryable && (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
      <details className="state__details">
        <summary>{t('state.details')}</summary>
        <dl className="state__meta num">
          {described.code !== null && (
            <div>
              <dt>{t('state.code')}</dt>
              <dd className="state__code">{described.code}</dd>
            </div>
          )}
          <div>
            <dt>{t('state.raw')}</dt>
            <dd className="state__raw">{described.raw}</dd>
          </div>
          {described.requestId && (
            <div>
              <dt>{t('state.requestId')}</dt>
              <dd>{described.requestId}</dd>
            </div>
          )}
        </dl>
      </details>
    </div>
  );
}
