import { ApiError } from '../../contract/envelope';
import { useI18n } from '../../lib/i18n';
import { useFuturesText } from './messages';

/**
 * Where a list documented for a later release would be: the service answered it with an error, so the
 * page says the list is not offered yet (with the service's code) and carries on without it.
 */
export function PlannedNotice({
  what,
  error,
  onRetry,
  testId,
}: {
  what: string;
  error: unknown;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useFuturesText();
  const app = useI18n();
  const api = error instanceof ApiError ? error : null;
  return (
    <div className="fut-planned" role="status" data-testid={testId}>
      <strong>{t('planned.title', { what })}</strong>
      <span className="muted">
        {t('planned.detail')}
        {api && <span className="num"> ({api.code})</span>}
      </span>
      {onRetry && (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {app.t('state.retry')}
        </button>
      )}
    </div>
  );
}
