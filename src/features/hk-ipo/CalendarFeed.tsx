import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmPrompt } from '../../components/ConfirmPrompt';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { ErrorState, Loading } from '../../components/states';
import { withFeedQuery, type CalendarFileStatus } from '../../contract/calendar-files';
import {
  calendarFeedKeys,
  calendarFeedQuery,
  renewCalendarFeed,
  revokeCalendarFeed,
  type CalendarFeed,
} from '../../api/calendar-feed';
import { useHkIpoText } from './messages';

/**
 * "Subscribe in calendar app" on a server with sign-in: calendar applications cannot sign in, so they
 * subscribe to the user's secret address (src/contract/calendar-files.ts). Shown, copied, made anew
 * (after a confirmation: the old address stops at once) or revoked here.
 */

type Pending = 'rotate' | 'revoke';

export function CalendarFeedSection({ id, status }: { id: string; status: CalendarFileStatus }) {
  const { lang, t } = useHkIpoText();
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery());
  const [pending, setPending] = useState<Pending | null>(null);
  const settle = (next: CalendarFeed | null) => {
    queryClient.setQueryData(calendarFeedKeys.all, next);
    setPending(null);
  };
  // After a failure the address may or may not have changed (the answer was lost): read it again.
  const reread = () => void queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all });
  const renew = useMutation({ mutationFn: renewCalendarFeed, onSuccess: settle, onError: reread });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => settle(null),
    onError: reread,
  });
  const busy = renew.isPending || revoke.isPending;
  const failure = renew.error ?? revoke.error;

  let body;
  if (feed.isPending) {
    body = <Loading label={t('feed.loading')} />;
  } else if (feed.isError) {
    body = (
      <ErrorState compact error={feed.error} title={t('feed.error')} onRetry={() => void feed.refetch()} />
    );
  } else if (feed.data === null) {
    body = (
      <div className="hkipo-feed__row">
        <span>{t('feed.empty')}</span>
        <button
          type="button"
          className="btn btn--small"
          disabled={busy}
          onClick={() => {
            renew.reset();
            revoke.reset();
            renew.mutate();
          }}
        >
          {t('feed.create')}
        </button>
      </div>
    );
  } else {
    const path = withFeedQuery(feed.data.path, { status, lang });
    const url = `${window.location.origin}${path}`;
    body = (
      <>
        <label className="hkipo-feed__url">
          <span className="hkipo-feed__label">{t('feed.url')}</span>
          <input
            className="copy-link__input hkipo-feed__input"
            readOnly
            value={url}
            data-testid="hk-ipo-feed-url"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        <p className="muted hkipo-feed__hint">{t('feed.scope')}</p>
        {pending === null ? (
          <div className="hkipo-feed__buttons">
            <CopyLinkButton text={() => url} label={t('feed.copy')} />
            <a className="btn btn--small" href={`webcal://${window.location.host}${path}`}>
              {t('feed.subscribe')}
            </a>
            {(['rotate', 'revoke'] as const).map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'revoke' ? 'btn btn--small btn--danger' : 'btn btn--small'}
                disabled={busy}
                onClick={() => {
                  renew.reset();
                  revoke.reset();
                  setPending(action);
                }}
              >
                {t(action === 'rotate' ? 'feed.rotate' : 'feed.revoke')}
              </button>
            ))}
          </div>
        ) : pending === 'rotate' ? (
          <ConfirmPrompt
            text={t('feed.rotateConfirm')}
            label={t('feed.rotateYes')}
            yes={t('feed.rotateYes')}
            no={t('feed.cancel')}
            busy={busy}
            onYes={() => renew.mutate()}
            onNo={() => setPending(null)}
          />
        ) : (
          <ConfirmPrompt
            text={t('feed.revokeConfirm')}
            label={t('feed.revokeYes')}
            yes={t('feed.revokeYes')}
            no={t('feed.cancel')}
            busy={busy}
            onYes={() => revoke.mutate()}
            onNo={() => setPending(null)}
          />
        )}
      </>
    );
  }

  return (
    <section id={id} className="panel hkipo-feed" aria-labelledby={`${id}-title`} data-testid="hk-ipo-feed">
      <h2 id={`${id}-title`} className="hkipo-section__title">
        {t('feed.title')}
      </h2>
      <p className="muted hkipo-feed__hint">{t('feed.intro')}</p>
      {body}
      {failure !== null && (
        <p className="notice hkipo-feed__failed" role="alert">
          {t('feed.failed', { message: failure.message })}
        </p>
      )}
    </section>
  );
}
