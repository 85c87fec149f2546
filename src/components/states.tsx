import type { ReactNode } from 'react';
import { ApiError } from '../contract/envelope';
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

/** Shows the service's code and message (and request id, for support) rather than a blank area. */
export function ErrorState({
  error,
  title,
  onRetry,
  compact = false,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const api = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className={compact ? 'state state--error state--compact' : 'state state--error'} role="alert">
      <div className="state__title">{title ?? t('state.error')}</div>
      <div className="state__detail">
        {api && (
          <span className="state__code num">
            {t('state.code')} {api.code}
          </span>
        )}
        <span className="state__message">{message}</span>
      </div>
      {api?.requestId && (
        <div className="state__meta num">
          {t('state.requestId')} {api.requestId}
        </div>
      )}
      {onRetry && (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}
