import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isWatchlistApiError,
  watchlistHistoryQuery,
  type Watchlist,
  type WatchlistVersion,
} from '../../api/watchlists';
import { ErrorState } from '../../components/states';
import { MinuteText } from './MinuteText';
import { hasWatchlistText, useWatchlistText, type WatchlistT } from './messages';
import { useRestoreVersion } from './api/restore-watchlist';
import { apiErrorText } from './errors';

/** What a version changed, in the reader's language. */
export function actionText(version: WatchlistVersion, t: WatchlistT): string {
  const key = `action.${version.action}`;
  const visibility = version.action === 'visibility' && hasWatchlistText(`visibility.${version.detail}`);
  const detail = visibility
    ? t(`visibility.${version.detail === 'team' ? 'team' : 'private'}`)
    : version.detail;
  return hasWatchlistText(key) ? t(key, { detail }) : `${version.action} ${version.detail}`;
}

/** A list's versions, newest first: who changed what when; the owner can bring any version back. */
export function HistoryPanel({ list, onClose }: { list: Watchlist; onClose: () => void }) {
  const { t, lang } = useWatchlistText();
  const history = useQuery(watchlistHistoryQuery(list.id));
  const restore = useRestoreVersion();
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const owner = list.access === 'owner';

  function bringBack(version: number) {
    setMessage(null);
    restore.mutate(
      { list, version },
      {
        onSuccess: (now) =>
          setMessage({ tone: 'info', text: t('history.restored', { version, now: now.version }) }),
        onError: (error) =>
          setMessage({
            tone: 'error',
            text: t('history.failed', {
              message: isWatchlistApiError(error) ? apiErrorText(error, t, lang) : String(error),
            }),
          }),
      },
    );
  }

  return (
    <section className="panel wl-history" aria-labelledby="wl-history-title" data-testid="watchlist-history">
      <div className="wl-head">
        <h2 id="wl-history-title" className="panel__title">
          {t('history.title', { name: list.name })}
        </h2>
        <span className="wl-head__spacer" />
        <button type="button" className="btn btn--small btn--ghost" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
      {message && (
        <p
          className={message.tone === 'error' ? 'wl-error' : 'muted'}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <div className="skel wl-skel--table" aria-hidden="true" />
      ) : history.data.versions.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <div className="wl-scroll">
          <table className="wl-index wl-history__table" aria-label={t('history.title', { name: list.name })}>
            <thead>
              <tr>
                <th scope="col" className="wl-num">
                  {t('history.version')}
                </th>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.by')}</th>
                <th scope="col">{t('history.what')}</th>
                <th scope="col" className="wl-num">
                  {t('history.items')}
                </th>
                {owner && <th scope="col">{t('index.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {history.data.versions.map((v) => (
                <tr key={v.version} data-testid="history-entry">
                  <td className="wl-num num">{v.version}</td>
                  <td className="num muted">
                    <MinuteText ms={v.at} />
                  </td>
                  <td>{v.by}</td>
                  <td className="wl-history__what">{actionText(v, t)}</td>
                  <td className="wl-num num">{v.codes.length}</td>
                  {owner && (
                    <td>
                      {v.version === list.version ? (
                        <span className="muted">{t('history.current')}</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--small"
                          disabled={restore.isPending}
                          aria-label={t('history.restoreLabel', { version: v.version })}
                          onClick={() => bringBack(v.version)}
                        >
                          {t('history.restore')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
